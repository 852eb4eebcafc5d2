import { listRequestsQuerySchema } from '#shared/schemas/approvals';
import { httpHandler } from '#lib/http';
import { listApprovalRequests } from '#services/approvals/reviewing';
import { keepDataBatchRequests } from '#services/image-batches';

export const handler = httpHandler({
  schema: { query: listRequestsQuerySchema },
  handler: async ({ query, requireSession }) => {
    const requests = await listApprovalRequests(requireSession().user, query.status);
    return query.batch ? keepDataBatchRequests(requests, query.batch) : requests;
  },
});
