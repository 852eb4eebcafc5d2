import { timingSafeEqual } from 'node:crypto';
import { ulid } from 'ulid';
import { messages } from '#shared/messages';
import { isReviewer } from '#shared/schemas/auth';
import {
  TOKEN_MAX_DAYS,
  TOKEN_PREFIX,
  TOKENS_PER_USER_MAX,
  type AccessToken,
  type CreatedToken,
  type CreateTokenInput,
  type TokenScope,
} from '#shared/schemas/tokens';
import { Conflict, Forbidden, Invalid, NotFound } from '#lib/errors';
import { logger } from '#lib/logger';
import {
  getToken,
  listAllTokens,
  listTokensOf,
  putToken,
  revokeToken,
  setTokenDisabled,
  touchToken,
  type StoredToken,
} from '#repositories/access-tokens';
import type { Session } from '#repositories/sessions';
import { getUser, isActive, type User } from '#repositories/users';
import { displayName } from '../user-names';
import type { ActiveSession } from './sessions';
import { randomToken, sha256 } from './tokens';

/*
 * Access tokens: made by their person (or, for services, an administrator), shown once, stored
 * as a hash, and accepted on the routes their scopes allow until they expire, are revoked or an
 * administrator disables them. A token stops working with its user: an account removed, or no
 * longer active, takes its tokens with it.
 */

/** The end (UTC) of the day a token expires on. */
const endOfDay = (date: string) => `${date}T23:59:59.999Z`;

const isLive = (token: StoredToken, now: Date) =>
  !token.revokedAt && !token.disabledAt && new Date(token.expiresAt).getTime() > now.getTime();

const view = (token: StoredToken, username: string): AccessToken => ({
  id: token.id,
  name: token.name,
  kind: token.kind,
  scopes: token.scopes,
  userId: token.userId,
  username,
  createdAt: token.createdAt,
  expiresAt: token.expiresAt,
  lastUsedAt: token.lastUsedAt ?? null,
  revokedAt: token.revokedAt ?? null,
  disabledAt: token.disabledAt ?? null,
  disabledBy: token.disabledBy ?? null,
});

export const createToken = async (user: User, input: CreateTokenInput, now = new Date()): Promise<CreatedToken> => {
  // Service tokens are an administrator's; the admin scope reaches only what its holder's role
  // does, so a librarian's script may review and import as they may.
  if ((input.kind === 'service' && user.role !== 'admin') || (input.scopes.includes('admin') && !isReviewer(user.role)))
    throw new Forbidden(messages.tokenAdminOnly);
  const expiresAt = endOfDay(input.expiresAt);
  const days = (new Date(expiresAt).getTime() - now.getTime()) / 86_400_000;
  if (!(days > 0 && days <= TOKEN_MAX_DAYS + 1))
    throw new Invalid(messages.tokenExpiryInvalid(TOKEN_MAX_DAYS), {
      expiresAt: messages.tokenExpiryInvalid(TOKEN_MAX_DAYS),
    });
  const held = (await listTokensOf(user.id)).filter((token) => isLive(token, now));
  if (held.length >= TOKENS_PER_USER_MAX) throw new Conflict(messages.tokenLimit(TOKENS_PER_USER_MAX));
  const id = ulid(now.getTime());
  const secret = randomToken();
  const stored: StoredToken = {
    id,
    userId: user.id,
    name: input.name,
    kind: input.kind,
    scopes: input.scopes,
    secretHash: sha256(secret),
    createdAt: now.toISOString(),
    expiresAt,
  };
  await putToken(stored);
  logger.info('access token created', { tokenId: id, userId: user.id, kind: input.kind, scopes: input.scopes });
  return { ...view(stored, displayName(user)), token: `${TOKEN_PREFIX}${id}.${secret}` };
};

export const tokensOf = async (user: User): Promise<AccessToken[]> =>
  (await listTokensOf(user.id)).map((token) => view(token, displayName(user)));

export const revokeOwnToken = async (user: User, id: string): Promise<void> => {
  if (!(await revokeToken(id, user.id, new Date().toISOString()))) throw new NotFound(messages.tokenNotFound);
  logger.info('access token revoked', { tokenId: id, userId: user.id });
};

/** Every token with its person's name, for administrators. */
export const allTokens = async (): Promise<AccessToken[]> => {
  const tokens = await listAllTokens();
  const users = new Map(
    await Promise.all(
      [...new Set(tokens.map((token) => token.userId))].map(async (id) => [id, await getUser(id)] as const),
    ),
  );
  return tokens.map((token) => {
    const owner = users.get(token.userId);
    return view(token, owner ? displayName(owner) : 'removed account');
  });
};

export const disableToken = async (admin: User, id: string, disabled: boolean): Promise<AccessToken> => {
  if (!(await setTokenDisabled(id, disabled, displayName(admin), new Date().toISOString())))
    throw new NotFound(messages.tokenNotFound);
  logger.info(disabled ? 'access token disabled' : 'access token enabled', { tokenId: id, by: admin.id });
  const token = (await getToken(id))!;
  const owner = await getUser(token.userId);
  return view(token, owner ? displayName(owner) : 'removed account');
};

/** A request signed in with a token: its user, and what the token allows. */
export interface TokenGrant {
  id: string;
  name: string;
  scopes: TokenScope[];
}

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The user and grant a bearer token stands for; undefined for anything that is not a live
 * token of an active user. Each use is logged, and noted on the token at most once a minute.
 */
export const resolveAccessToken = async (
  bearer: string,
  route: string,
  now = new Date(),
): Promise<(ActiveSession & { grant: TokenGrant }) | undefined> => {
  const match = /^chub_([0-9A-HJKMNP-TV-Z]{26})\.([\w-]{43})$/.exec(bearer.trim());
  if (!match) return undefined;
  const token = await getToken(match[1]!);
  if (!token || !sameHash(token.secretHash, sha256(match[2]!)) || !isLive(token, now)) return undefined;
  const user = await getUser(token.userId);
  if (!user || !isActive(user)) return undefined;
  logger.info('access token used', { tokenId: token.id, userId: user.id, route });
  await touchToken(token.id, now.toISOString(), new Date(now.getTime() - 60_000).toISOString()).catch(
    (error: unknown) => logger.warn('access token use not noted', { tokenId: token.id, error: error as Error }),
  );
  // Routes a token may call never read the session itself; this stands in for one.
  const session: Session = {
    tokenHash: `token:${token.id}`,
    userId: user.id,
    sessionVersion: user.sessionVersion,
    createdAt: token.createdAt,
    lastSeenAt: now.toISOString(),
    expiresAt: Math.floor(new Date(token.expiresAt).getTime() / 1000),
    absoluteExpiresAt: Math.floor(new Date(token.expiresAt).getTime() / 1000),
  };
  return { session, user, grant: { id: token.id, name: token.name, scopes: token.scopes } };
};
