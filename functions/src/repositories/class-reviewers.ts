import { foldClassName } from '#shared/class-list';
import { getItemConsistent, queryAll, tableName, type TransactItem } from './table';
import { dynamo } from '#lib/clients';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';

/*
 * The reviewer groups a class names: `CLASSREVIEWERS#<folded class name>` / `META`, with
 * `className` (as last written), `groups` and `updatedAt`; gsi1 `CLASSREVIEWERS` / the folded
 * name, to list them all. Spellings of one class that fold alike share the item.
 */

export interface StoredClassReviewers {
  className: string;
  groups: string[];
  updatedAt: string;
}

const reviewersKey = (className: string) => ({ pk: `CLASSREVIEWERS#${foldClassName(className)}`, sk: 'META' });

/** The item a class's groups are kept in, listed under gsi1. */
const reviewersItem = (reviewers: StoredClassReviewers) => ({
  ...reviewersKey(reviewers.className),
  gsi1pk: 'CLASSREVIEWERS',
  gsi1sk: foldClassName(reviewers.className),
  entity: 'class-reviewers',
  ...reviewers,
});

const fromItem = (item: Record<string, unknown>): StoredClassReviewers => ({
  className: String(item.className ?? ''),
  groups: (item.groups as string[] | undefined) ?? [],
  updatedAt: String(item.updatedAt ?? ''),
});

/** The groups `className` names, or undefined when it names none. */
export const getClassReviewers = async (className: string): Promise<StoredClassReviewers | undefined> => {
  const item = await getItemConsistent(reviewersKey(className));
  return item ? fromItem(item) : undefined;
};

/** Every class that names reviewer groups. */
export const listClassReviewers = async (): Promise<StoredClassReviewers[]> =>
  (
    await queryAll({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': 'CLASSREVIEWERS' },
    })
  ).map(fromItem);

/**
 * Writes the class's groups whole (of two writes at once, the later stands whole); an empty list
 * removes the item, and the class's requests go to every reviewer again.
 */
export const putClassReviewers = async (reviewers: StoredClassReviewers): Promise<void> => {
  const key = reviewersKey(reviewers.className);
  if (!reviewers.groups.length) {
    await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: key }));
    return;
  }
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: reviewersItem(reviewers),
    }),
  );
};

/**
 * The writes that carry the groups of classes renamed or merged into `target` over to it (with
 * the groups it names already), for the approval's own transaction; the old names' items go.
 * None when no old name named any.
 */
export const classReviewersMoveItems = async (
  sources: readonly string[],
  target: string,
  now: string,
): Promise<TransactItem[]> => {
  const targetFold = foldClassName(target);
  const moving = [...new Map(sources.map((name) => [foldClassName(name), name])).entries()].filter(
    ([fold]) => fold !== targetFold,
  );
  const [own, ...found] = await Promise.all([target, ...moving.map(([, name]) => name)].map(getClassReviewers));
  const carried = found.filter((item) => item !== undefined);
  if (carried.length === 0) return [];
  const groups = [...new Set([...(own?.groups ?? []), ...carried.flatMap((item) => item.groups)])];
  return [
    {
      Put: {
        TableName: tableName(),
        Item: reviewersItem({ className: target, groups, updatedAt: now }),
      },
    },
    ...moving
      .filter((_, index) => found[index] !== undefined)
      .map(([, name]): TransactItem => ({ Delete: { TableName: tableName(), Key: reviewersKey(name) } })),
  ];
};
