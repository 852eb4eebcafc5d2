import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { useOfflineDynamo } from '../../../scripts/test/offline-dynamo';
import { dynamo } from '#lib/clients';
import { conditionalOutcome, conditionalWrite, failedConditions, getLiveItem, queryAll, takeItem } from './table';

/* Offline: the paging loop and the conditional-write helper every repository uses. */
const ddb = useOfflineDynamo();

describe('queryAll', () => {
  it('follows LastEvaluatedKey to the last page, on the configured table', async () => {
    ddb
      .on(QueryCommand)
      .resolvesOnce({ Items: [{ n: 1 }, { n: 2 }], LastEvaluatedKey: { pk: 'a' } })
      .resolvesOnce({ Items: [{ n: 3 }], LastEvaluatedKey: { pk: 'b' } })
      .resolvesOnce({ Items: [] });
    const items = await queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'X' } });
    expect(items).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    const calls = ddb.commandCalls(QueryCommand).map((call) => call.args[0].input);
    expect(calls.map((input) => input.ExclusiveStartKey)).toEqual([undefined, { pk: 'a' }, { pk: 'b' }]);
    expect(calls.every((input) => input.TableName === 'offline')).toBe(true);
  });

  it('stops after the page on which `until` first holds', async () => {
    ddb
      .on(QueryCommand)
      .resolvesOnce({ Items: [{ n: 1 }], LastEvaluatedKey: { pk: 'a' } })
      .resolvesOnce({ Items: [{ n: 2 }, { n: 3 }], LastEvaluatedKey: { pk: 'b' } })
      .resolves({ Items: [{ n: 99 }] });
    const items = await queryAll({ KeyConditionExpression: 'pk = :pk' }, { until: (found) => found.length >= 2 });
    expect(items).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(2);
  });
});

describe('conditionalWrite', () => {
  const write = () => dynamo().send(new UpdateCommand({ TableName: 'offline', Key: { pk: 'a', sk: 'b' } }));

  it('is true when the write is made, false when its condition fails, and throws anything else', async () => {
    ddb
      .on(UpdateCommand)
      .resolvesOnce({})
      .rejectsOnce(Object.assign(new Error('no'), { name: 'ConditionalCheckFailedException' }))
      .rejectsOnce(Object.assign(new Error('slow'), { name: 'ProvisionedThroughputExceededException' }));
    expect(await conditionalWrite(write)).toBe(true);
    expect(await conditionalWrite(write)).toBe(false);
    await expect(conditionalWrite(write)).rejects.toThrow('slow');
  });

  it("names a cancelled transaction's failed items, and nothing for other errors", () => {
    const cancelled = Object.assign(new Error('x'), {
      name: 'TransactionCanceledException',
      CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }, { Code: 'ConditionalCheckFailed' }],
    });
    expect(failedConditions(cancelled)).toEqual([1, 2]);
    expect(failedConditions(new Error('other'))).toEqual([]);
  });
});

describe('conditionalOutcome', () => {
  const cancelled = (...codes: string[]) =>
    Object.assign(new Error('x'), {
      name: 'TransactionCanceledException',
      CancellationReasons: codes.map((Code) => ({ Code })),
    });

  it("answers the write's own answer, or what the caller makes of the failed items", async () => {
    expect(
      await conditionalOutcome(
        async () => 'made',
        () => 'refused',
      ),
    ).toBe('made');
    const failing = async () => {
      throw cancelled('None', 'ConditionalCheckFailed');
    };
    expect(await conditionalOutcome(failing, (failed) => failed)).toEqual([1]);
    const other = async () => {
      throw cancelled('TransactionConflict');
    };
    await expect(conditionalOutcome(other, () => 'refused')).rejects.toThrow('x');
    await expect(
      conditionalOutcome(failing, (_failed, error) => {
        throw error;
      }),
    ).rejects.toThrow('x');
  });
});

describe('getLiveItem and takeItem', () => {
  const key = { pk: 'TOKEN#a', sk: 'META' };
  const now = new Date('2030-01-01T00:00:00Z');
  const live = { ...key, expiresAt: now.getTime() / 1000 + 1 };
  const expired = { ...key, expiresAt: now.getTime() / 1000 };

  it('read an item consistently, and not once it has expired', async () => {
    ddb.on(GetCommand).resolvesOnce({ Item: live }).resolvesOnce({ Item: expired }).resolvesOnce({});
    expect(await getLiveItem(key, now)).toEqual(live);
    expect(await getLiveItem(key, now)).toBeUndefined();
    expect(await getLiveItem(key, now)).toBeUndefined();
    expect(ddb.commandCalls(GetCommand)[0]!.args[0].input).toEqual({
      TableName: 'offline',
      Key: key,
      ConsistentRead: true,
    });
  });

  it('take an item once: deleted on the condition that it exists, returned unless expired', async () => {
    ddb
      .on(DeleteCommand)
      .resolvesOnce({ Attributes: live })
      .resolvesOnce({ Attributes: expired })
      .rejectsOnce(Object.assign(new Error('gone'), { name: 'ConditionalCheckFailedException' }));
    expect(await takeItem(key, now)).toEqual(live);
    expect(await takeItem(key, now)).toBeUndefined();
    expect(await takeItem(key, now)).toBeUndefined();
    expect(ddb.commandCalls(DeleteCommand)[0]!.args[0].input).toEqual({
      TableName: 'offline',
      Key: key,
      ConditionExpression: 'attribute_exists(pk)',
      ReturnValues: 'ALL_OLD',
    });
  });
});
