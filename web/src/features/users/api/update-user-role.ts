import type { Role } from '#shared/schemas/auth';
import type { AdminUser } from '#shared/schemas/users';
import { api } from '#web/lib/api-client.ts';
import { useUsersCache } from './get-users';

/** PATCH /api/users/{id}/role: applies from the user's next request; never one's own, never the last admin. */
export const updateUserRole = (id: string, role: Role) =>
  api.patch<AdminUser>(`/users/${encodeURIComponent(id)}/role`, { role });

export const useUpdateUserRole = () => {
  const users = useUsersCache();
  return async (id: string, role: Role) => {
    const user = await updateUserRole(id, role);
    void users.upsert(user);
    return user;
  };
};
