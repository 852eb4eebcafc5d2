import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { dynamo } from '#lib/clients';
import { getUser, getUserByEmail } from '#repositories/users';
import { inviteUser } from '#services/users';
import { hashPassword } from '#services/auth/passwords';
import { releaseResetEmail } from '#services/auth/throttle';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi, type TestClient } from '../../scripts/test/api-client';
import { createLoginUser, STRONG_PASSWORD, uniqueEmail } from './support';

/*
 * What a stolen session must not be enough for (changing the account's email, deleting it),
 * and the smaller holes next to it: old reset and invitation links, usernames that differ only
 * in case, invisible control characters, an administrator's own password, CSRF bindings and
 * requests from other sites.
 */
const stack = useTestStack();
const api = useTestApi();

const signedIn = async (email: string, password = STRONG_PASSWORD): Promise<TestClient> => {
  const browser = api.client();
  const answer = await browser.post('/api/login', { email, password });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return browser;
};

const profileOf = (user: { username: string; email: string }) => ({ username: user.username, email: user.email });

const lastLink = async (to: string, kind: 'token' | 'invite' | 'confirmEmail'): Promise<string> => {
  const mails = await stack.readEmails(to);
  const match = new RegExp(`[?&]${kind}=([\\w-]+)`).exec(JSON.stringify(mails.at(-1)));
  expect(match, `no ${kind} link mailed to ${to}`).not.toBeNull();
  return match![1]!;
};

describe('changing the account email', () => {
  it('needs the current password, and changes nothing without it', async () => {
    const { user, email } = await createLoginUser('user');
    const browser = await signedIn(email);
    const newEmail = uniqueEmail('moved');

    const missing = await browser.patch('/api/user', { ...profileOf(user), email: newEmail });
    expect(missing).toMatchObject({
      status: 400,
      body: {
        message: messages.currentPasswordToChangeEmail,
        fields: { currentPassword: messages.currentPasswordToChangeEmail },
      },
    });
    const wrong = await browser.patch('/api/user', {
      ...profileOf(user),
      email: newEmail,
      currentPassword: 'Wr0ng!Password',
    });
    expect(wrong).toMatchObject({
      status: 400,
      body: { message: messages.currentPasswordWrong, fields: { currentPassword: messages.currentPasswordWrong } },
    });
    expect((await getUser(user.id))?.email).toBe(email);
    expect(await getUserByEmail(newEmail)).toBeUndefined();
    expect(await stack.readEmails(email)).toEqual([]);

    // Other fields need no password.
    const renamed = await browser.patch('/api/user', { ...profileOf(user), firstName: 'Renamed' });
    expect(renamed).toMatchObject({ status: 200, body: { firstName: 'Renamed', email } });
  });

  it('keeps the old address until a link sent to the new one is followed; tells the old address; ends other sessions', async () => {
    const { user, email } = await createLoginUser('user');
    const here = await signedIn(email);
    const elsewhere = await signedIn(email);
    const newEmail = uniqueEmail('moved');

    const asked = await here.patch('/api/user', {
      ...profileOf(user),
      email: newEmail,
      currentPassword: STRONG_PASSWORD,
    });
    expect(asked).toMatchObject({ status: 200, body: { email, pendingEmail: newEmail } });
    expect((await here.get('/api/user')).body).toMatchObject({ email, pendingEmail: newEmail });
    expect((await elsewhere.get('/api/user')).status).toBe(401);
    // Nothing moved yet: the account still signs in with its address, and nobody owns the new one.
    expect(await getUserByEmail(newEmail)).toBeUndefined();
    expect((await api.client().post('/api/login', { email: newEmail, password: STRONG_PASSWORD })).status).toBe(401);

    const notices = await stack.readEmails(email);
    expect(notices).toHaveLength(1);
    expect(JSON.stringify(notices[0])).toContain('A new email address was asked for your Component Hub account');
    expect(JSON.stringify(notices[0])).toContain(newEmail);
    const token = await lastLink(newEmail, 'confirmEmail');

    const confirmed = await api.client().post('/api/user/email/confirm', { token });
    expect(confirmed).toMatchObject({
      status: 200,
      body: { message: messages.emailConfirmed(newEmail), email: newEmail },
    });
    expect(await getUser(user.id)).toMatchObject({ email: newEmail, emailVerifiedAt: expect.any(String) });
    expect((await getUser(user.id))?.pendingEmail).toBeUndefined();
    expect((await here.get('/api/user')).body).toMatchObject({ email: newEmail });
    expect((await api.client().post('/api/login', { email: newEmail, password: STRONG_PASSWORD })).status).toBe(200);
    expect((await api.client().post('/api/login', { email, password: STRONG_PASSWORD })).status).toBe(401);
    // Used once.
    const again = await api.client().post('/api/user/email/confirm', { token });
    expect(again).toMatchObject({ status: 400, body: { message: messages.emailConfirmationInvalid } });
  });

  it('confirms only with the newest link, and never an address someone took meanwhile', async () => {
    const { user, email } = await createLoginUser('user');
    const browser = await signedIn(email);
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    for (const target of [first, second]) {
      const asked = await browser.patch('/api/user', {
        ...profileOf(user),
        email: target,
        currentPassword: STRONG_PASSWORD,
      });
      expect(asked.status).toBe(200);
    }
    const older = await lastLink(first, 'confirmEmail');
    expect((await api.client().post('/api/user/email/confirm', { token: older })).status).toBe(400);
    expect((await getUser(user.id))?.email).toBe(email);

    // Someone else takes the pending address before the link is followed: it stays theirs.
    const newest = await lastLink(second, 'confirmEmail');
    const other = await createLoginUser('user', STRONG_PASSWORD, second);
    const taken = await api.client().post('/api/user/email/confirm', { token: newest });
    expect(taken).toMatchObject({ status: 409, body: { message: messages.emailTaken } });
    expect((await getUserByEmail(second))?.id).toBe(other.user.id);
    expect((await getUser(user.id))?.email).toBe(email);
  });
});

describe('deleting one own account', () => {
  it('needs the current password, and keeps the account without it', async () => {
    const { user, email } = await createLoginUser('user');
    const browser = await signedIn(email);
    const missing = await browser.delete('/api/user');
    expect(missing).toMatchObject({
      status: 400,
      body: { fields: { currentPassword: messages.currentPasswordToDeleteAccount } },
    });
    const wrong = await browser.delete('/api/user', { currentPassword: 'Wr0ng!Password' });
    expect(wrong).toMatchObject({ status: 400, body: { message: messages.currentPasswordWrong } });
    expect(await getUser(user.id)).toBeDefined();
    expect((await browser.get('/api/user')).status).toBe(200);

    expect((await browser.delete('/api/user', { currentPassword: STRONG_PASSWORD })).status).toBe(204);
    expect(await getUser(user.id)).toBeUndefined();
  });
});

describe('emailed links', () => {
  it('a new reset link voids every older one', async () => {
    const { email, user } = await createLoginUser('user');
    expect((await api.client().post('/api/forgot-password', { email })).status).toBe(200);
    const older = await lastLink(email, 'token');
    // One email per account per interval: end the interval, as time would.
    await releaseResetEmail(user.id);
    expect((await api.client().post('/api/forgot-password', { email })).status).toBe(200);
    const newer = await lastLink(email, 'token');
    expect(newer).not.toBe(older);

    const withOlder = await api.client().post('/api/reset-password', { token: older, password: 'Old3r!Link' });
    expect(withOlder).toMatchObject({ status: 400, body: { message: messages.resetTokenInvalid } });
    const withNewer = await api.client().post('/api/reset-password', { token: newer, password: 'N3wer!Link' });
    expect(withNewer.status).toBe(200);
    expect((await api.client().post('/api/login', { email, password: 'N3wer!Link' })).status).toBe(200);
  });

  it('an invitation stops working once an administrator sets the password', async () => {
    const { email: adminEmail } = await createLoginUser('admin');
    const admin = await signedIn(adminEmail);
    const invitee = uniqueEmail('invitee');
    await inviteUser(invitee, 'user');
    const token = await lastLink(invitee, 'invite');
    const pending = (await getUserByEmail(invitee))!;
    expect(pending.acceptedInviteAt).toBeUndefined();

    expect((await admin.patch(`/api/users/${pending.id}/password`, { newPassword: 'Adm1n!Chosen' })).status).toBe(200);
    const accepted = await api.client().post('/api/invites/accept', {
      token,
      username: 'taken-over',
      password: 'Att4cker!Chosen',
    });
    expect(accepted).toMatchObject({ status: 400, body: { message: messages.invitationInvalid } });
    expect((await api.client().post('/api/login', { email: invitee, password: 'Adm1n!Chosen' })).status).toBe(200);
    const listed = (await admin.get<{ email: string; acceptedInviteAt: string | null }[]>('/api/users')).body;
    expect(listed.find((user) => user.email === invitee)?.acceptedInviteAt).not.toBeNull();
  });

  it('an invitation stops working once its user signs in', async () => {
    const invitee = uniqueEmail('invitee');
    await inviteUser(invitee, 'user');
    const token = await lastLink(invitee, 'invite');
    const pending = (await getUserByEmail(invitee))!;
    // An account from before hashes had their own item: password on the user, invitation still open.
    await dynamo().send(
      new UpdateCommand({
        TableName: stack.tableName,
        Key: { pk: `USER#${pending.id}`, sk: 'META' },
        UpdateExpression: 'SET passwordHash = :hash',
        ExpressionAttributeValues: { ':hash': await hashPassword(STRONG_PASSWORD) },
      }),
    );
    await signedIn(invitee);
    const accepted = await api.client().post('/api/invites/accept', {
      token,
      username: 'late-accept',
      password: 'Att4cker!Chosen',
    });
    expect(accepted).toMatchObject({ status: 400, body: { message: messages.invitationInvalid } });
    // Signing in also moved the old hash to its own item: the user item holds none any more.
    expect(JSON.stringify(await getUser(pending.id))).not.toContain('scrypt');
    expect((await api.client().post('/api/login', { email: invitee, password: STRONG_PASSWORD })).status).toBe(200);
  });
});

describe('usernames', () => {
  it('are unique whatever their case, in the profile, at invitation and for defaults', async () => {
    const first = await createLoginUser('user');
    const browser = await signedIn(first.email);
    const name = `Grace-${Date.now().toString(36)}`;
    expect((await browser.patch('/api/user', { ...profileOf(first.user), username: name })).status).toBe(200);

    const second = await createLoginUser('user');
    const other = await signedIn(second.email);
    for (const variant of [name.toLowerCase(), name.toUpperCase(), ` ${name} `]) {
      const clash = await other.patch('/api/user', { ...profileOf(second.user), username: variant });
      expect(clash).toMatchObject({
        status: 409,
        body: { message: messages.usernameTaken, fields: { username: messages.usernameTaken } },
      });
    }
    // The first user may change the case of their own name.
    expect((await browser.patch('/api/user', { ...profileOf(first.user), username: name.toUpperCase() })).status).toBe(
      200,
    );
    // ... and the old name is free again once they move to another one.
    expect((await browser.patch('/api/user', { ...profileOf(first.user), username: `${name}-x` })).status).toBe(200);
    expect((await other.patch('/api/user', { ...profileOf(second.user), username: name.toLowerCase() })).status).toBe(
      200,
    );

    // An invitee is told the name is taken and can still use the same link with another one.
    const invitee = uniqueEmail('invitee');
    await inviteUser(invitee, 'user');
    const token = await lastLink(invitee, 'invite');
    const taken = await api.client().post('/api/invites/accept', {
      token,
      username: name.toUpperCase(),
      password: STRONG_PASSWORD,
    });
    expect(taken).toMatchObject({ status: 409, body: { fields: { username: messages.usernameTaken } } });
    const accepted = await api.client().post('/api/invites/accept', {
      token,
      username: `${name}-invitee`,
      password: STRONG_PASSWORD,
    });
    expect(accepted.status).toBe(200);

    // Accounts named after their email get a free variant instead of an error.
    const local = `same-${Date.now().toString(36)}`;
    const a = await createLoginUser('user', STRONG_PASSWORD, `${local}@one.example`);
    const b = await createLoginUser('user', STRONG_PASSWORD, `${local.toUpperCase()}@two.example`);
    expect(a.user.username).toBe(local);
    expect(b.user.username.toLowerCase()).not.toBe(local);
    expect(b.user.username.toLowerCase().startsWith(local)).toBe(true);
  });
});

describe('usernames in emails', () => {
  it('are letters, digits and simple separators only: a web address or markup is refused', async () => {
    const someone = await createLoginUser('user');
    const browser = await signedIn(someone.email);
    for (const username of ['evil.com/login', 'https://evil.example', '<a>bob</a>', 'bob@evil.example']) {
      const refused = await browser.patch('/api/user', { ...profileOf(someone.user), username });
      expect(refused, username).toMatchObject({
        status: 400,
        body: { fields: { username: messages.usernameCharacters } },
      });
    }
    expect((await getUser(someone.user.id))?.username).toBe(someone.user.username);
    // A default name made from an email with other characters keeps only the safe ones.
    const plus = await createLoginUser('user', STRONG_PASSWORD, `anna+${Date.now().toString(36)}@example.com`);
    expect(plus.user.username).toMatch(/^anna\.[a-z0-9]+$/);
  });
});

describe('text fields', () => {
  it('refuse text-direction overrides, NUL and lone surrogates through the API', async () => {
    const { user, email } = await createLoginUser('user');
    const browser = await signedIn(email);
    const override = await browser.patch('/api/user', { ...profileOf(user), firstName: 'Eve\u202eadmin' });
    expect(override).toMatchObject({ status: 400, body: { message: messages.textControlCharacters('First name') } });
    // A lone surrogate travels as a JSON escape, which is how a hostile client would send it.
    const lone = await browser.request('PATCH', '/api/user', `{"username":"ab\\ud800cd","email":"${email}"}`, {
      headers: { 'content-type': 'application/json' },
    });
    expect(lone).toMatchObject({ status: 400, body: { message: messages.textControlCharacters('Username') } });
    const nul = await browser.patch('/api/user', { ...profileOf(user), lastName: 'Null\u0000ed' });
    expect(nul.status).toBe(400);
    expect((await getUser(user.id))?.firstName).not.toContain('\u202e');
  });
});

describe('an administrator own password', () => {
  it('goes through change password, which asks for the current one', async () => {
    const { user, email } = await createLoginUser('admin');
    const admin = await signedIn(email);
    const direct = await admin.patch(`/api/users/${user.id}/password`, { newPassword: 'Sh0rtcut!Pass' });
    expect(direct).toMatchObject({ status: 403, body: { message: messages.setOwnPasswordHere } });
    expect((await api.client().post('/api/login', { email, password: STRONG_PASSWORD })).status).toBe(200);
    const changed = await admin.post('/api/change-password', {
      currentPassword: STRONG_PASSWORD,
      newPassword: 'Pr0per!Change',
    });
    expect(changed.status).toBe(200);
  });
});

describe('CSRF', () => {
  it('a token bound before login is worth nothing after it', async () => {
    const { user, email } = await createLoginUser('user');
    const browser = api.client();
    const before = (await browser.get<{ token: string }>('/api/csrf-token')).body.token;
    const presessionBefore = browser.cookie('ch_presession');
    expect((await browser.post('/api/login', { email, password: STRONG_PASSWORD })).status).toBe(200);
    expect(browser.cookie('ch_presession')).not.toBe(presessionBefore);

    const stale = await browser.patch('/api/user', profileOf(user), { headers: { 'x-csrf-token': before } });
    expect(stale).toMatchObject({ status: 403, body: { message: messages.csrfInvalid } });
    // The old pre-session cookie, put back by someone who planted it, does not help either.
    browser.setCookie('ch_presession', presessionBefore!);
    const planted = await browser.patch('/api/user', profileOf(user), { headers: { 'x-csrf-token': before } });
    expect(planted.status).toBe(403);
    expect((await browser.patch('/api/user', profileOf(user))).status).toBe(200);
  });

  it("refuses a write whose Origin or Referer is another site, and takes the app's own", async () => {
    const { user, email } = await createLoginUser('user');
    const browser = await signedIn(email);
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { referer: 'https://evil.example/page' },
      { origin: 'http://localhost:3000.evil.example' },
    ];
    for (const headers of foreign) {
      const answer = await browser.patch('/api/user', profileOf(user), { headers });
      expect(answer, JSON.stringify(headers)).toMatchObject({ status: 403, body: { message: messages.foreignOrigin } });
    }
    const own: Record<string, string>[] = [
      { origin: stack.appUrl },
      { referer: `${stack.appUrl}/app/component-hub/settings` },
      {},
    ];
    for (const headers of own) {
      expect((await browser.patch('/api/user', profileOf(user), { headers })).status, JSON.stringify(headers)).toBe(
        200,
      );
    }
    // Reads are not writes: a page elsewhere may link to the app.
    expect((await browser.get('/api/user', { headers: { origin: 'https://evil.example' } })).status).toBe(200);
  });
});
