import { componentIdSchema } from '#shared/schemas/component';
import { distributorProviderQuerySchema } from '#shared/schemas/distributor-fill';
import { httpHandler } from '#lib/http';
import { proposeFill } from '#services/distributors/fill';

export const handler = httpHandler({
  schema: { path: componentIdSchema, body: distributorProviderQuerySchema },
  handler: async ({ path, body, requireSession }) => proposeFill(requireSession().user, path.id, body.provider),
});
