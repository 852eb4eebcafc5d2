import { notificationIdPathSchema } from '#shared/schemas/approvals';
import { httpHandler, reply } from '#lib/http';
import { removeNotification } from '#services/notifications';

export const handler = httpHandler({
  schema: { path: notificationIdPathSchema },
  handler: async ({ path, requireSession }) => {
    await removeNotification(requireSession().user.id, path.id.toUpperCase());
    return reply({ status: 204 });
  },
});
