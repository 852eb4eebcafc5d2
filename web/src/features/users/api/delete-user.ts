import { api } from '#web/lib/api-client.ts';
import { useUsersCache } from './get-users';

/** DELETE /api/users/{id}: ends their sessions; never one's own account, never the last admin. */
export const deleteUser = (id: string) => api.delete<{ message: string }>(`/users/${encodeURIComponent(id)}`);

export const useDeleteUser = () => {
  const users = useUsersCache();
  return async (id: string) => {
    await deleteUser(id);
    void users.remove(id);
  };
};
