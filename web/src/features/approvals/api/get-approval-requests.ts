import type { ApprovalRequest, RequestStatus } from '#shared/schemas/approvals';
import { ApiError } from '#web/lib/api-client.ts';
import { useApiQuery } from '#web/lib/api-query.ts';
import { approvalRequestsKey } from '#web/lib/query-keys.ts';

/** 'Failed to load approval requests: {status} {text}'. */
export const loadFailureMessage = (error: unknown): string => {
  if (error instanceof ApiError)
    return `Failed to load approval requests: ${error.status} ${error.serverMessage ?? error.message.replace(/^\d+: /, '')}`;
  return `Failed to load approval requests: ${error instanceof Error ? error.message : String(error)}`;
};

/**
 * The requests of one status (of one data batch, when named; with `assignedToMe`, only those
 * assigned to a group the viewer is in), newest first (the server's order).
 */
export const useApprovalRequests = (status: RequestStatus, batch?: string, assignedToMe = false) => {
  const { data, error, isLoading } = useApiQuery<ApprovalRequest[]>(
    `${approvalRequestsKey(status, batch)}${assignedToMe ? '&assigned=me' : ''}`,
  );
  return { requests: data, error, isLoading };
};
