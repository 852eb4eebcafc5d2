import { DeleteCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#lib/clients';
import { componentPartition } from './keys';
import { conditionalUpdate, queryAll, tableName, type TransactItem, withoutKeys } from './table';

/**
 * Attachments: `COMP#<componentId>` / `ATT#<ulid>`, gsi1 `ATT#<ulid>` / `META` (download by id);
 * images also gsi2 `IMAGES` / `<createdAt>#<ulid>` (image coverage and recent images, newest
 * first; approval and deletion reach the index by themselves). The bytes live in S3 under
 * `objectKey`; the item holds metadata only.
 */
export interface StoredAttachment {
  id: string;
  componentId: number;
  fileName: string;
  fileType: string;
  size: number;
  objectKey: string;
  isApproved: boolean;
  uploadedByUserId: string;
  username: string;
  createdAt: string;
  /** The `attachment` approval request filed with it (uploads by users). */
  requestId?: string;
  imageSource?: string | null;
  sourceMetadata?: string | null;
  sourceConfidence?: number | null;
  /** Set when a download found no object behind the row. */
  fileMissing?: boolean;
}

const IMAGES = 'IMAGES';

const attachmentKey = (componentId: number, id: string) => ({ pk: componentPartition(componentId), sk: `ATT#${id}` });

const toItem = (attachment: StoredAttachment) => ({
  ...attachmentKey(attachment.componentId, attachment.id),
  gsi1pk: `ATT#${attachment.id}`,
  gsi1sk: 'META',
  ...(attachment.fileType.startsWith('image/') && {
    gsi2pk: IMAGES,
    gsi2sk: `${attachment.createdAt}#${attachment.id}`,
  }),
  entity: 'attachment',
  ...attachment,
});

const fromItem = (item: Record<string, unknown>): StoredAttachment => withoutKeys(item) as unknown as StoredAttachment;

export const attachmentPut = (attachment: StoredAttachment): TransactItem => ({
  Put: { TableName: tableName(), Item: toItem(attachment), ConditionExpression: 'attribute_not_exists(pk)' },
});

export const getAttachment = async (componentId: number, id: string): Promise<StoredAttachment | undefined> => {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: attachmentKey(componentId, id), ConsistentRead: true }),
  );
  return Item ? fromItem(Item) : undefined;
};

/** By id alone (the download route has no component id): gsi1, eventually consistent. */
export const findAttachment = async (id: string): Promise<StoredAttachment | undefined> => {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': `ATT#${id}` },
    }),
  );
  return Items[0] ? fromItem(Items[0]) : undefined;
};

/**
 * Image attachments of every part, newest first (gsi2 `IMAGES`), approved or not; `limit` stops
 * after that many approved ones. Eventually consistent, like any index.
 */
export const listImageAttachments = async (
  options: { approvedOnly?: boolean; limit?: number } = {},
): Promise<StoredAttachment[]> => {
  const { limit } = options;
  const images = (
    await queryAll(
      {
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :images',
        ...(options.approvedOnly && { FilterExpression: 'isApproved = :true' }),
        ExpressionAttributeValues: { ':images': IMAGES, ...(options.approvedOnly && { ':true': true }) },
        ScanIndexForward: false,
      },
      { until: (found) => limit !== undefined && found.length >= limit },
    )
  ).map(fromItem);
  return limit === undefined ? images : images.slice(0, limit);
};

/** A component's attachments, oldest first (ulid order), every page. */
export const listAttachments = async (componentId: number): Promise<StoredAttachment[]> => {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :att)',
    ExpressionAttributeValues: { ':pk': componentPartition(componentId), ':att': 'ATT#' },
  });
  return items.map(fromItem);
};

/** Publishes a pending attachment, inside the approval's transaction. */
export const attachmentApproveItem = (componentId: number, id: string): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: attachmentKey(componentId, id),
    UpdateExpression: 'SET isApproved = :true',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':true': true },
  },
});

/**
 * Removes an attachment inside a transaction, only while its approval is still what the caller
 * saw (so a delete never races an approval or a rejection into an inconsistent state).
 */
export const attachmentDeleteItem = (
  componentId: number,
  id: string,
  expected: { isApproved: boolean },
): TransactItem => ({
  Delete: {
    TableName: tableName(),
    Key: attachmentKey(componentId, id),
    ConditionExpression: 'isApproved = :approved',
    ExpressionAttributeValues: { ':approved': expected.isApproved },
  },
});

export const deleteAttachment = async (componentId: number, id: string): Promise<void> => {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: attachmentKey(componentId, id) }));
};

/** Records that the attachment's object is gone, so lists can say so; nothing when the row went meanwhile. */
export const markAttachmentMissing = async (componentId: number, id: string): Promise<void> => {
  await conditionalUpdate({
    Key: attachmentKey(componentId, id),
    UpdateExpression: 'SET fileMissing = :yes',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':yes': true },
  });
};
