import { foldClassName } from '#shared/class-list';
import { getItemConsistent, queryAll, tableName } from './table';
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
      Item: {
        ...key,
        gsi1pk: 'CLASSREVIEWERS',
        gsi1sk: foldClassName(reviewers.className),
        entity: 'class-reviewers',
        ...reviewers,
      },
    }),
  );
};
