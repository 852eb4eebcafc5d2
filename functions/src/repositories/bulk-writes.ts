import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#lib/clients';
import { queryAll, tableName, type TransactItem } from './table';

/*
 * Bulk creations in flight: `BULK#pending` / `<id>`, one item per run of createComponents.
 *
 * Components created in bulk are written with BatchWriteItem (not atomic) and become visible to
 * search with one catalogue revision at the end. The marker names the id range before anything
 * is written and is deleted in the transaction that commits the revision, so a run that dies
 * in between (a Lambda timeout, a crash) leaves a marker; the next bulk run commits a revision
 * for that range, and whatever was written becomes searchable instead of lingering unseen.
 */

const PENDING_PK = 'BULK#pending';

export interface PendingBulkWrite {
  id: string;
  firstId: number;
  count: number;
  startedAt: string;
}

const markerKey = (id: string) => ({ pk: PENDING_PK, sk: id });

export const putPendingBulkWrite = async (pending: PendingBulkWrite): Promise<void> => {
  await dynamo().send(
    new PutCommand({ TableName: tableName(), Item: { ...markerKey(pending.id), entity: 'bulk-write', ...pending } }),
  );
};

/** Every marker, oldest first (ids are ULIDs). */
export const listPendingBulkWrites = async (): Promise<PendingBulkWrite[]> => {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': PENDING_PK },
    ConsistentRead: true,
  });
  return items.map((item) => ({
    id: String(item.id),
    firstId: Number(item.firstId),
    count: Number(item.count),
    startedAt: String(item.startedAt),
  }));
};

/** Closes a marker inside the committing transaction; fails if another run closed it first. */
export const pendingBulkWriteDelete = (id: string): TransactItem => ({
  Delete: { TableName: tableName(), Key: markerKey(id), ConditionExpression: 'attribute_exists(pk)' },
});
