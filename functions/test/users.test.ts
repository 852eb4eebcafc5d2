import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import type { AdminUser } from '#shared/schemas/users';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi, type TestClient } from '../../scripts/test/api-client';
import { createLoginUser, STRONG_PASSWORD, uniqueEmail, useSteppedClock } from './support';

const stack = useTestStack();
const api = useTestApi();

const signedIn = async (email: string, password = STRONG_PASSWORD): Promise<TestClient> => {
  const browser = api.client();
  expect((await browser.post('/api/login', { email, password })).status).toBe(200);
  return browser;
};

const adminSession = async () => {
  const admin = await createLoginUser('admin');
  return { ...admin, browser: await signedIn(admin.email) };
};

const inviteLink = async (email: string): Promise<string> => {
  const mails = await stack.readEmails(email);
  const match = /\/app\/auth\?invite=([\w-]+)/.exec(JSON.stringify(mails.at(-1)));
  expect(match, 'invitation email with a link').not.toBeNull();
  return match![1]!;
};

describe('users (admin)', () => {
  it('lists every user with dates and never a hash', async () => {
    const { browser, user } = await adminSession();
    const answer = await browser.get<AdminUser[]>('/api/users');
    expect(answer.status).toBe(200);
    const me = answer.body.find((u) => u.id === user.id)!;
    expect(Object.keys(me).sort()).toEqual(
      [
        'acceptedInviteAt',
        'createdAt',
        'email',
        'firstName',
        'id',
        'invitedAt',
        'lastName',
        'name',
        'role',
        'username',
      ].sort(),
    );
    expect(me).toMatchObject({ role: 'admin', invitedAt: null });
    expect(me.acceptedInviteAt).toBe(me.createdAt);
    expect(JSON.stringify(answer.body)).not.toMatch(/scrypt|passwordHash|sessionVersion/);
  });

  it('adds a user with the same password rule as every other path, and refuses a taken email', async () => {
    const { browser } = await adminSession();
    const email = uniqueEmail('added');
    const short = await browser.post('/api/users', { email, password: 'short', name: 'New Person', role: 'user' });
    expect(short).toMatchObject({ status: 400, body: { message: messages.passwordMinLengthAdmin } });
    // Long enough but of one class only: refused like everywhere else a password is chosen.
    for (const [password, message] of [
      ['longenough', messages.passwordUppercase],
      ['Longenough', messages.passwordNumber],
      ['Longenough1', messages.passwordSpecial],
    ] as const) {
      const weak = await browser.post('/api/users', { email, password, role: 'user' });
      expect(weak).toMatchObject({ status: 400, body: { message, fields: { password: message } } });
    }
    const badRole = await browser.post('/api/users', { email, password: 'Long-en0ugh', role: 'owner' });
    expect(badRole).toMatchObject({ status: 400, body: { message: messages.roleRequired } });
    const created = await browser.post('/api/users', {
      email,
      password: 'Long-en0ugh',
      name: 'New Person',
      role: 'user',
    });
    expect(created).toMatchObject({ status: 201, body: { email, name: 'New Person', role: 'user' } });
    expect((await api.client().post('/api/login', { email, password: 'Long-en0ugh' })).status).toBe(200);
    const again = await browser.post('/api/users', { email, password: 'Long-en0ugh', role: 'user' });
    expect(again).toMatchObject({ status: 409, body: { message: messages.emailTaken } });
  });

  it('changes roles, ending the sessions of the user changed, never its own, never the last admin', async () => {
    const { browser, user: admin, email: adminEmail } = await adminSession();
    const colleague = await createLoginUser('user');
    let colleagueBrowser = await signedIn(colleague.email);
    expect((await colleagueBrowser.get('/api/users')).status).toBe(403);

    // A privilege change starts a new session: the old cookie neither keeps nor gains rights.
    const promoted = await browser.patch(`/api/users/${colleague.user.id}/role`, { role: 'admin' });
    expect(promoted).toMatchObject({ status: 200, body: { role: 'admin' } });
    expect((await colleagueBrowser.get('/api/users')).status).toBe(401);
    colleagueBrowser = await signedIn(colleague.email);
    expect((await colleagueBrowser.get('/api/users')).status).toBe(200);

    const demoted = await colleagueBrowser.patch(`/api/users/${admin.id}/role`, { role: 'user' });
    expect(demoted.status).toBe(200);
    expect((await browser.get('/api/users')).status).toBe(401);
    expect((await (await signedIn(adminEmail)).get('/api/users')).status).toBe(403);

    const own = await colleagueBrowser.patch(`/api/users/${colleague.user.id}/role`, { role: 'user' });
    expect(own).toMatchObject({ status: 403, body: { message: messages.cannotChangeOwnRole } });
    const missing = await colleagueBrowser.patch('/api/users/nobody/role', { role: 'user' });
    expect(missing).toMatchObject({ status: 404, body: { message: messages.userNotFound } });
  });

  it('deletes another user and ends their sessions, but never itself', async () => {
    const { browser, user: admin } = await adminSession();
    const victim = await createLoginUser('user');
    const victimBrowser = await signedIn(victim.email);
    expect((await browser.delete(`/api/users/${victim.user.id}`)).status).toBe(200);
    expect((await victimBrowser.get('/api/user')).status).toBe(401);
    expect((await api.client().post('/api/login', { email: victim.email, password: STRONG_PASSWORD })).status).toBe(
      401,
    );
    const self = await browser.delete(`/api/users/${admin.id}`);
    expect(self).toMatchObject({ status: 403, body: { message: messages.cannotDeleteOwnAccount } });
  });

  it('sets another user password with the full rule and ends their sessions', async () => {
    const { browser } = await adminSession();
    const target = await createLoginUser('user');
    const targetBrowser = await signedIn(target.email);
    const weak = await browser.patch(`/api/users/${target.user.id}/password`, { newPassword: 'nouppercase1!' });
    expect(weak).toMatchObject({ status: 400, body: { message: messages.passwordUppercase } });
    expect((await browser.patch(`/api/users/${target.user.id}/password`, { newPassword: 'Adm1n!Chosen' })).status).toBe(
      200,
    );
    expect((await targetBrowser.get('/api/user')).status).toBe(401);
    expect((await api.client().post('/api/login', { email: target.email, password: 'Adm1n!Chosen' })).status).toBe(200);
  });
});

describe('invitations', () => {
  it('invites, and the colleague accepts once, is logged in, and shows as active', async () => {
    const { browser } = await adminSession();
    const email = uniqueEmail('invitee');
    const invited = await browser.post('/api/invites', { email, role: 'user' });
    expect(invited).toMatchObject({
      status: 201,
      body: { message: messages.invitationSent, user: { email, acceptedInviteAt: null } },
    });
    expect((await api.client().post('/api/login', { email, password: '' })).status).toBe(400);
    const token = await inviteLink(email);

    const colleague = api.client();
    const weak = await colleague.post('/api/invites/accept', { token, username: 'newbie', password: 'weak' });
    expect(weak).toMatchObject({ status: 400, body: { message: messages.passwordMinLength } });
    const accepted = await colleague.post('/api/invites/accept', {
      token,
      username: 'newbie',
      password: STRONG_PASSWORD,
    });
    expect(accepted).toMatchObject({ status: 200, body: { email, username: 'newbie', role: 'user' } });
    expect((await colleague.get('/api/user')).status).toBe(200);
    const reused = await api
      .client()
      .post('/api/invites/accept', { token, username: 'again', password: STRONG_PASSWORD });
    expect(reused).toMatchObject({ status: 400, body: { message: messages.invitationInvalid } });

    const listed = (await browser.get<AdminUser[]>('/api/users')).body.find((u) => u.email === email)!;
    expect(listed.invitedAt).not.toBeNull();
    expect(listed.acceptedInviteAt).not.toBeNull();
    const active = await browser.post('/api/invites', { email, role: 'user' });
    expect(active).toMatchObject({ status: 409, body: { message: messages.inviteActiveUser } });
  });

  it('a second invitation voids the first link', async () => {
    const clock = useSteppedClock();
    const { browser } = await adminSession();
    const email = uniqueEmail('twice');
    await browser.post('/api/invites', { email, role: 'user' });
    const first = await inviteLink(email);
    clock.tick();
    expect((await browser.post('/api/invites', { email, role: 'admin' })).status).toBe(201);
    const second = await inviteLink(email);
    expect(second).not.toBe(first);
    const old = await api
      .client()
      .post('/api/invites/accept', { token: first, username: 'first', password: STRONG_PASSWORD });
    expect(old.status).toBe(400);
    const fresh = await api
      .client()
      .post('/api/invites/accept', { token: second, username: 'second', password: STRONG_PASSWORD });
    expect(fresh).toMatchObject({ status: 200, body: { role: 'admin' } });
  });

  it('a pending invitee cannot log in or reset a password', async () => {
    const { browser } = await adminSession();
    const email = uniqueEmail('pending');
    await browser.post('/api/invites', { email, role: 'user' });
    expect((await api.client().post('/api/login', { email, password: STRONG_PASSWORD })).status).toBe(401);
    await api.client().post('/api/forgot-password', { email });
    const mails = await stack.readEmails(email);
    expect(mails).toHaveLength(1);
  });
});
