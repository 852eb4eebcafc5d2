import type { ApprovalRequest } from '#shared/schemas/approvals';
import { useApiQuery } from '#web/lib/api-query.ts';
import { approvalRequestsKey } from '#web/lib/query-keys.ts';

/** The dashboard shows the first 5 pending requests. */
export const PENDING_REQUESTS_SHOWN = 5;

/** The approval queue's pending list: one read for both pages. */
export const PENDING_REQUESTS_KEY = approvalRequestsKey('pending');

/**
 * GET /api/approval-requests?status=pending: the first 5. A failed load shows the empty list
 * (the dashboard says nothing more of a failure).
 */
export const usePendingRequests = () => {
  const { data, isLoading } = useApiQuery<ApprovalRequest[]>(PENDING_REQUESTS_KEY);
  return { requests: isLoading ? undefined : (data ?? []).slice(0, PENDING_REQUESTS_SHOWN) };
};
