import { bulkReviewSchema } from '#shared/schemas/approvals';
import { httpHandler } from '#lib/http';
import { bulkReview } from '#services/approvals/reviewing';

export const handler = httpHandler({
  schema: { body: bulkReviewSchema },
  handler: async ({ body, requireSession }) => bulkReview(requireSession().user, body),
});
