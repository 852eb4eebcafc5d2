import { changesQuerySchema } from '#shared/schemas/changes';
import { TOTAL_COUNT_HEADER } from '#shared/schemas/component';
import { httpHandler, reply } from '#lib/http';
import { listChanges } from '#services/changes';

export const handler = httpHandler({
  schema: { query: changesQuerySchema },
  handler: async ({ query }) => {
    const { entries, total } = await listChanges(query);
    return reply({
      body: entries,
      headers: { [TOTAL_COUNT_HEADER]: String(total), 'Access-Control-Expose-Headers': TOTAL_COUNT_HEADER },
    });
  },
});
