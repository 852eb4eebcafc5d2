import { describe, expect, it } from 'vitest';
import { appReturnPath, DEFAULT_RETURN_PATH } from './return-path';
import { isAllowed, personFromClaims, roleFromGroups } from './rules';
import type { SsoSettings } from './settings';

const settings = (overrides: Partial<SsoSettings> = {}): SsoSettings => ({
  issuer: new URL('https://login.example.com'),
  clientId: 'hub',
  scopes: 'openid email profile',
  groupsClaim: 'groups',
  adminGroups: new Set(['hub-admins']),
  librarianGroups: new Set(['hub-librarians']),
  allowedDomains: new Set(['example.com']),
  allowedGroups: new Set(['hub-users']),
  label: 'Example',
  redirectUri: 'https://hub.example.com/api/sso/callback',
  postLogoutRedirectUri: 'https://hub.example.com/app/auth',
  insecureLoopback: false,
  ...overrides,
});

const claims = (extra: Record<string, unknown> = {}) => ({
  iss: 'https://login.example.com',
  sub: 'abc',
  email: 'Ada@Example.com',
  email_verified: true,
  name: ' Ada Lovelace ',
  groups: ['hub-users', 42],
  ...extra,
});

describe('personFromClaims', () => {
  it('reads subject, lower-cased email, verification, name and the configured groups claim', () => {
    expect(personFromClaims(claims(), settings())).toEqual({
      issuer: 'https://login.example.com',
      subject: 'abc',
      email: 'ada@example.com',
      emailVerified: true,
      name: 'Ada Lovelace',
      groups: ['hub-users'],
    });
    const roles = personFromClaims(claims({ roles: 'hub-admins' }), settings({ groupsClaim: 'roles' }));
    expect(roles.groups).toEqual(['hub-admins']);
  });

  it("takes Entra ID's verified-domain claim as a verified email, and nothing else", () => {
    expect(personFromClaims(claims({ email_verified: undefined, xms_edov: true }), settings()).emailVerified).toBe(
      true,
    );
    expect(personFromClaims(claims({ email_verified: 'true' }), settings()).emailVerified).toBe(false);
    expect(personFromClaims(claims({ email: '' }), settings()).email).toBeUndefined();
  });
});

describe('the email claim', () => {
  it.each([
    ['the Kelvin sign', 'ada@\u212Aorp.example'],
    ['a dotted capital I', '\u0130nes@example.com'],
  ])('never folds %s onto an ASCII address, so it neither links, creates nor counts for a domain', (_, email) => {
    const person = personFromClaims(claims({ email, groups: [] }), settings());
    expect(person.email).toBeUndefined();
    expect(isAllowed(person, settings())).toBe(false);
  });
});

describe('isAllowed and roleFromGroups', () => {
  const person = (extra: Record<string, unknown>) => personFromClaims(claims(extra), settings());

  it('allows a verified address of an allowed domain, or a member of an allowed or admin group', () => {
    expect(isAllowed(person({ groups: [] }), settings())).toBe(true);
    expect(isAllowed(person({ groups: [], email_verified: false }), settings())).toBe(false);
    expect(isAllowed(person({ email: 'x@other.org', groups: ['hub-users'] }), settings())).toBe(true);
    expect(isAllowed(person({ email: 'x@other.org', groups: ['hub-admins'] }), settings())).toBe(true);
    expect(isAllowed(person({ email: 'x@other.org', groups: ['hub-librarians'] }), settings())).toBe(true);
    expect(isAllowed(person({ email: 'x@other.org', groups: ['partners'] }), settings())).toBe(false);
    expect(isAllowed(person({ email: 'x@sub.example.com', groups: [] }), settings())).toBe(false);
  });

  it('gives admin to members of an administrators group, user otherwise, and leaves roles alone without such groups', () => {
    expect(roleFromGroups(person({ groups: ['hub-admins'] }), settings())).toBe('admin');
    expect(roleFromGroups(person({ groups: ['hub-users'] }), settings())).toBe('user');
    expect(
      roleFromGroups(
        person({ groups: ['hub-admins'] }),
        settings({ adminGroups: new Set(), librarianGroups: new Set() }),
      ),
    ).toBeUndefined();
  });

  it('gives librarian to members of a librarians group, admin when they are in an administrators group too', () => {
    expect(roleFromGroups(person({ groups: ['hub-librarians'] }), settings())).toBe('librarian');
    expect(roleFromGroups(person({ groups: ['hub-librarians', 'hub-admins'] }), settings())).toBe('admin');
    // A librarians group alone is enough for the provider to manage roles.
    expect(roleFromGroups(person({ groups: ['hub-users'] }), settings({ adminGroups: new Set() }))).toBe('user');
    expect(roleFromGroups(person({ groups: ['hub-librarians'] }), settings({ adminGroups: new Set() }))).toBe(
      'librarian',
    );
  });
});

describe('appReturnPath', () => {
  it.each([
    [undefined, DEFAULT_RETURN_PATH],
    ['', DEFAULT_RETURN_PATH],
    ['/app', '/app'],
    ['/app/component-hub/components/42?tab=files#top', '/app/component-hub/components/42?tab=files#top'],
    ['/app/./component-hub', '/app/component-hub'],
    // Encoded line breaks stay encoded: a Location header cannot be split with them.
    ['/app/%0d%0aSet-Cookie:x', '/app/%0d%0aSet-Cookie:x'],
  ])('keeps the app path %s as %s', (input, expected) => {
    expect(appReturnPath(input)).toBe(expected);
  });

  it.each([
    'https://evil.example/app',
    '//evil.example/app',
    '/\\evil.example/app',
    '/app\\..\\..\\evil',
    'javascript:alert(1)',
    '/api/users',
    '/application',
    '/app/../api',
    '/app\nx',
  ])('refuses %s', (input) => {
    expect(appReturnPath(input)).toBeUndefined();
  });
});
