import type { Role } from '#shared/schemas/auth';
import type { AdminUser } from '#shared/schemas/users';
import { api } from '#web/lib/api-client.ts';
import { useUsersCache } from './get-users';

export interface NewUser {
  email: string;
  password: string;
  name?: string | undefined;
  role: Role;
}

/** POST /api/users: an active account with the password the administrator chose. */
export const createUser = (input: NewUser) => api.post<AdminUser>('/users', input);

export const useCreateUser = () => {
  const users = useUsersCache();
  return async (input: NewUser) => {
    const user = await createUser(input);
    void users.upsert(user);
    return user;
  };
};
