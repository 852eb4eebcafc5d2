import { notificationIdPathSchema } from '#shared/schemas/approvals';
import { httpHandler, reply } from '#lib/http';
import { markRead } from '#services/notifications';

export const handler = httpHandler({
  schema: { path: notificationIdPathSchema },
  handler: async ({ path, requireSession }) => {
    await markRead(requireSession().user.id, path.id.toUpperCase());
    return reply({ status: 204 });
  },
});
