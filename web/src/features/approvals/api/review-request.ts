import type { ApprovalRequest } from '#shared/schemas/approvals';
import { api, contentDigest, idempotencyKeyFor } from '#web/lib/api-client.ts';
import {
  isApprovalRequestsKey,
  isCatalogueKey,
  isCatalogueStatsKey,
  isClassListKey,
  useInvalidate,
  type KeyMatcher,
} from '#web/lib/query-keys.ts';

export type ReviewDecision = 'approved' | 'rejected';

export interface ReviewInput {
  status: ReviewDecision;
  /** Optional; an empty note is sent as null. */
  reviewNotes: string;
  /** The documented body names the reviewer; the server records the session's admin whatever is sent. */
  reviewedBy: string;
  /** An administrator deciding their own request under four eyes: why (kept on the request). */
  overrideReason?: string;
}

/**
 * PATCH /api/approval-requests/{id} `{ status, reviewedBy, reviewNotes }`. The same decision with
 * the same note on the same request from this page carries the same Idempotency-Key, so clicking
 * again after an answer that never came (a timeout) shows the review that landed instead of
 * "already reviewed"; a note changed in between makes another key (the server would refuse the
 * old one with other content), and that try learns the request was already reviewed.
 */
export const reviewRequest = async (id: string, { status, reviewNotes, reviewedBy, overrideReason }: ReviewInput) => {
  const notes = reviewNotes.trim() || null;
  const reason = overrideReason?.trim() || undefined;
  return api.patch<ApprovalRequest>(
    `/approval-requests/${encodeURIComponent(id)}`,
    { status, reviewedBy, reviewNotes: notes, ...(reason && { overrideReason: reason }) },
    {
      idempotencyKey: idempotencyKeyFor(
        'review',
        id,
        status,
        await contentDigest(JSON.stringify([notes ?? '', reason ?? ''])),
      ),
    },
  );
};

/** Reads an approval can change: the queue's lists, the components, the dashboard's counts and the class list. */
export const changedByReview: readonly KeyMatcher[] = [
  isApprovalRequestsKey,
  isCatalogueKey,
  isCatalogueStatsKey,
  isClassListKey,
];

/**
 * Reviews a request, then has every list and count it may have changed read again (after a
 * refusal too: a request someone else reviewed meanwhile leaves the pending list).
 */
export const useReviewRequest = () => {
  const invalidate = useInvalidate();
  return async (id: string, input: ReviewInput): Promise<ApprovalRequest> => {
    try {
      return await reviewRequest(id, input);
    } finally {
      await invalidate(...changedByReview);
    }
  };
};
