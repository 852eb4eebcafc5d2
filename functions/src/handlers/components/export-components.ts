import { exportQuerySchema } from '#shared/schemas/exports';
import { httpHandler, reply } from '#lib/http';
import { currentSearchIndex } from '#services/components';
import { exportComponents } from '#services/exports';

/**
 * A program is sent on to the file (`303`, so `curl -L` saves it); a caller that asks for JSON
 * (the app) is told where it is, its name and how many parts it holds.
 */
export const handler = httpHandler({
  schema: { query: exportQuerySchema },
  prefetch: currentSearchIndex,
  handler: async ({ query, request, requireSession, prefetched }) => {
    const result = await exportComponents(requireSession().user.id, query, new Date(), prefetched);
    if (request.accept?.includes('application/json')) return result;
    return reply({ status: 303, headers: { Location: result.url } });
  },
});
