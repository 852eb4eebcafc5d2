import { listRequestsQuerySchema } from '#shared/schemas/approvals';
import { httpHandler } from '#lib/http';
import { listApprovalRequests } from '#services/approvals/reviewing';
import { keepDataBatchRequests } from '#services/image-batches';
import { keepAssignedTo } from '#services/user-groups';

export const handler = httpHandler({
  schema: { query: listRequestsQuerySchema },
  handler: async ({ query, requireSession }) => {
    const { user } = requireSession();
    const listed = await listApprovalRequests(user, query.status);
    const requests = query.assigned ? keepAssignedTo(user, listed) : listed;
    return query.batch ? keepDataBatchRequests(requests, query.batch) : requests;
  },
});
