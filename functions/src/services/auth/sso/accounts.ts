import { ulid } from 'ulid';
import { usernameFromEmail, type Role } from '#shared/schemas/auth';
import type { SsoErrorCode } from '#shared/schemas/sso';
import { config } from '#lib/config';
import { Conflict } from '#lib/errors';
import { logger } from '#lib/logger';
import {
  getIdentityLink,
  isDeletedEmail,
  moveIdentityLink,
  putIdentityLink,
  recordDeletedEmail,
} from '#repositories/sso';
import {
  acceptInvitationBySingleSignOn,
  changeRole,
  getUser,
  getUserByEmail,
  isActive,
  recordSsoGroups,
  type User,
} from '#repositories/users';
import { linkEmail, noticeEmail, sendEmail } from '../../mail';
import { notifyAdmins } from '../../notifications';
import { isEmailVerified } from '../email-proof';
import { createUserWithUsername } from '../new-user';
import { isAllowed, roleFromGroups, type ProviderPerson } from './rules';
import type { SsoSettings } from './settings';
import { paths, siteLink } from '#shared/app-paths';

/** A single sign-on that must not sign the person in; the login page explains the code. */
export class SsoRefusal extends Error {
  override name = 'SsoRefusal';
  constructor(readonly code: SsoErrorCode) {
    super(code);
  }
}

/** An administrator invited this address and the invitation is still open. */
const isPendingInvitee = (user: User): boolean => user.invitedAt !== undefined && !isActive(user);

/** Another sign-in of the same person changed the data between our read and our write: read again. */
const RACE = Symbol('race');

const tellLinked = async (user: User, settings: SsoSettings): Promise<void> => {
  await sendEmail(
    linkEmail(
      user.email,
      `Your Component Hub account is now linked to ${settings.label}`,
      `You signed in to Component Hub with ${settings.label} for the first time, so your account ${user.email} is now linked to it. From now on you can use the button 'Sign in with ${settings.label}'.`,
      'Open Component Hub',
      siteLink(config().APP_URL, paths.auth.href()),
      'If this was not you, tell your administrator at once.',
    ),
  ).catch((error: unknown) => logger.error('link notice not sent', { userId: user.id, error: error as Error }));
};

/**
 * Someone the provider vouches for was refused because an account holds their address without
 * having proven it: perhaps an attacker who typed a colleague's address into their own profile.
 * Every administrator is told, in the app and by email, whatever their notification settings.
 */
const tellAdministratorsOfUnprovenAddress = async (person: ProviderPerson, user: User, settings: SsoSettings) => {
  const title = 'Single sign-on refused: an account holds an unconfirmed address';
  const message = `${person.email} signed in through ${settings.label}, but the Component Hub account ${user.username} (${user.email}) has never confirmed that address, so the two were not linked. Check whose account it is: if it is the person's, they can confirm the address by resetting its password; if not, change or delete the account.`;
  try {
    const admins = await notifyAdmins(
      { type: 'warning', title, message, linkTo: paths.hub.settings.href('users') },
      { always: true },
    );
    await Promise.all(
      admins.map((admin) =>
        sendEmail(noticeEmail(admin.email, title, [message])).catch((error: unknown) =>
          logger.error('administrator alert not sent', { userId: admin.id, error: error as Error }),
        ),
      ),
    );
  } catch (error) {
    logger.error('administrators not told of a refused single sign-on', { userId: user.id, error: error as Error });
  }
};

/**
 * Links the subject to an existing user (the email matched); tells them unless the account is
 * new. Only an account whose address is proven (or a pending invitation, which an administrator
 * sent to that address) is linked: an address anyone can type into their own profile never
 * hands them someone else's company sign-in.
 */
const linkExisting = async (
  person: ProviderPerson,
  user: User,
  settings: SsoSettings,
  now: string,
): Promise<User | typeof RACE> => {
  if (!isEmailVerified(user) && !isPendingInvitee(user)) {
    logger.warn('single sign-on refused: the account has not proven its address', { userId: user.id });
    await tellAdministratorsOfUnprovenAddress(person, user, settings);
    throw new SsoRefusal('email_not_confirmed');
  }
  if (!(await putIdentityLink({ issuer: person.issuer, subject: person.subject, userId: user.id, linkedAt: now }))) {
    return RACE;
  }
  return adoptAccount(user, settings, now, true);
};

/**
 * After a link to an account the person did not make through single sign-on: a pending
 * invitation counts as accepted, and the owner of the address is told (a made-by-SSO account,
 * with neither a password nor an invitation, is not).
 */
const adoptAccount = async (user: User, settings: SsoSettings, now: string, tell: boolean): Promise<User> => {
  let adopted = user;
  if (user.invitedAt && !user.acceptedInviteAt) {
    if (await acceptInvitationBySingleSignOn(user, now)) adopted = { ...user, acceptedInviteAt: now };
  }
  if (tell && (user.hasPassword || user.invitedAt)) await tellLinked(adopted, settings);
  return adopted;
};

const newUser = (person: ProviderPerson, email: string, role: Role, now: string): User => {
  const [firstName = '', ...rest] = person.name.split(/\s+/);
  return {
    id: ulid(),
    email,
    username: usernameFromEmail(email),
    name: person.name,
    firstName,
    lastName: rest.join(' '),
    role,
    // No password: this account signs in through the provider only.
    hasPassword: false,
    sessionVersion: 0,
    passwordChangedAt: now,
    createdAt: now,
    updatedAt: now,
    acceptedInviteAt: now,
    // The provider verified it (nothing is linked or created otherwise).
    emailVerifiedAt: now,
  };
};

const findOrCreate = async (
  person: ProviderPerson,
  role: Role | undefined,
  settings: SsoSettings,
): Promise<User | typeof RACE> => {
  const now = new Date().toISOString();
  const link = await getIdentityLink(person.issuer, person.subject);
  if (link) {
    const linked = await getUser(link.userId);
    if (linked) return linked;
    // The linked user was deleted: only an account an administrator made again (an invitation)
    // for the same verified address takes them back.
    const again = person.email && person.emailVerified ? await getUserByEmail(person.email) : undefined;
    if (!again) throw new SsoRefusal('account_deleted');
    if (!isEmailVerified(again) && !isPendingInvitee(again)) {
      await tellAdministratorsOfUnprovenAddress(person, again, settings);
      throw new SsoRefusal('email_not_confirmed');
    }
    if (!(await moveIdentityLink(link, again.id, now))) return RACE;
    return adoptAccount(again, settings, now, true);
  }
  if (!person.email) throw new SsoRefusal('email_missing');
  // An address the provider has not verified could be anyone's: never link or create with it.
  if (!person.emailVerified) throw new SsoRefusal('email_unverified');
  const existing = await getUserByEmail(person.email);
  if (existing) return linkExisting(person, existing, settings, now);
  if (await isDeletedEmail(person.email)) throw new SsoRefusal('account_deleted');
  const user = newUser(person, person.email, role ?? 'user', now);
  // Claims the address first: of two first sign-ins at once, one creates, the other links.
  let created: User;
  try {
    created = await createUserWithUsername(user, { usernameChosen: false });
  } catch (error) {
    if (error instanceof Conflict) return RACE;
    throw error;
  }
  if (!(await putIdentityLink({ issuer: person.issuer, subject: person.subject, userId: created.id, linkedAt: now }))) {
    const winner = await getIdentityLink(person.issuer, person.subject);
    if (winner?.userId !== created.id) return RACE;
  }
  return created;
};

/** Applies the role the groups give; the user as stored afterwards (a new role ends older sessions). */
const applyRole = async (user: User, role: Role | undefined): Promise<User | typeof RACE> => {
  if (role === undefined || user.role === role) return user;
  const changed = await changeRole(user, role, new Date().toISOString());
  const now = await getUser(user.id);
  if (!now) return RACE;
  if (now.role === role) return now;
  // The role did not change and nobody else changed it: demoting the last administrator.
  if (!changed && role !== 'admin' && user.role === 'admin' && now.role === 'admin') throw new SsoRefusal('last_admin');
  return RACE;
};

/**
 * Keeps the groups the provider named at this sign-in on the user (what reviewer groups are
 * matched against), written only when they changed; the user as it is then.
 */
const recordGroups = async (user: User, groups: readonly string[]): Promise<User> => {
  const sorted = [...new Set(groups)].sort();
  if (JSON.stringify(user.ssoGroups ?? []) === JSON.stringify(sorted)) return user;
  if (!(await recordSsoGroups(user.id, sorted))) return user;
  return { ...user, ssoGroups: sorted };
};

/**
 * The hub user for a person the provider signed in: by link, else by verified email (linked
 * now), else created just in time; with the role their groups give at this sign-in.
 */
export const userForPerson = async (person: ProviderPerson, settings: SsoSettings): Promise<User> => {
  if (!isAllowed(person, settings)) throw new SsoRefusal('not_allowed');
  const role = roleFromGroups(person, settings);
  for (let attempt = 0; attempt < 4; attempt++) {
    const user = await findOrCreate(person, role, settings);
    if (user === RACE) continue;
    const withRole = await applyRole(user, role);
    if (withRole === RACE) continue;
    return recordGroups(withRole, person.groups);
  }
  throw new Error('single sign-on: the account kept changing during the sign-in');
};

/**
 * A user is about to be deleted: their address is remembered, so single sign-on will not make
 * the account again unless an administrator invites or creates them anew.
 */
export const rememberDeletedUser = async (email: string): Promise<void> =>
  recordDeletedEmail(email, new Date().toISOString());
