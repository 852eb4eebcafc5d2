import useSWR from 'swr';
import type { Notification } from '#shared/schemas/approvals';

/** Spec §7, §9: the bell asks again every 30 seconds. */
export const NOTIFICATIONS_POLL_MS = 30_000;

/** GET /api/notifications?username={username}: the server answers for the session's user whatever the name says. */
export const notificationsKey = (username: string) => `/notifications?username=${encodeURIComponent(username)}`;

/** The user's notifications, newest first, polled every 30 s while the page is visible. */
export const useNotifications = (username: string | undefined) => {
  const key = username === undefined ? null : notificationsKey(username);
  const { data, error, isLoading, mutate } = useSWR<Notification[] | null>(key, {
    refreshInterval: NOTIFICATIONS_POLL_MS,
  });
  return { notifications: data ?? undefined, error: error as unknown, isLoading, mutate };
};
