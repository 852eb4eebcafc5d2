import { ulid } from 'ulid';
import { messages } from '#shared/messages';
import {
  usernameFromEmail,
  type LoginInput,
  type ProfileInput,
  type PublicUser,
  type Role,
} from '#shared/schemas/auth';
import type { Session } from '#repositories/sessions';
import { config } from '#lib/config';
import { logger } from '#lib/logger';
import { Conflict, Forbidden, Invalid, Unauthorized } from '#lib/errors';
import { consumeToken, findToken, putToken, tokenConsumeItem } from '#repositories/tokens';
import { epochSeconds } from '#repositories/table';
import {
  activateUser,
  deleteUser,
  getPasswordHash,
  getUser,
  getUserByEmail,
  isActive,
  confirmPendingEmail,
  recordResetRequest,
  setPassword,
  updateProfile,
  upgradeLegacyUser,
  type User,
} from '#repositories/users';
import { linkEmail, noticeEmail, sendEmail } from '../mail';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import { refuseGuessablePassword } from './password-policy';
import { endSession, isFreshlyReauthenticated, keepSession, startSession } from './sessions';
import {
  claimResetEmail,
  forgetAccountFailures,
  releaseResetEmail,
  takeForgotPasswordAttempt,
  takeLoginAttempt,
} from './throttle';
import { randomToken, sha256 } from './tokens';
import { rememberDeletedUser } from './sso/accounts';
import { createUserWithUsername, emailTaken, usernameTaken } from './new-user';
import { passwordLoginRefusal, ssoSettings } from './sso/settings';
import { sleep } from '#lib/concurrency';
import type { SecondFactorChallenge } from '#shared/schemas/second-factor';
import { beginSecondFactor } from './second-factor/pending';
import { hasSecondFactor, mayUseSecondFactor } from './second-factor/rules';
import { paths, siteLink } from '#shared/app-paths';
import { toPublicUser } from '../users';

export const RESET_TOKEN_SECONDS = 60 * 60;

const displayName = (firstName: string, lastName: string, fallback: string): string =>
  [firstName, lastName].filter(Boolean).join(' ') || fallback;

export interface NewAccount {
  email: string;
  password: string;
  role: Role;
  name?: string;
  username?: string;
  /** The operator vouches for the address (the seeded administrator); anyone else proves it by a reset or a link. */
  emailVerified?: boolean;
}

/**
 * Creates an active account; Conflict when the email (or the username given) is taken, Invalid
 * (on `password`) when the password is common or spells the account's own words.
 */
export const createAccount = async (input: NewAccount, now = new Date()): Promise<User> => {
  const [firstName = '', ...rest] = (input.name ?? '').trim().split(/\s+/);
  const timestamp = now.toISOString();
  const user: User = {
    id: ulid(),
    email: input.email,
    username: input.username ?? usernameFromEmail(input.email),
    name: input.name?.trim() ?? '',
    firstName,
    lastName: rest.join(' '),
    role: input.role,
    sessionVersion: 0,
    passwordChangedAt: timestamp,
    createdAt: timestamp,
    updatedAt: timestamp,
    // Created active: no invitation to wait for.
    acceptedInviteAt: timestamp,
    ...(input.emailVerified && { emailVerifiedAt: timestamp }),
  };
  refuseGuessablePassword(input.password, user, 'password');
  return createUserWithUsername(user, {
    passwordHash: await hashPassword(input.password),
    usernameChosen: input.username !== undefined,
  });
};

/**
 * Checks the credentials; one answer for a wrong email and a wrong password, and the same work
 * for both. Too many failures from this client (at this account, or anywhere) answer 429; see
 * throttle.ts for why failures at the account alone never refuse anyone.
 */
export type LoginOutcome =
  | { user: User; token: string; secondFactor?: undefined }
  | { user: User; secondFactor: { pendingToken: string; challenge: SecondFactorChallenge } };

export const login = async (input: LoginInput, clientIp: string, userAgent?: string): Promise<LoginOutcome> => {
  const attempt = await takeLoginAttempt(input.email, clientIp);
  const user = await getUserByEmail(input.email);
  const stored = user && (await getPasswordHash(user));
  // An invitee who has not accepted yet has no password: refused like an unknown email, as slowly.
  const valid = stored
    ? await verifyPassword(input.password, stored.passwordHash)
    : await verifyAgainstDummy(input.password);
  if (!user || !stored || !valid) {
    await attempt.failed();
    throw new Unauthorized(messages.invalidCredentials);
  }
  // With PASSWORD_LOGIN=admins-only everyone else signs in through single sign-on.
  const refusal = passwordLoginRefusal(user.role);
  if (refusal) throw new Forbidden(refusal);
  await attempt.succeeded();
  if (stored.legacy) await upgradeLegacyUser(user, stored.passwordHash);
  // With a second factor, the password only opens the second step: no session yet.
  if (mayUseSecondFactor(user) && hasSecondFactor(user)) return { user, secondFactor: await beginSecondFactor(user) };
  const active = await activateOnSignIn(user);
  const { token } = await startSession(active, { clientIp, userAgent });
  return { user: active, token };
};

/**
 * Someone who signs in with a password is active from then on: an invitation still open for
 * the account stops working, and an administrator counts as one.
 */
export const activateOnSignIn = async (user: User): Promise<User> => {
  let current: User | undefined = user;
  for (let attempt = 0; current && !isActive(current) && attempt < 5; attempt++) {
    if (await activateUser(current, new Date().toISOString()))
      return { ...current, acceptedInviteAt: new Date().toISOString() };
    current = await getUser(user.id);
  }
  if (!current) throw new Unauthorized(messages.invalidCredentials);
  return current;
};

export const logout = async (sessionTokenHash: string | undefined): Promise<void> => {
  if (sessionTokenHash) await endSession(sessionTokenHash);
};

/** The provider's name as the login page's button shows it. */
const providerLabel = (): string => ssoSettings()?.label ?? 'single sign-on';

/** How many times a write whose condition failed because the user changed meanwhile is decided again. */
const STALE_RETRIES = 5;

/**
 * The user as the session's request may still act for them: undefined-free, and only while the
 * session is live (a role, password or email change since it began has ended it).
 */
const stillSignedIn = async (session: Session): Promise<User> => {
  const user = await getUser(session.userId);
  if (!user || user.sessionVersion !== session.sessionVersion) throw new Unauthorized(messages.notLoggedIn);
  return user;
};

/**
 * Checks that the person behind the session is the account's owner: the current password, or,
 * for an account made by single sign-on (no password), a sign-in at the provider within the last
 * few minutes. A session alone never proves it: a stolen cookie must not turn into a password, an
 * address or a deletion. Missing or wrong is a field error on `currentPassword`.
 */
export const checkCurrentPassword = async (
  user: User,
  session: Session,
  currentPassword: string | undefined,
  missingMessage: string,
): Promise<void> => {
  if (!user.hasPassword) {
    if (!isFreshlyReauthenticated(session)) throw new Forbidden(messages.confirmWithProviderFirst(providerLabel()));
    return;
  }
  await checkPassword(user, currentPassword, missingMessage);
};

/** Checks the password of a password account: missing or wrong is a field error on `currentPassword`. */
export const checkPassword = async (
  user: User,
  currentPassword: string | undefined,
  missingMessage: string,
): Promise<void> => {
  if (!currentPassword) throw new Invalid(missingMessage, { currentPassword: missingMessage });
  const stored = await getPasswordHash(user);
  if (!stored || !(await verifyPassword(currentPassword, stored.passwordHash))) {
    throw new Invalid(messages.currentPasswordWrong, { currentPassword: messages.currentPasswordWrong });
  }
};

/** How long a link to confirm a new address works. */
export const EMAIL_CONFIRMATION_SECONDS = 24 * 60 * 60;

/**
 * A new address was asked for: the link that confirms it goes to the new address, and the old
 * address is told (so a takeover does not go unnoticed) that nothing changes unless it is followed.
 */
const sendEmailChangeLinks = async (user: User, newEmail: string, token: string, at: string): Promise<void> => {
  const url = `${siteLink(config().APP_URL, paths.auth.href())}?confirmEmail=${encodeURIComponent(token)}`;
  await Promise.all([
    sendEmail(
      linkEmail(
        newEmail,
        'Confirm your new Component Hub email address',
        `Someone signed in as ${user.username} asked to make ${newEmail} the email address of their Component Hub account.`,
        'Confirm this address',
        url,
        'The link works once and expires in 24 hours. Until it is followed the account keeps its current address. If you did not ask for this, ignore this email.',
      ),
    ).catch((error: unknown) => logger.error('email confirmation link not sent', { error: error as Error })),
    sendEmail(
      noticeEmail(user.email, 'A new email address was asked for your Component Hub account', [
        `On ${at} (UTC) someone signed in to your Component Hub account asked to change its email address from ${user.email} to ${newEmail}.`,
        'Nothing changes until the link sent to the new address is followed. Every other session of the account was signed out.',
        'If you did not ask for this, change your password and contact your Component Hub administrator at once.',
      ]),
    ).catch((error: unknown) => logger.error('email-change notice not sent', { error: error as Error })),
  ]);
};

/**
 * Writes the caller's profile: only the profile fields, never the role or password a concurrent
 * request may have changed. A new email needs the current password and stays pending until the
 * link sent to it is followed (the account keeps its address until then); asking for one ends
 * every other session of the account and is told to the old address. Usernames are unique
 * whatever their case.
 */
export const updateOwnProfile = async (user: User, session: Session, input: ProfileInput): Promise<PublicUser> => {
  let current = user;
  let passwordChecked = false;
  for (let attempt = 0; ; attempt++) {
    const emailChanged = input.email !== current.email;
    if (emailChanged && !passwordChecked) {
      await checkCurrentPassword(current, session, input.currentPassword, messages.currentPasswordToChangeEmail);
      passwordChecked = true;
    }
    // Said at once when someone holds the address already; checked again when it is confirmed.
    if (emailChanged && (await getUserByEmail(input.email))) throw emailTaken();
    const firstName = input.firstName ?? current.firstName;
    const lastName = input.lastName ?? current.lastName;
    const changes = {
      username: input.username,
      firstName,
      lastName,
      name: displayName(firstName, lastName, current.name),
    };
    const now = new Date().toISOString();
    const result = await updateProfile(current, changes, now, emailChanged ? input.email : undefined);
    switch (result.outcome) {
      case 'updated':
        if (emailChanged) {
          await keepSession(session.tokenHash, current.sessionVersion, result.sessionVersion);
          const token = randomToken();
          // Its time is the pending request's: only the newest link confirms.
          await putToken('EMAILCONFIRM', {
            tokenHash: sha256(token),
            userId: current.id,
            createdAt: now,
            expiresAt: epochSeconds(new Date(now)) + EMAIL_CONFIRMATION_SECONDS,
          });
          await sendEmailChangeLinks(current, input.email, token, now);
          return toPublicUser({ ...current, ...changes, pendingEmail: input.email, pendingEmailRequestedAt: now });
        }
        return toPublicUser({ ...current, ...changes });
      case 'username-taken':
        throw usernameTaken();
      case 'stale':
        if (attempt >= STALE_RETRIES) throw new Conflict(messages.roleChangedMeanwhile);
        current = await stillSignedIn(session);
    }
  }
};

/**
 * Follows a link sent to a new address: used once, only the newest of the account's links, and
 * only while that address is still the one asked for. The address becomes the account's email,
 * proven; someone who took it meanwhile keeps it (409).
 */
export const confirmEmail = async (token: string): Promise<{ email: string }> => {
  const invalid = new Invalid(messages.emailConfirmationInvalid, { token: messages.emailConfirmationInvalid });
  const tokenHash = sha256(token);
  // Looked at first and used up only with the change itself: a confirmation that fails (DynamoDB
  // out) leaves the link working for the next click.
  const stored = await findToken('EMAILCONFIRM', tokenHash);
  if (!stored) throw invalid;
  for (let attempt = 0; attempt <= STALE_RETRIES; attempt++) {
    const user = await getUser(stored.userId);
    if (!user?.pendingEmail || user.pendingEmailRequestedAt !== stored.createdAt) throw invalid;
    const outcome = await confirmPendingEmail(
      user,
      new Date().toISOString(),
      tokenConsumeItem('EMAILCONFIRM', tokenHash),
    );
    if (outcome === 'confirmed') return { email: user.pendingEmail };
    if (outcome === 'email-taken') throw emailTaken();
    if (outcome === 'link-used') throw invalid;
  }
  throw invalid;
};

/** Changes the password after checking the current one; every other session of the user ends. */
export const changePassword = async (
  user: User,
  session: Session,
  currentPassword: string | undefined,
  newPassword: string,
): Promise<void> => {
  // The deployment may keep accounts made by single sign-on on single sign-on only.
  if (!user.hasPassword && config().SSO_ACCOUNT_PASSWORDS === 'never') {
    throw new Forbidden(messages.ssoAccountsUsePasswords(providerLabel()));
  }
  await checkCurrentPassword(user, session, currentPassword, messages.currentPasswordRequired);
  refuseGuessablePassword(newPassword, user, 'newPassword');
  const passwordHash = await hashPassword(newPassword);
  let current = user;
  for (let attempt = 0; ; attempt++) {
    const version = await setPassword(current, passwordHash, new Date().toISOString());
    if (version !== undefined) {
      await keepSession(session.tokenHash, current.sessionVersion, version);
      return;
    }
    // Changed meanwhile: while this session still stands (a profile edit, say), set it again;
    // a password set or role change by someone else ended it, and that change stands.
    if (attempt >= STALE_RETRIES) throw new Conflict(messages.roleChangedMeanwhile);
    current = await stillSignedIn(session);
  }
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
  // A pending invitee sets a password through the invitation, not a reset; nor does someone
  // who may not sign in with a password (PASSWORD_LOGIN=admins-only).
  if (user?.hasPassword && !passwordLoginRefusal(user.role) && (await claimResetEmail(user.id))) {
    const token = randomToken();
    const now = new Date();
    // Only the newest link works: recorded on the user, checked (and cleared) when a link is used.
    await recordResetRequest(user.id, now.toISOString());
    await putToken('RESET', {
      tokenHash: sha256(token),
      userId: user.id,
      createdAt: now.toISOString(),
      expiresAt: epochSeconds(now) + RESET_TOKEN_SECONDS,
    });
    const url = `${siteLink(config().APP_URL, paths.auth.href())}?token=${encodeURIComponent(token)}`;
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
  if (remaining > 0) await sleep(remaining);
};

/**
 * Uses a reset token once: sets the password and ends every session of the account. Only the
 * newest link of the account works, and none after the password was set another way.
 */
export const resetPassword = async (token: string, password: string): Promise<void> => {
  const invalid = new Invalid(messages.resetTokenInvalid, { token: messages.resetTokenInvalid });
  // The password is judged before the link is used up, so a refused one can be replaced with the same link.
  const found = await findToken('RESET', sha256(token));
  const owner = found && (await getUser(found.userId));
  if (!found || !owner || owner.resetRequestedAt !== found.createdAt) throw invalid;
  refuseGuessablePassword(password, owner, 'password');
  const stored = await consumeToken('RESET', sha256(token));
  if (!stored) throw invalid;
  const passwordHash = await hashPassword(password);
  for (let attempt = 0; attempt <= STALE_RETRIES; attempt++) {
    const user = await getUser(stored.userId);
    if (!user || user.resetRequestedAt !== stored.createdAt) throw invalid;
    const version = await setPassword(user, passwordHash, new Date().toISOString(), {
      resetRequestedAt: stored.createdAt,
    });
    if (version !== undefined) {
      await forgetAccountFailures(user.email);
      return;
    }
  }
  throw invalid;
};

/**
 * Deletes the caller's account and so its sessions, after checking the current password; the
 * last administrator cannot.
 */
export const deleteOwnAccount = async (user: User, session: Session, currentPassword: string): Promise<void> => {
  await checkCurrentPassword(user, session, currentPassword, messages.currentPasswordToDeleteAccount);
  await rememberDeletedUser(user.email);
  let current = user;
  for (let attempt = 0; ; attempt++) {
    const outcome = await deleteUser(current);
    if (outcome === 'last-admin') throw new Conflict(messages.lastAdminSelfDelete);
    if (outcome === 'deleted') break;
    if (attempt >= STALE_RETRIES) throw new Conflict(messages.roleChangedMeanwhile);
    current = await stillSignedIn(session);
  }
  await endSession(session.tokenHash);
};
