import type { RecentComponentView } from '#shared/schemas/approvals';
import { useApiQuery } from '#web/lib/api-query.ts';
import { recentComponentsKey } from '#web/lib/query-keys.ts';

/** The dashboard lists the 5 components last viewed. */
export const RECENT_COMPONENTS_LIMIT = 5;

export const RECENT_COMPONENTS_KEY = recentComponentsKey(RECENT_COMPONENTS_LIMIT);

/**
 * GET /api/recent-components?limit=5: the session user's last views (the server knows who asks).
 * A failed load shows the empty list (the dashboard says nothing more of a failure).
 */
export const useRecentComponents = () => {
  const { data, isLoading } = useApiQuery<RecentComponentView[]>(RECENT_COMPONENTS_KEY);
  return { views: isLoading ? undefined : (data ?? []).slice(0, RECENT_COMPONENTS_LIMIT) };
};
