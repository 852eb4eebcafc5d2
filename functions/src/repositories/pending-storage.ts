import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#lib/clients';
import { tableName, type TransactItem } from './table';

/**
 * Bytes a user has waiting for review (pending attachments, the files of pending new-component
 * requests): `QUOTA#<userId>` / `META` with `pendingBytes`. It moves only inside the transactions
 * that file and close requests, so it cannot drift from them; the reconciliation compares it
 * with the rows all the same.
 */
const quotaKey = (userId: string) => ({ pk: `QUOTA#${userId}`, sk: 'META' });

/** The transaction item that takes `bytes` of the user's allowance, failing (its condition) past `quota`. */
export const pendingBytesReserve = (userId: string, bytes: number, quota: number): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: quotaKey(userId),
    UpdateExpression: 'ADD pendingBytes :bytes SET entity = :entity, userId = :userId',
    ConditionExpression: 'attribute_not_exists(pendingBytes) OR pendingBytes <= :room',
    ExpressionAttributeValues: {
      ':bytes': bytes,
      ':room': quota - bytes,
      ':entity': 'pending-storage',
      ':userId': userId,
    },
  },
});

/** The transaction item that gives `bytes` back when a request closes (approved, rejected, withdrawn, deleted). */
export const pendingBytesRelease = (userId: string, bytes: number): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: quotaKey(userId),
    UpdateExpression: 'ADD pendingBytes :minus SET entity = :entity, userId = :userId',
    ExpressionAttributeValues: { ':minus': -bytes, ':entity': 'pending-storage', ':userId': userId },
  },
});

/** What the user has waiting now, in bytes (0 when nothing was ever counted). */
export const readPendingBytes = async (userId: string): Promise<number> => {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: quotaKey(userId), ConsistentRead: true }),
  );
  return Number(Item?.pendingBytes ?? 0);
};
