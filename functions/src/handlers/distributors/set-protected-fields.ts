import { componentIdSchema } from '#shared/schemas/component';
import { protectedFieldsBodySchema } from '#shared/schemas/distributor-fill';
import { httpHandler } from '#lib/http';
import { setPartProtection } from '#services/distributors/fill';

export const handler = httpHandler({
  schema: { path: componentIdSchema, body: protectedFieldsBodySchema },
  handler: async ({ path, body, requireSession }) => setPartProtection(requireSession().user, path.id, body.fields),
});
