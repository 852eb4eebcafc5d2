import { stringifySetCookie } from 'cookie';
import { SESSION_ABSOLUTE_SECONDS } from '#services/auth/sessions';

export const SESSION_COOKIE = 'ch_session';
/** Binds CSRF tokens before login; replaced at every login, and not accepted while signed in. */
export const PRESESSION_COOKIE = 'ch_presession';

const attributes = (secure: boolean, maxAge: number) =>
  ({ httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge }) as const;

export const sessionCookie = (token: string, secure: boolean): string =>
  stringifySetCookie(SESSION_COOKIE, token, attributes(secure, SESSION_ABSOLUTE_SECONDS));

export const clearedSessionCookie = (secure: boolean): string =>
  stringifySetCookie(SESSION_COOKIE, '', attributes(secure, 0));

export const presessionCookie = (id: string, secure: boolean): string =>
  stringifySetCookie(PRESESSION_COOKIE, id, attributes(secure, 365 * 24 * 60 * 60));

/**
 * Binds a single sign-on attempt to the browser that started it, only as long as a sign-in at the
 * provider may take, and only sent to the single sign-on routes.
 */
export const SSO_ATTEMPT_COOKIE = 'ch_sso';
export const SSO_ATTEMPT_SECONDS = 10 * 60;

const ssoAttributes = (secure: boolean, maxAge: number) =>
  ({ httpOnly: true, sameSite: 'lax', secure, path: '/api/sso', maxAge }) as const;

export const ssoAttemptCookie = (value: string, secure: boolean): string =>
  stringifySetCookie(SSO_ATTEMPT_COOKIE, value, ssoAttributes(secure, SSO_ATTEMPT_SECONDS));

export const clearedSsoAttemptCookie = (secure: boolean): string =>
  stringifySetCookie(SSO_ATTEMPT_COOKIE, '', ssoAttributes(secure, 0));

/**
 * A password sign-in waiting for its second factor: the pending sign-in's token, sent only to the
 * login routes and only for as long as the second step may take.
 */
export const PENDING_SIGN_IN_COOKIE = 'ch_signin';
export const PENDING_SIGN_IN_SECONDS = 5 * 60;

const pendingSignInAttributes = (secure: boolean, maxAge: number) =>
  ({ httpOnly: true, sameSite: 'strict', secure, path: '/api/login', maxAge }) as const;

export const pendingSignInCookie = (token: string, secure: boolean): string =>
  stringifySetCookie(PENDING_SIGN_IN_COOKIE, token, pendingSignInAttributes(secure, PENDING_SIGN_IN_SECONDS));

export const clearedPendingSignInCookie = (secure: boolean): string =>
  stringifySetCookie(PENDING_SIGN_IN_COOKIE, '', pendingSignInAttributes(secure, 0));
