import { api } from '#web/lib/api-client.ts';

/** POST /api/change-password: the current password is checked, other sessions end. */
export const changePassword = (input: { currentPassword: string; newPassword: string }) =>
  api.post<unknown>('/change-password', input);
