import { GetCommand, TransactWriteCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { useOfflineDynamo } from '../../../scripts/test/offline-dynamo';
import {
  changeRole,
  confirmPendingEmail,
  createUser,
  deleteUser,
  setPassword,
  updateProfile,
  type User,
} from './users';

/*
 * Offline: the writes the users repository builds, checked without a database. A write to a
 * user must touch only its own attributes and hold only while the user is as it was read.
 */
const ddb = useOfflineDynamo();

const user = (overrides: Partial<User> = {}): User => ({
  id: 'U1',
  email: 'ada@example.com',
  username: 'ada',
  name: 'Ada L',
  firstName: 'Ada',
  lastName: 'L',
  role: 'user',
  sessionVersion: 3,
  passwordChangedAt: '2025-01-01T00:00:00.000Z',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  acceptedInviteAt: '2025-01-01T00:00:00.000Z',
  hasPassword: true,
  ...overrides,
});

const transactItems = (call = 0): NonNullable<TransactWriteCommandInput['TransactItems']> =>
  ddb.commandCalls(TransactWriteCommand)[call]!.args[0].input.TransactItems!;

const assignedAttributes = (expression: string): string[] =>
  [...expression.matchAll(/([#\w]+) = /g)].map(([, name]) => name!).filter((name) => !name.startsWith(':'));

describe('updateProfile', () => {
  it('sets only the profile fields, conditioned on the session version, email and username read', async () => {
    ddb.on(UpdateCommand).resolves({});
    const current = user();
    const result = await updateProfile(
      current,
      { username: 'ada', firstName: 'Ada', lastName: 'Lovelace', name: 'Ada Lovelace' },
      '2025-02-01T00:00:00.000Z',
    );
    expect(result).toEqual({ outcome: 'updated', sessionVersion: 3 });
    const [update] = ddb.commandCalls(UpdateCommand);
    const input = update!.args[0].input;
    expect(input.Key).toEqual({ pk: 'USER#U1', sk: 'META' });
    const assigned = assignedAttributes(input.UpdateExpression!).map((name) =>
      name.startsWith('#') ? input.ExpressionAttributeNames![name] : name,
    );
    expect(assigned.sort()).toEqual(
      ['firstName', 'lastName', 'name', 'sessionVersion', 'updatedAt', 'username'].sort(),
    );
    // Never the role, the password, the activity, the email: what a concurrent privileged change or a confirmation writes.
    expect(input.UpdateExpression).not.toMatch(/role|password|acceptedInviteAt|email/i);
    expect(input.ConditionExpression).toBe(
      'sessionVersion = :readVersion AND email = :readEmail AND username = :readUsername',
    );
    expect(input.ExpressionAttributeValues).toMatchObject({
      ':readVersion': 3,
      ':nextVersion': 3,
      ':readEmail': 'ada@example.com',
      ':readUsername': 'ada',
    });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('records a new address as pending (the email and its claim stay) and moves the session version on', async () => {
    ddb.on(GetCommand).resolves({ Item: { pk: 'USERNAME#ada', sk: 'META', userId: 'U1' } });
    ddb.on(TransactWriteCommand).resolves({});
    const result = await updateProfile(
      user(),
      { username: 'Countess', firstName: 'Ada', lastName: 'L', name: 'Ada L' },
      '2025-02-01T00:00:00.000Z',
      'countess@example.com',
    );
    expect(result).toEqual({ outcome: 'updated', sessionVersion: 4 });
    const items = transactItems();
    expect(items[0]!.Update!.UpdateExpression).toMatch(/pendingEmail = :pending, pendingEmailRequestedAt = :now/);
    expect(items[0]!.Update!.UpdateExpression).not.toMatch(/\bemail = /);
    expect(items[0]!.Update!.ExpressionAttributeValues).toMatchObject({
      ':nextVersion': 4,
      ':readVersion': 3,
      ':pending': 'countess@example.com',
    });
    expect(items.some((item) => JSON.stringify(item).includes('EMAIL#'))).toBe(false);
    expect(items[1]!.Put).toMatchObject({
      Item: { pk: 'USERNAME#countess', userId: 'U1' },
      ConditionExpression: 'attribute_not_exists(pk) OR userId = :id',
    });
    expect(items[2]!.Delete).toMatchObject({ Key: { pk: 'USERNAME#ada', sk: 'META' } });
  });

  it("says which claim was taken from the transaction's cancellation reasons", async () => {
    ddb.on(GetCommand).resolves({});
    const cancelled = (codes: string[]) =>
      Object.assign(new Error('cancelled'), {
        name: 'TransactionCanceledException',
        CancellationReasons: codes.map((Code) => ({ Code })),
      });
    const changes = { username: 'Other', firstName: '', lastName: '', name: '' };
    ddb
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled(['None', 'ConditionalCheckFailed', 'None']))
      .rejectsOnce(cancelled(['ConditionalCheckFailed', 'None', 'None']));
    expect(await updateProfile(user(), changes, 'now')).toEqual({ outcome: 'username-taken' });
    expect(await updateProfile(user(), changes, 'now')).toEqual({ outcome: 'stale' });
  });
});

describe('confirmPendingEmail', () => {
  it('makes the pending address the email, proven, and moves the claims, only while all is as read', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    const pending = user({ pendingEmail: 'new@example.com', pendingEmailRequestedAt: '2025-02-01T00:00:00.000Z' });
    const consumeLink = { Delete: { TableName: 't', Key: { pk: 'EMAILCONFIRM#h', sk: 'META' } } };
    expect(await confirmPendingEmail(pending, '2025-02-02T00:00:00.000Z', consumeLink)).toBe('confirmed');
    const items = transactItems();
    expect(items[0]!.Update!.UpdateExpression).toMatch(
      /SET email = :pending, gsi1sk = :pending, emailVerifiedAt = :now/,
    );
    expect(items[0]!.Update!.ConditionExpression).toBe(
      'email = :readEmail AND pendingEmail = :pending AND pendingEmailRequestedAt = :requestedAt',
    );
    expect(items[1]!.Put).toMatchObject({
      Item: { pk: 'EMAIL#new@example.com', userId: 'U1' },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    expect(items[2]!.Delete).toMatchObject({ Key: { pk: 'EMAIL#ada@example.com', sk: 'META' } });
    // The link is used up in the same transaction.
    expect(items[3]).toEqual(consumeLink);
    expect(await confirmPendingEmail(user(), 'now', consumeLink)).toBe('stale');
  });
});

describe('setPassword', () => {
  it('puts the hash apart and moves the session version on, only from the version, role and activity read', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    expect(await setPassword(user(), 'scrypt$new', 'now')).toBe(4);
    const [update, credential, ...rest] = transactItems();
    expect(update!.Update!.Key).toEqual({ pk: 'USER#U1', sk: 'META' });
    expect(update!.Update!.UpdateExpression).toContain('sessionVersion = :next');
    expect(update!.Update!.UpdateExpression).toContain('REMOVE passwordHash, resetRequestedAt');
    expect(update!.Update!.UpdateExpression).not.toContain('acceptedInviteAt');
    expect(update!.Update!.ConditionExpression).toBe(
      'sessionVersion = :readVersion AND #role = :readRole AND attribute_exists(acceptedInviteAt)',
    );
    expect(update!.Update!.ExpressionAttributeValues).toMatchObject({ ':readVersion': 3, ':next': 4 });
    expect(JSON.stringify(update)).not.toContain('scrypt$new');
    expect(credential!.Put!.Item).toEqual({
      pk: 'PASSWORD#U1',
      sk: 'META',
      entity: 'credential',
      userId: 'U1',
      passwordHash: 'scrypt$new',
    });
    expect(rest).toEqual([]);
  });

  it('activates a pending admin invitee and counts it, and holds only for the newest reset link when given', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    const invitee = user({ role: 'admin', acceptedInviteAt: undefined, hasPassword: false, sessionVersion: 0 });
    await setPassword(invitee, 'scrypt$x', 'now', { resetRequestedAt: 'then' });
    const [update, , count] = transactItems();
    expect(update!.Update!.UpdateExpression).toContain('acceptedInviteAt = :now');
    expect(update!.Update!.ConditionExpression).toBe(
      'sessionVersion = :readVersion AND #role = :readRole AND attribute_not_exists(acceptedInviteAt) AND resetRequestedAt = :resetRequestedAt',
    );
    expect(count!.Update).toMatchObject({
      Key: { pk: 'STATS#users', sk: 'META' },
      UpdateExpression: 'ADD adminCount :delta',
    });
    expect(count!.Update!.ExpressionAttributeValues).toEqual({ ':delta': 1 });
  });

  it('answers undefined when the user changed since it was read', async () => {
    ddb.on(TransactWriteCommand).rejects(
      Object.assign(new Error('x'), {
        name: 'TransactionCanceledException',
        CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }],
      }),
    );
    expect(await setPassword(user(), 'scrypt$x', 'now')).toBeUndefined();
  });
});

describe('changeRole and deleteUser keep the administrator count exact', () => {
  it('counts an active user, never a pending invitee, and refuses to take the count below one', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    await changeRole(user({ role: 'admin' }), 'user', 'now');
    const [demote, count] = transactItems(0);
    expect(demote!.Update!.ConditionExpression).toBe('#role = :readRole AND attribute_exists(acceptedInviteAt)');
    expect(demote!.Update!.UpdateExpression).toContain('ADD sessionVersion :one');
    expect(count!.Update).toMatchObject({
      ConditionExpression: 'adminCount > :one',
      ExpressionAttributeValues: { ':delta': -1, ':one': 1 },
    });

    await changeRole(user({ acceptedInviteAt: undefined }), 'admin', 'now');
    const pending = transactItems(1);
    expect(pending).toHaveLength(1);
    expect(pending[0]!.Update!.ConditionExpression).toBe(
      '#role = :readRole AND attribute_not_exists(acceptedInviteAt)',
    );
  });

  it('deletes the user, its claims and its hash, and tells the last administrator from a stale read', async () => {
    ddb.on(GetCommand).resolves({ Item: { userId: 'U1' } });
    ddb.on(TransactWriteCommand).resolves({});
    expect(await deleteUser(user({ role: 'admin' }))).toBe('deleted');
    const keys = transactItems().map((item) => (item.Delete ?? item.Update)!.Key);
    expect(keys).toEqual([
      { pk: 'USER#U1', sk: 'META' },
      { pk: 'EMAIL#ada@example.com', sk: 'META' },
      { pk: 'USERNAME#ada', sk: 'META' },
      { pk: 'PASSWORD#U1', sk: 'META' },
      { pk: 'STATS#users', sk: 'META' },
    ]);

    ddb.on(TransactWriteCommand).rejects(
      Object.assign(new Error('x'), {
        name: 'TransactionCanceledException',
        CancellationReasons: ['None', 'None', 'None', 'None', 'ConditionalCheckFailed'].map((Code) => ({ Code })),
      }),
    );
    expect(await deleteUser(user({ role: 'admin' }))).toBe('last-admin');
  });

  it('creates a pending invitee without a hash and without counting it', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    await createUser(user({ role: 'admin', acceptedInviteAt: undefined }));
    const items = transactItems();
    expect(items.map((item) => item.Put?.Item?.pk ?? item.Update?.Key?.pk)).toEqual([
      'USER#U1',
      'EMAIL#ada@example.com',
      'USERNAME#ada',
    ]);
    expect(items[0]!.Put!.Item).not.toHaveProperty('passwordHash');
    expect(items[0]!.Put!.Item).toMatchObject({ hasPassword: false });
  });
});
