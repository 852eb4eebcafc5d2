import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Draft, DraftContent } from '#shared/schemas/drafts';
import { dynamo } from '#lib/clients';
import { userPartition } from './keys';
import { conditionalOutcome, conditionalWrite, countDown, queryAll, tableName, transact } from './table';

/*
 * Drafts of the Add New Component form: `USER#<userId>` / `DRAFT#<ulid>`, so a user reaches only
 * their own. How many a user keeps is counted on `USER#<userId>` / `DRAFTS#count`, moved in the
 * same transaction that creates or deletes a draft, so parallel saves never pass the cap.
 */
const DRAFT_PREFIX = 'DRAFT#';
const draftKey = (userId: string, id: string) => ({ pk: userPartition(userId), sk: `${DRAFT_PREFIX}${id}` });
const draftCountKey = (userId: string) => ({ pk: userPartition(userId), sk: 'DRAFTS#count' });

const fromItem = (item: Record<string, unknown>): Draft => ({
  id: String(item.sk).slice(DRAFT_PREFIX.length),
  values: (item.values ?? {}) as Draft['values'],
  fileNames: (item.fileNames ?? {}) as Draft['fileNames'],
  revision: Number(item.revision),
  createdAt: String(item.createdAt),
  updatedAt: String(item.updatedAt),
});

export const getDraft = async (userId: string, id: string): Promise<Draft | undefined> => {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: draftKey(userId, id), ConsistentRead: true }),
  );
  return Item ? fromItem(Item) : undefined;
};

/** Every draft of the user (at most the cap, so one page). */
export const listDrafts = async (userId: string): Promise<Draft[]> =>
  (
    await queryAll({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :draft)',
      ExpressionAttributeValues: { ':pk': userPartition(userId), ':draft': DRAFT_PREFIX },
      ConsistentRead: true,
    })
  ).map(fromItem);

/**
 * Stores a new draft and counts it, unless the user already keeps `max`: 'full' then, and
 * nothing is written; 'taken' when a draft with this id exists (a save sent again), and nothing is
 * counted twice.
 */
export const createDraft = async (
  userId: string,
  id: string,
  content: DraftContent,
  now: string,
  max: number,
): Promise<Draft | 'full' | 'taken'> => {
  const draft: Draft = { id, ...content, revision: 1, createdAt: now, updatedAt: now };
  return conditionalOutcome(
    async () => {
      await transact([
        {
          Update: {
            TableName: tableName(),
            Key: draftCountKey(userId),
            UpdateExpression: 'ADD #count :one SET entity = :entity',
            ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
            ExpressionAttributeNames: { '#count': 'count' },
            ExpressionAttributeValues: { ':one': 1, ':max': max, ':entity': 'draft-count' },
          },
        },
        {
          Put: {
            TableName: tableName(),
            Item: {
              ...draftKey(userId, id),
              entity: 'draft',
              values: draft.values,
              fileNames: draft.fileNames,
              revision: draft.revision,
              createdAt: now,
              updatedAt: now,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ]);
      return draft;
    },
    (failed, error) => {
      if (failed.includes(1)) return 'taken' as const;
      if (failed.includes(0)) return 'full' as const;
      throw error;
    },
  );
};

/**
 * Replaces a draft's content if it is still at `revision` (the one its writer read): `saved`, or
 * else the draft as it `current`ly is (undefined when there is no such draft).
 */
export const updateDraft = async (
  userId: string,
  id: string,
  content: DraftContent,
  revision: number,
  now: string,
): Promise<{ saved: Draft } | { current: Draft | undefined }> => {
  const saved = await conditionalOutcome(
    async () => {
      const { Attributes } = await dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: draftKey(userId, id),
          UpdateExpression: 'SET #values = :values, fileNames = :fileNames, updatedAt = :now ADD revision :one',
          ConditionExpression: 'attribute_exists(pk) AND revision = :revision',
          ExpressionAttributeNames: { '#values': 'values' },
          ExpressionAttributeValues: {
            ':values': content.values,
            ':fileNames': content.fileNames,
            ':now': now,
            ':one': 1,
            ':revision': revision,
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return fromItem(Attributes!);
    },
    () => undefined,
  );
  return saved ? { saved } : { current: await getDraft(userId, id) };
};

/** Deletes the user's draft and uncounts it; false when there is no such draft. */
export const deleteDraft = async (userId: string, id: string): Promise<boolean> =>
  conditionalWrite(() =>
    transact([
      {
        Delete: {
          TableName: tableName(),
          Key: draftKey(userId, id),
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
      { Update: countDown(draftCountKey(userId)) },
    ]),
  );
