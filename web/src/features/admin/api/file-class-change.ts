import type { ClassChange } from '#shared/class-list';
import { api } from '#web/lib/api-client.ts';
import { isApprovalRequestsKey, isCatalogueStatsKey, isClassListKey, useInvalidate } from '#web/lib/query-keys.ts';

/**
 * POST /api/admin/classes: files a change of the class list for review; the Classes tab, the
 * approval queue and the dashboard's pending count are read again.
 */
export const useFileClassChange = () => {
  const invalidate = useInvalidate();
  return async (change: ClassChange): Promise<{ requestId: string }> => {
    const filed = await api.post<{ requestId: string }>('/admin/classes', change);
    await invalidate(isClassListKey, isApprovalRequestsKey, isCatalogueStatsKey);
    return filed;
  };
};
