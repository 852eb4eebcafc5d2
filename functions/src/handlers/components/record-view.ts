import { componentIdSchema } from '#shared/schemas/component';
import { httpHandler } from '#lib/http';
import { recordView } from '#services/recent-views';

export const handler = httpHandler({
  schema: { path: componentIdSchema },
  handler: async ({ path, requireSession }) => recordView(requireSession().user, path.id),
});
