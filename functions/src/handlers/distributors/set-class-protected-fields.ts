import { classProtectedFieldsBodySchema } from '#shared/schemas/distributor-fill';
import { httpHandler } from '#lib/http';
import { setClassProtection } from '#services/distributors/fill';

export const handler = httpHandler({
  schema: { body: classProtectedFieldsBodySchema },
  handler: async ({ body, requireSession }) => setClassProtection(requireSession().user, body.className, body.fields),
});
