import { api } from '../../../lib/api-client';

/** POST /api/change-password: the current password is checked, other sessions end. */
export const changePassword = (input: { currentPassword: string; newPassword: string }) =>
  api.post<unknown>('/change-password', input);
