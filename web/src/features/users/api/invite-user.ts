import type { Role } from '#shared/schemas/auth';
import type { AdminUser } from '#shared/schemas/users';
import { api } from '#web/lib/api-client.ts';
import { useUsersCache } from './get-users';

export interface Invitation {
  email: string;
  role: Role;
}

/** POST /api/invites: a pending user and an emailed single-use link (a pending one gets a fresh link). */
export const inviteUser = (input: Invitation) => api.post<{ message: string; user: AdminUser }>('/invites', input);

export const useInviteUser = () => {
  const users = useUsersCache();
  return async (input: Invitation) => {
    const answer = await inviteUser(input);
    void users.upsert(answer.user);
    return answer.user;
  };
};
