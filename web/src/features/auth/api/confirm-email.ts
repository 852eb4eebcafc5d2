import { api } from '#web/lib/api-client.ts';

/** POST /api/user/email/confirm with the token of the link sent to a new address. */
export const confirmEmail = (input: { token: string }) =>
  api.post<{ message: string; email: string }>('/user/email/confirm', input);
