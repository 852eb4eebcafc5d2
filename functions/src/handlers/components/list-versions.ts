import { componentIdSchema } from '#shared/schemas/component';
import { httpHandler } from '#lib/http';
import { componentHistory } from '#services/components';

export const handler = httpHandler({
  schema: { path: componentIdSchema },
  handler: async ({ path }) => componentHistory(path.id),
});
