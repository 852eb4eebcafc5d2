import { searchQuerySchema, TOTAL_COUNT_HEADER } from '#shared/schemas/component';
import { httpHandler, reply } from '#lib/http';
import { searchComponents } from '#services/components';

export const handler = httpHandler({
  schema: { query: searchQuerySchema },
  handler: async ({ query }) => {
    const { components, total } = await searchComponents(query);
    return reply({
      body: components,
      headers: { [TOTAL_COUNT_HEADER]: String(total), 'Access-Control-Expose-Headers': TOTAL_COUNT_HEADER },
    });
  },
});
