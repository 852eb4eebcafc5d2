import { api } from '#web/lib/api-client.ts';

/** POST /api/forgot-password: answers the same whether or not the account exists. */
export const requestPasswordReset = (input: { email: string }) =>
  api.post<{ message: string }>('/forgot-password', input);
