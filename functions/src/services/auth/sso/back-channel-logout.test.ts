import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Invalid } from '#lib/errors';
import { checkLogoutToken } from './back-channel-logout';
import type { SsoSettings } from './settings';

const ISSUER = 'https://login.example.com';
const JWKS_URI = `${ISSUER}/jwks`;

vi.mock('./provider', () => ({
  discoverProvider: async () => ({ serverMetadata: () => ({ issuer: ISSUER, jwks_uri: JWKS_URI }) }),
}));

const settings = { issuer: new URL(ISSUER), clientId: 'hub' } as SsoSettings;
const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const published = [
  { ...rsa.publicKey.export({ format: 'jwk' }), kid: 'rsa', use: 'sig' },
  { ...ec.publicKey.export({ format: 'jwk' }), kid: 'ec', use: 'sig' },
];

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (
  claims: Record<string, unknown>,
  header: Record<string, unknown> = { alg: 'RS256', kid: 'rsa' },
  key: KeyObject = rsa.privateKey,
) => {
  const input = `${encode(header)}.${encode(claims)}`;
  const options = header.alg === 'ES256' ? { key, dsaEncoding: 'ieee-p1363' as const } : key;
  return `${input}.${sign('sha256', Buffer.from(input), options).toString('base64url')}`;
};
const now = Math.floor(Date.now() / 1000);
const logout = (extra: Record<string, unknown> = {}) => ({
  iss: ISSUER,
  aud: 'hub',
  iat: now,
  jti: 'j1',
  sid: 's1',
  events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
  ...extra,
});

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ keys: published }), { headers: { 'content-type': 'application/json' } }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('checkLogoutToken', () => {
  it('accepts a token the provider signed for this client, by RS256 or ES256, naming a session or a subject', async () => {
    expect(await checkLogoutToken(settings, token(logout()))).toEqual({
      issuer: ISSUER,
      subject: undefined,
      sid: 's1',
    });
    expect(await checkLogoutToken(settings, token(logout({ sid: undefined, sub: 'u1', aud: ['x', 'hub'] })))).toEqual({
      issuer: ISSUER,
      subject: 'u1',
      sid: undefined,
    });
    expect((await checkLogoutToken(settings, token(logout(), { alg: 'ES256', kid: 'ec' }, ec.privateKey))).sid).toBe(
      's1',
    );
  });

  it.each([
    ['another issuer', token(logout({ iss: 'https://evil.example' }))],
    ['another audience', token(logout({ aud: 'someone-else' }))],
    ['an old token', token(logout({ iat: now - 3600 }))],
    ['an expired token', token(logout({ exp: now - 1 }))],
    ['no logout event', token(logout({ events: {} }))],
    ['a nonce (an ID token)', token(logout({ nonce: 'n' }))],
    ['neither subject nor session', token(logout({ sid: undefined }))],
    ['an unsigned token', `${encode({ alg: 'none' })}.${encode(logout())}.`],
    ['a symmetric algorithm', token(logout(), { alg: 'HS256', kid: 'rsa' })],
    [
      'a key the provider does not publish',
      token(logout(), { alg: 'RS256', kid: 'rsa' }, generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey),
    ],
    ['an unknown key id', token(logout(), { alg: 'RS256', kid: 'gone' })],
    [
      'a changed claim',
      (() => {
        const [h, , s] = token(logout()).split('.');
        return `${h}.${encode(logout({ sid: 's2' }))}.${s}`;
      })(),
    ],
    ['garbage', 'not.a.token'],
  ])('refuses %s', async (_, value) => {
    await expect(checkLogoutToken(settings, value)).rejects.toBeInstanceOf(Invalid);
  });
});
