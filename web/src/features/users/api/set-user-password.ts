import { api } from '#web/lib/api-client.ts';

/** PATCH /api/users/{id}/password: the full password rule; that user's sessions end. */
export const setUserPassword = (id: string, newPassword: string) =>
  api.patch<{ message: string }>(`/users/${encodeURIComponent(id)}/password`, { newPassword });
