import { componentIdSchema } from '#shared/schemas/component';
import { distributorFillBodySchema } from '#shared/schemas/distributor-fill';
import { httpHandler, reply } from '#lib/http';
import { fillFromDistributor } from '#services/distributors/fill';

export const handler = httpHandler({
  schema: { path: componentIdSchema, body: distributorFillBodySchema },
  handler: async ({ path, body, requireSession }) =>
    reply({ status: 201, body: await fillFromDistributor(requireSession().user, path.id, body) }),
});
