import {
  deleteSession,
  getSession,
  putSession,
  setSessionVersion,
  touchSession,
  type Session,
} from '#repositories/sessions';
import { epochSeconds } from '#repositories/table';
import { getUser, type User } from '#repositories/users';
import { randomPublicId, randomToken, sha256 } from './tokens';

/** A session ends after 12 idle hours, and after 7 days whatever happens. */
export const SESSION_IDLE_SECONDS = 12 * 60 * 60;
export const SESSION_ABSOLUTE_SECONDS = 7 * 24 * 60 * 60;
/** The idle clock is pushed forward at most this often, so reads stay cheap. */
const TOUCH_INTERVAL_SECONDS = 5 * 60;

export interface ActiveSession {
  session: Session;
  user: User;
}

/**
 * Where a session was begun from, shown to its user in the list of their sessions; and whether
 * it was begun through single sign-on (then it lasts until the provider is asked again).
 */
export interface SessionOrigin {
  userAgent?: string | undefined;
  clientIp?: string | undefined;
  throughProvider?: boolean;
}

/** A User-Agent header is the client's to choose: only this much of it is kept. */
const USER_AGENT_MAX = 512;

/**
 * A cookie token names its user before a random secret (`<user id>.<secret>`), so the session
 * and the user are read at once rather than one after the other. The secret is what proves the
 * session; the name is only believed when the session found is that user's.
 */
/** User ids are ULIDs (UUIDs in older tools); anything else is never looked up. */
const USER_ID = /^[\w-]{1,64}$/;
const namedUser = (token: string): string | undefined => {
  const dot = token.indexOf('.');
  const name = dot === -1 ? '' : token.slice(0, dot);
  return USER_ID.test(name) ? name : undefined;
};

/**
 * A session begun through single sign-on lasts at most this long before the person signs in at
 * the provider again, so a person the provider disabled, or took out of the administrators
 * group, keeps what they had for hours, never days.
 */
export const PROVIDER_CHECK_SECONDS = 8 * 60 * 60;

export const startSession = async (
  user: User,
  origin: SessionOrigin = {},
  now = new Date(),
): Promise<{ token: string; session: Session & { publicId: string } }> => {
  const token = USER_ID.test(user.id) ? `${user.id}.${randomToken()}` : randomToken();
  const nowSeconds = epochSeconds(now);
  const absoluteExpiresAt = nowSeconds + SESSION_ABSOLUTE_SECONDS;
  const userAgent = origin.userAgent?.trim().slice(0, USER_AGENT_MAX);
  const session: Session & { publicId: string } = {
    tokenHash: sha256(token),
    userId: user.id,
    sessionVersion: user.sessionVersion,
    createdAt: now.toISOString(),
    lastSeenAt: now.toISOString(),
    expiresAt: Math.min(nowSeconds + SESSION_IDLE_SECONDS, absoluteExpiresAt),
    absoluteExpiresAt,
    publicId: randomPublicId(),
    ...(userAgent && { userAgent }),
    ...(origin.clientIp && { clientIp: origin.clientIp }),
    ...(origin.throughProvider && { providerCheckAt: nowSeconds + PROVIDER_CHECK_SECONDS }),
  };
  await putSession(session);
  return { token, session };
};

/**
 * The live session behind a cookie token and its user, read fresh on every request so a role
 * change or a password change takes effect at once.
 */
export const resolveSession = async (token: string, now = new Date()): Promise<ActiveSession | undefined> => {
  const named = namedUser(token);
  const [session, namedUserRead] = await Promise.all([
    getSession(sha256(token), now),
    named === undefined ? undefined : getUser(named),
  ]);
  if (!session) return undefined;
  // A token made before tokens named their user reads the user after.
  const user =
    named === undefined ? await getUser(session.userId) : session.userId === named ? namedUserRead : undefined;
  if (!user || user.sessionVersion !== session.sessionVersion) return undefined;
  const nowSeconds = epochSeconds(now);
  if (session.providerCheckAt !== undefined && nowSeconds >= session.providerCheckAt) return undefined;
  // A session from before sessions were listed is given its place in the list at once, so its
  // user sees it (marked as the current one) from the first request.
  if (!session.publicId || nowSeconds - epochSeconds(new Date(session.lastSeenAt)) >= TOUCH_INTERVAL_SECONDS) {
    await touchSession(
      session,
      now.toISOString(),
      Math.min(nowSeconds + SESSION_IDLE_SECONDS, session.absoluteExpiresAt),
      randomPublicId(),
    );
  }
  return { session, user };
};

/** How long after a fresh sign-in at the provider a session may do what needs one (setting a first password). */
export const REAUTHENTICATION_SECONDS = 5 * 60;

/** Whether the session's person signed in at the provider again within the last few minutes. */
export const isFreshlyReauthenticated = (session: Session, now = new Date()): boolean =>
  session.reauthenticatedAt !== undefined &&
  now.getTime() - Date.parse(session.reauthenticatedAt) < REAUTHENTICATION_SECONDS * 1000;

export const endSession = async (tokenHash: string): Promise<void> => deleteSession(tokenHash);

/**
 * After the user's session version moved from `from` to `to`, keeps the one session that made
 * the change alive (every other one has ended).
 */
export const keepSession = async (tokenHash: string, from: number, to: number): Promise<void> => {
  await setSessionVersion(tokenHash, from, to);
};
