import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import type { SessionSummary } from '#shared/schemas/sessions';
import { dynamo } from '#lib/clients';
import { SESSION_COOKIE } from '#lib/cookies';
import { tableName } from '#repositories/table';
import { randomToken, sha256 } from '#services/auth/tokens';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi, type TestClient } from '../../scripts/test/api-client';
import { createLoginUser, signedInClient, signIn, STRONG_PASSWORD } from './support';

useTestStack();
const api = useTestApi();

const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** A browser of its own (own cookies, own loopback address), signed in as `email`. */
const signedIn = async (email: string, userAgent = FIREFOX_ON_LINUX, from?: string): Promise<TestClient> => {
  const browser = api.client(from);
  const answer = await browser.post(
    '/api/login',
    { email, password: STRONG_PASSWORD },
    { headers: { 'user-agent': userAgent } },
  );
  expect(answer.status).toBe(200);
  return browser;
};

const sessionsOf = async (browser: TestClient): Promise<SessionSummary[]> => {
  const answer = await browser.get<SessionSummary[]>('/api/sessions');
  expect(answer.status).toBe(200);
  return answer.body;
};

describe('own sessions', () => {
  it('lists the live sessions with browser, device, address and dates, the current one marked', async () => {
    const { email } = await createLoginUser('user');
    const laptop = await signedIn(email, FIREFOX_ON_LINUX, '127.0.0.21');
    const phone = await signedIn(email, SAFARI_ON_IPHONE, '127.0.0.22');

    // The session in use first, then the others newest first.
    const seenFromLaptop = await sessionsOf(laptop);
    expect(seenFromLaptop).toHaveLength(2);
    const [oldest, newest] = seenFromLaptop;
    expect(oldest).toMatchObject({ browser: 'Firefox 128', device: 'Linux (Desktop)', clientIp: '127.0.0.21' });
    expect(oldest!.current).toBe(true);
    expect(newest).toMatchObject({ browser: 'Safari 17', device: 'iOS 17.5 (Mobile)', clientIp: '127.0.0.22' });
    expect(newest!.current).toBe(false);
    expect(Date.parse(oldest!.createdAt)).toBeLessThanOrEqual(Date.parse(newest!.createdAt));
    expect(Date.parse(oldest!.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(oldest!.createdAt));

    // Each browser sees itself as the current one; the token hash never leaves the server.
    const seenFromPhone = await sessionsOf(phone);
    expect(seenFromPhone.map((session) => [session.id, session.current])).toEqual([
      [newest!.id, true],
      [oldest!.id, false],
    ]);
    const cookieHash = sha256(phone.cookie(SESSION_COOKIE)!);
    expect(JSON.stringify(seenFromPhone)).not.toContain(cookieHash);
    expect(Object.keys(newest!).sort()).toEqual(
      ['browser', 'clientIp', 'createdAt', 'current', 'device', 'id', 'lastSeenAt'].sort(),
    );
  });

  it('ends another session: it stops working at once and leaves the list', async () => {
    const { email } = await createLoginUser('user');
    const here = await signedIn(email);
    const there = await signedIn(email, SAFARI_ON_IPHONE);
    const other = (await sessionsOf(here)).find((session) => !session.current)!;

    const ended = await here.delete(`/api/sessions/${other.id}`);
    expect(ended).toMatchObject({ status: 200, body: { message: messages.sessionEnded } });
    expect((await there.get('/api/user')).status).toBe(401);
    expect((await here.get('/api/user')).status).toBe(200);
    expect((await sessionsOf(here)).map((session) => session.id)).not.toContain(other.id);
    // Ended already: not found the second time.
    expect((await here.delete(`/api/sessions/${other.id}`)).status).toBe(404);
  });

  it('does not end the current session by id: that is logging out', async () => {
    const { email } = await createLoginUser('user');
    const here = await signedIn(email);
    const current = (await sessionsOf(here)).find((session) => session.current)!;
    const answer = await here.delete(`/api/sessions/${current.id}`);
    expect(answer).toMatchObject({ status: 409, body: { message: messages.sessionIsCurrent } });
    expect((await here.get('/api/user')).status).toBe(200);
  });

  it('ends the other sessions once when asked twice at once, and keeps the one asking', async () => {
    const { email } = await createLoginUser('user');
    const here = await signedIn(email);
    const other = await signedIn(email);
    const answers = await Promise.all([here.post('/api/sessions/end-others'), here.post('/api/sessions/end-others')]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect((await other.get('/api/user')).status).toBe(401);
    expect((await here.get('/api/user')).status).toBe(200);
    expect(await sessionsOf(here)).toHaveLength(1);
  });

  it('ends every other session, and only those', async () => {
    const { email } = await createLoginUser('user');
    const here = await signedIn(email);
    const others = [await signedIn(email, SAFARI_ON_IPHONE), await signedIn(email)];
    const bystander = await signedInClient(api, 'user');

    const answer = await here.post('/api/sessions/end-others');
    expect(answer).toMatchObject({ status: 200, body: { message: messages.otherSessionsEnded } });
    for (const other of others) expect((await other.get('/api/user')).status).toBe(401);
    expect((await here.get('/api/user')).status).toBe(200);
    expect((await bystander.get('/api/user')).status).toBe(200);
    const left = await sessionsOf(here);
    expect(left).toHaveLength(1);
    expect(left[0]!.current).toBe(true);
  });

  it("cannot end another user's session, even knowing its id", async () => {
    const victim = await signedInClient(api, 'user');
    const victimSession = (await sessionsOf(victim)).find((session) => session.current)!;
    const attacker = await signedInClient(api, 'user');

    const answer = await attacker.delete(`/api/sessions/${victimSession.id}`);
    expect(answer).toMatchObject({ status: 404, body: { message: messages.sessionNotFound } });
    expect((await victim.get('/api/user')).status).toBe(200);
    // Nor does ending "all other" sessions reach beyond the caller's own.
    expect((await attacker.post('/api/sessions/end-others')).status).toBe(200);
    expect((await victim.get('/api/user')).status).toBe(200);
  });

  it('lists a session begun before sessions were listed, with what is known, once it is used', async () => {
    const { user, email } = await createLoginUser('user');
    const here = await signedIn(email);
    // As sessions were stored before: no public id, no index keys, no browser or address.
    const token = `${user.id}.${randomToken()}`;
    const now = new Date();
    const nowSeconds = Math.floor(now.getTime() / 1000);
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          pk: `SESSION#${sha256(token)}`,
          sk: 'META',
          entity: 'session',
          tokenHash: sha256(token),
          userId: user.id,
          sessionVersion: user.sessionVersion,
          createdAt: new Date(now.getTime() - 60_000).toISOString(),
          lastSeenAt: new Date(now.getTime() - 60_000).toISOString(),
          expiresAt: nowSeconds + 3600,
          absoluteExpiresAt: nowSeconds + 7200,
        },
      }),
    );
    const old = api.client();
    old.setCookie(SESSION_COOKIE, token);
    const listedByOld = await sessionsOf(old);
    const oldSelf = listedByOld.find((session) => session.current)!;
    expect(oldSelf).toMatchObject({ browser: null, device: null, clientIp: null });
    expect(oldSelf.id).toMatch(/^[\w-]{16,}$/);
    expect(listedByOld).toHaveLength(2);

    // And it can be ended like any other.
    expect((await here.delete(`/api/sessions/${oldSelf.id}`)).status).toBe(200);
    expect((await old.get('/api/user')).status).toBe(401);
  });
});

describe('sessions of a user (admin)', () => {
  it('ends every session of the user; the user signs in again afterwards', async () => {
    const admin = await signedInClient(api, 'admin');
    const { user, email } = await createLoginUser('user');
    const devices = [await signedIn(email), await signedIn(email, SAFARI_ON_IPHONE)];

    const answer = await admin.delete(`/api/users/${user.id}/sessions`);
    expect(answer).toMatchObject({ status: 200, body: { message: messages.userSessionsEnded } });
    for (const device of devices) expect((await device.get('/api/user')).status).toBe(401);
    expect((await admin.get('/api/user')).status).toBe(200);

    const again = await signedIn(email);
    expect(await sessionsOf(again)).toHaveLength(1);
  });

  it('is for administrators only, not for their own sessions, and answers 404 for an unknown user', async () => {
    const { client: admin, user: adminUser } = await signIn(api, 'admin');
    const member = await signedInClient(api, 'user');
    expect((await member.delete(`/api/users/${adminUser.id}/sessions`)).status).toBe(403);
    expect((await admin.get('/api/user')).status).toBe(200);

    const own = await admin.delete(`/api/users/${adminUser.id}/sessions`);
    expect(own).toMatchObject({ status: 403, body: { message: messages.endOwnSessionsHere } });
    expect((await admin.delete('/api/users/01NOSUCHUSER000000000000000/sessions')).status).toBe(404);
    expect((await member.get('/api/user')).status).toBe(200);
  });
});
