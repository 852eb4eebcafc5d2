import * as oidc from 'openid-client';
import { REAUTHENTICATED_PARAM, SSO_ERROR_PARAM, type SignInOptions, type SsoErrorCode } from '#shared/schemas/sso';
import { config } from '#lib/config';
import {
  clearedSsoAttemptCookie,
  sessionCookie,
  ssoAttemptCookie,
  SSO_ATTEMPT_COOKIE,
  SSO_ATTEMPT_SECONDS,
} from '#lib/cookies';
import { DomainError, isServiceUnavailable, TooManyRequests } from '#lib/errors';
import { logger } from '#lib/logger';
import { consumeSignInAttempt, getIdentityLink, putSignInAttempt, recordProviderSession } from '#repositories/sso';
import { markSessionReauthenticated, type Session } from '#repositories/sessions';
import { epochSeconds } from '#repositories/table';
import { REAUTHENTICATION_SECONDS, startSession } from '../sessions';
import { takeSignInStartAttempt } from '../throttle';
import { randomToken, sha256 } from '../tokens';
import { SsoRefusal, userForPerson } from './accounts';
import { discoverProvider, withClientSecret } from './provider';
import { appReturnPath } from './return-path';
import { isAllowed, personFromClaims } from './rules';
import { LOGIN_PAGE_PATH, ssoSettings, type SsoSettings } from './settings';

/** Where a browser goes next, with the cookies to set on the way. */
export interface Redirect {
  readonly location: string;
  readonly cookies: string[];
}

export interface BrowserRequest {
  readonly sourceIp: string;
  readonly userAgent?: string | undefined;
  readonly secure: boolean;
  readonly cookies: Record<string, string | undefined>;
}

/** A signed-in person who asks to prove themselves to the provider again: their session and its user. */
export interface Reauthentication {
  readonly sessionTokenHash: string;
  readonly userId: string;
}

const loginPageWith = (code: SsoErrorCode): string => `${LOGIN_PAGE_PATH}?${SSO_ERROR_PARAM}=${code}`;

/** What the login page offers: the single sign-on button (when configured) and who may use a password. */
export const signInOptions = (): SignInOptions => {
  const settings = ssoSettings();
  return {
    sso: settings ? { label: settings.label, startUrl: '/api/sso/start' } : null,
    passwordLogin: config().PASSWORD_LOGIN,
  };
};

const requireSettings = (): SsoSettings => {
  const settings = ssoSettings();
  if (!settings) throw new SsoRefusal('not_configured');
  return settings;
};

/** Turns anything that stopped a sign-in into the code the login page explains; logs what is not the person's doing. */
const refusalCode = (error: unknown, stage: string): SsoErrorCode => {
  if (error instanceof SsoRefusal) {
    logger.info('single sign-on refused', { stage, code: error.code });
    return error.code;
  }
  if (error instanceof TooManyRequests) return 'throttled';
  if (isServiceUnavailable(error)) {
    logger.error('single sign-on: a service is unavailable', { stage, error: error as Error });
    return 'unavailable';
  }
  if (error instanceof DomainError) return 'failed';
  logger.error('single sign-on failed', { stage, error: error as Error });
  return 'failed';
};

/**
 * Sends the browser to the provider: a fresh `state` (stored hashed, used once, bound to this
 * browser by a cookie), a `nonce` for the ID token and a PKCE verifier, kept for 10 minutes.
 * Each start writes an item, so a client may start only so many a minute. With `reauthentication`
 * the provider is asked to sign the person in afresh (`prompt=login`, `max_age`), whatever
 * session it still holds for them.
 */
export const startSignIn = async (
  returnTo: string | undefined,
  request: BrowserRequest,
  reauthentication?: Reauthentication,
): Promise<Redirect> => {
  try {
    const settings = requireSettings();
    const landing = appReturnPath(returnTo);
    if (!landing) throw new SsoRefusal('return_invalid');
    await takeSignInStartAttempt(request.sourceIp);
    const configuration = await discoverProvider(settings).catch((error: unknown) => {
      logger.error('single sign-on: provider discovery failed', { error: error as Error });
      throw new SsoRefusal('provider_unavailable');
    });
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const browser = randomToken();
    const now = new Date();
    await putSignInAttempt({
      stateHash: sha256(state),
      browserHash: sha256(browser),
      nonce,
      codeVerifier,
      returnTo: landing,
      createdAt: now.toISOString(),
      expiresAt: epochSeconds(now) + SSO_ATTEMPT_SECONDS,
      ...(reauthentication && { reauthentication }),
    });
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: settings.redirectUri,
      scope: settings.scopes,
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      ...(reauthentication && { prompt: 'login', max_age: String(REAUTHENTICATION_SECONDS) }),
    });
    return { location: url.href, cookies: [ssoAttemptCookie(browser, request.secure)] };
  } catch (error) {
    return { location: loginPageWith(refusalCode(error, 'start')), cookies: [] };
  }
};

/** Errors of the token exchange that mean the provider could not be reached, not that it said no. */
const isUnreachable = (error: unknown): boolean =>
  error instanceof Error &&
  (error.name === 'TimeoutError' ||
    error.name === 'AbortError' ||
    (error.cause instanceof Error &&
      /ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|fetch failed/.test(String(error.cause))) ||
    /fetch failed/.test(error.message));

const exchangeCode = async (
  settings: SsoSettings,
  query: Record<string, string>,
  checks: { state: string; nonce: string; codeVerifier: string; maxAge?: number },
): Promise<oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers> => {
  const configuration = await withClientSecret(settings).catch((error: unknown) => {
    if (isServiceUnavailable(error)) throw error;
    logger.error('single sign-on: provider discovery or client secret failed', { error: error as Error });
    throw new SsoRefusal('provider_unavailable');
  });
  const callbackUrl = new URL(settings.redirectUri);
  callbackUrl.search = new URLSearchParams(query).toString();
  try {
    // Checks the response's state and issuer, redeems the code with the PKCE verifier, and checks
    // the ID token: signature, issuer, audience (and authorized party), expiry, issue time, nonce.
    return await oidc.authorizationCodeGrant(configuration, callbackUrl, {
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      pkceCodeVerifier: checks.codeVerifier,
      idTokenExpected: true,
      // A fresh sign-in must say when it happened (`auth_time`), and that was moments ago.
      ...(checks.maxAge !== undefined && { maxAge: checks.maxAge }),
    });
  } catch (error) {
    if (isUnreachable(error)) {
      logger.error('single sign-on: the token endpoint did not answer', { error: error as Error });
      throw new SsoRefusal('provider_unavailable');
    }
    logger.warn('single sign-on: the authorization response or ID token was refused', {
      error: error as Error,
      code: (error as { code?: string }).code,
    });
    throw new SsoRefusal(error instanceof oidc.AuthorizationResponseError ? 'provider_error' : 'token_invalid');
  }
};

/**
 * A fresh sign-in at the provider by a signed-in person: the provider must have signed in the very
 * person the session belongs to, moments ago; the session is then marked, for a few minutes, as
 * one that may do what needs such proof. No new session starts and no role changes.
 */
const finishReauthentication = async (
  settings: SsoSettings,
  tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers,
  reauthentication: Reauthentication,
): Promise<void> => {
  const claims = tokens.claims();
  if (!claims) throw new SsoRefusal('token_invalid');
  const person = personFromClaims(claims as Record<string, unknown>, settings);
  // Someone the provider no longer lets in proves nothing to the hub.
  if (!isAllowed(person, settings)) throw new SsoRefusal('not_allowed');
  const link = await getIdentityLink(person.issuer, person.subject);
  if (link?.userId !== reauthentication.userId) throw new SsoRefusal('reauthentication_other_person');
  const marked = await markSessionReauthenticated(
    reauthentication.sessionTokenHash,
    reauthentication.userId,
    new Date().toISOString(),
  );
  if (!marked) throw new SsoRefusal('state_invalid');
};

const withParam = (path: string, name: string, value = '1'): string => {
  const url = new URL(path, 'https://component-hub.invalid');
  url.searchParams.set(name, value);
  return `${url.pathname}${url.search}${url.hash}`;
};

/**
 * The provider's answer: checked against the attempt this browser started, the code redeemed and
 * the ID token checked, then the person mapped to one user and signed in with the same session
 * cookie as a password login. Every failure lands on the login page with a code saying why.
 * A callback that matches no attempt of this browser is refused before anything else: it counts
 * against nobody (anyone can send one, so counting it would let strangers lock a whole office
 * out), and each attempt can be answered once, so guessing through the callback gets one try per
 * start, and starts are limited per client.
 */
export const finishSignIn = async (query: Record<string, string>, request: BrowserRequest): Promise<Redirect> => {
  const clearAttempt = clearedSsoAttemptCookie(request.secure);
  // A signed-in person confirming at the provider goes back to the page they came from, whatever happens.
  let failurePage = loginPageWith;
  try {
    const settings = requireSettings();
    const state = query.state;
    // Used once, whatever happens next: a replayed or second callback finds nothing.
    const attempt = state ? await consumeSignInAttempt(sha256(state)) : undefined;
    const browser = request.cookies[SSO_ATTEMPT_COOKIE];
    // Missing, unknown, used, expired, or started in another browser (a forged callback).
    const fromThisBrowser = attempt !== undefined && browser !== undefined && sha256(browser) === attempt.browserHash;
    const reauthentication = fromThisBrowser ? attempt.reauthentication : undefined;
    if (reauthentication) failurePage = (code) => withParam(attempt!.returnTo, SSO_ERROR_PARAM, code);
    if (query.error) {
      throw new SsoRefusal(query.error === 'access_denied' ? 'cancelled' : 'provider_error');
    }
    if (!state || !fromThisBrowser) throw new SsoRefusal('state_invalid');
    const tokens = await exchangeCode(settings, query, {
      state,
      nonce: attempt.nonce,
      codeVerifier: attempt.codeVerifier,
      ...(reauthentication && { maxAge: REAUTHENTICATION_SECONDS }),
    });
    if (reauthentication) {
      await finishReauthentication(settings, tokens, reauthentication);
      logger.info('single sign-on: signed in at the provider again', { userId: reauthentication.userId });
      return { location: withParam(attempt.returnTo, REAUTHENTICATED_PARAM), cookies: [clearAttempt] };
    }
    const claims = tokens.claims();
    if (!claims) throw new SsoRefusal('token_invalid');
    const person = personFromClaims(claims as Record<string, unknown>, settings);
    const user = await userForPerson(person, settings);
    const { token, session } = await startSession(user, {
      clientIp: request.sourceIp,
      userAgent: request.userAgent,
      throughProvider: true,
    });
    // The provider's session, so its back-channel logout can end this one.
    if (typeof claims.sid === 'string' && claims.sid !== '') {
      await recordProviderSession({
        issuer: person.issuer,
        sid: claims.sid,
        sessionTokenHash: session.tokenHash,
        userId: user.id,
        expiresAt: session.absoluteExpiresAt,
      });
    }
    logger.info('single sign-on', { userId: user.id, role: user.role });
    return { location: attempt.returnTo, cookies: [sessionCookie(token, request.secure), clearAttempt] };
  } catch (error) {
    return { location: failurePage(refusalCode(error, 'callback')), cookies: [clearAttempt] };
  }
};

/**
 * At logout: the provider's end-session address for a session begun through single sign-on, when
 * the provider has one; undefined otherwise. It names the hub by `client_id` and carries no ID
 * token (the hub keeps none), so nothing that signs in travels in the address. Never fails the logout.
 */
export const providerSignOutUrl = async (session: Session | undefined): Promise<string | undefined> => {
  if (session?.providerCheckAt === undefined) return undefined;
  try {
    const settings = ssoSettings();
    if (!settings) return undefined;
    const configuration = await discoverProvider(settings);
    if (!configuration.serverMetadata().end_session_endpoint) return undefined;
    return oidc.buildEndSessionUrl(configuration, {
      client_id: settings.clientId,
      post_logout_redirect_uri: settings.postLogoutRedirectUri,
    }).href;
  } catch (error) {
    logger.warn('single sign-on: no provider logout offered', { error: error as Error });
    return undefined;
  }
};
