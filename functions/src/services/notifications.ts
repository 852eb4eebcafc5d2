import { hasRole } from '#shared/schemas/auth';
import { ulid } from 'ulid';
import { messages } from '#shared/messages';
import type { Notification } from '#shared/schemas/approvals';
import { NotFound } from '#lib/errors';
import {
  deleteNotification,
  listNotifications,
  markNotificationDecided,
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
import { getRequestStatuses } from '#repositories/approval-requests';
import { logger } from '#lib/logger';
import { isInAnyGroup } from './user-groups';

export const newNotification = (
  fields: Pick<Notification, 'type' | 'title' | 'message'> & { linkTo?: string | null; requestId?: string },
  now = new Date(),
): Notification => ({
  id: ulid(now.getTime()),
  read: false,
  linkTo: fields.linkTo ?? null,
  createdAt: now.toISOString(),
  type: fields.type,
  title: fields.title,
  message: fields.message,
  ...(fields.requestId !== undefined && { requestId: fields.requestId }),
});

/**
 * Tells every administrator (with `reviewers`, every librarian too: they review requests) who
 * keeps waiting requests in their bell (one notification each), except `except`: nobody is told
 * about their own request (their image batch's). With `always` (security alerts) each is told,
 * whatever their settings. With `assignedGroups` (a request whose class names reviewer groups)
 * only those in one of the groups are told, unless none of them would be: then everyone is, so
 * a request never waits unheard of. Answers who was told.
 */
export const notifyAdmins = async (
  fields: Parameters<typeof newNotification>[0],
  options: { except?: string; always?: boolean; reviewers?: boolean; assignedGroups?: readonly string[] } = {},
): Promise<User[]> => {
  const needed = options.reviewers ? 'librarian' : 'admin';
  const everyone = (await listUsers()).filter((user) => hasRole(user.role, needed) && user.id !== options.except);
  const assigned = options.assignedGroups?.length
    ? everyone.filter((user) => isInAnyGroup(user, options.assignedGroups!))
    : [];
  const admins = assigned.length ? assigned : everyone;
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

/**
 * The user's notifications, newest first. A notice about a request decided since (approved,
 * rejected, withdrawn or closed, by anyone) says so and counts as read: it asks nothing any more.
 * The first read that sees the decision stores it on the notice.
 */
export const notificationsOf = async (userId: string): Promise<Notification[]> => {
  const notifications = await listNotifications(userId);
  const undecided = notifications.filter((notice) => notice.requestId && !notice.decision);
  if (!undecided.length) return notifications;
  const statuses = await getRequestStatuses(undecided.map((notice) => notice.requestId!));
  const decided = new Map<string, Notification['decision']>();
  for (const notice of undecided) {
    const status = statuses.get(notice.requestId!);
    if (status && status !== 'pending') decided.set(notice.id, status);
  }
  await Promise.all(
    [...decided].map(([id, decision]) =>
      markNotificationDecided(userId, id, decision!).catch((error: unknown) =>
        logger.warn('noting a decided request on a notice failed', { error: error as Error }),
      ),
    ),
  );
  return notifications.map((notice) =>
    decided.has(notice.id) ? { ...notice, read: true, decision: decided.get(notice.id) } : notice,
  );
};

/** Marks every unread notification of the user read; answers how many were marked. */
export const markAllRead = async (userId: string): Promise<{ marked: number }> => {
  const unread = (await listNotifications(userId)).filter((notice) => !notice.read);
  const marked = await Promise.all(unread.map((notice) => markNotificationRead(userId, notice.id)));
  return { marked: marked.filter(Boolean).length };
};

export const markRead = async (userId: string, id: string): Promise<void> => {
  if (!(await markNotificationRead(userId, id))) throw new NotFound(messages.notificationNotFound);
};

export const removeNotification = async (userId: string, id: string): Promise<void> => {
  if (!(await deleteNotification(userId, id))) throw new NotFound(messages.notificationNotFound);
};
