import { BULK_REVIEW_MAX, type BulkReviewSummary } from '#shared/schemas/approvals';
import { api } from '#web/lib/api-client.ts';
import { useInvalidate } from '#web/lib/query-keys.ts';
import { changedByReview, type ReviewDecision } from './review-request';

/**
 * POST /api/approval-requests/bulk-review `{ ids, status, reviewNotes }`, 50 requests a call
 * (the server's limit), the answers joined into one summary.
 */
export const bulkReview = async (
  ids: readonly string[],
  status: ReviewDecision,
  reviewNotes: string,
): Promise<BulkReviewSummary> => {
  const summary: BulkReviewSummary = { status, applied: [], failed: [] };
  for (let start = 0; start < ids.length; start += BULK_REVIEW_MAX) {
    const part = await api.post<BulkReviewSummary>('/approval-requests/bulk-review', {
      ids: ids.slice(start, start + BULK_REVIEW_MAX),
      status,
      reviewNotes: reviewNotes.trim() || null,
    });
    summary.applied.push(...part.applied);
    summary.failed.push(...part.failed);
  }
  return summary;
};

/** Reviews the requests together, then has every list and count they may have changed read again. */
export const useBulkReview = () => {
  const invalidate = useInvalidate();
  return async (ids: readonly string[], status: ReviewDecision, reviewNotes: string) => {
    try {
      return await bulkReview(ids, status, reviewNotes);
    } finally {
      await invalidate(...changedByReview);
    }
  };
};
