import useSWR from 'swr';
import type { RecentComponentView } from '#shared/schemas/approvals';

/** Spec §9: the dashboard lists the 5 components last viewed. */
export const RECENT_COMPONENTS_LIMIT = 5;

export const RECENT_COMPONENTS_KEY = `/recent-components?limit=${RECENT_COMPONENTS_LIMIT}`;

/**
 * GET /api/recent-components?limit=5: the session user's last views (the server knows who asks).
 * A failed load shows the empty list (spec §8: nothing more is shown for dashboard failures).
 */
export const useRecentComponents = () => {
  const { data, error } = useSWR<RecentComponentView[] | null>(RECENT_COMPONENTS_KEY);
  return { views: error || data === null ? [] : data?.slice(0, RECENT_COMPONENTS_LIMIT) };
};
