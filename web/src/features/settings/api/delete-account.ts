import { api } from '#web/lib/api-client.ts';

/**
 * DELETE /api/user `{ currentPassword }`: removes the account and its sessions (400 for a missing
 * or wrong password, 409 for the last administrator).
 */
export const deleteAccount = (currentPassword: string) => api.delete<void>('/user', { currentPassword });
