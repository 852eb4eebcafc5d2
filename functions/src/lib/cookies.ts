import { stringifySetCookie } from 'cookie';
import { SESSION_ABSOLUTE_SECONDS } from '#services/auth/sessions';

/**
 * One of the app's cookies: always HttpOnly, Secure except on plain-http loopback, sent only
 * below `path`, kept `maxAgeSeconds`; set with a value, or cleared.
 */
const appCookie = (name: string, path: string, sameSite: 'lax' | 'strict', maxAgeSeconds: number) => {
  const header = (value: string, secure: boolean, maxAge: number): string =>
    stringifySetCookie(name, value, { httpOnly: true, sameSite, secure, path, maxAge });
  return {
    set: (value: string, secure: boolean): string => header(value, secure, maxAgeSeconds),
    clear: (secure: boolean): string => header('', secure, 0),
  };
};

export const SESSION_COOKIE = 'ch_session';
/** Binds CSRF tokens before login; replaced at every login, and not accepted while signed in. */
export const PRESESSION_COOKIE = 'ch_presession';

const session = appCookie(SESSION_COOKIE, '/', 'lax', SESSION_ABSOLUTE_SECONDS);
export const sessionCookie = session.set;
export const clearedSessionCookie = session.clear;
export const presessionCookie = appCookie(PRESESSION_COOKIE, '/', 'lax', 365 * 24 * 60 * 60).set;

/**
 * Binds a single sign-on attempt to the browser that started it, only as long as a sign-in at the
 * provider may take, and only sent to the single sign-on routes.
 */
export const SSO_ATTEMPT_COOKIE = 'ch_sso';
export const SSO_ATTEMPT_SECONDS = 10 * 60;

const ssoAttempt = appCookie(SSO_ATTEMPT_COOKIE, '/api/sso', 'lax', SSO_ATTEMPT_SECONDS);
export const ssoAttemptCookie = ssoAttempt.set;
export const clearedSsoAttemptCookie = ssoAttempt.clear;

/**
 * A password sign-in waiting for its second factor: the pending sign-in's token, sent only to the
 * login routes and only for as long as the second step may take.
 */
export const PENDING_SIGN_IN_COOKIE = 'ch_signin';
export const PENDING_SIGN_IN_SECONDS = 5 * 60;

const pendingSignIn = appCookie(PENDING_SIGN_IN_COOKIE, '/api/login', 'strict', PENDING_SIGN_IN_SECONDS);
export const pendingSignInCookie = pendingSignIn.set;
export const clearedPendingSignInCookie = pendingSignIn.clear;
