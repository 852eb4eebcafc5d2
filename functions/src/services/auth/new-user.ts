import { messages } from '#shared/messages';
import { Conflict } from '#lib/errors';
import { createUser, isUsernameFree, type User } from '#repositories/users';

export const emailTaken = () => new Conflict(messages.emailTaken, { email: messages.emailTaken });
export const usernameTaken = () => new Conflict(messages.usernameTaken, { username: messages.usernameTaken });

/**
 * Stores a new user. Without a username of its own choosing it gets the part of its email
 * before '@', or that with a number after it when someone has it already (usernames are
 * unique whatever their case). Conflict when the email, or a chosen username, is taken.
 */
export const createUserWithUsername = async (
  user: User,
  options: { passwordHash?: string; usernameChosen: boolean },
): Promise<User> => {
  const base = user.username;
  for (let suffix = 1; ; suffix++) {
    const candidate = { ...user, username: suffix === 1 ? base : `${base}${suffix}` };
    // Look first, so a taken default costs a read rather than a failed transaction.
    if (!options.usernameChosen && suffix < 50 && !(await isUsernameFree(candidate.username))) continue;
    const outcome = await createUser(candidate, options.passwordHash);
    if (outcome === 'created') return candidate;
    if (outcome === 'email-taken') throw emailTaken();
    if (options.usernameChosen || suffix >= 50) throw usernameTaken();
  }
};
