import { Secret, TOTP } from 'otpauth';
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import type { RecoveryCodes, SecondFactorStatus, TotpEnrolment } from '#shared/schemas/second-factor';
import { config, resetConfig } from '#lib/config';
import { PENDING_SIGN_IN_COOKIE, SESSION_COOKIE } from '#lib/cookies';
import { getUser } from '#repositories/users';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi, type TestClient } from '../../scripts/test/api-client';
import { SoftwareAuthenticator, strangerKey } from './software-authenticator';
import { createLoginUser, signIn, STRONG_PASSWORD } from './support';

const stack = useTestStack();
const { client } = useTestApi();

/** The code an authenticator app shows for `secret`, `stepsAhead` time steps from now. */
const codeFor = (secret: string, stepsAhead = 0): string =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });

const passwordSignIn = async (email: string): Promise<TestClient> => {
  const browser = client();
  const answer = await browser.post('/api/login', { email, password: STRONG_PASSWORD });
  expect(answer.status).toBe(200);
  return browser;
};

/** A password account with an authenticator app: its secret, recovery codes and a signed-in browser. */
const withAuthenticatorApp = async (role: 'user' | 'admin' = 'user') => {
  const account = await createLoginUser(role);
  const browser = await passwordSignIn(account.email);
  const enrolment = await browser.post<TotpEnrolment>('/api/second-factor/totp');
  expect(enrolment.status).toBe(200);
  const confirmed = await browser.post<RecoveryCodes>('/api/second-factor/totp', {
    code: codeFor(enrolment.body.secret),
  });
  expect(confirmed.status).toBe(200);
  return { ...account, browser, secret: enrolment.body.secret, recoveryCodes: confirmed.body.recoveryCodes };
};

/** The password step for an account with a second factor: a browser holding the pending sign-in. */
const pendingSignIn = async (email: string, methods: string[]) => {
  const browser = client();
  const answer = await browser.post('/api/login', { email, password: STRONG_PASSWORD });
  expect(answer.status).toBe(200);
  expect(answer.body).toEqual({ secondFactorRequired: true, methods });
  expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
  const pending = answer.cookies.find((c) => c.startsWith(`${PENDING_SIGN_IN_COOKIE}=`))!;
  expect(pending).toMatch(/HttpOnly/i);
  expect(pending).toMatch(/Path=\/api\/login/i);
  expect(pending).toMatch(/SameSite=Strict/i);
  return browser;
};

describe('authenticator app (TOTP)', () => {
  it('is set up with a first code, shows an otpauth address and ten recovery codes once', async () => {
    const { email } = await createLoginUser('user');
    const browser = await passwordSignIn(email);
    const enrolment = await browser.post<TotpEnrolment>('/api/second-factor/totp');
    expect(enrolment.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.body.uri).toContain(`secret=${enrolment.body.secret}`);
    expect(enrolment.body.uri).toMatch(/^otpauth:\/\/totp\/Component%20Hub:/);

    const wrong = await browser.post('/api/second-factor/totp', { code: codeFor(enrolment.body.secret, 5) });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ fields: { code: messages.secondFactorCodeWrong } });

    const confirmed = await browser.post<RecoveryCodes>('/api/second-factor/totp', {
      code: codeFor(enrolment.body.secret),
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.body.recoveryCodes).size).toBe(10);
    const status = await browser.get<SecondFactorStatus>('/api/second-factor');
    expect(status.body).toEqual({
      available: true,
      required: false,
      totp: { enabled: true, recoveryCodesLeft: 10 },
      passkeys: [],
    });
    // The codes are not readable again, and the secret is not handed out twice.
    expect(JSON.stringify(status.body)).not.toContain(confirmed.body.recoveryCodes[0]);
    expect((await browser.post('/api/second-factor/totp')).status).toBe(409);
    // The owner is told, so a factor someone else added with a stolen session is noticed.
    const mails = await stack.readEmails(email);
    expect(mails.map((mail) => mail.subject)).toContain('Component Hub: authenticator app turned on');
  });

  it('makes the password alone open no session: the code does, once', async () => {
    const { email, user, secret } = await withAuthenticatorApp();
    const browser = await pendingSignIn(email, ['totp', 'recovery']);
    expect((await browser.get('/api/user')).status).toBe(401);

    const wrong = await browser.post('/api/login/second-factor', { method: 'totp', code: codeFor(secret, 10) });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ message: messages.secondFactorCodeWrong });
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();

    // The next step's code (within the ±1 window): the enrolment already spent the current one.
    const code = codeFor(secret, 1);
    const right = await browser.post('/api/login/second-factor', { method: 'totp', code });
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({ id: user.id, email, role: 'user' });
    expect(browser.cookie(SESSION_COOKIE)).toBeDefined();
    expect((await browser.get('/api/user')).body).toMatchObject({ id: user.id });

    // The same code again, in a new sign-in: refused (its time step is spent).
    const replay = await pendingSignIn(email, ['totp', 'recovery']);
    const again = await replay.post('/api/login/second-factor', { method: 'totp', code });
    expect(again.status).toBe(400);
    expect(replay.cookie(SESSION_COOKIE)).toBeUndefined();
    // The pending sign-in finished once cannot start a second session.
    const finished = await browser.post('/api/login/second-factor', { method: 'totp', code: codeFor(secret, -1) });
    expect(finished.status).toBe(401);
    expect(finished.body).toEqual({ message: messages.secondFactorSignInExpired });
  });

  it('counts a code and a recovery code once even when two sign-ins send it at the same moment', async () => {
    const { email, secret, recoveryCodes } = await withAuthenticatorApp();
    const race = async (input: { method: 'totp' | 'recovery'; code: string }) => {
      const browsers = await Promise.all([
        pendingSignIn(email, ['totp', 'recovery']),
        pendingSignIn(email, ['totp', 'recovery']),
      ]);
      const answers = await Promise.all(browsers.map((browser) => browser.post('/api/login/second-factor', input)));
      return answers.map((answer) => answer.status).sort();
    };
    expect(await race({ method: 'totp', code: codeFor(secret, 1) })).toEqual([200, 400]);
    expect(await race({ method: 'recovery', code: recoveryCodes[2]! })).toEqual([200, 400]);
  });

  it('throttles wrong codes like wrong passwords', async () => {
    const { email, secret } = await withAuthenticatorApp();
    const browser = await pendingSignIn(email, ['totp', 'recovery']);
    const answers: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      answers.push((await browser.post('/api/login/second-factor', { method: 'totp', code: '000000' })).status);
    }
    expect(answers).toEqual([400, 400, 400, 400, 400]);
    const refused = await browser.post('/api/login/second-factor', { method: 'totp', code: codeFor(secret, 1) });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
  });

  it('asks for the current password to turn it off, and then signs in with the password alone', async () => {
    const { email, browser } = await withAuthenticatorApp();
    const missing = await browser.delete('/api/second-factor/totp', {});
    expect(missing.status).toBe(400);
    const wrong = await browser.delete('/api/second-factor/totp', { currentPassword: 'Wrong!Passw0rd' });
    expect(wrong.body).toMatchObject({ fields: { currentPassword: messages.currentPasswordWrong } });
    expect((await browser.delete('/api/second-factor/totp', { currentPassword: STRONG_PASSWORD })).status).toBe(204);
    const after = client();
    const answer = await after.post('/api/login', { email, password: STRONG_PASSWORD });
    expect(answer.body).toMatchObject({ email, role: 'user' });
    expect(after.cookie(SESSION_COOKIE)).toBeDefined();
  });
});

describe('recovery codes', () => {
  it('sign in once each, and new ones void the old', async () => {
    const { email, recoveryCodes, browser } = await withAuthenticatorApp();
    const first = await pendingSignIn(email, ['totp', 'recovery']);
    // Typed in lower case without dashes: still the code.
    const typed = recoveryCodes[0]!.replaceAll('-', '').toLowerCase();
    expect((await first.post('/api/login/second-factor', { method: 'recovery', code: typed })).status).toBe(200);
    expect((await first.get('/api/user')).status).toBe(200);
    expect((await stack.readEmails(email)).map((mail) => mail.subject)).toContain(
      'Component Hub: recovery code used to sign in',
    );

    const second = await pendingSignIn(email, ['totp', 'recovery']);
    const reused = await second.post('/api/login/second-factor', { method: 'recovery', code: recoveryCodes[0] });
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({ message: messages.recoveryCodeWrong });
    expect((await browser.get<SecondFactorStatus>('/api/second-factor')).body.totp.recoveryCodesLeft).toBe(9);

    const fresh = await browser.post<RecoveryCodes>('/api/second-factor/recovery-codes', {
      currentPassword: STRONG_PASSWORD,
    });
    expect(fresh.body.recoveryCodes).toHaveLength(10);
    const old = await second.post('/api/login/second-factor', { method: 'recovery', code: recoveryCodes[1] });
    expect(old.status).toBe(400);
    const renewed = await second.post('/api/login/second-factor', {
      method: 'recovery',
      code: fresh.body.recoveryCodes[0],
    });
    expect(renewed.status).toBe(200);
  });
});

describe('passkeys', () => {
  const register = async (browser: TestClient, authenticator: SoftwareAuthenticator, name: string) => {
    const options = await browser.post<{ passkeyOptions: { challenge: string; rp: { id: string } } }>(
      '/api/second-factor/passkeys',
    );
    expect(options.status).toBe(200);
    expect(options.body.passkeyOptions.rp.id).toBe(new URL(config().APP_URL).hostname);
    return browser.post('/api/second-factor/passkeys', {
      name,
      response: authenticator.register(options.body.passkeyOptions),
    });
  };

  it('are registered with a verified attestation and then sign in as the second factor', async () => {
    const { email, user } = await createLoginUser('user');
    const browser = await passwordSignIn(email);
    const authenticator = new SoftwareAuthenticator(new URL(config().APP_URL).origin);
    const added = await register(browser, authenticator, 'Work laptop');
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ id: authenticator.id, name: 'Work laptop' });
    // A registration answer made for another site is refused.
    const elsewhere = new SoftwareAuthenticator('https://evil.example');
    expect((await register(browser, elsewhere, 'Phishing')).status).toBe(400);
    expect((await browser.get<SecondFactorStatus>('/api/second-factor')).body.passkeys).toEqual([
      expect.objectContaining({ id: authenticator.id, name: 'Work laptop' }),
    ]);

    const signingIn = await pendingSignIn(email, ['passkey']);
    type Options = { passkeyOptions: { challenge: string; allowCredentials: { id: string }[] } };
    const asked = await signingIn.post<Options>('/api/login/second-factor', { method: 'passkey' });
    expect(asked.status).toBe(200);
    expect(signingIn.cookie(SESSION_COOKIE)).toBeUndefined();
    const options = { body: asked.body.passkeyOptions };
    expect(options.body.allowCredentials).toEqual([expect.objectContaining({ id: authenticator.id })]);
    // Signed with a key the passkey does not hold: refused, and the challenge is spent.
    const forged = await signingIn.post('/api/login/second-factor', {
      method: 'passkey',
      response: authenticator.authenticate(options.body, strangerKey()),
    });
    expect(forged.status).toBe(400);
    const spent = await signingIn.post('/api/login/second-factor', {
      method: 'passkey',
      response: authenticator.authenticate(options.body),
    });
    expect(spent.status).toBe(400);

    const fresh = await signingIn.post<Options>('/api/login/second-factor', { method: 'passkey' });
    const assertion = authenticator.authenticate(fresh.body.passkeyOptions);
    const signedIn = await signingIn.post('/api/login/second-factor', { method: 'passkey', response: assertion });
    expect(signedIn.status).toBe(200);
    expect((await signingIn.get('/api/user')).body).toMatchObject({ id: user.id });

    // Removing it asks for the password; afterwards the password alone signs in.
    const path = `/api/second-factor/${authenticator.id}`;
    expect((await browser.delete(path, { currentPassword: 'Wrong!Passw0rd' })).status).toBe(400);
    expect((await browser.delete(path, { currentPassword: STRONG_PASSWORD })).status).toBe(204);
    expect((await getUser(user.id))?.passkeyCount).toBe(0);
  });
});

describe('accounts of single sign-on', () => {
  it('are not offered a second factor here: their provider asks for its own', async () => {
    const { client: browser } = await signIn({ client }, 'user');
    const status = await browser.get<SecondFactorStatus>('/api/second-factor');
    expect(status.body).toMatchObject({ available: false });
    const start = await browser.post('/api/second-factor/totp');
    expect(start.status).toBe(403);
    expect(start.body).toEqual({ message: messages.secondFactorSsoAccount });
  });
});

describe('an administrator resetting a second factor', () => {
  it('removes every factor, ends every session of the user and tells them by email', async () => {
    const { email, user, browser } = await withAuthenticatorApp();
    const { client: admin } = await signIn({ client }, 'admin');
    const reset = await admin.delete(`/api/users/${user.id}/second-factor`);
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ message: messages.secondFactorReset });
    expect((await browser.get('/api/user')).status).toBe(401);
    const mails = await stack.readEmails(email);
    expect(mails.at(-1)?.subject).toBe('Component Hub: second factor reset by an administrator');
    // The password alone signs in now, and the factor is gone.
    const after = await passwordSignIn(email);
    expect((await after.get<SecondFactorStatus>('/api/second-factor')).body.totp.enabled).toBe(false);
    expect((await admin.delete(`/api/users/${user.id}/second-factor`)).status).toBe(409);
    // Only administrators may.
    expect((await after.delete(`/api/users/${user.id}/second-factor`)).status).toBe(403);
  });
});

describe('SECOND_FACTOR_REQUIRED_FOR=admins', () => {
  afterEach(() => {
    delete process.env.SECOND_FACTOR_REQUIRED_FOR;
    resetConfig();
  });

  it('keeps administration shut to an administrator without one until they set it up', async () => {
    process.env.SECOND_FACTOR_REQUIRED_FOR = 'admins';
    resetConfig();
    const { email } = await createLoginUser('admin');
    const browser = await passwordSignIn(email);
    expect((await browser.get('/api/user')).body).toMatchObject({ secondFactorSetupRequired: true });
    const refused = await browser.get('/api/users');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: messages.secondFactorRequiredForAdmins });
    expect((await browser.get<SecondFactorStatus>('/api/second-factor')).body.required).toBe(true);

    const enrolment = await browser.post<TotpEnrolment>('/api/second-factor/totp');
    const confirmed = await browser.post('/api/second-factor/totp', { code: codeFor(enrolment.body.secret) });
    expect(confirmed.status).toBe(200);
    expect((await browser.get('/api/users')).status).toBe(200);
    expect((await browser.get('/api/user')).body).not.toHaveProperty('secondFactorSetupRequired');
  });
});
