import Bowser from 'bowser';
import { messages } from '#shared/messages';
import type { SessionSummary } from '#shared/schemas/sessions';
import { Conflict, Forbidden, NotFound, Unauthorized } from '#lib/errors';
import { deleteUserSession, getSession, listUserSessions, type Session } from '#repositories/sessions';
import { advanceSessionVersion, getUser, type User } from '#repositories/users';
import { keepSession, type ActiveSession } from './sessions';

/** How many times ending sessions is tried again when the user changed meanwhile. */
const STALE_RETRIES = 5;

const nonEmpty = (...parts: (string | undefined)[]): string | null => parts.filter(Boolean).join(' ') || null;

/**
 * What a person recognises a session by: the browser and the system it runs on, read from the
 * User-Agent header by bowser. A header bowser cannot read is shown as it came, cut short; a
 * session that recorded none shows nothing.
 */
export const describeUserAgent = (userAgent: string | undefined): Pick<SessionSummary, 'browser' | 'device'> => {
  if (!userAgent) return { browser: null, device: null };
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split('.')[0];
  const browser = nonEmpty(parsed.browser.name, major);
  const os = nonEmpty(parsed.os.name, parsed.os.versionName ?? parsed.os.version);
  const kind = parsed.platform.type ? `${parsed.platform.type[0]!.toUpperCase()}${parsed.platform.type.slice(1)}` : '';
  const device = os ? `${os}${kind ? ` (${kind})` : ''}` : null;
  if (!browser && !device) return { browser: userAgent.slice(0, 80), device: null };
  return { browser, device };
};

/** A session still counts while it was made under the user's current session version. */
const liveSessions = async (user: User): Promise<Session[]> =>
  (await listUserSessions(user.id)).filter((session) => session.sessionVersion === user.sessionVersion);

const toSummary = (session: Session, currentTokenHash: string): SessionSummary => ({
  // Listed sessions always have one: the list's index key is written with it.
  id: session.publicId ?? '',
  ...describeUserAgent(session.userAgent),
  clientIp: session.clientIp ?? null,
  createdAt: session.createdAt,
  lastSeenAt: session.lastSeenAt,
  current: session.tokenHash === currentTokenHash,
});

/** The caller's live sessions: the one making this request first (marked), then the newest first. */
export const listOwnSessions = async ({ user, session }: ActiveSession): Promise<SessionSummary[]> =>
  (await liveSessions(user))
    .map((listed) => toSummary(listed, session.tokenHash))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.createdAt.localeCompare(a.createdAt));

/**
 * Ends one of the caller's other sessions by its public id. Only the caller's own sessions are
 * looked at, so another person's session is "not found" whatever its id; the current session
 * is ended by logging out.
 */
export const endOwnSession = async ({ user, session }: ActiveSession, publicId: string): Promise<void> => {
  const target = (await liveSessions(user)).find((listed) => listed.publicId === publicId);
  if (!target) throw new NotFound(messages.sessionNotFound);
  if (target.tokenHash === session.tokenHash) throw new Conflict(messages.sessionIsCurrent);
  if (!(await deleteUserSession(target.tokenHash, user.id))) throw new NotFound(messages.sessionNotFound);
};

/**
 * Moves the user's session version on, which ends every session made under the one before,
 * including any too old to be listed; the listed ones are deleted too so they leave the list.
 * `keep` is carried over to the new version. Undefined while the user changed meanwhile.
 */
const endSessionsOf = async (user: User, keep?: Session): Promise<boolean> => {
  const listed = await liveSessions(user);
  const version = await advanceSessionVersion(user, new Date().toISOString());
  if (version === undefined) return false;
  if (keep) await keepSession(keep.tokenHash, user.sessionVersion, version);
  await Promise.all(
    listed
      .filter((ended) => ended.tokenHash !== keep?.tokenHash)
      .map((ended) => deleteUserSession(ended.tokenHash, user.id)),
  );
  return true;
};

/** Signs out every session of the caller but the one making this request. */
export const endOtherOwnSessions = async ({ user, session }: ActiveSession): Promise<void> => {
  let current = user;
  for (let attempt = 0; ; attempt++) {
    if (await endSessionsOf(current, session)) return;
    const now = await getUser(user.id);
    if (now && now.sessionVersion !== session.sessionVersion) {
      // The same request sent twice at once: the other one ended the rest and kept this session
      // under the new version. Anything else that moved the version (a password, email or role
      // change) has ended this session as well.
      if ((await getSession(session.tokenHash))?.sessionVersion === now.sessionVersion) return;
      throw new Unauthorized(messages.notLoggedIn);
    }
    if (!now) throw new Unauthorized(messages.notLoggedIn);
    if (attempt >= STALE_RETRIES) throw new Conflict(messages.roleChangedMeanwhile);
    current = now;
  }
};

/**
 * An administrator signs out every session of another user (a lost laptop, a person leaving).
 * Their own sessions they end from their own settings, which keeps the one they are using.
 */
export const endAllSessionsOfUser = async (actor: User, userId: string): Promise<void> => {
  if (actor.id === userId) throw new Forbidden(messages.endOwnSessionsHere);
  for (let attempt = 0; ; attempt++) {
    const user = await getUser(userId);
    if (!user) throw new NotFound(messages.userNotFound);
    if (await endSessionsOf(user)) return;
    if (attempt >= STALE_RETRIES) throw new Conflict(messages.roleChangedMeanwhile);
  }
};
