import { requestIdPathSchema } from '#shared/schemas/approvals';
import { httpHandler } from '#lib/http';
import { withdrawRequest } from '#services/approvals/reviewing';

export const handler = httpHandler({
  schema: { path: requestIdPathSchema },
  handler: async ({ path, requireSession }) => withdrawRequest(requireSession().user, path.id.toUpperCase()),
});
