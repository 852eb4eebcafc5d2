import type { DistributorLookupAnswer } from '#shared/schemas/distributor-fill';
import type { DistributorName } from '#shared/schemas/distributors';
import { api } from '#web/lib/api-client.ts';

/** POST /api/distributor-lookup `{ provider, partNumber }`: a distributor's product read through the mapping table. */
export const lookUpDistributorPart = (provider: DistributorName, partNumber: string) =>
  api.post<DistributorLookupAnswer>('/distributor-lookup', { provider, partNumber });
