import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#lib/clients';
import { tableName, type TransactItem } from './table';

/**
 * Atomic counters, one item each:
 * - `component`: the last component id handed out (ids are integers, as the routes take them);
 * - `pending-approvals`: approval requests waiting for review. The approval engine keeps it
 *   exact by adding `counterChange('pending-approvals', +1 | -1)` to the transaction that
 *   creates or reviews a request; until that engine exists the item is absent and reads 0.
 */
export type CounterName = 'component' | 'pending-approvals';

const counterKey = (name: CounterName) => ({ pk: `COUNTER#${name}`, sk: 'META' });

const addition = (name: CounterName, delta: number) => ({
  TableName: tableName(),
  Key: counterKey(name),
  UpdateExpression: 'ADD #value :delta SET entity = :entity',
  ExpressionAttributeNames: { '#value': 'value' },
  ExpressionAttributeValues: { ':delta': delta, ':entity': 'counter' },
});

/** The counter's value; 0 when it was never counted. */
export const readCounter = async (name: CounterName): Promise<number> => {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: counterKey(name), ConsistentRead: true }),
  );
  return Number(Item?.value ?? 0);
};

/** Moves the counter by `delta` on its own and returns the new value. */
export const addToCounter = async (name: CounterName, delta: number): Promise<number> => {
  const { Attributes } = await dynamo().send(
    new UpdateCommand({ ...addition(name, delta), ReturnValues: 'UPDATED_NEW' }),
  );
  return Number(Attributes?.value);
};

/**
 * Reserves `count` consecutive values and returns the first. Concurrent callers never share a
 * value; a value reserved by a caller that then fails is skipped, never reused.
 */
export const reserveCounterValues = async (name: CounterName, count = 1): Promise<number> => {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`count must be a positive integer, not ${count}`);
  return (await addToCounter(name, count)) - count + 1;
};

/** A transaction item that moves the counter by `delta`, for writes that must count exactly once. */
export const counterChange = (name: CounterName, delta: number): TransactItem => ({ Update: addition(name, delta) });
