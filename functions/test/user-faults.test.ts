import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { dynamo } from '#lib/clients';
import { getUser, getUserByEmail, listUsers } from '#repositories/users';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi, type TestClient, type TestResponse } from '../../scripts/test/api-client';
import { createLoginUser, requestEmailChange, STRONG_PASSWORD, uniqueEmail, useFaultProxies } from './support';

/*
 * The account writes with DynamoDB stopping mid-request: the caller gets a 503 in words, the
 * account is either wholly as before or wholly changed (never a new hash with the old sessions,
 * a moved email with its claim left behind, or a miscounted administrator), and the same call
 * works once DynamoDB is back. The proxy is this file's own; the shared server keeps running.
 */
const stack = useTestStack();
const api = useTestApi();
// The deployed timeouts, so the caller gives up (a 503) while DynamoDB is stopped, as on AWS.
const { dynamodb: proxy } = useFaultProxies(stack, ['dynamodb'], { timeouts: 'deployed' });

const signIn = async (email: string, password = STRONG_PASSWORD): Promise<TestClient> => {
  const browser = api.client();
  expect((await browser.post('/api/login', { email, password })).status).toBe(200);
  return browser;
};

/**
 * Sends the request and stops DynamoDB answering at the moment its write arrives (the request
 * that carries `trigger`, a TransactWriteItems unless said otherwise): the held write is dropped,
 * as a stopped service drops it. DynamoDB comes back after the answer.
 */
const withDynamoStoppingAtWrite = async <T>(
  call: () => Promise<TestResponse<T>>,
  trigger = 'DynamoDB_20120810.TransactWriteItems',
): Promise<TestResponse<T>> => {
  const atWrite = proxy.pause(trigger);
  const answer = call();
  // An answer before the write arrives is the test's to judge (it expects none).
  await Promise.race([atWrite, answer]);
  proxy.set('hang');
  try {
    return await answer;
  } finally {
    proxy.set('up');
    await proxy.resume();
  }
};

/** The CSRF token fetched beforehand, so the outage meets the write itself. */
const csrf = async (browser: TestClient) => ({
  headers: { 'x-csrf-token': (await browser.get<{ token: string }>('/api/csrf-token')).body.token },
});

const expectUnavailable = (answer: TestResponse<unknown>) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(503);
  expect(answer.body).toMatchObject({ message: messages.serviceUnavailable });
};

const adminCountIsExact = async () => {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: stack.tableName, Key: { pk: 'STATS#users', sk: 'META' }, ConsistentRead: true }),
  );
  const active = (await listUsers()).filter((user) => user.role === 'admin' && user.acceptedInviteAt).length;
  expect(Number(Item?.adminCount ?? 0)).toBe(active);
};

describe('DynamoDB stopping during an account write', () => {
  it('an admin password set: all or nothing, then done on the retry', { timeout: 120_000 }, async () => {
    const { email: adminEmail } = await createLoginUser('admin');
    const admin = await signIn(adminEmail);
    const target = await createLoginUser('admin');
    const targetSession = await signIn(target.email);
    const before = (await getUser(target.user.id))!;

    const options = await csrf(admin);
    const answer = await withDynamoStoppingAtWrite(() =>
      admin.patch(`/api/users/${target.user.id}/password`, { newPassword: 'Dur1ng!Outage' }, options),
    );
    expectUnavailable(answer);
    const after = (await getUser(target.user.id))!;
    expect(after.sessionVersion).toBe(before.sessionVersion);
    expect(after.passwordChangedAt).toBe(before.passwordChangedAt);
    expect((await targetSession.get('/api/user')).status).toBe(200);
    expect((await api.client().post('/api/login', { email: target.email, password: STRONG_PASSWORD })).status).toBe(
      200,
    );
    await adminCountIsExact();

    expect((await admin.patch(`/api/users/${target.user.id}/password`, { newPassword: 'Aft3r!Outage' })).status).toBe(
      200,
    );
    expect((await targetSession.get('/api/user')).status).toBe(401);
    expect((await api.client().post('/api/login', { email: target.email, password: 'Aft3r!Outage' })).status).toBe(200);
    await adminCountIsExact();
  });

  it(
    'an email change: nothing half asked, then asked on the retry and moved by its link',
    { timeout: 120_000 },
    async () => {
      const { user, email } = await createLoginUser('user');
      const browser = await signIn(email);
      const other = await signIn(email);
      const newEmail = uniqueEmail('outage');
      const options = await csrf(browser);
      const change = () =>
        browser.patch(
          '/api/user',
          { username: user.username, email: newEmail, currentPassword: STRONG_PASSWORD },
          options,
        );

      // The request is an UpdateItem of the user that records the pending address.
      expectUnavailable(await withDynamoStoppingAtWrite(change, 'pendingEmailRequestedAt = :now'));
      expect((await getUser(user.id))?.email).toBe(email);
      expect(await getUserByEmail(newEmail)).toBeUndefined();
      expect((await other.get('/api/user')).status).toBe(200);

      expect((await change()).status).toBe(200);
      expect((await getUser(user.id))?.pendingEmail).toBe(newEmail);
      expect((await other.get('/api/user')).status).toBe(401);
      expect((await browser.get('/api/user')).status).toBe(200);
      // The address and its claim move when the link sent to it is followed.
      const token = /[?&]confirmEmail=([\w-]+)/.exec(JSON.stringify(await stack.readEmails(newEmail)))![1]!;
      expect((await api.client().post('/api/user/email/confirm', { token })).status).toBe(200);
      expect((await getUserByEmail(newEmail))?.id).toBe(user.id);
      expect(await getUserByEmail(email)).toBeUndefined();
    },
  );

  it('confirming a new address while DynamoDB stops at the write: the same link works afterwards', async () => {
    const { user, email } = await createLoginUser('user');
    const browser = await signIn(email);
    const { newEmail, token } = await requestEmailChange(stack, browser, user.username);
    const confirm = () => api.client().post('/api/user/email/confirm', { token });

    // The confirmation's write never reaches DynamoDB: it stops at exactly that request.
    expectUnavailable(await withDynamoStoppingAtWrite(confirm));
    expect((await getUser(user.id))?.email).toBe(email);
    // The link was not used up by the failed attempt.
    expect((await confirm()).status).toBe(200);
    expect((await getUserByEmail(newEmail))?.id).toBe(user.id);
    expect(await getUserByEmail(email)).toBeUndefined();
    // Used now.
    expect((await confirm()).status).toBe(400);
  });

  it('ending the other sessions while DynamoDB stops at the write: all still signed in, then ended on the retry', async () => {
    const { email } = await createLoginUser('user');
    const here = await signIn(email);
    const other = await signIn(email);
    const options = await csrf(here);
    const endOthers = () => here.post('/api/sessions/end-others', undefined, options);

    expectUnavailable(await withDynamoStoppingAtWrite(endOthers, 'SET sessionVersion = :next'));
    expect((await other.get('/api/user')).status).toBe(200);
    expect((await here.get('/api/user')).status).toBe(200);

    expect((await endOthers()).status).toBe(200);
    expect((await other.get('/api/user')).status).toBe(401);
    expect((await here.get('/api/user')).status).toBe(200);
  });

  it('ending one other session while DynamoDB stops at its delete: still signed in, then ended on the retry', async () => {
    const { email } = await createLoginUser('user');
    const here = await signIn(email);
    const other = await signIn(email);
    const listed = await here.get<{ id: string; current: boolean }[]>('/api/sessions');
    const target = listed.body.find((session) => !session.current)!;
    const options = await csrf(here);
    const endIt = () => here.delete(`/api/sessions/${target.id}`, undefined, options);

    expectUnavailable(await withDynamoStoppingAtWrite(endIt, 'DynamoDB_20120810.DeleteItem'));
    expect((await other.get('/api/user')).status).toBe(200);

    expect((await endIt()).status).toBe(200);
    expect((await other.get('/api/user')).status).toBe(401);
    expect((await here.get('/api/user')).status).toBe(200);
  });

  it('turning on an authenticator app while DynamoDB stops at the write: still off, then on with the next code', async () => {
    const { email, user } = await createLoginUser('user');
    const browser = await signIn(email);
    const enrolment = await browser.post<{ secret: string }>('/api/second-factor/totp', undefined, await csrf(browser));
    expect(enrolment.status).toBe(200);
    const code = () => new TOTP({ secret: Secret.fromBase32(enrolment.body.secret), digits: 6, period: 30 }).generate();
    const options = await csrf(browser);
    const confirm = () =>
      browser.post<{ recoveryCodes: string[] }>('/api/second-factor/totp', { code: code() }, options);

    expectUnavailable(await withDynamoStoppingAtWrite(confirm));
    expect((await getUser(user.id))?.totpEnabled ?? false).toBe(false);
    const status = await browser.get<{ totp: { enabled: boolean } }>('/api/second-factor');
    expect(status.body.totp.enabled).toBe(false);

    const retried = await confirm();
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.recoveryCodes).toHaveLength(10);
    expect((await getUser(user.id))?.totpEnabled).toBe(true);
  });

  it('deleting one own account: still there and counted, then gone on the retry', { timeout: 120_000 }, async () => {
    await createLoginUser('admin');
    const { user, email } = await createLoginUser('admin');
    const browser = await signIn(email);

    const options = await csrf(browser);
    expectUnavailable(
      await withDynamoStoppingAtWrite(() => browser.delete('/api/user', { currentPassword: STRONG_PASSWORD }, options)),
    );
    expect(await getUser(user.id)).toBeDefined();
    expect((await getUserByEmail(email))?.id).toBe(user.id);
    await adminCountIsExact();

    expect((await browser.delete('/api/user', { currentPassword: STRONG_PASSWORD })).status).toBe(204);
    expect(await getUser(user.id)).toBeUndefined();
    await adminCountIsExact();
  });
});
