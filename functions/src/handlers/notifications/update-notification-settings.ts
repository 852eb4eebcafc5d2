import { notificationSettingsPatchSchema } from '#shared/schemas/notifications';
import { httpHandler } from '#lib/http';
import { changeNotificationSettings } from '#services/notifications';

export const handler = httpHandler({
  schema: { body: notificationSettingsPatchSchema },
  handler: async ({ body, requireSession }) => changeNotificationSettings(requireSession().user.id, body),
});
