import { ulid } from 'ulid';
import { messages } from '#shared/messages';
import type { Notification } from '#shared/schemas/approvals';
import { NotFound } from '#lib/errors';
import {
  deleteNotification,
  listNotifications,
  markNotificationRead,
  putNotifications,
} from '#repositories/notifications';
import type { NotificationSettings, NotificationSettingsPatch } from '#shared/schemas/notifications';
import {
  getNotificationSettings,
  getNotificationSettingsOf,
  updateNotificationSettings,
} from '#repositories/notification-settings';
import { listUsers, type User } from '#repositories/users';

export const newNotification = (
  fields: Pick<Notification, 'type' | 'title' | 'message'> & { linkTo?: string | null },
  now = new Date(),
): Notification => ({
  id: ulid(now.getTime()),
  read: false,
  linkTo: fields.linkTo ?? null,
  createdAt: now.toISOString(),
  type: fields.type,
  title: fields.title,
  message: fields.message,
});

/**
 * Tells every administrator who keeps waiting requests in their bell (one notification each),
 * except `except`: an administrator is not told about their own request (their image batch's).
 * With `always` (security alerts) every administrator is told, whatever their settings. Answers
 * the administrators told.
 */
export const notifyAdmins = async (
  fields: Parameters<typeof newNotification>[0],
  options: { except?: string; always?: boolean } = {},
): Promise<User[]> => {
  const admins = (await listUsers()).filter((user) => user.role === 'admin' && user.id !== options.except);
  const settings = options.always ? undefined : await getNotificationSettingsOf(admins.map((admin) => admin.id));
  const told = admins.filter((admin) => settings?.get(admin.id)?.appNewRequest !== false);
  await putNotifications(told.map((admin) => ({ userId: admin.id, notification: newNotification(fields) })));
  return told;
};

export const notificationSettingsOf = (userId: string): Promise<NotificationSettings> =>
  getNotificationSettings(userId);

export const changeNotificationSettings = (
  userId: string,
  patch: NotificationSettingsPatch,
): Promise<NotificationSettings> => updateNotificationSettings(userId, patch, new Date().toISOString());

export const notificationsOf = (userId: string): Promise<Notification[]> => listNotifications(userId);

export const markRead = async (userId: string, id: string): Promise<void> => {
  if (!(await markNotificationRead(userId, id))) throw new NotFound(messages.notificationNotFound);
};

export const removeNotification = async (userId: string, id: string): Promise<void> => {
  if (!(await deleteNotification(userId, id))) throw new NotFound(messages.notificationNotFound);
};
