import { useSWRConfig } from 'swr';
import type { ComponentField } from '#shared/schemas/component';
import { api } from '#web/lib/api-client.ts';

export interface RequestAnswer {
  requestId: string;
}

/** Keys whose answers a new request changes: the queue's lists and the dashboard's pending count. */
const changedByRequest = (key: unknown): boolean =>
  typeof key === 'string' && (key.startsWith('/approval-requests') || key === '/stats');

/** Has the pending lists and counts read again after a request was filed. */
export const useRefreshRequests = () => {
  const { mutate } = useSWRConfig();
  return () => void mutate(changedByRequest).catch(() => undefined);
};

/** PATCH /api/components/{id} `{ <field>: value, username }`: an `edit` request; the component itself does not change. */
export const proposeEdit = (id: number, field: ComponentField, value: string, username: string) =>
  api.patch<RequestAnswer>(`/components/${id}`, { [field]: value, username });

/** POST /api/components/{id}/delete-request `{ username }`. */
export const requestDeletion = (id: number, username: string) =>
  api.post<RequestAnswer>(`/components/${id}/delete-request`, { username });

/** POST /api/components/{id}/versions/{versionNumber}/revert: an `edit` request restoring that version's values. */
export const requestRevert = (id: number, versionNumber: number) =>
  api.post<RequestAnswer>(`/components/${id}/versions/${versionNumber}/revert`);
