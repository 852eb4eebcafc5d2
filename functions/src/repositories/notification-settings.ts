import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  defaultNotificationSettings,
  notificationSettingKinds,
  type NotificationSettings,
  type NotificationSettingsPatch,
} from '#shared/schemas/notifications';
import { dynamo } from '#lib/clients';
import { chunk } from '#lib/concurrency';
import { batchGetItems, tableName } from './table';

/**
 * A user's notification settings: `USER#<userId>` / `SETTINGS#notifications`, one boolean
 * attribute per kind. A kind never set is on, so the item exists only once someone changes one.
 */
const settingsKey = (userId: string) => ({ pk: `USER#${userId}`, sk: 'SETTINGS#notifications' });

const fromItem = (item: Record<string, unknown> | undefined): NotificationSettings =>
  Object.fromEntries(
    notificationSettingKinds.map((kind) => [
      kind,
      typeof item?.[kind] === 'boolean' ? item[kind] : defaultNotificationSettings[kind],
    ]),
  ) as NotificationSettings;

export const getNotificationSettings = async (userId: string): Promise<NotificationSettings> => {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: settingsKey(userId), ConsistentRead: true }),
  );
  return fromItem(Item);
};

/** Several users' settings (every administrator's), 100 keys a call, unprocessed keys retried. */
export const getNotificationSettingsOf = async (
  userIds: readonly string[],
): Promise<Map<string, NotificationSettings>> => {
  const found = new Map<string, Record<string, unknown>>();
  for (const part of chunk([...new Set(userIds)], 100))
    for (const item of await batchGetItems(part.map(settingsKey)))
      found.set(String(item.pk).slice('USER#'.length), item);
  return new Map(userIds.map((id) => [id, fromItem(found.get(id))]));
};

/** Sets only the kinds given (each its own attribute, so two tabs changing two kinds both stick). */
export const updateNotificationSettings = async (
  userId: string,
  patch: NotificationSettingsPatch,
  now: string,
): Promise<NotificationSettings> => {
  const kinds = notificationSettingKinds.filter((kind) => patch[kind] !== undefined);
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: settingsKey(userId),
      UpdateExpression: `SET ${kinds.map((_, index) => `#k${index} = :v${index}`).join(', ')}, entity = :entity, updatedAt = :now`,
      ExpressionAttributeNames: Object.fromEntries(kinds.map((kind, index) => [`#k${index}`, kind])),
      ExpressionAttributeValues: {
        ...Object.fromEntries(kinds.map((kind, index) => [`:v${index}`, patch[kind]])),
        ':entity': 'notification-settings',
        ':now': now,
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return fromItem(Attributes);
};
