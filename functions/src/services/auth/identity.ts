import { ulid } from 'ulid';
import { messages } from '#shared/messages';
import type { LoginInput, ProfileInput, PublicUser, Role } from '#shared/schemas/auth';
import { config } from '#lib/config';
import { logger } from '#lib/logger';
import { Conflict, Invalid, Unauthorized } from '#lib/errors';
import { consumeToken, putToken } from '#repositories/tokens';
import { epochSeconds } from '#repositories/table';
import {
  createUser,
  deleteUser,
  getUser,
  getUserByEmail,
  setPassword,
  updateProfile,
  type User,
} from '#repositories/users';
import { linkEmail, sendEmail } from '../mail';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import { endSession, keepSession, startSession } from './sessions';
import {
  claimResetEmail,
  forgetAccountFailures,
  releaseResetEmail,
  takeForgotPasswordAttempt,
  takeLoginAttempt,
} from './throttle';
import { randomToken, sha256 } from './tokens';

export const RESET_TOKEN_SECONDS = 60 * 60;

export const toPublicUser = (user: User): PublicUser => ({
  id: user.id,
  email: user.email,
  username: user.username,
  name: user.name,
  firstName: user.firstName,
  lastName: user.lastName,
  role: user.role,
});

const displayName = (firstName: string, lastName: string, fallback: string): string =>
  [firstName, lastName].filter(Boolean).join(' ') || fallback;

export interface NewAccount {
  email: string;
  password: string;
  role: Role;
  name?: string;
  username?: string;
}

/** Creates an active account; Conflict when the email is taken. */
export const createAccount = async (input: NewAccount, now = new Date()): Promise<User> => {
  const [firstName = '', ...rest] = (input.name ?? '').trim().split(/\s+/);
  const timestamp = now.toISOString();
  const user: User = {
    id: ulid(),
    email: input.email,
    username: input.username ?? input.email.split('@')[0]!,
    name: input.name?.trim() ?? '',
    firstName,
    lastName: rest.join(' '),
    role: input.role,
    passwordHash: await hashPassword(input.password),
    sessionVersion: 0,
    passwordChangedAt: timestamp,
    createdAt: timestamp,
    updatedAt: timestamp,
    // Created active: no invitation to wait for.
    acceptedInviteAt: timestamp,
  };
  if (!(await createUser(user))) throw new Conflict(messages.emailTaken, { email: messages.emailTaken });
  return user;
};

/**
 * Checks the credentials; one answer for a wrong email and a wrong password, and the same work
 * for both. Too many failures from this client (at this account, or anywhere) answer 429; see
 * throttle.ts for why failures at the account alone never refuse anyone.
 */
export const login = async (input: LoginInput, clientIp: string): Promise<{ user: User; token: string }> => {
  const attempt = await takeLoginAttempt(input.email, clientIp);
  const user = await getUserByEmail(input.email);
  // An invitee who has not accepted yet has no password: refused like an unknown email, as slowly.
  const valid = user?.passwordHash
    ? await verifyPassword(input.password, user.passwordHash)
    : await verifyAgainstDummy(input.password);
  if (!user || !valid) {
    await attempt.failed();
    throw new Unauthorized(messages.invalidCredentials);
  }
  await attempt.succeeded();
  const { token } = await startSession(user);
  return { user, token };
};

export const logout = async (sessionTokenHash: string | undefined): Promise<void> => {
  if (sessionTokenHash) await endSession(sessionTokenHash);
};

export const updateOwnProfile = async (user: User, input: ProfileInput): Promise<PublicUser> => {
  const firstName = input.firstName ?? user.firstName;
  const lastName = input.lastName ?? user.lastName;
  const changes = {
    username: input.username,
    email: input.email,
    firstName,
    lastName,
    name: displayName(firstName, lastName, user.name),
  };
  if (!(await updateProfile(user, changes, new Date().toISOString()))) {
    throw new Conflict(messages.emailTaken, { email: messages.emailTaken });
  }
  return toPublicUser({ ...user, ...changes });
};

/** Changes the password after checking the current one; every other session of the user ends. */
export const changePassword = async (
  user: User,
  sessionTokenHash: string,
  currentPassword: string,
  newPassword: string,
): Promise<void> => {
  if (!(await verifyPassword(currentPassword, user.passwordHash))) {
    throw new Invalid(messages.currentPasswordWrong, { currentPassword: messages.currentPasswordWrong });
  }
  const version = await setPassword(user.id, await hashPassword(newPassword), new Date().toISOString());
  await keepSession(sessionTokenHash, version);
};

/**
 * Emails a reset link when the account exists. The answer, and its timing, are the same either
 * way: the work is padded to a floor so a caller cannot tell which emails have accounts. Only the
 * client's own requests are limited; an account gets at most one email per interval, and a
 * request inside it leaves the link already sent working (throttle.ts).
 */
export const requestPasswordReset = async (email: string, clientIp: string): Promise<void> => {
  const started = Date.now();
  await takeForgotPasswordAttempt(clientIp);
  const user = await getUserByEmail(email);
  // A pending invitee sets a password through the invitation, not a reset.
  if (user?.passwordHash && (await claimResetEmail(user.id))) {
    const token = randomToken();
    const now = new Date();
    await putToken('RESET', {
      tokenHash: sha256(token),
      userId: user.id,
      createdAt: now.toISOString(),
      expiresAt: epochSeconds(now) + RESET_TOKEN_SECONDS,
    });
    const url = `${config().APP_URL}/app/auth?token=${encodeURIComponent(token)}`;
    // A failed send is logged for operators but answered like any other request: a 503 for
    // known addresses only would tell a caller which emails have accounts.
    await sendEmail(
      linkEmail(
        user.email,
        'Reset your Component Hub password',
        'Someone asked to reset the password of your Component Hub account.',
        'Reset your password',
        url,
        'The link works once and expires in 1 hour. If you did not ask for it, ignore this email.',
      ),
    ).catch(async (error: unknown) => {
      logger.error('reset email not sent', { error: error as Error });
      await releaseResetEmail(user.id).catch(() => undefined);
    });
  }
  const remaining = config().FORGOT_PASSWORD_MIN_MS - (Date.now() - started);
  if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
};

/** Uses a reset token once: sets the password and ends every session of the account. */
export const resetPassword = async (token: string, password: string): Promise<void> => {
  const invalid = new Invalid(messages.resetTokenInvalid, { token: messages.resetTokenInvalid });
  const stored = await consumeToken('RESET', sha256(token));
  if (!stored) throw invalid;
  const user = await getUser(stored.userId);
  // A link older than the last password change is void: only the newest intent counts.
  if (!user || user.passwordChangedAt > stored.createdAt) throw invalid;
  await setPassword(user.id, await hashPassword(password), new Date().toISOString());
  await forgetAccountFailures(user.email);
};

/** Deletes the caller's account and so its sessions; the last administrator cannot. */
export const deleteOwnAccount = async (user: User, sessionTokenHash: string): Promise<void> => {
  if (!(await deleteUser(user))) throw new Conflict(messages.lastAdminSelfDelete);
  await endSession(sessionTokenHash);
};
