import { listRequestsQuerySchema } from '#shared/schemas/approvals';
import { httpHandler } from '#lib/http';
import { listApprovalRequests } from '#services/approvals/reviewing';

export const handler = httpHandler({
  schema: { query: listRequestsQuerySchema },
  handler: async ({ query, requireSession }) => listApprovalRequests(requireSession().user, query.status),
});
