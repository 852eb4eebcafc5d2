import { api } from '../../../lib/api-client';

/** DELETE /api/user: removes the account and its sessions (409 for the last administrator). */
export const deleteAccount = () => api.delete<void>('/user');
