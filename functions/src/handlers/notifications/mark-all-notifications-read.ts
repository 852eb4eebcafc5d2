import { httpHandler } from '#lib/http';
import { markAllRead } from '#services/notifications';

export const handler = httpHandler({
  handler: async ({ requireSession }) => markAllRead(requireSession().user.id),
});
