import { httpHandler } from '#lib/http';
import { notificationSettingsOf } from '#services/notifications';

export const handler = httpHandler({
  handler: async ({ requireSession }) => notificationSettingsOf(requireSession().user.id),
});
