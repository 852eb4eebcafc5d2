import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { SESSION_COOKIE } from '#lib/cookies';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi } from '../../scripts/test/api-client';
import { resolveSession, SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS, startSession } from '#services/auth/sessions';
import { getUserByEmail } from '#repositories/users';
import { putSession } from '#repositories/sessions';
import { randomToken, sha256 } from '#services/auth/tokens';
import { releaseResetEmail } from '#services/auth/throttle';
import { createLoginUser, STRONG_PASSWORD, useSteppedClock } from './support';

const stack = useTestStack();
const { client } = useTestApi();

const signedIn = async (email: string, password = STRONG_PASSWORD) => {
  const browser = client();
  const answer = await browser.post('/api/login', { email, password });
  expect(answer.status).toBe(200);
  return browser;
};

describe('login', () => {
  it('answers the user and sets an HttpOnly, SameSite=Lax session cookie, fresh at every login', async () => {
    const { user, email } = await createLoginUser('user');
    const browser = client();
    const first = await browser.post('/api/login', { email: email.toUpperCase(), password: STRONG_PASSWORD });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      id: user.id,
      email,
      username: user.username,
      name: 'Test Person',
      firstName: 'Test',
      lastName: 'Person',
      role: 'user',
    });
    const cookie = first.cookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    expect(JSON.stringify(first.body)).not.toMatch(/scrypt|passwordHash/);

    const second = await client().post('/api/login', { email, password: STRONG_PASSWORD });
    expect(second.cookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`))).not.toBe(cookie);
    expect((await browser.get('/api/user')).body).toMatchObject({ id: user.id, role: 'user' });
  });

  it('gives one 401 message for a wrong password and for an unknown email', async () => {
    const { email } = await createLoginUser('user');
    const wrongPassword = await client().post('/api/login', { email, password: 'Wrong!Passw0rd' });
    const unknownEmail = await client().post('/api/login', { email: 'nobody@example.com', password: STRONG_PASSWORD });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual({ message: messages.invalidCredentials });
    expect(unknownEmail.body).toEqual(wrongPassword.body);
  });

  it("validates the body with the product's messages", async () => {
    const answer = await client().post('/api/login', { email: 'not-an-email', password: '' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      fields: { email: messages.emailInvalid, password: messages.passwordRequired },
    });
  });
});

describe('sessions', () => {
  it('ends the session server-side at logout, so the old cookie no longer works', async () => {
    const { email } = await createLoginUser('user');
    const browser = await signedIn(email);
    const stolen = browser.cookie(SESSION_COOKIE)!;
    expect((await browser.post('/api/logout')).status).toBe(200);
    expect((await browser.get('/api/user')).status).toBe(401);
    const replay = client();
    replay.setCookie(SESSION_COOKIE, stolen);
    expect((await replay.get('/api/user')).status).toBe(401);
  });

  it("names its user in the cookie token, and believes the name only for that user's session", async () => {
    const { email } = await createLoginUser('user');
    const { email: otherEmail } = await createLoginUser('user');
    const user = (await getUserByEmail(email))!;
    const other = (await getUserByEmail(otherEmail))!;
    const { token, session } = await startSession(user);
    expect(token.startsWith(`${user.id}.`)).toBe(true);
    expect((await resolveSession(token))?.user.id).toBe(user.id);
    // A token that names someone else than its session's user is no session at all.
    const secret = randomToken();
    await putSession({ ...session, tokenHash: sha256(`${other.id}.${secret}`) });
    expect(await resolveSession(`${other.id}.${secret}`)).toBeUndefined();
    // Tokens made before they named their user still work until they expire.
    const unnamed = randomToken();
    await putSession({ ...session, tokenHash: sha256(unnamed) });
    expect((await resolveSession(unnamed))?.user.id).toBe(user.id);
    const browser = client();
    browser.setCookie(SESSION_COOKIE, unnamed);
    expect((await browser.get('/api/user')).status).toBe(200);
  });

  it('expires after the idle limit and after the absolute limit', async () => {
    const { email } = await createLoginUser('user');
    const user = (await getUserByEmail(email))!;
    const start = new Date();
    const { token } = await startSession(user, {}, start);
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    expect(await resolveSession(token, at(SESSION_IDLE_SECONDS - 60))).toBeDefined();
    // Active use keeps sliding the idle window, but never past the absolute limit.
    expect(await resolveSession(token, at(2 * SESSION_IDLE_SECONDS - 120))).toBeDefined();
    expect(await resolveSession(token, at(SESSION_ABSOLUTE_SECONDS + 1))).toBeUndefined();
    const idle = await startSession(user, {}, start);
    expect(await resolveSession(idle.token, at(SESSION_IDLE_SECONDS + 1))).toBeUndefined();
  });

  it('refuses a CSRF token made for another browser', async () => {
    const { email } = await createLoginUser('user');
    const browser = await signedIn(email);
    const other = client();
    const { body } = await other.get('/api/csrf-token');
    const answer = await browser.post('/api/logout', undefined, {
      csrf: false,
      headers: { 'x-csrf-token': (body as { token: string }).token },
    });
    expect(answer.status).toBe(403);
  });
});

describe('profile', () => {
  it('updates the profile, checks the username length and keeps emails unique', async () => {
    const { email } = await createLoginUser('user');
    const taken = await createLoginUser('user');
    const browser = await signedIn(email);
    const updated = await browser.patch('/api/user', {
      username: 'ada',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: `new-${email}`,
      currentPassword: STRONG_PASSWORD,
    });
    expect(updated.status).toBe(200);
    // The new address waits for its confirmation link (account-security.test.ts follows one).
    expect(updated.body).toMatchObject({
      username: 'ada',
      firstName: 'Ada',
      lastName: 'Lovelace',
      name: 'Ada Lovelace',
      email,
      pendingEmail: `new-${email}`,
    });
    expect((await browser.get('/api/user')).body).toMatchObject({ email, pendingEmail: `new-${email}` });

    const short = await browser.patch('/api/user', { username: 'ab', email });
    expect(short).toMatchObject({ status: 400, body: { message: messages.usernameMinLength } });
    const clash = await browser.patch('/api/user', {
      username: 'ada',
      email: taken.email,
      currentPassword: STRONG_PASSWORD,
    });
    expect(clash).toMatchObject({ status: 409, body: { message: messages.emailTaken } });
  });
});

describe('change password', () => {
  it('checks the current password and the rule, then ends every other session', async () => {
    const { email } = await createLoginUser('user');
    const here = await signedIn(email);
    const elsewhere = await signedIn(email);

    const wrong = await here.post('/api/change-password', {
      currentPassword: 'Nope!12345',
      newPassword: 'N3w!Password',
    });
    expect(wrong).toMatchObject({ status: 400, body: { message: messages.currentPasswordWrong } });
    const weak = await here.post('/api/change-password', {
      currentPassword: STRONG_PASSWORD,
      newPassword: 'alllowercase1!',
    });
    expect(weak).toMatchObject({ status: 400, body: { message: messages.passwordUppercase } });

    expect(
      (await here.post('/api/change-password', { currentPassword: STRONG_PASSWORD, newPassword: 'N3w!Password' }))
        .status,
    ).toBe(200);
    expect((await here.get('/api/user')).status).toBe(200);
    expect((await elsewhere.get('/api/user')).status).toBe(401);
    expect((await client().post('/api/login', { email, password: STRONG_PASSWORD })).status).toBe(401);
    expect((await client().post('/api/login', { email, password: 'N3w!Password' })).status).toBe(200);
  });
});

describe('forgot and reset password', () => {
  const resetLink = async (email: string): Promise<string> => {
    const mails = await stack.readEmails(email);
    expect(mails.length).toBeGreaterThan(0);
    const text = JSON.stringify(mails.at(-1));
    const match = /\/app\/auth\?token=([\w-]+)/.exec(text);
    expect(match).not.toBeNull();
    return match![1]!;
  };

  it('answers the same for an unknown email, and never faster than the floor', async () => {
    const { email } = await createLoginUser('user');
    const timed = async (address: string) => {
      const started = performance.now();
      const answer = await client().post('/api/forgot-password', { email: address });
      return { answer, ms: performance.now() - started };
    };
    const known = await timed(email);
    const unknown = await timed('ghost@example.com');
    expect(known.answer).toMatchObject({ status: 200, body: { message: messages.resetLinkSent } });
    expect(unknown.answer.status).toBe(known.answer.status);
    expect(unknown.answer.body).toEqual(known.answer.body);
    expect(unknown.ms).toBeGreaterThanOrEqual(400);
    expect(known.ms).toBeGreaterThanOrEqual(400);
    expect(await stack.readEmails('ghost@example.com')).toHaveLength(0);
  });

  it('emails a link that resets the password once and ends every session', async () => {
    const { email } = await createLoginUser('user');
    const before = await signedIn(email);
    expect((await client().post('/api/forgot-password', { email })).status).toBe(200);
    const token = await resetLink(email);

    const weak = await client().post('/api/reset-password', { token, password: 'short' });
    expect(weak).toMatchObject({ status: 400, body: { message: messages.passwordMinLength } });
    const reset = await client().post('/api/reset-password', { token, password: 'R3set!Password' });
    expect(reset).toMatchObject({ status: 200, body: { message: messages.passwordReset } });
    const again = await client().post('/api/reset-password', { token, password: 'An0ther!Password' });
    expect(again).toMatchObject({ status: 400, body: { message: messages.resetTokenInvalid } });

    expect((await before.get('/api/user')).status).toBe(401);
    expect((await client().post('/api/login', { email, password: 'R3set!Password' })).status).toBe(200);
  });

  it('voids an older link once the password has changed', async () => {
    const clock = useSteppedClock();
    const { email, user } = await createLoginUser('user');
    await client().post('/api/forgot-password', { email });
    const older = await resetLink(email);
    clock.tick();
    // One email per account per interval: end the interval, as time would.
    await releaseResetEmail(user.id);
    await client().post('/api/forgot-password', { email });
    const newer = await resetLink(email);
    expect(newer).not.toBe(older);
    expect((await client().post('/api/reset-password', { token: newer, password: 'R3set!Password' })).status).toBe(200);
    expect((await client().post('/api/reset-password', { token: older, password: 'R3set!Password2' })).status).toBe(
      400,
    );
  });
});

describe('deleting your own account', () => {
  it('removes the account and its sessions', async () => {
    const { email } = await createLoginUser('user');
    const browser = await signedIn(email);
    const other = await signedIn(email);
    expect((await browser.delete('/api/user', { currentPassword: STRONG_PASSWORD })).status).toBe(204);
    expect((await browser.get('/api/user')).status).toBe(401);
    expect((await other.get('/api/user')).status).toBe(401);
    expect((await client().post('/api/login', { email, password: STRONG_PASSWORD })).status).toBe(401);
  });

  it('refuses the last administrator with a 409 and a message', async () => {
    // This file's table starts empty: this admin is the only one.
    const { email } = await createLoginUser('admin');
    const browser = await signedIn(email);
    const answer = await browser.delete('/api/user', { currentPassword: STRONG_PASSWORD });
    expect(answer).toMatchObject({ status: 409, body: { message: messages.lastAdminSelfDelete } });
    expect((await browser.get('/api/user')).status).toBe(200);
  });
});
