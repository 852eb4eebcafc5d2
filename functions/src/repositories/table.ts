import { AsyncLocalStorage } from 'node:async_hooks';
import DataLoader from 'dataloader';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DeleteCommandInput,
  type QueryCommandInput,
  type QueryCommandOutput,
  type TransactWriteCommandInput,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#lib/clients';
import { chunk, inParallel, sleep } from '#lib/concurrency';
import { config } from '#lib/config';

export const tableName = (): string => config().TABLE_NAME;

/** One item of a TransactWriteItems: a Put, Update, Delete or ConditionCheck. */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** An item's own attributes: without its keys (the table's and both indexes') and its entity tag. */
export const withoutKeys = (item: Record<string, unknown>): Record<string, unknown> => {
  const { pk: _pk, sk: _sk, gsi1pk: _a, gsi1sk: _b, gsi2pk: _c, gsi2sk: _d, entity: _e, ...own } = item;
  return own;
};

/** Epoch seconds, the unit of the table's TTL attribute `expiresAt`. */
export const epochSeconds = (date: Date = new Date()): number => Math.floor(date.getTime() / 1000);

const hasName = (error: unknown, name: string): boolean =>
  typeof error === 'object' && error !== null && 'name' in error && error.name === name;

export const isConditionFailure = (error: unknown): boolean =>
  hasName(error, 'ConditionalCheckFailedException') ||
  (hasName(error, 'TransactionCanceledException') &&
    typeof error === 'object' &&
    error !== null &&
    'CancellationReasons' in error &&
    Array.isArray(error.CancellationReasons) &&
    error.CancellationReasons.some((reason: { Code?: string }) => reason.Code === 'ConditionalCheckFailed'));

/**
 * Which items of a cancelled transaction failed their condition (their indexes in the items
 * given); empty for any other error.
 */
export const failedConditions = (error: unknown): number[] => {
  if (hasName(error, 'ConditionalCheckFailedException')) return [0];
  const reasons = (error as { CancellationReasons?: { Code?: string }[] } | null)?.CancellationReasons;
  if (!hasName(error, 'TransactionCanceledException') || !Array.isArray(reasons)) return [];
  return reasons.flatMap((reason, index) => (reason?.Code === 'ConditionalCheckFailed' ? [index] : []));
};

/**
 * Runs one conditional write (a put, update, delete or transaction) and answers what became of
 * it: the write's own answer when it was made; when a condition did not hold, what `refused`
 * makes of the failed items' indexes (a single write's is 0). `refused` may throw the error it is
 * given, for a failure it has no answer for; any other error is thrown as it is.
 */
export const conditionalOutcome = async <T, R>(
  write: () => Promise<T>,
  refused: (failed: number[], error: unknown) => R,
): Promise<T | R> => {
  try {
    return await write();
  } catch (error) {
    const failed = failedConditions(error);
    if (failed.length === 0) throw error;
    return refused(failed, error);
  }
};

/** Runs one conditional write: true when it was made, false when a condition did not hold. */
export const conditionalWrite = (write: () => Promise<unknown>): Promise<boolean> =>
  conditionalOutcome(
    async () => {
      await write();
      return true;
    },
    () => false,
  );

/** One conditional update on the table: true when it was made, false when its condition did not hold. */
export const conditionalUpdate = (input: Omit<UpdateCommandInput, 'TableName'>): Promise<boolean> =>
  conditionalWrite(() => dynamo().send(new UpdateCommand({ TableName: tableName(), ...input })));

/** One conditional delete on the table: true when it was made, false when its condition did not hold. */
export const conditionalDelete = (input: Omit<DeleteCommandInput, 'TableName'>): Promise<boolean> =>
  conditionalWrite(() => dynamo().send(new DeleteCommand({ TableName: tableName(), ...input })));

/**
 * Frees a one-at-a-time slot (the item at `key` naming its running job in `holder`, with
 * `runningSince`) if job `id` still holds it: a job that lost the slot never frees it under
 * the one that took it over.
 */
export const releaseSlot = async (key: ItemKey, holder: string, id: string): Promise<void> => {
  await conditionalUpdate({
    Key: key,
    UpdateExpression: 'REMOVE #holder, runningSince',
    ConditionExpression: '#holder = :id',
    ExpressionAttributeNames: { '#holder': holder },
    ExpressionAttributeValues: { ':id': id },
  });
};

type Item = NonNullable<QueryCommandOutput['Items']>[number];

/**
 * Every item a query matches, page after page; `until` stops after the page on which it first
 * holds (for callers that need only so many). The input's own `ExclusiveStartKey` is ignored.
 */
export const queryAll = async (
  input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>,
  options: { until?: (found: readonly Item[]) => boolean } = {},
): Promise<Item[]> => {
  const items: Item[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(new QueryCommand({ ...input, TableName: tableName(), ExclusiveStartKey }));
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey && !options.until?.(items));
  return items;
};

/**
 * True when DynamoDB answered that it did not apply the write (a failed condition, a cancelled
 * transaction, throttling, a bad request: any 4xx). Anything else (a timeout, a dropped
 * connection, a 5xx) leaves the outcome unknown: the write may have landed, or may land yet, so
 * nothing it may have committed is to be undone on its account.
 */
export const wasRefused = (error: unknown): boolean => {
  const status = (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
  return (
    (status !== undefined && status >= 400 && status < 500) ||
    hasName(error, 'ConditionalCheckFailedException') ||
    hasName(error, 'TransactionCanceledException')
  );
};

const isTransactionConflict = (error: unknown): boolean =>
  hasName(error, 'TransactionConflictException') ||
  (hasName(error, 'TransactionCanceledException') &&
    Array.isArray((error as { CancellationReasons?: unknown }).CancellationReasons) &&
    (error as { CancellationReasons: { Code?: string }[] }).CancellationReasons.some(
      (reason) => reason?.Code === 'TransactionConflict',
    ) &&
    !isConditionFailure(error));

/**
 * One transaction, retried with jitter while it only collided with another transaction in
 * flight; a failed condition is thrown to the caller (`isConditionFailure`).
 */
export const transact = async (items: TransactItem[], attempts = 10): Promise<void> => {
  for (let attempt = 1; ; attempt++) {
    try {
      await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (error) {
      if (attempt >= attempts || !isTransactionConflict(error)) throw error;
      await sleep(Math.random() * Math.min(200, 5 * 2 ** attempt));
    }
  }
};

/**
 * Puts many items unconditionally: BatchWriteItem 25 a call, `concurrency` calls at a time,
 * unprocessed items retried with jitter. Not atomic; for bulk writes of new items only.
 */
export const batchPut = async (
  items: readonly Record<string, unknown>[],
  options: { concurrency?: number } = {},
): Promise<void> => {
  await inParallel(chunk(items, 25), options.concurrency ?? 8, async (part) => {
    let requests: Record<string, unknown>[] = part.map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; requests.length > 0; attempt++) {
      if (attempt > 0) await sleep(Math.min(2_000, 20 * 2 ** attempt) * Math.random());
      const { UnprocessedItems } = await dynamo().send(
        new BatchWriteCommand({ RequestItems: { [tableName()]: requests as never } }),
      );
      requests = (UnprocessedItems?.[tableName()] as Record<string, unknown>[] | undefined) ?? [];
    }
  });
};

/** An item's primary key. */
export interface ItemKey {
  pk: string;
  sk: string;
}

const keyId = (key: ItemKey): string => `${key.pk}\u0000${key.sk}`;

/**
 * Consistent reads of up to 100 keys: BatchGetItem, unprocessed keys asked again with jitter.
 * The items found, in no particular order.
 */
export const batchGetItems = async (
  keys: readonly Record<string, unknown>[],
  projection: { ProjectionExpression?: string; ExpressionAttributeNames?: Record<string, string> } = {},
): Promise<Item[]> => {
  const found: Item[] = [];
  let wanted = [...keys];
  for (let attempt = 0; wanted.length > 0; attempt++) {
    if (attempt > 0) await sleep(Math.min(1_000, 20 * 2 ** attempt) * Math.random());
    const { Responses, UnprocessedKeys } = await dynamo().send(
      new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: wanted, ConsistentRead: true, ...projection } } }),
    );
    found.push(...(Responses?.[tableName()] ?? []));
    wanted = (UnprocessedKeys?.[tableName()]?.Keys as Record<string, unknown>[] | undefined) ?? [];
  }
  return found;
};

/** The gathered reads' batch: each key's item (or undefined), in the order asked. */
const readBatch = async (keys: readonly ItemKey[]): Promise<(Item | undefined)[]> => {
  const found = new Map(
    (await batchGetItems(keys as unknown as Record<string, unknown>[])).map((item) => [keyId(item as ItemKey), item]),
  );
  return keys.map((key) => found.get(keyId(key)));
};

const readScope = new AsyncLocalStorage<DataLoader<ItemKey, Item | undefined, string>>();

/**
 * Runs one request with its consistent single-item reads gathered: the reads it starts together
 * (its session, its user and the catalogue revision) go as one BatchGetItem, one round trip.
 * Nothing is cached: every read is made after it was asked for.
 */
export const withGatheredReads = <T>(run: () => Promise<T>): Promise<T> =>
  readScope.run(new DataLoader(readBatch, { cache: false, maxBatchSize: 100, cacheKeyFn: keyId }), run);

/** Puts an item that must be new: a ConditionalCheckFailedException when one with its key exists. */
export const putNewItem = async (item: Record<string, unknown>): Promise<void> => {
  await dynamo().send(
    new PutCommand({ TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }),
  );
};

/** The update that takes one off an item's `count`, never below zero (its condition fails at zero). */
export const countDown = (key: ItemKey) => ({
  TableName: tableName(),
  Key: key,
  UpdateExpression: 'ADD #count :minusOne',
  ConditionExpression: '#count > :zero',
  ExpressionAttributeNames: { '#count': 'count' },
  ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
});

/** Whether an item's time (`expiresAt`, the TTL attribute) is up: TTL deletion is lazy, so reads check it. */
export const hasExpired = (item: Record<string, unknown>, now = new Date()): boolean =>
  Number(item.expiresAt) <= epochSeconds(now);

/** One item by its key, read consistently on its own (GetItem); undefined when absent or expired. */
export const getLiveItem = async (key: ItemKey, now = new Date()): Promise<Item | undefined> => {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return Item && !hasExpired(Item, now) ? Item : undefined;
};

/**
 * Deletes the item and returns it, in one conditional call, so two requests cannot both take it
 * (a link, a challenge, a sign-in in flight). Undefined when it was not there or had expired.
 */
export const takeItem = async (key: ItemKey, now = new Date()): Promise<Item | undefined> =>
  conditionalOutcome(
    async () => {
      const { Attributes } = await dynamo().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: key,
          ConditionExpression: 'attribute_exists(pk)',
          ReturnValues: 'ALL_OLD',
        }),
      );
      return Attributes && !hasExpired(Attributes, now) ? Attributes : undefined;
    },
    () => undefined,
  );

/** One item by its key, read consistently: gathered with the request's other reads when it has a scope. */
export const getItemConsistent = async (key: ItemKey): Promise<Item | undefined> => {
  const gathered = readScope.getStore();
  if (gathered) return gathered.load(key);
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return Item;
};
