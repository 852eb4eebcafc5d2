import type { CatalogueField } from '#shared/schemas/component';
import { api } from '#web/lib/api-client.ts';
import { isApprovalRequestsKey, isCatalogueStatsKey, useInvalidate } from '#web/lib/query-keys.ts';

export interface RequestAnswer {
  requestId: string;
}

/** Has the queue's lists and the dashboard's pending count read again after a request was filed. */
export const useRefreshRequests = () => {
  const invalidate = useInvalidate();
  return () => void invalidate(isApprovalRequestsKey, isCatalogueStatsKey);
};

/** PATCH /api/components/{id} `{ <field>: value, username }`: an `edit` request; the component itself does not change. */
export const proposeEdit = (id: number, field: CatalogueField, value: string, username: string) =>
  api.patch<RequestAnswer>(`/components/${id}`, { [field]: value, username });

/** POST /api/components/{id}/delete-request `{ username }`. */
export const requestDeletion = (id: number, username: string) =>
  api.post<RequestAnswer>(`/components/${id}/delete-request`, { username });

/** POST /api/components/{id}/versions/{versionNumber}/revert: an `edit` request restoring that version's values. */
export const requestRevert = (id: number, versionNumber: number) =>
  api.post<RequestAnswer>(`/components/${id}/versions/${versionNumber}/revert`);
