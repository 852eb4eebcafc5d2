import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { SESSION_COOKIE } from '#lib/cookies';
import type { SignInOptions as LoginPageOptions } from '#shared/schemas/sso';
import { clearSignInStartAttempts } from '#services/auth/throttle';
import { getIdentityLink } from '#repositories/sso';
import { changeRole, getUser, getUserByEmail, listUsers, markEmailVerified } from '#repositories/users';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, resetClients } from '#lib/clients';
import { startFaultProxy } from '../../scripts/test/fault-proxy';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi } from '../../scripts/test/api-client';
import {
  ADMIN_GROUP,
  LIBRARIAN_GROUP,
  ALLOWED_DOMAIN,
  ALLOWED_GROUP,
  person,
  ProviderBrowser,
  signInThroughProvider,
  useLocalSso,
} from '../../scripts/test/sso';
import type { TestPerson } from '../../scripts/local/oidc-provider';
import { createLoginUser, createSignedInUser, signedInClient, STRONG_PASSWORD, useSteppedClock } from './support';
import { resetConfig } from '#lib/config';
import { listNotifications } from '#repositories/notifications';
import { deleteUserAsAdmin } from '#services/users';
import { isServiceUnavailable } from '#lib/errors';

/*
 * Single sign-on against a real OpenID provider on loopback (the local one `npm start` runs):
 * every sign-in goes through the start route, the provider's login page and the callback.
 */
const stack = useTestStack();
const api = useTestApi();
const sso = useLocalSso(api);

beforeEach(async () => {
  // Each test starts with the client's allowance whole; the throttle has a test of its own.
  await clearSignInStartAttempts('127.0.0.1');
  sso.configure({});
});

/** A password account whose address is proven (as after a reset or a confirmation link). */
const createProvenUser = async (role: 'user' | 'admin') => {
  const created = await createLoginUser(role);
  expect(await markEmailVerified(created.user, new Date().toISOString())).toBe(true);
  return created;
};

const emailAt = (domain: string, label = 'sam') => `${label}-${randomUUID().slice(0, 8)}@${domain}`;

const newPerson = (groups: string[] = [], overrides: Partial<TestPerson> & { domain?: string } = {}): TestPerson => {
  const { domain = ALLOWED_DOMAIN, ...rest } = overrides;
  const someone = person(emailAt(domain), groups, rest);
  sso.provider().setPerson(someone);
  return someone;
};

/** The administrator count the last-admin rule relies on matches the active administrators. */
const adminCountIsExact = async () => {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: stack.tableName, Key: { pk: 'STATS#users', sk: 'META' }, ConsistentRead: true }),
  );
  const active = (await listUsers()).filter((user) => user.role === 'admin' && user.acceptedInviteAt).length;
  expect(Number(Item?.adminCount ?? 0)).toBe(active);
};

const refusedWith = (location: string | undefined, code: string) =>
  expect(location).toBe(`/app/auth?sso_error=${code}`);

const signIn = async (who: TestPerson, options: Parameters<typeof signInThroughProvider>[2] = {}) => {
  const browser = api.client();
  const outcome = await signInThroughProvider(browser, who, options);
  return { browser, ...outcome };
};

/** Signs in and expects to land in the app with a session; the browser is signed in. */
const signedIn = async (who: TestPerson, options: Parameters<typeof signInThroughProvider>[2] = {}) => {
  const outcome = await signIn(who, options);
  expect(outcome.callback?.status).toBe(302);
  expect(outcome.location).toBe(options.returnTo ?? '/app/component-hub');
  expect(outcome.browser.cookie(SESSION_COOKIE)).toBeDefined();
  const me = await outcome.browser.get<{ id: string; email: string; role: string; name: string }>('/api/user');
  expect(me.status).toBe(200);
  return { ...outcome, me: me.body };
};

describe('what the login page offers', () => {
  it('names the button and the password rule, and nothing when single sign-on is off', async () => {
    const on = await api.client().get<LoginPageOptions>('/api/sso/options');
    expect(on.body).toEqual({ sso: { label: 'Test provider', startUrl: '/api/sso/start' }, passwordLogin: 'on' });
    sso.configure({ OIDC_ISSUER: undefined });
    const off = await api.client().get<LoginPageOptions>('/api/sso/options');
    expect(off.body).toEqual({ sso: null, passwordLogin: 'on' });
    const start = await api.client().get('/api/sso/start');
    expect(start.status).toBe(302);
    refusedWith(start.headers.get('location') ?? undefined, 'not_configured');
  });

  it('sends the browser to the provider with state, nonce and a PKCE S256 challenge, bound by a cookie', async () => {
    const browser = api.client();
    const start = await browser.get('/api/sso/start');
    const url = new URL(start.headers.get('location')!);
    expect(url.origin).toBe(sso.provider().issuer);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe(sso.provider().clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(`${browser.baseUrl}/api/sso/callback`);
    expect(url.searchParams.get('scope')).toBe('openid email profile groups');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{43}$/);
    const cookie = start.cookies.find((line) => line.startsWith('ch_sso='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/api\/sso/i);
  });
});

describe('accounts', () => {
  it('creates the user at the first sign-in of an allowed person: same session cookie, no password', async () => {
    const someone = newPerson();
    const { browser, me, callback } = await signedIn(someone, {
      returnTo: '/app/component-hub/components/42?tab=files',
    });
    expect(me).toMatchObject({ email: someone.email, role: 'user', name: 'Sam Sample' });
    const cookie = callback!.cookies.find((line) => line.startsWith(`${SESSION_COOKIE}=`))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(callback!.cookies.some((line) => /^ch_sso=;/.test(line))).toBe(true);
    const link = await getIdentityLink(sso.provider().issuer, sso.provider().subjectOf(someone.email));
    expect(link?.userId).toBe(me.id);

    // No password: password login and forgot-password do not apply.
    expect((await getUser(me.id))?.hasPassword).toBe(false);
    const login = await api.client().post('/api/login', { email: someone.email, password: someone.password });
    expect(login.status).toBe(401);
    expect((await api.client().post('/api/forgot-password', { email: someone.email })).status).toBe(200);
    expect(await stack.readEmails(someone.email)).toEqual([]);
    expect((await browser.get('/api/user')).status).toBe(200);
  });

  it('signs the same person into the same user the second time', async () => {
    const someone = newPerson();
    const first = await signedIn(someone);
    const second = await signedIn(someone);
    expect(second.me.id).toBe(first.me.id);
    expect((await listUsers()).filter((user) => user.email === someone.email)).toHaveLength(1);
  });

  it('links an existing account with the same verified email, tells its owner, and keeps the password', async () => {
    const { user, email } = await createProvenUser('user');
    const someone = person(email, [ALLOWED_GROUP]);
    sso.provider().setPerson(someone);
    const { me } = await signedIn(someone);
    expect(me.id).toBe(user.id);
    const mails = await stack.readEmails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your Component Hub account is now linked to Test provider');
    expect((await api.client().post('/api/login', { email, password: STRONG_PASSWORD })).status).toBe(200);
    // The second sign-in uses the link: no second email.
    await signedIn(someone);
    expect(await stack.readEmails(email)).toHaveLength(1);
  });

  it('refuses to link an existing account when the provider has not verified the email', async () => {
    const { user, email } = await createLoginUser('user');
    const someone = person(email, [ALLOWED_GROUP], { emailVerified: false });
    sso.provider().setPerson(someone);
    const { location, browser } = await signIn(someone);
    refusedWith(location, 'email_unverified');
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
    expect(await getIdentityLink(sso.provider().issuer, sso.provider().subjectOf(email))).toBeUndefined();
    expect(await stack.readEmails(email)).toEqual([]);
    expect((await getUser(user.id))?.role).toBe('user');
  });

  it('makes a member of an administrators group an admin', async () => {
    const someone = newPerson([ADMIN_GROUP], { domain: 'elsewhere.example' });
    const { browser, me } = await signedIn(someone);
    expect(me.role).toBe('admin');
    expect((await browser.get('/api/users')).status).toBe(200);
  });

  it('makes a member of a librarians group a librarian: the queue and imports, not the users', async () => {
    const someone = newPerson([LIBRARIAN_GROUP], { domain: 'elsewhere.example' });
    const { browser, me } = await signedIn(someone);
    expect(me.role).toBe('librarian');
    expect((await browser.get('/api/imports')).status).toBe(200);
    expect((await browser.get('/api/users')).status).toBe(403);
    // Moved from the librarians to the administrators group: an administrator, counted as one.
    sso.provider().setPerson({ ...someone, groups: [LIBRARIAN_GROUP, ADMIN_GROUP] });
    expect((await signedIn(someone)).me).toMatchObject({ id: me.id, role: 'admin' });
    await adminCountIsExact();
    sso.provider().setPerson({ ...someone, groups: [LIBRARIAN_GROUP] });
    expect((await signedIn(someone)).me).toMatchObject({ id: me.id, role: 'librarian' });
    await adminCountIsExact();
  });

  it('re-reads the groups at every sign-in: taken out of the admins group, a user at the next one', async () => {
    const someone = newPerson([ADMIN_GROUP]);
    const asAdmin = await signedIn(someone);
    expect(asAdmin.me.role).toBe('admin');
    sso.provider().setPerson({ ...someone, groups: [] });
    const asUser = await signedIn(someone);
    expect(asUser.me).toMatchObject({ id: asAdmin.me.id, role: 'user' });
    expect((await asUser.browser.get('/api/users')).status).toBe(403);
    // A role change ends the sessions made under the old role.
    expect((await asAdmin.browser.get('/api/user')).status).toBe(401);
    sso.provider().setPerson({ ...someone, groups: [ADMIN_GROUP] });
    expect((await signedIn(someone)).me.role).toBe('admin');
    await adminCountIsExact();
  });

  it("records the provider's groups on the user at every sign-in, for reviewer groups to match", async () => {
    const someone = newPerson(['hub-users', 'relay-experts', 'relay-experts']);
    const first = await signedIn(someone);
    expect((await getUser(first.me.id))?.ssoGroups).toEqual(['hub-users', 'relay-experts']);
    sso.provider().setPerson({ ...someone, groups: ['motor-experts'] });
    await signedIn(someone);
    expect((await getUser(first.me.id))?.ssoGroups).toEqual(['motor-experts']);
  });

  it('keeps roles set in the hub when no administrators or librarians group is configured', async () => {
    sso.configure({ OIDC_ADMIN_GROUPS: undefined, OIDC_LIBRARIAN_GROUPS: undefined });
    const { user, email } = await createProvenUser('admin');
    const someone = person(email, [ALLOWED_GROUP]);
    sso.provider().setPerson(someone);
    expect((await signedIn(someone)).me).toMatchObject({ id: user.id, role: 'admin' });
    const newcomer = newPerson();
    expect((await signedIn(newcomer)).me.role).toBe('user');
  });

  it('an administrator invited in the hub who signs in through single sign-on is an active, counted administrator', async () => {
    sso.configure({ OIDC_ADMIN_GROUPS: undefined, OIDC_LIBRARIAN_GROUPS: undefined });
    const admin = await signedInClient(api, 'admin');
    const email = emailAt(ALLOWED_DOMAIN, 'invited-admin');
    expect((await admin.post('/api/invites', { email, role: 'admin' })).status).toBe(201);
    const someone = person(email, []);
    sso.provider().setPerson(someone);
    const { me, browser } = await signedIn(someone);
    expect(me.role).toBe('admin');
    expect((await getUser(me.id))?.acceptedInviteAt).toBeDefined();
    expect((await browser.get('/api/users')).status).toBe(200);
    await adminCountIsExact();
  });

  it('refuses a person of another domain in no allowed group, and creates nobody', async () => {
    const outsider = newPerson(['partners'], { domain: 'partner.example' });
    const { location, browser } = await signIn(outsider);
    refusedWith(location, 'not_allowed');
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
    expect(await getUserByEmail(outsider.email)).toBeUndefined();
    // The same domain gets in through an allowed group.
    sso.provider().setPerson({ ...outsider, groups: [ALLOWED_GROUP] });
    expect((await signedIn(outsider)).me.email).toBe(outsider.email);
  });

  it('does not let an unverified address count for an allowed domain', async () => {
    const someone = newPerson([], { emailVerified: false });
    refusedWith((await signIn(someone)).location, 'not_allowed');
    expect(await getUserByEmail(someone.email)).toBeUndefined();
  });

  it('refuses a user deleted in the hub until an administrator invites them again', async () => {
    const admin = await signedInClient(api, 'admin');
    const someone = newPerson();
    const { me } = await signedIn(someone);
    expect((await admin.delete(`/api/users/${me.id}`)).status).toBe(200);

    refusedWith((await signIn(someone)).location, 'account_deleted');
    expect(await getUserByEmail(someone.email)).toBeUndefined();

    expect((await admin.post('/api/invites', { email: someone.email, role: 'user' })).status).toBe(201);
    const invited = (await getUserByEmail(someone.email))!;
    const back = await signedIn(someone);
    expect(back.me.id).toBe(invited.id);
    expect((await getUser(invited.id))?.acceptedInviteAt).toBeDefined();
    expect((await getIdentityLink(sso.provider().issuer, sso.provider().subjectOf(someone.email)))?.userId).toBe(
      invited.id,
    );
  });

  it('does not recreate a password user deleted before they ever used single sign-on', async () => {
    const admin = await signedInClient(api, 'admin');
    const { user, email } = await createLoginUser('user');
    expect((await admin.delete(`/api/users/${user.id}`)).status).toBe(200);
    const someone = person(email, [ALLOWED_GROUP]);
    sso.provider().setPerson(someone);
    refusedWith((await signIn(someone)).location, 'account_deleted');
    expect(await getUserByEmail(email)).toBeUndefined();
  });

  it('refuses to demote the last administrator through single sign-on', async () => {
    const someone = newPerson([ADMIN_GROUP]);
    const { me } = await signedIn(someone);
    expect(me.role).toBe('admin');
    // Every other administrator becomes a user, so this one is the last.
    for (const other of await listUsers()) {
      if (other.role === 'admin' && other.id !== me.id) {
        expect(await changeRole(other, 'user', new Date().toISOString())).toBe(true);
      }
    }
    sso.provider().setPerson({ ...someone, groups: [] });
    refusedWith((await signIn(someone)).location, 'last_admin');
    expect((await getUser(me.id))?.role).toBe('admin');
  });

  it("lands on the login page with the provider's refusal when the person cancels there", async () => {
    const browser = api.client();
    const { location } = await signInThroughProvider(browser, undefined);
    refusedWith(location, 'cancelled');
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
  });
});

describe('tampering', () => {
  const tampered = async (change: Parameters<ReturnType<typeof sso.provider>['tamperWithIdTokens']>[0]) => {
    const someone = newPerson();
    sso.provider().tamperWithIdTokens(change);
    try {
      const outcome = await signIn(someone);
      expect(outcome.browser.cookie(SESSION_COOKIE)).toBeUndefined();
      expect(await getUserByEmail(someone.email)).toBeUndefined();
      return outcome.location;
    } finally {
      sso.provider().tamperWithIdTokens(undefined);
    }
  };

  it('accepts the untampered token the tamper hook re-signs (the checks below are not refusing everything)', async () => {
    const someone = newPerson();
    sso.provider().tamperWithIdTokens({ claims: (claims) => claims });
    try {
      expect((await signedIn(someone)).me.email).toBe(someone.email);
    } finally {
      sso.provider().tamperWithIdTokens(undefined);
    }
  });

  it('refuses an ID token for another audience', async () => {
    refusedWith(await tampered({ claims: (claims) => ({ ...claims, aud: 'another-client' }) }), 'token_invalid');
  });

  it('refuses an ID token from another issuer', async () => {
    refusedWith(await tampered({ claims: (claims) => ({ ...claims, iss: 'https://evil.example' }) }), 'token_invalid');
  });

  it('refuses an expired ID token', async () => {
    const now = Math.floor(Date.now() / 1000);
    refusedWith(
      await tampered({ claims: (claims) => ({ ...claims, iat: now - 7200, exp: now - 3600 }) }),
      'token_invalid',
    );
  });

  it('refuses an ID token signed with a key the provider never published', async () => {
    refusedWith(await tampered({ foreignKey: true }), 'token_invalid');
  });

  it('refuses an ID token with another nonce', async () => {
    const someone = newPerson();
    const { location, browser } = await signIn(someone, {
      alterAuthorizationUrl: (url) => url.searchParams.set('nonce', 'a-nonce-the-hub-never-made'),
    });
    refusedWith(location, 'token_invalid');
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
  });

  it('refuses a callback without a state, with a made-up state, or from another browser', async () => {
    const someone = newPerson();
    const withoutState = await signIn(someone, { stopBeforeCallback: true });
    const noState = new URL(withoutState.callbackPath, 'http://hub');
    noState.searchParams.delete('state');
    refusedWith(
      (await withoutState.browser.get(`${noState.pathname}${noState.search}`)).headers.get('location')!,
      'state_invalid',
    );

    const madeUp = new URL(withoutState.callbackPath, 'http://hub');
    madeUp.searchParams.set('state', 'x'.repeat(43));
    refusedWith(
      (await withoutState.browser.get(`${madeUp.pathname}${madeUp.search}`)).headers.get('location')!,
      'state_invalid',
    );

    // A callback started in one browser and finished in another (a forged sign-in link).
    const started = await signIn(someone, { stopBeforeCallback: true });
    const other = api.client();
    const forged = await other.get(started.callbackPath);
    refusedWith(forged.headers.get('location')!, 'state_invalid');
    expect(other.cookie(SESSION_COOKIE)).toBeUndefined();
    // The state is spent: the browser that started it cannot use it either.
    refusedWith((await started.browser.get(started.callbackPath)).headers.get('location')!, 'state_invalid');
    expect(await getUserByEmail(someone.email)).toBeUndefined();
  });

  it('refuses a replayed callback', async () => {
    const someone = newPerson();
    const { browser, callbackPath } = await signedIn(someone);
    const session = browser.cookie(SESSION_COOKIE);
    const replay = await browser.get(callbackPath);
    refusedWith(replay.headers.get('location')!, 'state_invalid');
    expect(browser.cookie(SESSION_COOKIE)).toBe(session);
    const elsewhere = api.client();
    refusedWith((await elsewhere.get(callbackPath)).headers.get('location')!, 'state_invalid');
    expect(elsewhere.cookie(SESSION_COOKIE)).toBeUndefined();
  });

  it.each([
    'https://evil.example/app',
    '//evil.example/app',
    '/\\evil.example/app',
    '/api/users',
    'javascript:alert(1)',
    'app/component-hub',
    '/app/../api/users',
  ])('refuses the return path %s before anything is sent to the provider', async (returnTo) => {
    const browser = api.client();
    const start = await browser.get(`/api/sso/start?returnTo=${encodeURIComponent(returnTo)}`);
    expect(start.status).toBe(302);
    refusedWith(start.headers.get('location')!, 'return_invalid');
    expect(browser.cookie('ch_sso')).toBeUndefined();
  });

  it('forged callbacks lock nobody out: fifty from one address, then a real sign-in from it goes through', async () => {
    const someone = newPerson();
    const stranger = api.client();
    for (let attempt = 0; attempt < 50; attempt++) {
      const forged = await stranger.get(`/api/sso/callback?code=x&state=${randomUUID()}`);
      refusedWith(forged.headers.get('location')!, 'state_invalid');
    }
    // A callback with no state at all, or the provider's error, counts against nobody either.
    refusedWith((await stranger.get('/api/sso/callback')).headers.get('location')!, 'state_invalid');
    // The person in the same office (the same address) still signs in.
    expect((await signedIn(someone)).me.email).toBe(someone.email);
  });

  it('limits how often one client may start a sign-in (each start writes an attempt)', async () => {
    const browser = api.client();
    for (let attempt = 0; attempt < 30; attempt++) {
      const start = await browser.get('/api/sso/start');
      expect(new URL(start.headers.get('location')!, browser.baseUrl).origin).toBe(sso.provider().issuer);
    }
    const refused = await browser.get('/api/sso/start');
    expect(refused.status).toBe(302);
    refusedWith(refused.headers.get('location')!, 'throttled');
    // Nothing is written for a refused start: no attempt cookie either.
    expect(refused.cookies.some((line) => line.startsWith('ch_sso='))).toBe(false);
    await clearSignInStartAttempts('127.0.0.1');
    expect((await signedIn(newPerson())).me.role).toBe('user');
  });
});

describe('addresses nobody proved', () => {
  it("an attacker's pre-set email never links: the change waits for its link, and the colleague gets her own account", async () => {
    const colleague = newPerson([ADMIN_GROUP]);
    // A plain password user asks to make the colleague's company address theirs (their own password is all it takes).
    const attacker = await createLoginUser('user');
    const attackerBrowser = api.client();
    expect(
      (await attackerBrowser.post('/api/login', { email: attacker.email, password: STRONG_PASSWORD })).status,
    ).toBe(200);
    const asked = await attackerBrowser.patch('/api/user', {
      username: attacker.user.username,
      email: colleague.email,
      currentPassword: STRONG_PASSWORD,
    });
    expect(asked).toMatchObject({ status: 200, body: { email: attacker.email, pendingEmail: colleague.email } });

    const { me } = await signedIn(colleague);
    expect(me.id).not.toBe(attacker.user.id);
    expect(me.role).toBe('admin');
    expect(await getUser(attacker.user.id)).toMatchObject({ email: attacker.email, role: 'user' });
    expect((await attackerBrowser.get<{ role: string }>('/api/user')).body.role).toBe('user');
    // The link went to the colleague's inbox; even followed, it cannot take the address from her.
    const link = /[?&]confirmEmail=([\w-]+)/.exec(JSON.stringify(await stack.readEmails(colleague.email)))![1]!;
    expect((await api.client().post('/api/user/email/confirm', { token: link })).status).toBe(409);
    expect((await getUserByEmail(colleague.email))?.id).toBe(me.id);
  });

  it('refuses to link an account that never proved its address, tells the person why and the administrators', async () => {
    // An account from before addresses were proven, or made by an administrator, holds the address.
    const holder = await createLoginUser('user', STRONG_PASSWORD, emailAt(ALLOWED_DOMAIN, 'held'));
    const admin = await createProvenUser('admin');
    const colleague = person(holder.email, [ADMIN_GROUP]);
    sso.provider().setPerson(colleague);

    const { location, browser } = await signIn(colleague);
    refusedWith(location, 'email_not_confirmed');
    expect(messages.ssoErrors.email_not_confirmed).toMatch(/not linked/);
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
    expect(await getIdentityLink(sso.provider().issuer, sso.provider().subjectOf(holder.email))).toBeUndefined();
    expect((await getUser(holder.user.id))?.role).toBe('user');
    const alert = 'Single sign-on refused: an account holds an unconfirmed address';
    expect((await stack.readEmails(admin.email)).map((mail) => mail.subject)).toContain(alert);
    expect((await listNotifications(admin.user.id)).map((notice) => notice.title)).toContain(alert);

    // Once the owner proves the address (a completed reset), the same sign-in links.
    expect((await api.client().post('/api/forgot-password', { email: holder.email })).status).toBe(200);
    const token = /[?&]token=([\w-]+)/.exec(JSON.stringify(await stack.readEmails(holder.email)))![1]!;
    expect((await api.client().post('/api/reset-password', { token, password: 'N3w!Passw0rd' })).status).toBe(200);
    const linked = await signedIn(colleague);
    expect(linked.me).toMatchObject({ id: holder.user.id, role: 'admin' });
  });

  it.each([
    ['the Kelvin sign', (email: string) => email.replace(/^k/, '\u212A')],
    ['a dotted capital I', (email: string) => email.replace(/^i/, '\u0130')],
  ])('never folds %s in the email claim onto an ASCII account', async (_, lookalike) => {
    const { user, email } = await createLoginUser(
      'user',
      STRONG_PASSWORD,
      emailAt(ALLOWED_DOMAIN, _.includes('Kelvin') ? 'kim' : 'ines'),
    );
    expect(await markEmailVerified(user, new Date().toISOString())).toBe(true);
    const stranger = newPerson([ADMIN_GROUP]);
    sso.provider().tamperWithIdTokens({ claims: (claims) => ({ ...claims, email: lookalike(email) }) });
    try {
      const { location } = await signIn(stranger);
      refusedWith(location, 'email_missing');
    } finally {
      sso.provider().tamperWithIdTokens(undefined);
    }
    expect((await getUser(user.id))?.role).toBe('user');
    expect(await getIdentityLink(sso.provider().issuer, sso.provider().subjectOf(stranger.email))).toBeUndefined();
  });
});

describe('a password for an account made by single sign-on', () => {
  const reauthenticate = (browser: ReturnType<typeof api.client>, providerBrowser: ProviderBrowser, who: TestPerson) =>
    signInThroughProvider(browser, who, {
      startPath: '/api/sso/reauthenticate',
      returnTo: '/app/component-hub/settings',
      providerBrowser,
    });

  it('a stolen session cannot mint one; a fresh sign-in at the provider allows it for a few minutes', async () => {
    const someone = newPerson();
    const providerBrowser = new ProviderBrowser();
    const { browser, me } = await signedIn(someone, { providerBrowser });
    const thief = api.client();
    thief.setCookie(SESSION_COOKIE, browser.cookie(SESSION_COOKIE)!);
    const minted = await thief.post('/api/change-password', {
      currentPassword: 'anything',
      newPassword: STRONG_PASSWORD,
    });
    expect(minted).toMatchObject({
      status: 403,
      body: { message: messages.confirmWithProviderFirst('Test provider') },
    });
    expect((await getUser(me.id))?.hasPassword).toBe(false);
    // Nor a new address or a deletion on the session alone.
    const moved = await thief.patch('/api/user', { username: 'thief', email: 'thief@evil.example' });
    expect(moved.status).toBe(403);
    expect((await thief.delete('/api/user', { currentPassword: 'anything' })).status).toBe(403);
    expect((await getUser(me.id))?.pendingEmail).toBeUndefined();

    // The owner confirms at the provider: its login page again, though its own session lives on.
    const fresh = await reauthenticate(browser, providerBrowser, someone);
    const sent = new URL(fresh.start.headers.get('location')!);
    expect(sent.searchParams.get('prompt')).toBe('login');
    expect(sent.searchParams.get('max_age')).toBe('300');
    expect(fresh.location).toBe('/app/component-hub/settings?reauthenticated=1');
    const set = await browser.post('/api/change-password', { newPassword: STRONG_PASSWORD });
    expect(set.status).toBe(200);
    expect((await api.client().post('/api/login', { email: someone.email, password: STRONG_PASSWORD })).status).toBe(
      200,
    );
  });

  it('refuses a fresh sign-in by someone else, and none at all when the deployment keeps such accounts on SSO', async () => {
    const someone = newPerson();
    const providerBrowser = new ProviderBrowser();
    const { browser, me } = await signedIn(someone, { providerBrowser });
    const other = newPerson();
    await signedIn(other);
    const wrong = await reauthenticate(browser, new ProviderBrowser(), other);
    expect(wrong.location).toBe('/app/component-hub/settings?sso_error=reauthentication_other_person');
    // Cancelled at the provider: back on the page, still signed in, with the reason.
    const cancelled = await signInThroughProvider(browser, undefined, {
      startPath: '/api/sso/reauthenticate',
      returnTo: '/app/component-hub/settings',
      providerBrowser: new ProviderBrowser(),
    });
    expect(cancelled.location).toBe('/app/component-hub/settings?sso_error=cancelled');
    expect((await browser.get('/api/user')).status).toBe(200);
    expect((await browser.post('/api/change-password', { newPassword: STRONG_PASSWORD })).status).toBe(403);

    process.env.SSO_ACCOUNT_PASSWORDS = 'never';
    resetConfig();
    try {
      await reauthenticate(browser, providerBrowser, someone);
      const refused = await browser.post('/api/change-password', { newPassword: STRONG_PASSWORD });
      expect(refused).toMatchObject({
        status: 403,
        body: { message: messages.ssoAccountsUsePasswords('Test provider') },
      });
    } finally {
      delete process.env.SSO_ACCOUNT_PASSWORDS;
      resetConfig();
    }
    expect((await getUser(me.id))?.hasPassword).toBe(false);
  });
});

describe('back-channel logout', () => {
  /** Signs out at the provider in this browser, confirming on its page, as a person does. */
  const signOutAtProvider = async (providerBrowser: ProviderBrowser) => {
    const end = new URL(`${sso.provider().issuer}/session/end`);
    end.searchParams.set('client_id', sso.provider().clientId);
    const page = await providerBrowser.visit(end);
    const action =
      /<form[^>]*id="op.logoutForm"[^>]*action="([^"]+)"|<form[^>]*action="([^"]+)"[^>]*id="op.logoutForm"/.exec(
        page.page ?? '',
      );
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.page ?? '');
    expect(action, page.page).not.toBeNull();
    await providerBrowser.visit(new URL(action![1] ?? action![2]!, end), {
      method: 'POST',
      form: new URLSearchParams({ xsrf: xsrf![1]!, logout: 'yes' }),
    });
  };

  it('ends the hub sessions a provider session began when the person signs out there, and no others', async () => {
    const someone = newPerson();
    const here = new ProviderBrowser();
    const first = await signedIn(someone, { providerBrowser: here });
    const elsewhere = await signedIn(someone, { providerBrowser: new ProviderBrowser() });
    await signOutAtProvider(here);
    await expect.poll(async () => (await first.browser.get('/api/user')).status).toBe(401);
    expect((await elsewhere.browser.get('/api/user')).status).toBe(200);
  });

  it('refuses a logout token the provider did not sign, an unsigned one, or garbage, and ends nothing', async () => {
    const someone = newPerson();
    const { browser, me } = await signedIn(someone);
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      iss: sso.provider().issuer,
      aud: sso.provider().clientId,
      iat: now,
      jti: randomUUID(),
      sub: sso.provider().subjectOf(someone.email),
      events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
    };
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const signed = (body: object) => {
      const input = `${encode({ alg: 'RS256', typ: 'logout+jwt' })}.${encode(body)}`;
      return `${input}.${sign('sha256', Buffer.from(input), stranger).toString('base64url')}`;
    };
    const provider = api.client();
    for (const token of [signed(claims), `${encode({ alg: 'none' })}.${encode(claims)}.`, 'not-a-token']) {
      const answer = await provider.request(
        'POST',
        '/api/sso/backchannel-logout',
        new URLSearchParams({ logout_token: token }).toString(),
        { csrf: false, headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      );
      expect(answer.status).toBe(400);
    }
    expect((await browser.get('/api/user')).status).toBe(200);
    expect((await getUser(me.id))?.sessionVersion).toBe(0);
  });
});

describe('roles from the provider stay current', () => {
  it("a demoted admin's single sign-on session loses the role at the next check with the provider", async () => {
    const clock = useSteppedClock();
    const someone = newPerson([ADMIN_GROUP]);
    const asAdmin = await signedIn(someone);
    expect(asAdmin.me.role).toBe('admin');
    sso.provider().setPerson({ ...someone, groups: [] });
    clock.tick(8 * 60 * 60 * 1000 - 60_000);
    expect((await asAdmin.browser.get('/api/users')).status).toBe(200);
    clock.tick(2 * 60_000);
    // Eight hours on, the session must go back to the provider, whose groups now say user.
    expect((await asAdmin.browser.get('/api/users')).status).toBe(401);
    const again = await signedIn(someone);
    expect(again.me).toMatchObject({ id: asAdmin.me.id, role: 'user' });
    expect((await again.browser.get('/api/users')).status).toBe(403);
    // A password session has no such check.
    const { email } = await createLoginUser('user');
    const passwordBrowser = api.client();
    await passwordBrowser.post('/api/login', { email, password: STRONG_PASSWORD });
    clock.tick(9 * 60 * 60 * 1000);
    expect((await passwordBrowser.get('/api/user')).status).toBe(200);
  });
});

describe('password login next to single sign-on', () => {
  it('PASSWORD_LOGIN=admins-only: only administrators use a password; others are pointed to the button', async () => {
    sso.configure({ PASSWORD_LOGIN: 'admins-only' });
    const options = await api.client().get<LoginPageOptions>('/api/sso/options');
    expect(options.body.passwordLogin).toBe('admins-only');

    const user = await createProvenUser('user');
    const refused = await api.client().post('/api/login', { email: user.email, password: STRONG_PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: messages.passwordLoginAdminsOnly('Test provider') });
    // A wrong password still gets the one answer for wrong credentials.
    const wrong = await api.client().post('/api/login', { email: user.email, password: 'Wrong!Passw0rd' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: messages.invalidCredentials });
    // No reset email for someone who may not use a password.
    await api.client().post('/api/forgot-password', { email: user.email });
    expect(await stack.readEmails(user.email)).toEqual([]);

    const admin = await createLoginUser('admin');
    expect((await api.client().post('/api/login', { email: admin.email, password: STRONG_PASSWORD })).status).toBe(200);
    await api.client().post('/api/forgot-password', { email: admin.email });
    expect(await stack.readEmails(admin.email)).toHaveLength(1);

    // Single sign-on still signs the user in.
    const someone = person(user.email, [ALLOWED_GROUP]);
    sso.provider().setPerson(someone);
    expect((await signedIn(someone)).me.id).toBe(user.user.id);
  });
});

describe('logout', () => {
  it("offers the provider's end-session for a single sign-on session, and not for a password session", async () => {
    const someone = newPerson();
    const providerBrowser = new ProviderBrowser();
    const { browser } = await signedIn(someone, { providerBrowser });
    const out = await browser.post<{ message: string; endSessionUrl?: string }>('/api/logout');
    expect(out.status).toBe(200);
    expect(out.body.message).toBe(messages.loggedOut);
    const end = new URL(out.body.endSessionUrl!);
    expect(`${end.origin}${end.pathname}`).toBe(`${sso.provider().issuer}/session/end`);
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(`${browser.baseUrl}/app/auth`);
    // No ID token travels in the address: the provider is told which application by its client id.
    expect(end.searchParams.get('id_token_hint')).toBeNull();
    expect(end.searchParams.get('client_id')).toBe(sso.provider().clientId);
    expect((await browser.get('/api/user')).status).toBe(401);
    // The provider accepts it: its sign-out page asks for confirmation.
    const page = await providerBrowser.visit(end);
    expect(page.page).toContain('Sign out of the local test provider?');

    const { email } = await createLoginUser('user');
    const passwordBrowser = api.client();
    await passwordBrowser.post('/api/login', { email, password: STRONG_PASSWORD });
    expect((await passwordBrowser.post('/api/logout')).body).toEqual({ message: messages.loggedOut });
  });
});

describe('races', () => {
  it('two first sign-ins of the same person at once make one user and one link', async () => {
    const someone = newPerson();
    const [a, b] = await Promise.all([
      signIn(someone, { stopBeforeCallback: true }),
      signIn(someone, { stopBeforeCallback: true }),
    ]);
    const [first, second] = await Promise.all([a.browser.get(a.callbackPath), b.browser.get(b.callbackPath)]);
    expect(first.headers.get('location')).toBe('/app/component-hub');
    expect(second.headers.get('location')).toBe('/app/component-hub');
    const users = (await listUsers()).filter((user) => user.email === someone.email);
    expect(users).toHaveLength(1);
    const meA = await a.browser.get<{ id: string }>('/api/user');
    const meB = await b.browser.get<{ id: string }>('/api/user');
    expect(meA.body.id).toBe(users[0]!.id);
    expect(meB.body.id).toBe(users[0]!.id);
    expect((await getIdentityLink(sso.provider().issuer, sso.provider().subjectOf(someone.email)))?.userId).toBe(
      users[0]!.id,
    );
  });

  it('two first sign-ins linking an existing account at once link it once and email once', async () => {
    const { user, email } = await createProvenUser('user');
    const someone = person(email, [ALLOWED_GROUP]);
    sso.provider().setPerson(someone);
    const [a, b] = await Promise.all([
      signIn(someone, { stopBeforeCallback: true }),
      signIn(someone, { stopBeforeCallback: true }),
    ]);
    await Promise.all([a.browser.get(a.callbackPath), b.browser.get(b.callbackPath)]);
    expect((await a.browser.get<{ id: string }>('/api/user')).body.id).toBe(user.id);
    expect((await b.browser.get<{ id: string }>('/api/user')).body.id).toBe(user.id);
    expect(await stack.readEmails(email)).toHaveLength(1);
  });
});

describe('deleting a user, which now remembers the address first', () => {
  it('two administrators deleting the same user at once: one deletes, the other is refused; the person stays out', async () => {
    const [first, second] = await Promise.all([signedInClient(api, 'admin'), signedInClient(api, 'admin')]);
    const someone = newPerson();
    const { me } = await signedIn(someone);
    const answers = await Promise.all([first.delete(`/api/users/${me.id}`), second.delete(`/api/users/${me.id}`)]);
    // One deletes; the other is refused (its status is the users service's business), never a 5xx.
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.every((answer) => answer.status < 500)).toBe(true);
    expect(await getUser(me.id)).toBeUndefined();
    refusedWith((await signIn(someone)).location, 'account_deleted');
  });

  it('DynamoDB down during a deletion: refused as unavailable, the user is still there and can still sign in', async () => {
    const { user: admin } = await createSignedInUser('admin');
    const someone = newPerson();
    const { me } = await signedIn(someone);
    const proxy = await startFaultProxy(stack.endpoints.dynamodb);
    process.env.AWS_ENDPOINT_URL_DYNAMODB = proxy.endpoint;
    resetClients();
    try {
      proxy.set('down');
      const failure = await deleteUserAsAdmin(admin, me.id).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(isServiceUnavailable(failure)).toBe(true);
      proxy.set('up');
      expect(await getUser(me.id)).toBeDefined();
      expect((await signedIn(someone)).me.id).toBe(me.id);
    } finally {
      process.env.AWS_ENDPOINT_URL_DYNAMODB = stack.endpoints.dynamodb;
      resetClients();
      await proxy.close();
    }
  });
});

describe('faults', () => {
  it('DynamoDB stopping during a sign-in: the login page says so, nothing is half made, the next sign-in works', async () => {
    const proxy = await startFaultProxy(stack.endpoints.dynamodb);
    process.env.AWS_ENDPOINT_URL_DYNAMODB = proxy.endpoint;
    resetClients();
    try {
      const someone = newPerson();
      // The table stops answering while the provider issues the tokens, in the middle of the callback.
      sso.provider().tamperWithIdTokens({
        claims: (claims) => {
          proxy.set('down');
          return claims;
        },
      });
      const { location, browser } = await signIn(someone);
      sso.provider().tamperWithIdTokens(undefined);
      refusedWith(location, 'unavailable');
      expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
      proxy.set('up');
      expect(await getUserByEmail(someone.email)).toBeUndefined();
      expect((await signedIn(someone)).me.email).toBe(someone.email);
      expect((await listUsers()).filter((user) => user.email === someone.email)).toHaveLength(1);
    } finally {
      sso.provider().tamperWithIdTokens(undefined);
      process.env.AWS_ENDPOINT_URL_DYNAMODB = stack.endpoints.dynamodb;
      resetClients();
      await proxy.close();
    }
  });
});
