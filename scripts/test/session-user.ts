import { createUser, type User } from '#repositories/users';
import { startSession } from '#services/auth/sessions';

/**
 * A user stored with a live session and no password (no hash is ever checked), for tests and
 * benchmarks that need signed-in callers without paying for a password hash each. The user and
 * the session token, the session cookie's value.
 */
export const createUserWithSession = async (
  role: User['role'],
  person: Pick<User, 'id' | 'email' | 'username' | 'name' | 'firstName' | 'lastName'>,
): Promise<{ user: User; token: string }> => {
  const now = new Date().toISOString();
  const user: User = {
    ...person,
    role,
    sessionVersion: 0,
    passwordChangedAt: now,
    createdAt: now,
    updatedAt: now,
    acceptedInviteAt: now,
  };
  if ((await createUser(user)) !== 'created') throw new Error(`could not create the user ${person.email}`);
  const { token } = await startSession(user);
  return { user, token };
};
