import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { Role } from '#shared/schemas/auth';
import { dynamo } from '#lib/clients';
import { getUser, getUserByEmail, listUsers } from '#repositories/users';
import { verifyPassword } from '#services/auth/passwords';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi, type TestClient } from '../../scripts/test/api-client';
import { createLoginUser, requestEmailChange, STRONG_PASSWORD, waitUntil } from './support';

/*
 * A profile update must never undo a privileged change that lands while it is in flight: many
 * parallel PATCH /api/user calls of the target run around each demotion, promotion, admin
 * password set, reset and self password change; afterwards the role, the password, the
 * sessions and the administrator count are exactly what the privileged change made them.
 */
const stack = useTestStack();
const api = useTestApi();

const LOOPS = 12;
const ROUNDS = 3;

const signIn = async (email: string, password = STRONG_PASSWORD): Promise<TestClient> => {
  const browser = api.client();
  const answer = await browser.post('/api/login', { email, password });
  expect(answer.status).toBe(200);
  return browser;
};

const freshAdmin = async () => {
  const { email } = await createLoginUser('admin');
  return signIn(email);
};

/**
 * Runs `LOOPS` loops of profile updates through `browser` while `change` runs, and a few more
 * after it, so updates read before the change land after it. Resolves to the change's answer.
 */
const withProfileUpdates = async <T>(
  browser: TestClient,
  profile: { username: string; email: string },
  change: () => Promise<T>,
): Promise<T> => {
  let done = false;
  let after = 0;
  let going = 0;
  const loop = async (index: number) => {
    for (let i = 0; !done || after < LOOPS * 2; i++) {
      if (done) after++;
      const answer = await browser.patch('/api/user', {
        username: profile.username,
        email: profile.email,
        firstName: `Loop${index}`,
        lastName: `Round${i}`,
      });
      if (i === 0) going++;
      // Once the change ended this session, every update is refused: nothing more to race.
      if (answer.status === 401) return;
      expect([200, 409]).toContain(answer.status);
    }
  };
  const loops = Array.from({ length: LOOPS }, (_, index) => loop(index));
  // The change starts once every loop has had an answer: each sends its next update at once, so
  // updates read before the change are in flight when it lands.
  await waitUntil(
    async () => going,
    (count) => count === LOOPS,
    { timeoutMs: 60_000, what: 'every loop of profile updates under way' },
  );
  const result = await change().finally(() => {
    done = true;
  });
  await Promise.all(loops);
  return result;
};

const storedAdminCount = async (): Promise<number> => {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: stack.tableName, Key: { pk: 'STATS#users', sk: 'META' }, ConsistentRead: true }),
  );
  return Number(Item?.adminCount ?? 0);
};

const activeAdmins = async (): Promise<number> =>
  (await listUsers()).filter((user) => user.role === 'admin' && user.acceptedInviteAt).length;

const expectAdminCountExact = async () => expect(await storedAdminCount()).toBe(await activeAdmins());

const canLogIn = async (email: string, password: string) =>
  (await api.client().post('/api/login', { email, password })).status;

/** Whether the stored hash takes `password`: checked without a failed login, which would count against the client. */
const passwordAccepted = async (userId: string, password: string): Promise<boolean> => {
  const read = async (pk: string) =>
    (await dynamo().send(new GetCommand({ TableName: stack.tableName, Key: { pk, sk: 'META' }, ConsistentRead: true })))
      .Item?.passwordHash as string | undefined;
  const hash = (await read(`PASSWORD#${userId}`)) ?? (await read(`USER#${userId}`));
  return hash ? verifyPassword(password, hash) : false;
};

// The new passwords never spell the names the racing profile updates write ('Loop…', 'Round…'):
// a password holding the account's own name is refused.
describe('profile updates racing privileged changes', () => {
  it('a demotion stays a demotion, and the demoted session ends', { timeout: 240_000 }, async () => {
    const admin = await freshAdmin();
    for (let round = 0; round < ROUNDS; round++) {
      const target = await createLoginUser('admin');
      const targetSession = await signIn(target.email);
      const answer = await withProfileUpdates(targetSession, target.user, () =>
        admin.patch(`/api/users/${target.user.id}/role`, { role: 'user' satisfies Role }),
      );
      expect(answer.status).toBe(200);
      expect((await getUser(target.user.id))?.role).toBe('user');
      expect((await targetSession.get('/api/users')).status).toBe(401);
      expect((await targetSession.get('/api/user')).status).toBe(401);
      await expectAdminCountExact();
    }
  });

  it('a promotion stays a promotion, and the old session ends', { timeout: 240_000 }, async () => {
    const admin = await freshAdmin();
    for (let round = 0; round < ROUNDS; round++) {
      const target = await createLoginUser('user');
      const targetSession = await signIn(target.email);
      const answer = await withProfileUpdates(targetSession, target.user, () =>
        admin.patch(`/api/users/${target.user.id}/role`, { role: 'admin' satisfies Role }),
      );
      expect(answer.status).toBe(200);
      expect((await getUser(target.user.id))?.role).toBe('admin');
      expect((await targetSession.get('/api/user')).status).toBe(401);
      await expectAdminCountExact();
    }
  });

  it('a password set by an admin holds, and the sessions it ended stay ended', { timeout: 240_000 }, async () => {
    const admin = await freshAdmin();
    for (let round = 0; round < ROUNDS; round++) {
      const target = await createLoginUser('user');
      const attacker = await signIn(target.email);
      const newPassword = `Adm1n!Set${round}`;
      const answer = await withProfileUpdates(attacker, target.user, () =>
        admin.patch(`/api/users/${target.user.id}/password`, { newPassword }),
      );
      expect(answer.status).toBe(200);
      expect((await attacker.get('/api/user')).status).toBe(401);
      expect(await passwordAccepted(target.user.id, STRONG_PASSWORD)).toBe(false);
      expect(await canLogIn(target.email, newPassword)).toBe(200);
      await expectAdminCountExact();
    }
  });

  it('a reset holds, and the sessions it ended stay ended', { timeout: 240_000 }, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const target = await createLoginUser('admin');
      const attacker = await signIn(target.email);
      expect((await api.client().post('/api/forgot-password', { email: target.email })).status).toBe(200);
      const mails = await stack.readEmails(target.email);
      const token = /\/app\/auth\?token=([\w-]+)/.exec(JSON.stringify(mails.at(-1)))![1]!;
      const newPassword = `R3set!Turn${round}`;
      const answer = await withProfileUpdates(attacker, target.user, () =>
        api.client().post('/api/reset-password', { token, password: newPassword }),
      );
      expect(answer.status).toBe(200);
      expect((await attacker.get('/api/user')).status).toBe(401);
      expect(await passwordAccepted(target.user.id, STRONG_PASSWORD)).toBe(false);
      expect(await canLogIn(target.email, newPassword)).toBe(200);
      expect((await getUser(target.user.id))?.role).toBe('admin');
      await expectAdminCountExact();
    }
  });

  it('a password change holds and ends the other sessions', { timeout: 240_000 }, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const target = await createLoginUser('user');
      const other = await signIn(target.email);
      const own = await signIn(target.email);
      const newPassword = `Ch4nged!Turn${round}`;
      const answer = await withProfileUpdates(other, target.user, () =>
        own.post('/api/change-password', { currentPassword: STRONG_PASSWORD, newPassword }),
      );
      expect(answer.status).toBe(200);
      expect((await other.get('/api/user')).status).toBe(401);
      expect((await own.get('/api/user')).status).toBe(200);
      expect(await passwordAccepted(target.user.id, STRONG_PASSWORD)).toBe(false);
      expect(await canLogIn(target.email, newPassword)).toBe(200);
      await expectAdminCountExact();
    }
  });
});

describe('one confirmation link followed twice at once', () => {
  it('moves the address once: one answer confirms, the other says the link is used', async () => {
    const { user, email } = await createLoginUser('user');
    const browser = await signIn(email);
    const { newEmail, token } = await requestEmailChange(stack, browser, user.username, 'race-confirm');

    const answers = await Promise.all(
      Array.from({ length: 4 }, () => api.client().post('/api/user/email/confirm', { token })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400, 400]);
    const after = (await getUser(user.id))!;
    expect(after.email).toBe(newEmail);
    expect(after.pendingEmail ?? null).toBeNull();
    // The new address is claimed by the account, the old one freed, whichever request won.
    expect((await getUserByEmail(newEmail))?.id).toBe(user.id);
    expect(await getUserByEmail(email)).toBeUndefined();
  });
});
