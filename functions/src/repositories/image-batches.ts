import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DistributorName } from '#shared/schemas/distributors';
import type { DataBatchPartReport } from '#shared/schemas/data-batches';
import type { BatchStatus, ImageBatch } from '#shared/schemas/images';
import { dynamo } from '#lib/clients';
import {
  conditionalUpdate,
  conditionalWrite,
  epochSeconds,
  queryAll,
  releaseSlot,
  tableName,
  transact,
  withoutKeys,
} from './table';

/**
 * Image batches (Step Functions executions): `IMAGEBATCH#<id>` / `META` holds a batch and its
 * progress; `IMAGEBATCH#<id>` / `PART#<componentId>` marks a part counted once (a retried task
 * never counts twice); `IMAGEBATCH#slot` / `META` holds the running batch (one at a time) and
 * the latest one.
 */
export interface StoredImageBatch extends ImageBatch {
  startedByUserId: string;
  /** Why parts were skipped: a distributor could not be used (day budget spent, no or refused credentials). */
  stoppedBy?: { provider: DistributorName; reason: string };
  /** Why a distributor stopped answering during the batch (the first reason each), while the other went on. */
  digikeyStop?: string;
  mouserStop?: string;
  /** A data batch over chosen parts: their ids (else the batch's class). */
  selection?: number[];
  /** When its state machine execution was started (absent: not yet, or never). */
  executionStartedAt?: string;
}

const stopAttribute = (provider: DistributorName) => `${provider}Stop` as const;

const batchKey = (batchId: string) => ({ pk: `IMAGEBATCH#${batchId}`, sk: 'META' });
const slotKey = { pk: 'IMAGEBATCH#slot', sk: 'META' };
const PART_MARK_SECONDS = 30 * 24 * 3600;

const fromItem = (item: Record<string, unknown>): StoredImageBatch => withoutKeys(item) as unknown as StoredImageBatch;

/**
 * Stores a new running batch and makes it the running and latest one, unless another batch
 * runs and started after `staleBefore` (ISO): false then, and nothing is written.
 */
export const claimBatchSlot = async (batch: StoredImageBatch, staleBefore: string): Promise<boolean> =>
  conditionalWrite(() =>
    transact([
      {
        Update: {
          TableName: tableName(),
          Key: slotKey,
          UpdateExpression: 'SET runningBatchId = :id, runningSince = :now, latestBatchId = :id, entity = :entity',
          ConditionExpression: 'attribute_not_exists(runningBatchId) OR runningSince < :stale',
          ExpressionAttributeValues: {
            ':id': batch.batchId,
            ':now': batch.startedAt,
            ':stale': staleBefore,
            ':entity': 'image-batch-slot',
          },
        },
      },
      {
        Put: {
          TableName: tableName(),
          Item: { ...batchKey(batch.batchId), entity: 'image-batch', ...batch },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ]),
  );

export const getBatch = async (batchId: string): Promise<StoredImageBatch | undefined> => {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: batchKey(batchId), ConsistentRead: true }),
  );
  return Item ? fromItem(Item) : undefined;
};

/** The running batch's id (with when it started) and the latest batch's id. */
export const readBatchSlot = async (): Promise<{
  runningBatchId?: string;
  runningSince?: string;
  latestBatchId?: string;
}> => {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: slotKey, ConsistentRead: true }));
  return {
    runningBatchId: Item?.runningBatchId as string | undefined,
    runningSince: Item?.runningSince as string | undefined,
    latestBatchId: Item?.latestBatchId as string | undefined,
  };
};

export const setBatchTotal = async (batchId: string, total: number): Promise<void> => {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: batchKey(batchId),
      UpdateExpression: 'SET #total = :total',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#total': 'total' },
      ExpressionAttributeValues: { ':total': total },
    }),
  );
};

/**
 * Counts one part's outcome into the batch's progress, once per part: false (and nothing
 * counted) when the part was counted already.
 */
export const countBatchPart = async (
  batchId: string,
  componentId: number,
  outcome: { success: boolean; source: DistributorName | null },
  report?: DataBatchPartReport,
): Promise<boolean> => {
  const sourceUpdate = outcome.success && outcome.source ? ', #sources.#source :one' : '';
  return conditionalWrite(() =>
    transact([
      {
        Put: {
          TableName: tableName(),
          Item: {
            pk: `IMAGEBATCH#${batchId}`,
            sk: `PART#${componentId}`,
            entity: 'image-batch-part',
            ...outcome,
            ...(report && { report }),
            expiresAt: epochSeconds() + PART_MARK_SECONDS,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: batchKey(batchId),
          UpdateExpression: `ADD #processed :one, #outcome :one${sourceUpdate}`,
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: {
            '#processed': 'processed',
            '#outcome': outcome.success ? 'success' : 'failed',
            ...(sourceUpdate && { '#sources': 'sources', '#source': outcome.source! }),
          },
          ExpressionAttributeValues: { ':one': 1 },
        },
      },
    ]),
  );
};

/** Sets one attribute of an existing batch unless it has one already: the first reason stays. */
const setOnce = async (batchId: string, attribute: string, value: unknown): Promise<void> => {
  await conditionalUpdate({
    Key: batchKey(batchId),
    UpdateExpression: 'SET #attribute = :value',
    ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#attribute)',
    ExpressionAttributeNames: { '#attribute': attribute },
    ExpressionAttributeValues: { ':value': value },
  });
};

/** Notes why the batch skips parts (the first reason only). */
export const markBatchStopped = (
  batchId: string,
  stoppedBy: { provider: DistributorName; reason: string },
): Promise<void> => setOnce(batchId, 'stoppedBy', stoppedBy);

/** Notes, once per distributor, why it stopped during the batch (a Smart Search goes on with the other). */
export const markProviderStopped = (batchId: string, provider: DistributorName, reason: string): Promise<void> =>
  setOnce(batchId, stopAttribute(provider), reason);

/** Ends a batch (its status, when, why) and frees the slot if the batch still holds it. */
export const finishBatch = async (
  batchId: string,
  result: { status: Exclude<BatchStatus, 'running'>; message: string | null; finishedAt: string },
): Promise<StoredImageBatch> => {
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: batchKey(batchId),
      UpdateExpression: 'SET #status = :status, finishedAt = :finishedAt, #message = :message',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#status': 'status', '#message': 'message' },
      ExpressionAttributeValues: {
        ':status': result.status,
        ':finishedAt': result.finishedAt,
        ':message': result.message,
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  await releaseBatchSlot(batchId);
  return fromItem(Attributes!);
};

/** Notes that the batch's execution was started. */
export const markExecutionStarted = async (batchId: string, at: string): Promise<void> => {
  await conditionalUpdate({
    Key: batchKey(batchId),
    UpdateExpression: 'SET executionStartedAt = :at',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':at': at },
  });
};

/** What a data batch did with each part it counted, in no particular order. */
export const listBatchPartReports = async (batchId: string): Promise<DataBatchPartReport[]> =>
  (
    await queryAll({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :part)',
      ExpressionAttributeValues: { ':pk': `IMAGEBATCH#${batchId}`, ':part': 'PART#' },
      ConsistentRead: true,
    })
  ).flatMap((item) => (item.report ? [item.report as DataBatchPartReport] : []));

/** Frees the slot if this batch holds it (a batch that never started, or one that ended). */
export const releaseBatchSlot = (batchId: string): Promise<void> => releaseSlot(slotKey, 'runningBatchId', batchId);
