import type { User } from '#repositories/users';

/** How a user is named wherever the product shows who did something: submitter, reviewer, author. */
export const displayName = (user: Pick<User, 'username' | 'name' | 'email'>): string =>
  user.username || user.name || user.email;
