import { api } from '../../../lib/api-client';

/** POST /api/reset-password with the emailed token (the confirmation stays in the browser). */
export const resetPassword = (input: { token: string; password: string }) =>
  api.post<{ message: string }>('/reset-password', input);
