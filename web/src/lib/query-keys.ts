import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { RequestStatus } from '#shared/schemas/approvals';

/*
 * The keys of reads that one feature shows and another feature's writes make stale. Features
 * never import each other, so such a key is declared here, once: the feature that reads it builds
 * its key from it, and a feature whose write changes the data invalidates through its matcher,
 * never by spelling the other feature's paths. A feature's keys that no other feature touches
 * stay in its own api/ folder.
 */

/** A key's API path: the key itself, or the first element of an array key. */
const pathOf = (key: unknown): unknown => (Array.isArray(key) ? (key[0] as unknown) : key);

/** A matcher for every key of one API resource: the path itself, its queries and what lies below it. */
export const keysOf =
  (resource: string) =>
  (key: unknown): boolean => {
    const path = pathOf(key);
    return (
      typeof path === 'string' &&
      (path === resource || path.startsWith(`${resource}?`) || path.startsWith(`${resource}/`))
    );
  };

export type KeyMatcher = (key: unknown) => boolean;

/** GET /api/stats: the dashboard's counts. */
export const CATALOGUE_STATS_KEY = '/stats';
export const isCatalogueStatsKey: KeyMatcher = keysOf(CATALOGUE_STATS_KEY);

/** GET /api/approval-requests?status=…: the queue's tabs; the dashboard reads the pending one under the same key. */
export const approvalRequestsKey = (status: RequestStatus, batch?: string) =>
  `/approval-requests?status=${status}${batch ? `&batch=${encodeURIComponent(batch)}` : ''}`;
export const isApprovalRequestsKey: KeyMatcher = keysOf('/approval-requests');

/** GET /api/recent-components?limit=…: the dashboard's last viewed parts. */
export const recentComponentsKey = (limit: number) => `/recent-components?limit=${limit}`;
export const isRecentComponentsKey: KeyMatcher = keysOf('/recent-components');

/** Every read of the catalogue's parts: searches and lists, a part and its tabs, the options and classes. */
export const isCatalogueKey: KeyMatcher = keysOf('/components');

/** GET /api/admin/classes: the class list administrators keep, which an approved class change changes. */
export const CLASS_LIST_KEY = '/admin/classes';
export const isClassListKey: KeyMatcher = keysOf(CLASS_LIST_KEY);

/**
 * Has every cached read that one of the matchers accepts asked again. A failed read is the
 * read's own to show, so the invalidation itself never fails.
 */
export const useInvalidate = () => {
  const { mutate } = useSWRConfig();
  return useCallback(
    (...stale: readonly KeyMatcher[]) => mutate((key) => stale.some((matches) => matches(key))).catch(() => undefined),
    [mutate],
  );
};
