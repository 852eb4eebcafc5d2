import { exportQuerySchema } from '#shared/schemas/exports';
import { httpHandler, reply } from '#lib/http';
import { askSearchHolder } from '#services/search/holder-client';

/**
 * `GET /api/components/export`: the search function (which holds the index) writes the file to
 * the bucket as it reads the parts; this route answers where it is (a redirect, or JSON).
 */
export const handler = httpHandler({
  schema: { query: exportQuerySchema },
  handler: async ({ query, request, requireSession }) => {
    const result = await askSearchHolder({
      kind: 'export',
      userId: requireSession().user.id,
      query,
      now: new Date().toISOString(),
    });
    if (request.accept?.includes('application/json')) return result;
    return reply({ status: 303, headers: { Location: result.url } });
  },
});
