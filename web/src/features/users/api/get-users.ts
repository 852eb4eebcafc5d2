import { useSWRConfig } from 'swr';
import type { AdminUser } from '#shared/schemas/users';
import { useApiQuery } from '#web/lib/api-query.ts';

export const USERS_KEY = '/users';

/** GET /api/users: every user, for administrators. */
export const useUsers = () => {
  const { data, error, isLoading } = useApiQuery<AdminUser[]>(USERS_KEY);
  return { users: data, error, isLoading };
};

type UsersList = AdminUser[] | null | undefined;

/**
 * Puts a change into the cached list at once (every table showing it agrees), then reloads the
 * list from the server in the background.
 */
export const useUsersCache = () => {
  const { mutate } = useSWRConfig();
  const update = (change: (list: AdminUser[]) => AdminUser[]) =>
    mutate<UsersList>(USERS_KEY, (list) => (list ? change(list) : list), { revalidate: true });
  return {
    upsert: (user: AdminUser) =>
      update((list) =>
        list.some((u) => u.id === user.id) ? list.map((u) => (u.id === user.id ? user : u)) : [...list, user],
      ),
    remove: (id: string) => update((list) => list.filter((u) => u.id !== id)),
    /** Marks the user as having no second factor any more, then reloads. */
    forgetSecondFactor: (id: string) =>
      update((list) => list.map((u) => (u.id === id ? { ...u, secondFactor: undefined } : u))),
  };
};
