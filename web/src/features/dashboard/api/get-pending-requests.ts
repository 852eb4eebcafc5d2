import useSWR from 'swr';
import type { ApprovalRequest } from '#shared/schemas/approvals';

/** Spec §9: the dashboard shows the first 5 pending requests. */
export const PENDING_REQUESTS_SHOWN = 5;

export const PENDING_REQUESTS_KEY = '/approval-requests?status=pending';

/**
 * GET /api/approval-requests?status=pending: the first 5. A failed load shows the empty list
 * (spec §8: nothing more is shown for dashboard failures).
 */
export const usePendingRequests = () => {
  const { data, error } = useSWR<ApprovalRequest[] | null>(PENDING_REQUESTS_KEY);
  return { requests: error || data === null ? [] : data?.slice(0, PENDING_REQUESTS_SHOWN) };
};
