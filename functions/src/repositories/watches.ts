import type { WatchTarget } from '#shared/schemas/watches';
import { userPartition } from './keys';
import { queryAll, tableName, type TransactItem } from './table';

/*
 * Watches: each is two items written and deleted together, one for each way it is read:
 *   the watched thing's watchers  `WATCHERS#PART#<id>` or `WATCHERS#CLASS#<class, folded>` / `<userId>`
 *   the person's watches          `USER#<userId>` / `WATCH#PART#<id>` or `WATCH#CLASS#<class, folded>`
 * and, moved in the same transaction, the person's count of them `USER#<userId>` / `WATCHES` (`count`),
 * which a new watch may raise only while it is below the limit, so two watches started at once
 * cannot pass it together. A person who watched before the count was kept gets it from the watches
 * listed at their next start or stop.
 */

export interface StoredWatch {
  componentId?: number;
  componentClass?: string;
  since: string;
}

const foldClass = (name: string) => name.trim().toLowerCase();

const targetKey = (target: WatchTarget): string =>
  'componentId' in target ? `PART#${target.componentId}` : `CLASS#${foldClass(target.componentClass)}`;

const watchersKey = (target: WatchTarget, userId: string) => ({ pk: `WATCHERS#${targetKey(target)}`, sk: userId });
const ownKey = (userId: string, target: WatchTarget) => ({
  pk: userPartition(userId),
  sk: `WATCH#${targetKey(target)}`,
});

const countKey = (userId: string) => ({ pk: userPartition(userId), sk: 'WATCHES' });

/** Which item of `watchItems` fails its condition when the person already watches the target. */
export const WATCH_ITEM_ALREADY_HELD = 1;
/** Which item of `watchItems` fails its condition when the person is at the limit. */
export const WATCH_ITEM_OVER_LIMIT = 2;

/**
 * The transaction items that make `userId` a watcher of `target`: refused when they already
 * watch it (item `WATCH_ITEM_ALREADY_HELD`) or already hold `max` watches (item
 * `WATCH_ITEM_OVER_LIMIT`). `held` is how many they were seen to hold, the count's first value.
 */
export const watchItems = (
  userId: string,
  target: WatchTarget,
  since: string,
  counting: { held: number; max: number },
): TransactItem[] => [
  {
    Put: {
      TableName: tableName(),
      Item: { ...watchersKey(target, userId), entity: 'watcher', userId, since },
    },
  },
  {
    Put: {
      TableName: tableName(),
      Item: { ...ownKey(userId, target), entity: 'watch', ...target, since },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  },
  {
    Update: {
      TableName: tableName(),
      Key: countKey(userId),
      UpdateExpression: 'SET #count = if_not_exists(#count, :held) + :one, entity = :entity',
      ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':held': counting.held, ':one': 1, ':max': counting.max, ':entity': 'watch-count' },
    },
  },
];

/**
 * The transaction items that end `userId`'s watch of `target`: refused (a failed condition)
 * when they do not watch it, so the count only falls for a watch that ends. `held` as for
 * `watchItems`.
 */
export const unwatchItems = (userId: string, target: WatchTarget, counting: { held: number }): TransactItem[] => [
  { Delete: { TableName: tableName(), Key: watchersKey(target, userId) } },
  { Delete: { TableName: tableName(), Key: ownKey(userId, target), ConditionExpression: 'attribute_exists(pk)' } },
  {
    Update: {
      TableName: tableName(),
      Key: countKey(userId),
      UpdateExpression: 'SET #count = if_not_exists(#count, :held) - :one, entity = :entity',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':held': counting.held, ':one': 1, ':entity': 'watch-count' },
    },
  },
];

/** What `userId` watches, parts first, each in the order it was keyed. */
export const listWatchesOf = async (userId: string): Promise<StoredWatch[]> =>
  (
    await queryAll({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :watch)',
      ExpressionAttributeValues: { ':pk': userPartition(userId), ':watch': 'WATCH#' },
      ConsistentRead: true,
    })
  ).map((item) => ({
    ...(item.componentId !== undefined && { componentId: Number(item.componentId) }),
    ...(typeof item.componentClass === 'string' && { componentClass: item.componentClass }),
    since: String(item.since),
  }));

/** Who watches any of `targets` (a part and its class, say), each once. */
export const listWatchersOf = async (targets: readonly WatchTarget[]): Promise<string[]> => {
  const found = await Promise.all(
    targets.map((target) =>
      queryAll({
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `WATCHERS#${targetKey(target)}` },
        ProjectionExpression: 'userId',
      }),
    ),
  );
  return [...new Set(found.flat().map((item) => String(item.userId)))];
};
