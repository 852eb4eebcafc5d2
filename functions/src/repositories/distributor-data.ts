import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DistributorProductData } from '#shared/schemas/distributor-fill';
import type { DistributorName } from '#shared/schemas/distributors';
import { dynamo } from '#lib/clients';
import { batchGetItems, epochSeconds, getLiveItem, tableName } from './table';

/*
 * What a distributor said about a part, kept for a while so that filing the ticked fields uses
 * the very answer the person saw (`DISTSNAP#<provider>#<componentId>` / `META`, TTL): a cache,
 * never catalogue data. And the fields no fill may take, per part and per class
 * (`PROTECTED#part#<id>`, `PROTECTED#class#<class, lower case>` / `META`), set by administrators.
 */

export interface DistributorSnapshot {
  provider: DistributorName;
  componentId: number;
  confidence: number;
  product: DistributorProductData;
  readAt: string;
}

const snapshotKey = (provider: DistributorName, componentId: number) => ({
  pk: `DISTSNAP#${provider}#${componentId}`,
  sk: 'META',
});

/** Keeps the answer for `keepSeconds`; a newer answer for the same part replaces it. */
export const putDistributorSnapshot = async (snapshot: DistributorSnapshot, keepSeconds: number): Promise<void> => {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...snapshotKey(snapshot.provider, snapshot.componentId),
        entity: 'distributor-snapshot',
        ...snapshot,
        expiresAt: epochSeconds() + keepSeconds,
      },
    }),
  );
};

/** The kept answer, or undefined once it expired. */
export const getDistributorSnapshot = async (
  provider: DistributorName,
  componentId: number,
): Promise<DistributorSnapshot | undefined> => {
  const item = await getLiveItem(snapshotKey(provider, componentId));
  if (!item) return undefined;
  const { provider: from, componentId: id, confidence, product, readAt } = item;
  return { provider: from, componentId: id, confidence, product, readAt } as DistributorSnapshot;
};

const partProtectionKey = (componentId: number) => ({ pk: `PROTECTED#part#${componentId}`, sk: 'META' });
const classProtectionKey = (className: string) => ({
  pk: `PROTECTED#class#${className.trim().toLowerCase()}`,
  sk: 'META',
});

const putProtection = async (key: { pk: string; sk: string }, fields: readonly string[], by: string) => {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...key,
        entity: 'protected-fields',
        fields: [...fields],
        updatedBy: by,
        updatedAt: new Date().toISOString(),
      },
    }),
  );
};

/** Replaces the part's protected fields as a whole (one item: two administrators at once leave one whole list). */
export const setPartProtectedFields = (componentId: number, fields: readonly string[], by: string) =>
  putProtection(partProtectionKey(componentId), fields, by);

/** Replaces the class's protected fields as a whole; the class is named in any case. */
export const setClassProtectedFields = (className: string, fields: readonly string[], by: string) =>
  putProtection(classProtectionKey(className), fields, by);

/** The class's protected fields alone (none marked: an empty list). */
export const getClassProtectedFields = async (className: string): Promise<string[]> => {
  const item = await getLiveItem(classProtectionKey(className));
  return item && Array.isArray(item.fields) ? (item.fields as string[]) : [];
};

/** The part's own protected fields and its class's, read together. */
export const getProtectedFields = async (
  componentId: number,
  className: string | null | undefined,
): Promise<{ part: string[]; class: string[] }> => {
  const keys = [partProtectionKey(componentId), ...(className ? [classProtectionKey(className)] : [])];
  const items = await batchGetItems(keys);
  const fieldsOf = (key: { pk: string }) => {
    const item = items.find((found) => found.pk === key.pk);
    return item && Array.isArray(item.fields) ? (item.fields as string[]) : [];
  };
  return { part: fieldsOf(keys[0]!), class: keys[1] ? fieldsOf(keys[1]) : [] };
};
