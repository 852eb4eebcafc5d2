import { classProtectedFieldsQuerySchema } from '#shared/schemas/distributor-fill';
import { httpHandler } from '#lib/http';
import { readClassProtection } from '#services/distributors/fill';

export const handler = httpHandler({
  schema: { query: classProtectedFieldsQuerySchema },
  handler: async ({ query }) => readClassProtection(query.className),
});
