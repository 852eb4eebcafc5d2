import { api } from '#web/lib/api-client.ts';

/** DELETE /api/users/{id}/sessions: signs the user out everywhere (administrators; never oneself). */
export const endUserSessions = (id: string) =>
  api.delete<{ message: string }>(`/users/${encodeURIComponent(id)}/sessions`);
