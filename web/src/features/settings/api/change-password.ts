import { api } from '#web/lib/api-client.ts';

/**
 * POST /api/change-password: the current password is checked, other sessions end. An account
 * made by single sign-on sends none: it has just signed in at the provider again instead.
 */
export const changePassword = (input: { currentPassword?: string; newPassword: string }) =>
  api.post<unknown>('/change-password', input);
