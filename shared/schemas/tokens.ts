import * as z from 'zod';
import { messages } from '../messages';
import type { RouteDefinition } from '../routes';
import { safeText } from './text';

/*
 * Access tokens for scripts and add-ins: `Authorization: Bearer <token>` instead of a browser
 * session, without cookies or CSRF. A token acts as its user, within its scopes:
 *   read    every read the user may make;
 *   propose as read, plus filing change requests (new parts, edits, links, uploads, comments);
 *   admin   as propose, plus the reviewing and administration routes its holder's role reaches
 *           (a librarian's or an administrator's token only).
 * No token signs in, manages sessions, second factors or tokens: those need the person.
 */

export const tokenScopes = ['read', 'propose', 'admin'] as const;
export type TokenScope = (typeof tokenScopes)[number];
export const tokenKinds = ['personal', 'service'] as const;
export type TokenKind = (typeof tokenKinds)[number];

/** What a token is shown as: `chub_` then its id and secret, so a leaked one is recognisable. */
export const TOKEN_PREFIX = 'chub_';
export const TOKEN_NAME_MAX_LENGTH = 80;
/** The longest a token may live: a year, so a forgotten one ends by itself. */
export const TOKEN_MAX_DAYS = 366;
/** Tokens one person may hold at a time (revoked and expired ones not counted). */
export const TOKENS_PER_USER_MAX = 20;

/** The areas (the handler folders) no token may call: signing in and what only the person may change. */
const personOnlyAreas = new Set(['auth', 'sso', 'second-factor', 'tokens']);

/**
 * Whether a token with these scopes may call a route: reads with any scope, writes with
 * `propose` or `admin`, administration with `admin`; never the person-only areas.
 */
export const tokenMayCall = (
  route: Pick<RouteDefinition, 'method' | 'access' | 'handler'>,
  scopes: readonly TokenScope[],
) => {
  if (personOnlyAreas.has(route.handler.split('/')[0]!)) return false;
  if (route.access === 'admin' || route.access === 'librarian') return scopes.includes('admin');
  if (route.method === 'GET') return scopes.length > 0;
  return scopes.includes('propose') || scopes.includes('admin');
};

export const createTokenSchema = z.object({
  name: safeText('Name', { error: messages.tokenNameRequired })
    .trim()
    .min(1, messages.tokenNameRequired)
    .max(TOKEN_NAME_MAX_LENGTH, messages.textTooLong('Name', TOKEN_NAME_MAX_LENGTH)),
  scopes: z
    .array(z.enum(tokenScopes, { error: messages.tokenScopesInvalid }), { error: messages.tokenScopesInvalid })
    .min(1, messages.tokenScopesInvalid)
    .transform((scopes) => [...new Set(scopes)]),
  expiresAt: z.iso.date({ error: messages.tokenExpiryInvalid(TOKEN_MAX_DAYS) }),
  kind: z.enum(tokenKinds, { error: messages.tokenKindInvalid }).default('personal'),
});
export type CreateTokenInput = z.output<typeof createTokenSchema>;

export const tokenIdPathSchema = z.object({
  id: z
    .string()
    .regex(/^[0-9A-HJKMNP-TV-Z]{26}$/i, messages.tokenNotFound)
    .transform((id) => id.toUpperCase()),
});

/** `PATCH /api/admin/tokens/{id}`: an administrator disables (or enables again) anyone's token. */
export const disableTokenSchema = z.object({ disabled: z.boolean({ error: messages.invalidRequest }) });

/** A token as its lists show it; the secret is never answered again after its creation. */
export interface AccessToken {
  id: string;
  name: string;
  kind: TokenKind;
  scopes: TokenScope[];
  userId: string;
  username: string;
  createdAt: string;
  /** The end of the day it expires on (UTC). */
  expiresAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  disabledAt: string | null;
  disabledBy: string | null;
}

/** `POST /api/tokens`: the new token, and its secret, shown this once. */
export type CreatedToken = AccessToken & { token: string };
