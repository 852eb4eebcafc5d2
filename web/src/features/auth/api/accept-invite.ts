import { api } from '#web/lib/api-client.ts';
import type { User } from '#web/lib/auth.tsx';

/** POST /api/invites/accept: activates the invited account and logs it in (a session cookie). */
export const acceptInvite = (input: { token: string; username: string; password: string }) =>
  api.post<User>('/invites/accept', input);

/** POST /api/invites/check: whether the link still works (and for which email), without using it. */
export const checkInvite = (token: string) => api.post<{ email: string }>('/invites/check', { token });
