import { distributorLookupQuerySchema } from '#shared/schemas/distributor-fill';
import { httpHandler } from '#lib/http';
import { lookUpDistributorPart } from '#services/distributors/fill';

export const handler = httpHandler({
  schema: { body: distributorLookupQuerySchema },
  handler: async ({ body, requireSession }) =>
    lookUpDistributorPart(requireSession().user, body.provider, body.partNumber),
});
