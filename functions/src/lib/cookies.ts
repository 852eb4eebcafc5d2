import { stringifySetCookie } from 'cookie';
import { SESSION_ABSOLUTE_SECONDS } from '#services/auth/sessions';

/** One of the app's cookies: always HttpOnly, Secure except on plain-http loopback, sent only below `path`. */
interface AppCookie {
  name: string;
  path: string;
  sameSite: 'lax' | 'strict';
  maxAgeSeconds: number;
}

const setCookie = (cookie: AppCookie, value: string, secure: boolean, maxAge = cookie.maxAgeSeconds): string =>
  stringifySetCookie(cookie.name, value, {
    httpOnly: true,
    sameSite: cookie.sameSite,
    secure,
    path: cookie.path,
    maxAge,
  });

const clearCookie = (cookie: AppCookie, secure: boolean): string => setCookie(cookie, '', secure, 0);

export const SESSION_COOKIE = 'ch_session';
/** Binds CSRF tokens before login; replaced at every login, and not accepted while signed in. */
export const PRESESSION_COOKIE = 'ch_presession';

const session: AppCookie = {
  name: SESSION_COOKIE,
  path: '/',
  sameSite: 'lax',
  maxAgeSeconds: SESSION_ABSOLUTE_SECONDS,
};
const presession: AppCookie = {
  name: PRESESSION_COOKIE,
  path: '/',
  sameSite: 'lax',
  maxAgeSeconds: 365 * 24 * 60 * 60,
};

export const sessionCookie = (token: string, secure: boolean): string => setCookie(session, token, secure);

export const clearedSessionCookie = (secure: boolean): string => clearCookie(session, secure);

export const presessionCookie = (id: string, secure: boolean): string => setCookie(presession, id, secure);

/**
 * Binds a single sign-on attempt to the browser that started it, only as long as a sign-in at the
 * provider may take, and only sent to the single sign-on routes.
 */
export const SSO_ATTEMPT_COOKIE = 'ch_sso';
export const SSO_ATTEMPT_SECONDS = 10 * 60;

const ssoAttempt: AppCookie = {
  name: SSO_ATTEMPT_COOKIE,
  path: '/api/sso',
  sameSite: 'lax',
  maxAgeSeconds: SSO_ATTEMPT_SECONDS,
};

export const ssoAttemptCookie = (value: string, secure: boolean): string => setCookie(ssoAttempt, value, secure);

export const clearedSsoAttemptCookie = (secure: boolean): string => clearCookie(ssoAttempt, secure);

/**
 * A password sign-in waiting for its second factor: the pending sign-in's token, sent only to the
 * login routes and only for as long as the second step may take.
 */
export const PENDING_SIGN_IN_COOKIE = 'ch_signin';
export const PENDING_SIGN_IN_SECONDS = 5 * 60;

const pendingSignIn: AppCookie = {
  name: PENDING_SIGN_IN_COOKIE,
  path: '/api/login',
  sameSite: 'strict',
  maxAgeSeconds: PENDING_SIGN_IN_SECONDS,
};

export const pendingSignInCookie = (token: string, secure: boolean): string => setCookie(pendingSignIn, token, secure);

export const clearedPendingSignInCookie = (secure: boolean): string => clearCookie(pendingSignIn, secure);
