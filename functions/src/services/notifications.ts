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
import { listUsers } from '#repositories/users';

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

/** Tells every administrator (one notification each). */
export const notifyAdmins = async (fields: Parameters<typeof newNotification>[0]): Promise<void> => {
  const admins = (await listUsers()).filter((user) => user.role === 'admin');
  await putNotifications(admins.map((admin) => ({ userId: admin.id, notification: newNotification(fields) })));
};

export const notificationsOf = (userId: string): Promise<Notification[]> => listNotifications(userId);

export const markRead = async (userId: string, id: string): Promise<void> => {
  if (!(await markNotificationRead(userId, id))) throw new NotFound(messages.notificationNotFound);
};

export const removeNotification = async (userId: string, id: string): Promise<void> => {
  if (!(await deleteNotification(userId, id))) throw new NotFound(messages.notificationNotFound);
};
