import type { WatchTarget } from '#shared/schemas/watches';
import { userPartition } from './keys';
import { queryAll, tableName, type TransactItem } from './table';

/*
 * Watches: each is two items written and deleted together, one for each way it is read:
 *   the watched thing's watchers  `WATCHERS#PART#<id>` or `WATCHERS#CLASS#<class, folded>` / `<userId>`
 *   the person's watches          `USER#<userId>` / `WATCH#PART#<id>` or `WATCH#CLASS#<class, folded>`
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

/** The transaction items that make `userId` a watcher of `target` (again, harmlessly, if they were). */
export const watchItems = (userId: string, target: WatchTarget, since: string): TransactItem[] => [
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
    },
  },
];

/** The transaction items that end `userId`'s watch of `target` (nothing, if there was none). */
export const unwatchItems = (userId: string, target: WatchTarget): TransactItem[] => [
  { Delete: { TableName: tableName(), Key: watchersKey(target, userId) } },
  { Delete: { TableName: tableName(), Key: ownKey(userId, target) } },
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
