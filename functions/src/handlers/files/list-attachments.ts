import { componentIdSchema } from '#shared/schemas/component';
import { httpHandler } from '#lib/http';
import { attachmentsOf } from '#services/attachments';

export const handler = httpHandler({
  schema: { path: componentIdSchema },
  handler: async ({ path, requireSession }) => attachmentsOf(requireSession().user, path.id),
});
