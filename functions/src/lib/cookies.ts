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
