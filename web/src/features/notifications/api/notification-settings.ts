import type { NotificationSettings, NotificationSettingsPatch } from '#shared/schemas/notifications';
import { api } from '#web/lib/api-client.ts';
import { useApiQuery } from '#web/lib/api-query.ts';

export const NOTIFICATION_SETTINGS_KEY = '/notification-settings';

/** GET /api/notification-settings: the session user's on/off per kind (all on until changed). */
export const useNotificationSettings = () => {
  const { data, error, mutate } = useApiQuery<NotificationSettings>(NOTIFICATION_SETTINGS_KEY);
  return { settings: data, error, mutate };
};

/** PATCH /api/notification-settings: only the kinds sent change; the answer is all of them. */
export const updateNotificationSettings = (patch: NotificationSettingsPatch) =>
  api.patch<NotificationSettings>(NOTIFICATION_SETTINGS_KEY, patch);
