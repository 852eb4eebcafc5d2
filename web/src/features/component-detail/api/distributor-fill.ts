import type { DistributorFillProposal } from '#shared/schemas/distributor-fill';
import type { DistributorName } from '#shared/schemas/distributors';
import { api } from '#web/lib/api-client.ts';
import type { RequestAnswer } from './change-requests';

/** POST /api/components/{id}/distributor-data `{ provider }`: the matched product beside the catalogue's values. */
export const readDistributorData = (componentId: number, provider: DistributorName) =>
  api.post<DistributorFillProposal>(`/components/${componentId}/distributor-data`, { provider });

/** POST /api/components/{id}/distributor-fill `{ provider, fields }`: one edit request with the ticked fields. */
export const fillFromDistributor = (componentId: number, provider: DistributorName, fields: string[]) =>
  api.post<RequestAnswer>(`/components/${componentId}/distributor-fill`, { provider, fields });

export interface ProtectedFields {
  part: string[];
  class: string[];
}

/** GET /api/components/{id}/protected-fields: the part's own and its class's. */
export const getProtectedFields = (componentId: number) =>
  api.get<ProtectedFields>(`/components/${componentId}/protected-fields`);

/** PUT /api/components/{id}/protected-fields `{ fields }` (administrators): the part's whole list. */
export const setProtectedFields = (componentId: number, fields: string[]) =>
  api.put<{ fields: string[] }>(`/components/${componentId}/protected-fields`, { fields });
