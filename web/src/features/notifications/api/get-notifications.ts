import { useEffect, useRef } from 'react';
import type { Notification } from '#shared/schemas/approvals';
import { useApiQuery } from '#web/lib/api-query.ts';
import {
  isApprovalRequestsKey,
  isCatalogueKey,
  isCatalogueStatsKey,
  isRecentComponentsKey,
  useInvalidate,
} from '#web/lib/query-keys.ts';

/** The bell asks again every 30 seconds. */
export const NOTIFICATIONS_POLL_MS = 30_000;

/** GET /api/notifications?username={username}: the server answers for the session's user whatever the name says. */
export const notificationsKey = (username: string) => `/notifications?username=${encodeURIComponent(username)}`;

/** The user's notifications, newest first, polled every 30 s while the page is visible. */
export const useNotifications = (username: string | undefined) => {
  const key = username === undefined ? null : notificationsKey(username);
  const { data, error, isLoading, mutate } = useApiQuery<Notification[]>(key, {
    refreshInterval: NOTIFICATIONS_POLL_MS,
  });
  return { notifications: data, error, isLoading, mutate };
};

/** Reads whose answers a new notification says changed: requests, counts, parts, recent views. */
const changedByNews = [isApprovalRequestsKey, isCatalogueStatsKey, isCatalogueKey, isRecentComponentsKey];

/**
 * When a poll brings a notification newer than any seen (a request approved, a new one waiting),
 * the pages open beside the bell read their requests and counts again, so the dashboard agrees
 * with the bell without a reload. The first answer only sets the mark.
 */
export const useRefreshOnNews = (notifications: readonly Notification[] | undefined) => {
  const invalidate = useInvalidate();
  const newestSeen = useRef<string | undefined>(undefined);
  const newest = notifications?.reduce<string | undefined>(
    (max, item) => (!max || item.id > max ? item.id : max),
    undefined,
  );
  const loaded = notifications !== undefined;
  useEffect(() => {
    if (!loaded) return;
    const mark = newest ?? '';
    const before = newestSeen.current;
    if (before === undefined || mark > before) newestSeen.current = mark;
    if (before !== undefined && mark > before) void invalidate(...changedByNews);
  }, [loaded, newest, invalidate]);
};
