import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#lib/clients';
import { sleep } from '#lib/concurrency';
import {
  conditionalDelete,
  conditionalUpdate,
  epochSeconds,
  getItemConsistent,
  queryAll,
  tableName,
  type TransactItem,
} from './table';

/*
 * The catalogue's revision and its change log: how every search instance learns, with one read
 * per request, whether components changed since its index was built, and which.
 *
 * - `CATALOGUE#revision`: `revision` (bumped once per committed change), `changeCount` (components
 *   changed, all time) and what the newest search snapshot in S3 holds.
 * - `CATALOGUE#changes` / `REV#<revision>#<part>`: the ids of the components a revision changed
 *   (created, edited or deleted). Kept for CHANGE_RETENTION_DAYS; an instance further behind
 *   than that reloads instead.
 *
 * A revision and its log entry are written in one transaction with the components themselves,
 * conditioned on the revision read just before (optimistic concurrency), so revisions are
 * contiguous and a log entry exists exactly when its revision does.
 */

export interface SnapshotInfo {
  revision: number;
  changeCount: number;
  writtenAt: string;
}

export interface CatalogueRevision {
  /** 0 while the catalogue has never changed. */
  revision: number;
  changeCount: number;
  snapshot?: SnapshotInfo;
}

export interface CatalogueChange {
  revision: number;
  componentIds: number[];
}

const CHANGE_RETENTION_DAYS = 30;
/** Ids per change-log item: far below the 400 KB item limit, and 99 of them fit a transaction. */
const IDS_PER_PART = 5_000;
const MAX_TRANSACTION_ITEMS = 100;
const MAX_COMMIT_ATTEMPTS = 25;

const revisionKey = { pk: 'CATALOGUE#revision', sk: 'META' };
const CHANGES_PK = 'CATALOGUE#changes';
const pad = (value: number, width: number) => String(value).padStart(width, '0');
const changeSortKey = (revision: number, part = 0) => `REV#${pad(revision, 12)}#${pad(part, 3)}`;
const leaseKey = { pk: 'CATALOGUE#snapshot-lease', sk: 'META' };

const toRevision = (item: Record<string, unknown> | undefined): CatalogueRevision => ({
  revision: Number(item?.revision ?? 0),
  changeCount: Number(item?.changeCount ?? 0),
  ...(item?.snapshotRevision !== undefined
    ? {
        snapshot: {
          revision: Number(item.snapshotRevision),
          changeCount: Number(item.snapshotChangeCount ?? 0),
          writtenAt: String(item.snapshotWrittenAt ?? ''),
        },
      }
    : {}),
});

/** The current revision (strongly consistent: a change committed before this read is seen). */
export const readCatalogueRevision = async (): Promise<CatalogueRevision> =>
  toRevision(await getItemConsistent(revisionKey));

/** Every logged change after `afterRevision`, oldest first; the caller checks they are contiguous. */
export const readCatalogueChanges = async (afterRevision: number): Promise<CatalogueChange[]> => {
  const byRevision = new Map<number, number[]>();
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk >= :from',
    ExpressionAttributeValues: { ':pk': CHANGES_PK, ':from': changeSortKey(afterRevision + 1) },
    ProjectionExpression: 'revision, componentIds',
    ConsistentRead: true,
  });
  for (const item of items) {
    const revision = Number(item.revision);
    const ids = (item.componentIds as number[] | undefined) ?? [];
    byRevision.set(revision, [...(byRevision.get(revision) ?? []), ...ids.map(Number)]);
  }
  return [...byRevision.entries()]
    .sort(([a], [b]) => a - b)
    .map(([revision, componentIds]) => ({ revision, componentIds }));
};

const isRetryableCommitFailure = (error: unknown, revisionItemIndex: number): boolean => {
  const { name, CancellationReasons } = (error ?? {}) as { name?: string; CancellationReasons?: { Code?: string }[] };
  if (name === 'TransactionConflictException') return true;
  if (name !== 'TransactionCanceledException' || !Array.isArray(CancellationReasons)) return false;
  if (CancellationReasons.some((reason) => reason?.Code === 'TransactionConflict')) return true;
  // Only our own condition failed: someone else committed a revision first. Any other failed
  // condition belongs to the caller and is theirs to report.
  return (
    CancellationReasons[revisionItemIndex]?.Code === 'ConditionalCheckFailed' &&
    CancellationReasons.every(
      (reason, index) => index === revisionItemIndex || reason?.Code !== 'ConditionalCheckFailed',
    )
  );
};

/**
 * Commits `items` (the caller's puts, updates and deletes, with their own conditions) together
 * with the next catalogue revision and its log entry naming `componentIds`, in one transaction.
 * Retries when another change took the revision first; a failed condition of the caller's
 * items is thrown as it is (`isConditionFailure` recognises it). Returns the new revision.
 */
export const commitCatalogueChange = async (
  componentIds: readonly number[],
  items: readonly TransactItem[] = [],
  now = new Date(),
): Promise<number> => {
  const ids = [...new Set(componentIds)];
  const parts: number[][] = [];
  for (let start = 0; start < ids.length; start += IDS_PER_PART) parts.push(ids.slice(start, start + IDS_PER_PART));
  if (parts.length === 0) parts.push([]);
  if (items.length + 1 + parts.length > MAX_TRANSACTION_ITEMS) {
    throw new RangeError(`A catalogue change holds at most ${MAX_TRANSACTION_ITEMS} items; split it`);
  }
  const expiresAt = epochSeconds(now) + CHANGE_RETENTION_DAYS * 24 * 60 * 60;

  for (let attempt = 1; ; attempt++) {
    const { revision } = await readCatalogueRevision();
    const next = revision + 1;
    const revisionUpdate: TransactItem = {
      Update: {
        TableName: tableName(),
        Key: revisionKey,
        UpdateExpression: 'SET revision = :next, entity = :entity, changedAt = :now ADD changeCount :count',
        ConditionExpression:
          revision === 0 ? 'attribute_not_exists(revision) OR revision = :current' : 'revision = :current',
        ExpressionAttributeValues: {
          ':next': next,
          ':current': revision,
          ':count': ids.length,
          ':entity': 'catalogue-revision',
          ':now': now.toISOString(),
        },
      },
    };
    const logEntries: TransactItem[] = parts.map((part, index) => ({
      Put: {
        TableName: tableName(),
        Item: {
          pk: CHANGES_PK,
          sk: changeSortKey(next, index),
          entity: 'catalogue-change',
          revision: next,
          componentIds: part,
          expiresAt,
        },
      },
    }));
    try {
      await dynamo().send(new TransactWriteCommand({ TransactItems: [...items, revisionUpdate, ...logEntries] }));
      return next;
    } catch (error) {
      if (attempt >= MAX_COMMIT_ATTEMPTS || !isRetryableCommitFailure(error, items.length)) throw error;
      await sleep(Math.random() * Math.min(200, 5 * 2 ** attempt));
    }
  }
};

/** Records that S3 now holds a snapshot at `snapshot.revision`, unless a newer one is recorded. */
export const recordSnapshot = async (snapshot: SnapshotInfo): Promise<boolean> =>
  conditionalUpdate({
    Key: revisionKey,
    UpdateExpression:
      'SET snapshotRevision = :revision, snapshotChangeCount = :changeCount, snapshotWrittenAt = :writtenAt, entity = :entity',
    ConditionExpression: 'attribute_not_exists(snapshotRevision) OR snapshotRevision < :revision',
    ExpressionAttributeValues: {
      ':revision': snapshot.revision,
      ':changeCount': snapshot.changeCount,
      ':writtenAt': snapshot.writtenAt,
      ':entity': 'catalogue-revision',
    },
  });

/**
 * One writer of snapshots at a time: true when `holder` got the lease (none held, or expired).
 * A holder that dies simply lets it expire.
 */
export const acquireSnapshotLease = async (holder: string, seconds: number, now = new Date()): Promise<boolean> =>
  conditionalUpdate({
    Key: leaseKey,
    UpdateExpression: 'SET holder = :holder, leaseUntil = :until, expiresAt = :expires, entity = :entity',
    ConditionExpression: 'attribute_not_exists(leaseUntil) OR leaseUntil < :now',
    ExpressionAttributeValues: {
      ':holder': holder,
      ':until': now.getTime() + seconds * 1000,
      ':now': now.getTime(),
      ':expires': epochSeconds(now) + seconds + 60,
      ':entity': 'snapshot-lease',
    },
  });

export const releaseSnapshotLease = async (holder: string): Promise<void> => {
  await conditionalDelete({
    Key: leaseKey,
    ConditionExpression: 'holder = :holder',
    ExpressionAttributeValues: { ':holder': holder },
  });
};
