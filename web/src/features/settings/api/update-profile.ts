import type { ProfileInput } from '#shared/schemas/auth';
import { api } from '#web/lib/api-client.ts';
import type { User } from '#web/lib/auth.tsx';

/** PATCH /api/user; the answer may be the user or `{ user }`. */
export const updateProfile = async (input: ProfileInput): Promise<User> => {
  const answer = await api.patch<User | { user: User }>('/user', input);
  return 'user' in answer ? answer.user : answer;
};
