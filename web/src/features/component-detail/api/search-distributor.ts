import type { DistributorName, PartSearchResponse } from '#shared/schemas/distributors';
import { api } from '#web/lib/api-client.ts';

/** POST /api/components/{id}/search-digikey or /search-mouser, empty body. */
export const searchDistributor = (componentId: number, provider: DistributorName) =>
  api.post<PartSearchResponse>(`/components/${componentId}/search-${provider}`);
