import { api } from '../../../lib/api-client';
import type { User } from '../../../lib/auth';

/** POST /api/invites/accept: activates the invited account and logs it in (a session cookie). */
export const acceptInvite = (input: { token: string; username: string; password: string }) =>
  api.post<User>('/invites/accept', input);
