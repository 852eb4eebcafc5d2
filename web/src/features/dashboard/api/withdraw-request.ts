import type { ApprovalRequest } from '#shared/schemas/approvals';
import { api } from '#web/lib/api-client.ts';
import { isApprovalRequestsKey, isCatalogueStatsKey, useInvalidate } from '#web/lib/query-keys.ts';

/** POST /api/approval-requests/{id}/withdraw: the submitter takes back a pending request. */
export const withdrawRequest = (id: string) =>
  api.post<ApprovalRequest>(`/approval-requests/${encodeURIComponent(id)}/withdraw`);

/** Withdraws, then has the pending lists and the counts read again (after a refusal too). */
export const useWithdrawRequest = () => {
  const invalidate = useInvalidate();
  return async (id: string) => {
    try {
      return await withdrawRequest(id);
    } finally {
      await invalidate(isApprovalRequestsKey, isCatalogueStatsKey);
    }
  };
};
