import { ulid } from 'ulid';
import { messages } from '#shared/messages';
import type { Role } from '#shared/schemas/auth';
import type { AdminUser } from '#shared/schemas/users';
import { config } from '#lib/config';
import { Conflict, Forbidden, Invalid, isServiceUnavailable, NotFound, Unavailable } from '#lib/errors';
import { epochSeconds } from '#repositories/table';
import { consumeToken, putToken } from '#repositories/tokens';
import {
  acceptInvitation,
  changeRole,
  createUser,
  deleteUser,
  getUser,
  getUserByEmail,
  listUsers,
  refreshInvitation,
  setPassword,
  type User,
} from '#repositories/users';
import { hashPassword } from './auth/passwords';
import { startSession } from './auth/sessions';
import { rememberDeletedUser } from './auth/sso/accounts';
import { randomToken, sha256 } from './auth/tokens';
import { linkEmail, sendEmail } from './mail';

export const INVITE_TOKEN_SECONDS = 7 * 24 * 60 * 60;

/** Administrators' view of a user: dates included, never a hash or a token. */
export const toAdminUser = (user: User): AdminUser => ({
  id: user.id,
  email: user.email,
  username: user.username,
  name: user.name,
  firstName: user.firstName,
  lastName: user.lastName,
  role: user.role,
  invitedAt: user.invitedAt ?? null,
  acceptedInviteAt: user.acceptedInviteAt ?? null,
  createdAt: user.createdAt,
});

export const listAllUsers = async (): Promise<AdminUser[]> => (await listUsers()).map(toAdminUser);

const existingUser = async (id: string): Promise<User> => {
  const user = await getUser(id);
  if (!user) throw new NotFound(messages.userNotFound);
  return user;
};

/** Deletes another user and so ends their sessions; an admin cannot delete themselves here, nor the last admin. */
export const deleteUserAsAdmin = async (actor: User, id: string): Promise<void> => {
  if (actor.id === id) throw new Forbidden(messages.cannotDeleteOwnAccount);
  const user = await existingUser(id);
  await rememberDeletedUser(user.email);
  if (!(await deleteUser(user))) throw new Conflict(messages.lastAdminDelete);
};

/** The session reads the user on every request, so the new role applies from the next one. */
export const changeUserRole = async (actor: User, id: string, role: Role): Promise<AdminUser> => {
  if (actor.id === id) throw new Forbidden(messages.cannotChangeOwnRole);
  const user = await existingUser(id);
  if (!(await changeRole(user, role, new Date().toISOString()))) {
    // Another administrator changed the user meanwhile: the same change is done; any other one wins.
    const now = await getUser(id);
    if (now?.role === role) return toAdminUser(now);
    const demotingLastAdmin = now?.role === 'admin' && user.role === 'admin';
    throw new Conflict(demotingLastAdmin ? messages.lastAdminDemote : messages.roleChangedMeanwhile);
  }
  return toAdminUser({ ...user, role });
};

/** Sets another user's password; every session of theirs ends. */
export const setUserPassword = async (id: string, newPassword: string): Promise<void> => {
  const user = await existingUser(id);
  await setPassword(user.id, await hashPassword(newPassword), new Date().toISOString());
};

const sendInvitation = async (email: string, token: string): Promise<void> => {
  const url = `${config().APP_URL}/app/auth?invite=${encodeURIComponent(token)}`;
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
    user = {
      id: ulid(),
      email,
      username: email.split('@')[0]!,
      name: '',
      firstName: '',
      lastName: '',
      role,
      passwordHash: '',
      sessionVersion: 0,
      passwordChangedAt: invitedAt,
      createdAt: invitedAt,
      updatedAt: invitedAt,
      invitedAt,
    };
    if (!(await createUser(user))) throw new Conflict(messages.emailTaken, { email: messages.emailTaken });
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

/** Uses an invitation link once: sets username and password, activates the account, starts a session. */
export const acceptInvite = async (
  token: string,
  username: string,
  password: string,
): Promise<{ user: User; sessionToken: string }> => {
  const invalid = new Invalid(messages.invitationInvalid, { token: messages.invitationInvalid });
  const stored = await consumeToken('INVITE', sha256(token));
  if (!stored) throw invalid;
  const user = await getUser(stored.userId);
  // Only the newest invitation counts: a re-invite moved invitedAt past this token.
  if (!user || user.acceptedInviteAt || user.invitedAt !== stored.createdAt) throw invalid;
  const now = new Date().toISOString();
  if (!(await acceptInvitation(user.id, stored.createdAt, username, await hashPassword(password), now))) throw invalid;
  const active: User = { ...user, username, acceptedInviteAt: now, passwordChangedAt: now };
  const { token: sessionToken } = await startSession(active);
  return { user: active, sessionToken };
};
