import type { User } from '../lib/auth';

/** A signed-in person as `GET /api/user` answers: Jo, a plain user with no full name, but for the fields given. */
export const aUser = (fields: Partial<User> = {}): User => ({
  id: 'u1',
  email: 'jo@example.com',
  username: 'jo',
  name: 'Jo',
  firstName: '',
  lastName: '',
  role: 'user',
  ...fields,
});

/** A plain user with a full name. */
export const ada = aUser({
  id: '1',
  email: 'ada@example.com',
  username: 'ada',
  name: 'Ada Lovelace',
  firstName: 'Ada',
  lastName: 'Lovelace',
});

/** An administrator with a full name. */
export const rootAdmin = aUser({
  id: '1',
  email: 'root@example.com',
  username: 'root',
  name: 'Root Admin',
  firstName: 'Root',
  lastName: 'Admin',
  role: 'admin',
});
