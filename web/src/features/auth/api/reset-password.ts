import { api } from '#web/lib/api-client.ts';

/** POST /api/reset-password with the emailed token (the confirmation stays in the browser). */
export const resetPassword = (input: { token: string; password: string }) =>
  api.post<{ message: string }>('/reset-password', input);
