import type { AdminUser } from '#shared/schemas/users';
import { api } from '#web/lib/api-client.ts';
import { useUsersCache } from './get-users';

/** PATCH /api/users/{id}/groups: replaces the user's hub groups (their single sign-on groups stay). */
export const setUserGroups = (id: string, groups: string[]) =>
  api.patch<AdminUser>(`/users/${encodeURIComponent(id)}/groups`, { groups });

export const useSetUserGroups = () => {
  const users = useUsersCache();
  return async (id: string, groups: string[]) => {
    const user = await setUserGroups(id, groups);
    void users.upsert(user);
    return user;
  };
};
