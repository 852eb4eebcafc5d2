import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Notification } from '#shared/schemas/approvals';
import { dynamo } from '#lib/clients';
import { userPartition } from './keys';
import { conditionalDelete, conditionalUpdate, epochSeconds, tableName, type TransactItem } from './table';

/** Notifications: `USER#<userId>` / `NOTIF#<ulid>` (ulids sort by time); kept 90 days. */
const RETENTION_SECONDS = 90 * 24 * 60 * 60;
const notificationKey = (userId: string, id: string) => ({ pk: userPartition(userId), sk: `NOTIF#${id}` });

const toItem = (userId: string, notification: Notification) => ({
  ...notificationKey(userId, notification.id),
  entity: 'notification',
  ...notification,
  expiresAt: epochSeconds(new Date(notification.createdAt)) + RETENTION_SECONDS,
});

export const notificationPut = (userId: string, notification: Notification): TransactItem => ({
  Put: { TableName: tableName(), Item: toItem(userId, notification) },
});

/** One notification each for many users (every admin), in batches of 25. */
export const putNotifications = async (entries: { userId: string; notification: Notification }[]): Promise<void> => {
  for (let start = 0; start < entries.length; start += 25) {
    let requests: Record<string, unknown>[] = entries
      .slice(start, start + 25)
      .map(({ userId, notification }) => ({ PutRequest: { Item: toItem(userId, notification) } }));
    for (let attempt = 0; requests.length > 0 && attempt < 8; attempt++) {
      const { UnprocessedItems } = await dynamo().send(
        new BatchWriteCommand({ RequestItems: { [tableName()]: requests as never } }),
      );
      requests = (UnprocessedItems?.[tableName()] as Record<string, unknown>[] | undefined) ?? [];
    }
  }
};

/** Newest first, at most `max`. */
export const listNotifications = async (userId: string, max = 100): Promise<Notification[]> => {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :notif)',
      FilterExpression: 'expiresAt > :now',
      ExpressionAttributeValues: { ':pk': userPartition(userId), ':notif': 'NOTIF#', ':now': epochSeconds() },
      ScanIndexForward: false,
      Limit: max,
    }),
  );
  return Items.map(({ pk: _pk, sk: _sk, entity: _e, expiresAt: _x, ...notification }) => notification as Notification);
};

/** False when the user has no such notification (so nobody marks another user's). */
export const markNotificationRead = async (userId: string, id: string): Promise<boolean> =>
  conditionalUpdate({
    Key: notificationKey(userId, id),
    UpdateExpression: 'SET #read = :true',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: { '#read': 'read' },
    ExpressionAttributeValues: { ':true': true },
  });

/**
 * Notes on a notice about a request that the request was decided, and marks it read; false when
 * the notice is gone or was already noted.
 */
export const markNotificationDecided = async (userId: string, id: string, decision: string): Promise<boolean> =>
  conditionalUpdate({
    Key: notificationKey(userId, id),
    UpdateExpression: 'SET #read = :true, decision = :decision',
    ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(decision)',
    ExpressionAttributeNames: { '#read': 'read' },
    ExpressionAttributeValues: { ':true': true, ':decision': decision },
  });

export const deleteNotification = async (userId: string, id: string): Promise<boolean> =>
  conditionalDelete({
    Key: notificationKey(userId, id),
    ConditionExpression: 'attribute_exists(pk)',
  });
