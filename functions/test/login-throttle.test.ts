import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { FORGOT_PASSWORD_LIMITS, LOGIN_LIMITS, releaseResetEmail } from '#services/auth/throttle';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi, type TestClient } from '../../scripts/test/api-client';
import { createLoginUser, STRONG_PASSWORD, uniqueEmail } from './support';

/*
 * Login and forgot-password throttles as a browser meets them: through the local edge, which
 * (like CloudFront) tells the functions each client's own address. Every client here connects
 * from an address of its own on the loopback network (127.0.0.0/8), so the functions see several
 * people where API Gateway alone would see one edge. Its own file, so its counters start at zero.
 */
const stack = useTestStack();
const api = useTestApi();
const bare = useTestApi({ edge: false });

let nextHost = 10;
/** A browser at an address no other test uses. */
const newClient = (): TestClient => api.client(`127.0.${Math.floor(nextHost / 250)}.${(nextHost++ % 250) + 2}`);

const WRONG = 'Wrong!Passw0rd';
const login = (client: TestClient, email: string, password: string) =>
  client.post<{ message?: string; email?: string }>('/api/login', { email, password });

// Every login checks a real scrypt hash (a second or so here): these tests are slow by nature.
describe('login throttling', { timeout: 120_000 }, () => {
  it("lets the admin's correct password in from a seventh address after six failures from six others", async () => {
    const { email } = await createLoginUser('admin');
    for (let attacker = 0; attacker < 6; attacker++) {
      expect((await login(newClient(), email, WRONG)).status).toBe(401);
    }
    const owner = await login(newClient(), email, STRONG_PASSWORD);
    expect(owner.status, JSON.stringify(owner.body)).toBe(200);
    expect(owner.body.email).toBe(email);
  });

  it('refuses a client that keeps failing at one account, even with the right password, but only that client', async () => {
    const { email } = await createLoginUser('user');
    const guesser = newClient();
    for (let attempt = 0; attempt < LOGIN_LIMITS.perAccountAndClient; attempt++) {
      expect((await login(guesser, email, WRONG)).status).toBe(401);
    }
    const blocked = await login(guesser, email, STRONG_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('Too many attempts. Please try again in 15 minutes.');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    // The owner elsewhere is not affected, and the guesser may still use another account of its own.
    expect((await login(newClient(), email, STRONG_PASSWORD)).status).toBe(200);
    const other = await createLoginUser('user');
    expect((await login(guesser, other.email, STRONG_PASSWORD)).status).toBe(200);
  });

  it('bounds one client across accounts: past its allowance it is refused everywhere, with Retry-After', async () => {
    const { email } = await createLoginUser('user');
    const stuffer = newClient();
    for (let attempt = 0; attempt < LOGIN_LIMITS.perClient; attempt++) {
      expect((await login(stuffer, uniqueEmail('stuffed'), WRONG)).status).toBe(401);
    }
    const blocked = await login(stuffer, email, STRONG_PASSWORD);
    expect(blocked).toMatchObject({ status: 429, body: { message: messages.tooManyAttempts(15) } });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect((await login(newClient(), email, STRONG_PASSWORD)).status).toBe(200);
  });

  it('slows an account under attack: each further client gets fewer guesses, the owner still gets in', async () => {
    const { email } = await createLoginUser('admin');
    for (let attacker = 0; attacker < LOGIN_LIMITS.accountUnderAttackAfter; attacker++) {
      expect((await login(newClient(), email, WRONG)).status).toBe(401);
    }
    const late = newClient();
    for (let attempt = 0; attempt < LOGIN_LIMITS.perAccountAndClientUnderAttack; attempt++) {
      expect((await login(late, email, WRONG)).status).toBe(401);
    }
    expect((await login(late, email, WRONG)).status).toBe(429);
    expect((await login(newClient(), email, STRONG_PASSWORD)).status).toBe(200);
  });

  it('counts the address the edge saw, not one the client claims', async () => {
    const { email } = await createLoginUser('user');
    const liar = newClient();
    for (let attempt = 0; attempt < LOGIN_LIMITS.perAccountAndClient; attempt++) {
      const spoofed = { 'cloudfront-viewer-address': `203.0.113.${attempt}:443`, 'x-origin-verify': 'guess' };
      expect((await liar.post('/api/login', { email, password: WRONG }, { headers: spoofed })).status).toBe(401);
    }
    const again = await liar.post(
      '/api/login',
      { email, password: STRONG_PASSWORD },
      { headers: { 'cloudfront-viewer-address': '203.0.113.99:443' } },
    );
    expect(again.status).toBe(429);
  });
});

describe('the execute-api endpoint without CloudFront', () => {
  it('refuses every request that does not carry the origin secret, public routes included', async () => {
    const direct = bare.client();
    for (const answer of [
      await direct.get('/api/csrf-token'),
      await direct.post('/api/login', { email: 'a@example.com', password: WRONG }, { csrf: false }),
      await direct.post('/api/forgot-password', { email: 'a@example.com' }, { csrf: false }),
    ]) {
      expect(answer).toMatchObject({ status: 403, body: { message: messages.forbidden } });
    }
    const guessed = await direct.get('/api/csrf-token', { headers: { 'x-origin-verify': 'not-the-secret' } });
    expect(guessed.status).toBe(403);
  });
});

describe('forgot-password', { timeout: 60_000 }, () => {
  const resetTokens = async (email: string): Promise<string[]> =>
    (await stack.readEmails(email)).map((mail) => /\/app\/auth\?token=([\w-]+)/.exec(JSON.stringify(mail))![1]!);

  it("still gets the owner a working link after strangers' requests from six addresses", async () => {
    const { email } = await createLoginUser('admin');
    for (let stranger = 0; stranger < 6; stranger++) {
      const answer = await newClient().post('/api/forgot-password', { email });
      expect(answer).toMatchObject({ status: 200, body: { message: messages.resetLinkSent } });
    }
    const owner = await newClient().post('/api/forgot-password', { email });
    expect(owner).toMatchObject({ status: 200, body: { message: messages.resetLinkSent } });
    // One email for the lot, and its link works: the requests after it voided nothing.
    const tokens = await resetTokens(email);
    expect(tokens).toHaveLength(1);
    const reset = await newClient().post('/api/reset-password', { token: tokens[0], password: 'N3w!Passw0rd' });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect((await login(newClient(), email, 'N3w!Passw0rd')).status).toBe(200);
  });

  it('sends one email for 20 simultaneous requests, and a new one once the interval has passed', async () => {
    const { email, user } = await createLoginUser('user');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => newClient().post('/api/forgot-password', { email })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array<number>(20).fill(200));
    expect(await resetTokens(email)).toHaveLength(1);
    // The interval ending (here early, as FORGOT_PASSWORD_LIMITS.emailIntervalSeconds would).
    expect(FORGOT_PASSWORD_LIMITS.emailIntervalSeconds).toBeLessThanOrEqual(15 * 60);
    await releaseResetEmail(user.id);
    await newClient().post('/api/forgot-password', { email });
    expect(await resetTokens(email)).toHaveLength(2);
  });

  it('limits one client, whatever the addresses it asks for, with the same answer for every address', async () => {
    const asker = newClient();
    for (let request = 0; request < FORGOT_PASSWORD_LIMITS.perClient; request++) {
      expect((await asker.post('/api/forgot-password', { email: uniqueEmail('asked') })).status).toBe(200);
    }
    const { email } = await createLoginUser('user');
    const blocked = await asker.post('/api/forgot-password', { email });
    expect(blocked).toMatchObject({ status: 429, body: { message: messages.tooManyAttempts(15) } });
    expect((await asker.post('/api/forgot-password', { email: uniqueEmail('ghost') })).status).toBe(429);
    expect((await newClient().post('/api/forgot-password', { email })).status).toBe(200);
    expect(await resetTokens(email)).toHaveLength(1);
  });
});
