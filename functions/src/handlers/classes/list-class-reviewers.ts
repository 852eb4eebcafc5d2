import { httpHandler } from '#lib/http';
import { listReviewerGroups } from '#services/classes';

export const handler = httpHandler({
  handler: async () => listReviewerGroups(),
});
