import {
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { useOfflineDynamo } from '../../../scripts/test/offline-dynamo';
import { enableTotp, resetFactors, useRecoveryCode, useTotpStep } from './second-factors';

/*
 * Offline: the writes that make a code count once, and the reset that ends every session, as
 * they are built (each holds only under its condition).
 */
const ddb = useOfflineDynamo();

const transactItems = (): NonNullable<TransactWriteCommandInput['TransactItems']> =>
  ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;

describe('second factors, offline', () => {
  it('spends a time step only when it is later than the last one, and answers false when it is not', async () => {
    ddb.on(UpdateCommand).resolvesOnce({});
    expect(await useTotpStep('U1', 42)).toBe(true);
    const input = ddb.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(input.Key).toEqual({ pk: 'FACTOR#U1', sk: 'TOTP' });
    expect(input.ConditionExpression).toBe('attribute_exists(pk) AND lastUsedStep < :step');
    expect(input.ExpressionAttributeValues).toEqual({ ':step': 42 });

    ddb.on(UpdateCommand).rejects(Object.assign(new Error('no'), { name: 'ConditionalCheckFailedException' }));
    expect(await useTotpStep('U1', 42)).toBe(false);
  });

  it('takes a recovery code out of the set only while the set holds it', async () => {
    ddb.on(UpdateCommand).resolves({});
    await useRecoveryCode('U1', 'abc');
    const input = ddb.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(input.Key).toEqual({ pk: 'FACTOR#U1', sk: 'RECOVERY' });
    expect(input.UpdateExpression).toBe('DELETE codes :spent');
    expect(input.ConditionExpression).toBe('contains(codes, :hash)');
    expect(input.ExpressionAttributeValues).toEqual({ ':spent': new Set(['abc']), ':hash': 'abc' });
  });

  it('confirms the app in one transaction: only the secret checked, never over a confirmed one', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    await enableTotp('U1', { secret: 'S', step: 7, recoveryCodeHashes: ['h1', 'h2'] }, '2026-01-01T00:00:00Z');
    const [pending, totp, recovery, user] = transactItems();
    expect(pending?.Delete).toMatchObject({ ConditionExpression: 'secret = :secret' });
    expect(totp?.Put).toMatchObject({
      Item: { pk: 'FACTOR#U1', sk: 'TOTP', secret: 'S', lastUsedStep: 7 },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    expect(recovery?.Update?.ExpressionAttributeValues?.[':codes']).toEqual(new Set(['h1', 'h2']));
    expect(user?.Update).toMatchObject({
      Key: { pk: 'USER#U1', sk: 'META' },
      UpdateExpression: 'SET totpEnabled = :true',
    });
  });

  it('resets every factor and moves the session version from the one read, in one transaction', async () => {
    ddb.on(QueryCommand).resolves({
      Items: [
        { pk: 'FACTOR#U1', sk: 'TOTP' },
        { pk: 'FACTOR#U1', sk: 'RECOVERY' },
        { pk: 'FACTOR#U1', sk: 'PASSKEY#k1' },
      ],
    });
    ddb.on(TransactWriteCommand).resolves({});
    expect(await resetFactors({ id: 'U1', sessionVersion: 4 }, '2026-01-01T00:00:00Z')).toBe(true);
    const [user, ...deletes] = transactItems();
    expect(user?.Update).toMatchObject({
      Key: { pk: 'USER#U1', sk: 'META' },
      ConditionExpression: 'sessionVersion = :read',
      ExpressionAttributeValues: expect.objectContaining({ ':read': 4, ':next': 5, ':zero': 0, ':false': false }),
    });
    expect(deletes.map((item) => item.Delete?.Key)).toEqual([
      { pk: 'FACTOR#U1', sk: 'TOTP' },
      { pk: 'FACTOR#U1', sk: 'RECOVERY' },
      { pk: 'FACTOR#U1', sk: 'PASSKEY#k1' },
    ]);
  });
});
