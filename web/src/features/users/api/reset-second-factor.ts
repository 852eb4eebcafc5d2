import { api } from '#web/lib/api-client.ts';
import { useUsersCache } from './get-users';

/** DELETE /api/users/{id}/second-factor: every factor removed, every session ended, the user told by email. */
export const resetSecondFactor = (id: string) =>
  api.delete<{ message: string }>(`/users/${encodeURIComponent(id)}/second-factor`);

export const useResetSecondFactor = () => {
  const users = useUsersCache();
  return async (user: { id: string }) => {
    const answer = await resetSecondFactor(user.id);
    void users.forgetSecondFactor(user.id);
    return answer;
  };
};
