import { watchTargetSchema } from '#shared/schemas/watches';
import { httpHandler } from '#lib/http';
import { stopWatching } from '#services/watches';

export const handler = httpHandler({
  schema: { body: watchTargetSchema },
  handler: async ({ body, requireSession }) => stopWatching(requireSession().user, body),
});
