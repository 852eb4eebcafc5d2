import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#lib/clients';
import { epochSeconds, isConditionFailure, tableName } from './table';

/** A fixed-window failure counter; `expiresAt` (TTL) is the end of the window. */
export interface Attempts {
  count: number;
  expiresAt: number;
}

const throttleKey = (subject: string) => ({ pk: `THROTTLE#${subject}`, sk: 'META' });

export const getAttempts = async (subject: string, now = new Date()): Promise<Attempts | undefined> => {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: throttleKey(subject), ConsistentRead: true }));
  if (!Item || Number(Item.expiresAt) <= epochSeconds(now)) return undefined;
  return { count: Number(Item.count), expiresAt: Number(Item.expiresAt) };
};

/** Counts one attempt in the current window, opening a new window when none is running. */
export const addAttempt = async (subject: string, windowSeconds: number, now = new Date()): Promise<void> => {
  const nowSeconds = epochSeconds(now);
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: throttleKey(subject),
        UpdateExpression: 'ADD #count :one',
        ConditionExpression: 'expiresAt > :now',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':one': 1, ':now': nowSeconds },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    await dynamo().send(
      new PutCommand({ TableName: tableName(), Item: { ...throttleKey(subject), entity: 'throttle', count: 1, expiresAt: nowSeconds + windowSeconds } }),
    );
  }
};

export const clearAttempts = async (subject: string): Promise<void> => {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: throttleKey(subject) }));
};
