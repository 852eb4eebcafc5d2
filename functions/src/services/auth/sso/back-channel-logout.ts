import { constants, createPublicKey, verify, type JsonWebKey, type KeyObject } from 'node:crypto';
import { Invalid } from '#lib/errors';
import { logger } from '#lib/logger';
import { deleteSession } from '#repositories/sessions';
import { getIdentityLink, takeProviderSessions } from '#repositories/sso';
import { endEverySession } from '#repositories/users';
import { discoverProvider } from './provider';
import { ssoSettings, type SsoSettings } from './settings';

/*
 * OpenID Connect back-channel logout: the provider posts a signed logout token when a person's
 * session there ends, and the hub ends the sessions that session began (by `sid`), or every
 * session of the person when the token names only the subject. The token is checked as the
 * specification asks: signature against the provider's published keys, issuer, audience, issue
 * time, the logout event, a subject or a session, and no nonce.
 */

const LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
/** A logout token is acted on only this soon after it was issued (seconds, either way). */
const ISSUED_WITHIN_SECONDS = 5 * 60;
const KEYS_MAX_AGE_MS = 10 * 60 * 1000;
const PROVIDER_TIMEOUT_MS = 5000;

type Algorithm = 'RS256' | 'PS256' | 'ES256';
const verifiers: Record<Algorithm, (data: Buffer, key: KeyObject, signature: Buffer) => boolean> = {
  RS256: (data, key, signature) => verify('sha256', data, key, signature),
  PS256: (data, key, signature) =>
    verify('sha256', data, { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 }, signature),
  ES256: (data, key, signature) => verify('sha256', data, { key, dsaEncoding: 'ieee-p1363' }, signature),
};
const isAlgorithm = (value: unknown): value is Algorithm => typeof value === 'string' && value in verifiers;

let keys: { uri: string; fetchedAt: number; byKid: Map<string, JsonWebKey & { kid?: string }> } | undefined;

/** The provider's published signing keys, cached for a while; fetched again when a token names an unknown key. */
const publishedKey = async (uri: string, kid: string | undefined, refresh: boolean) => {
  if (!keys || keys.uri !== uri || refresh || Date.now() - keys.fetchedAt > KEYS_MAX_AGE_MS) {
    const response = await fetch(uri, { signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`the provider's keys answered ${response.status}`);
    const set = (await response.json()) as { keys?: (JsonWebKey & { kid?: string; use?: string })[] };
    const signing = (set.keys ?? []).filter((key) => key.use === undefined || key.use === 'sig');
    keys = { uri, fetchedAt: Date.now(), byKid: new Map(signing.map((key, index) => [key.kid ?? `#${index}`, key])) };
  }
  if (kid !== undefined) return keys.byKid.get(kid);
  return keys.byKid.size === 1 ? [...keys.byKid.values()][0] : undefined;
};

const decodePart = (part: string | undefined): Record<string, unknown> => {
  const value: unknown = JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8'));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not a JSON object');
  return value as Record<string, unknown>;
};

export interface LogoutClaims {
  /** As the provider's ID tokens name it: the key of its links and sessions. */
  readonly issuer: string;
  readonly subject: string | undefined;
  readonly sid: string | undefined;
}

/** The checked claims of a logout token; Invalid (400) for anything the specification refuses. */
export const checkLogoutToken = async (
  settings: SsoSettings,
  token: string,
  now = new Date(),
): Promise<LogoutClaims> => {
  const refuse = (reason: string): Invalid => {
    logger.warn('back-channel logout refused', { reason });
    return new Invalid('The logout token is not valid');
  };
  const parts = token.split('.');
  if (parts.length !== 3) throw refuse('not a signed JWT');
  let header: Record<string, unknown>;
  let claims: Record<string, unknown>;
  try {
    header = decodePart(parts[0]);
    claims = decodePart(parts[1]);
  } catch {
    throw refuse('unreadable');
  }
  if (!isAlgorithm(header.alg)) throw refuse(`algorithm ${String(header.alg)}`);
  const metadata = (await discoverProvider(settings)).serverMetadata();
  if (!metadata.jwks_uri) throw refuse('the provider publishes no keys');
  const kid = typeof header.kid === 'string' ? header.kid : undefined;
  const data = Buffer.from(`${parts[0]}.${parts[1]}`);
  const signature = Buffer.from(parts[2]!, 'base64url');
  let jwk = await publishedKey(metadata.jwks_uri, kid, false);
  if (!jwk) jwk = await publishedKey(metadata.jwks_uri, kid, true);
  if (!jwk) throw refuse('signed with a key the provider does not publish');
  let signed = false;
  try {
    signed = verifiers[header.alg](data, createPublicKey({ key: jwk, format: 'jwk' }), signature);
  } catch {
    signed = false;
  }
  if (!signed) throw refuse('bad signature');

  const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const events = claims.events as Record<string, unknown> | undefined;
  if (claims.iss !== metadata.issuer) throw refuse('another issuer');
  if (!audience.includes(settings.clientId)) throw refuse('another audience');
  if (typeof claims.iat !== 'number' || Math.abs(nowSeconds - claims.iat) > ISSUED_WITHIN_SECONDS) throw refuse('iat');
  if (typeof claims.exp === 'number' && claims.exp <= nowSeconds) throw refuse('expired');
  if (typeof events !== 'object' || events === null || typeof events[LOGOUT_EVENT] !== 'object') {
    throw refuse('not a logout event');
  }
  if ('nonce' in claims) throw refuse('carries a nonce (an ID token?)');
  const subject = typeof claims.sub === 'string' && claims.sub !== '' ? claims.sub : undefined;
  const sid = typeof claims.sid === 'string' && claims.sid !== '' ? claims.sid : undefined;
  if (!subject && !sid) throw refuse('names neither a subject nor a session');
  return { issuer: metadata.issuer, subject, sid };
};

/**
 * The provider ended a person's session there: the hub sessions it began end too (every session
 * of the person when the token names no session).
 */
export const endProviderSessions = async (logoutToken: string): Promise<void> => {
  const settings = ssoSettings();
  if (!settings) throw new Invalid('Single sign-on is not set up');
  const { issuer, subject, sid } = await checkLogoutToken(settings, logoutToken);
  if (sid) {
    const sessions = await takeProviderSessions(issuer, sid);
    await Promise.all(sessions.map((session) => deleteSession(session.sessionTokenHash)));
    logger.info('back-channel logout', { sessions: sessions.length });
    return;
  }
  const link = subject ? await getIdentityLink(issuer, subject) : undefined;
  if (link) await endEverySession(link.userId);
  logger.info('back-channel logout of every session', { userId: link?.userId });
};
