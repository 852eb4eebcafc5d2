import { ulid } from 'ulid';
import { messages } from '#shared/messages';
import { usernameFromEmail, type PublicUser, type Role, type UserIdentity } from '#shared/schemas/auth';
import type { AdminUser } from '#shared/schemas/users';
import { hasSecondFactor } from './auth/second-factor/rules';
import { config } from '#lib/config';
import { Conflict, Forbidden, Invalid, isServiceUnavailable, NotFound, Unavailable } from '#lib/errors';
import { epochSeconds } from '#repositories/table';
import { consumeToken, findToken, putToken } from '#repositories/tokens';
import {
  acceptInvitation,
  changeRole,
  deleteUser,
  getUser,
  getUserByEmail,
  isActive,
  isUsernameFree,
  listUsers,
  refreshInvitation,
  setHubGroups,
  setPassword,
  type User,
} from '#repositories/users';
import { createUserWithUsername } from './auth/new-user';
import { hashPassword } from './auth/passwords';
import { refuseGuessablePassword } from './auth/password-policy';
import { startSession, type SessionOrigin } from './auth/sessions';
import { rememberDeletedUser } from './auth/sso/accounts';
import { randomToken, sha256 } from './auth/tokens';
import { giveBackAttempt, takeAttempt } from './auth/throttle';
import { clientKeyOf } from '#lib/edge';
import { linkEmail, sendEmail } from './mail';
import { paths, siteLink } from '#shared/app-paths';

export const INVITE_TOKEN_SECONDS = 7 * 24 * 60 * 60;

/** Who the user is, the part every view of a user shows. */
const identityOf = (user: User): UserIdentity => ({
  id: user.id,
  email: user.email,
  username: user.username,
  name: user.name,
  firstName: user.firstName,
  lastName: user.lastName,
  role: user.role,
});

/** The user's view of their own account. */
export const toPublicUser = (user: User): PublicUser => ({
  ...identityOf(user),
  ...(user.pendingEmail !== undefined && { pendingEmail: user.pendingEmail }),
  ...(!user.hasPassword && { noPassword: true }),
});

/** Administrators' view of a user: dates included. */
export const toAdminUser = (user: User): AdminUser => ({
  ...identityOf(user),
  invitedAt: user.invitedAt ?? null,
  acceptedInviteAt: user.acceptedInviteAt ?? null,
  createdAt: user.createdAt,
  ...(hasSecondFactor(user) && { secondFactor: true as const }),
  ...(user.hubGroups?.length && { hubGroups: user.hubGroups }),
  ...(user.ssoGroups?.length && { ssoGroups: user.ssoGroups }),
});

export const listAllUsers = async (): Promise<AdminUser[]> => (await listUsers()).map(toAdminUser);

const existingUser = async (id: string): Promise<User> => {
  const user = await getUser(id);
  if (!user) throw new NotFound(messages.userNotFound);
  return user;
};

/** How many times a write whose condition failed because the user changed meanwhile is decided again. */
const STALE_RETRIES = 5;

/** Deletes another user and so ends their sessions; an admin cannot delete themselves here, nor the last admin. */
export const deleteUserAsAdmin = async (actor: User, id: string): Promise<void> => {
  if (actor.id === id) throw new Forbidden(messages.cannotDeleteOwnAccount);
  // Remembered first, so a person deleted here cannot come back through single sign-on.
  await rememberDeletedUser((await existingUser(id)).email);
  for (let attempt = 0; ; attempt++) {
    const outcome = await deleteUser(await existingUser(id));
    if (outcome === 'deleted') return;
    if (outcome === 'last-admin') throw new Conflict(messages.lastAdminDelete);
    if (attempt >= STALE_RETRIES) throw new Conflict(messages.roleChangedMeanwhile);
  }
};

/** The session reads the user on every request, so the new role applies from the next one. */
export const changeUserRole = async (actor: User, id: string, role: Role): Promise<AdminUser> => {
  if (actor.id === id) throw new Forbidden(messages.cannotChangeOwnRole);
  let user = await existingUser(id);
  for (let attempt = 0; ; attempt++) {
    if (await changeRole(user, role, new Date().toISOString())) return toAdminUser({ ...user, role });
    const now = await existingUser(id);
    // Another administrator made the same change meanwhile: done.
    if (now.role === role) return toAdminUser(now);
    // Another role change wins; it is the administrator's to look at.
    if (now.role !== user.role || attempt >= STALE_RETRIES) throw new Conflict(messages.roleChangedMeanwhile);
    // Same role, same activity: only the administrator count can have refused it.
    if (isActive(now) === isActive(user)) throw new Conflict(messages.lastAdminDemote);
    // The invitee became active meanwhile: decide again with what it is now.
    user = now;
  }
};

/**
 * `PATCH /api/users/{id}/groups`: replaces the user's hub groups (whole: of two changes at once
 * the later stands); answers the user as administrators see them.
 */
export const setUserGroups = async (id: string, groups: readonly string[]): Promise<AdminUser> => {
  if (!(await setHubGroups(id, groups, new Date().toISOString()))) throw new NotFound(messages.userNotFound);
  return toAdminUser(await existingUser(id));
};

/**
 * Sets another user's password; every session of theirs ends and an open invitation of theirs
 * stops working. An administrator's own password goes through Change Password, which asks for
 * the current one, so a session left open cannot be used to take the account.
 */
export const setUserPassword = async (actor: User, id: string, newPassword: string): Promise<void> => {
  if (actor.id === id) throw new Forbidden(messages.setOwnPasswordHere);
  refuseGuessablePassword(newPassword, await existingUser(id), 'newPassword');
  const passwordHash = await hashPassword(newPassword);
  for (let attempt = 0; ; attempt++) {
    const user = await existingUser(id);
    if ((await setPassword(user, passwordHash, new Date().toISOString())) !== undefined) return;
    if (attempt >= STALE_RETRIES) throw new Conflict(messages.roleChangedMeanwhile);
  }
};

const sendInvitation = async (email: string, token: string): Promise<void> => {
  const url = `${siteLink(config().APP_URL, paths.auth.href())}?invite=${encodeURIComponent(token)}`;
  await sendEmail(
    linkEmail(
      email,
      'You are invited to Component Hub',
      'You have been invited to Component Hub, the shared catalogue of electrical components.',
      'Accept the invitation',
      url,
      'The link works once and expires in 7 days.',
    ),
  );
};

/**
 * Invites a colleague: a pending user (no password, cannot log in) and an emailed single-use link.
 * Inviting a pending user again sends a fresh link; the new `invitedAt` voids the old one.
 */
export const inviteUser = async (email: string, role: Role): Promise<AdminUser> => {
  const now = new Date();
  const invitedAt = now.toISOString();
  let user = await getUserByEmail(email);
  if (user?.acceptedInviteAt) throw new Conflict(messages.inviteActiveUser, { email: messages.inviteActiveUser });
  const isNew = !user;
  if (user) {
    if (!(await refreshInvitation(user, role, invitedAt))) throw new Conflict(messages.roleChangedMeanwhile);
    user = { ...user, role, invitedAt };
  } else {
    user = await createUserWithUsername(
      {
        id: ulid(),
        email,
        username: usernameFromEmail(email),
        name: '',
        firstName: '',
        lastName: '',
        role,
        sessionVersion: 0,
        passwordChangedAt: invitedAt,
        createdAt: invitedAt,
        updatedAt: invitedAt,
        invitedAt,
      },
      { usernameChosen: false },
    );
  }
  const token = randomToken();
  await putToken('INVITE', {
    tokenHash: sha256(token),
    userId: user.id,
    createdAt: invitedAt,
    expiresAt: epochSeconds(now) + INVITE_TOKEN_SECONDS,
  });
  try {
    await sendInvitation(email, token);
  } catch (error) {
    // No email, no invitation: a pending user nobody can activate would only block the address.
    if (isNew) await deleteUser(user);
    if (isServiceUnavailable(error)) throw new Unavailable(messages.invitationNotSent);
    throw error;
  }
  return toAdminUser(user);
};

/**
 * Uses an invitation link once: sets username and password, activates the account, starts a
 * session. The link is void once the account is active (its password set by an administrator,
 * or a sign-in) and once a newer invitation was sent. A taken username is refused before the
 * link is used, so the invitee can choose another with the same link.
 */
/**
 * Looks at an invitation link without using it, so the page can say at once whether it still
 * works (and for which email) before the person chooses a name and a password. Failed checks
 * count against the client like sign-in attempts (429 past the allowance), so links cannot be
 * guessed through it; a check of a working link is given back.
 */
export const checkInvitation = async (token: string, clientAddress: string): Promise<{ email: string }> => {
  const subject = `invite-check:client:${clientKeyOf(clientAddress)}`;
  await takeAttempt([subject]);
  const found = await findToken('INVITE', sha256(token));
  const user = found ? await getUser(found.userId) : undefined;
  if (!found || !user || isActive(user) || user.invitedAt !== found.createdAt)
    throw new Invalid(messages.invitationInvalid, { token: messages.invitationInvalid });
  await giveBackAttempt(subject);
  return { email: user.email };
};

export const acceptInvite = async (
  token: string,
  username: string,
  password: string,
  origin: SessionOrigin = {},
): Promise<{ user: User; sessionToken: string }> => {
  const invalid = new Invalid(messages.invitationInvalid, { token: messages.invitationInvalid });
  const usernameTaken = new Conflict(messages.usernameTaken, { username: messages.usernameTaken });
  // Only the newest invitation counts: a re-invite moved invitedAt past this token.
  const isOpenFor = (user: User | undefined, createdAt: string): user is User =>
    user !== undefined && !isActive(user) && user.invitedAt === createdAt;
  const found = await findToken('INVITE', sha256(token));
  const invitee = found && (await getUser(found.userId));
  if (!found || !isOpenFor(invitee, found.createdAt)) throw invalid;
  if (!(await isUsernameFree(username, found.userId))) throw usernameTaken;
  // Judged with the username chosen here, before the link is used up.
  refuseGuessablePassword(password, { ...invitee, username }, 'password');
  const passwordHash = await hashPassword(password);
  const stored = await consumeToken('INVITE', sha256(token));
  if (!stored) throw invalid;
  for (let attempt = 0; attempt <= STALE_RETRIES; attempt++) {
    const user = await getUser(stored.userId);
    if (!isOpenFor(user, stored.createdAt)) throw invalid;
    const now = new Date().toISOString();
    const outcome = await acceptInvitation(user, username, passwordHash, now);
    if (outcome === 'username-taken') throw usernameTaken;
    if (outcome === 'accepted') {
      const active: User = { ...user, username, acceptedInviteAt: now, passwordChangedAt: now, hasPassword: true };
      const { token: sessionToken } = await startSession(active, origin);
      return { user: active, sessionToken };
    }
  }
  throw invalid;
};
