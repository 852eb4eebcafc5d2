import { recentComponentsQuerySchema } from '#shared/schemas/approvals';
import { httpHandler } from '#lib/http';
import { recentViews } from '#services/recent-views';

/** A `?userId=` is accepted (older clients send it) and ignored: recents are the session user's. */
export const handler = httpHandler({
  schema: { query: recentComponentsQuerySchema },
  handler: async ({ query, requireSession }) => recentViews(requireSession().user, query.limit),
});
