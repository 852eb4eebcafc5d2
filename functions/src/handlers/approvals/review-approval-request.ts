import { requestIdPathSchema, reviewRequestSchema } from '#shared/schemas/approvals';
import { httpHandler } from '#lib/http';
import { reviewRequest } from '#services/approvals/reviewing';

export const handler = httpHandler({
  schema: { path: requestIdPathSchema, body: reviewRequestSchema },
  handler: async ({ path, body, request, requireSession }) =>
    reviewRequest(requireSession().user, path.id.toUpperCase(), body, request.idempotencyKey),
});
