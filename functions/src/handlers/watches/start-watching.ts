import { watchTargetSchema } from '#shared/schemas/watches';
import { httpHandler } from '#lib/http';
import { startWatching } from '#services/watches';

export const handler = httpHandler({
  schema: { body: watchTargetSchema },
  handler: async ({ body, requireSession }) => startWatching(requireSession().user, body),
});
