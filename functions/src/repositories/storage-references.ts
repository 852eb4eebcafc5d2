import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { componentFileFields } from '#shared/schemas/component';
import { dynamo } from '#lib/clients';
import { tableName } from './table';

/*
 * Every row that names a file in the bucket, for the reconciliation (a scheduled job, never a
 * request): attachments (`objectKey`), approval requests (their new-component files) and
 * components (their file fields), with the pending-storage counts. One consistent, projected
 * Scan, page by page.
 */

export interface AttachmentReference {
  componentId: number;
  id: string;
  objectKey: string;
  isApproved: boolean;
  requestId?: string;
  size: number;
  uploadedByUserId: string;
  fileMissing?: boolean;
}

export interface RequestReference {
  id: string;
  requestType: string;
  status: string;
  userId: string;
  data: Record<string, unknown>;
  pendingBytes?: number;
}

export interface ComponentReference {
  id: number;
  files: string[];
}

export interface StorageReferences {
  attachments: AttachmentReference[];
  requests: RequestReference[];
  components: ComponentReference[];
  /** `pendingBytes` by user id, as counted. */
  pendingBytes: Map<string, number>;
}

const ENTITIES = ['attachment', 'approval-request', 'component', 'pending-storage'] as const;

/**
 * The only attributes the scan reads (the job's IAM policy allows a Scan for exactly these, so
 * it can never read a password hash, a token or a key).
 */
export const SCANNED_ATTRIBUTES = [
  'entity',
  'id',
  'componentId',
  'objectKey',
  'isApproved',
  'requestId',
  'size',
  'uploadedByUserId',
  'fileMissing',
  'requestType',
  'status',
  'userId',
  'data',
  'pendingBytes',
  ...componentFileFields,
] as const;

export const scanStorageReferences = async (): Promise<StorageReferences> => {
  const references: StorageReferences = { attachments: [], requests: [], components: [], pendingBytes: new Map() };
  const names = Object.fromEntries(SCANNED_ATTRIBUTES.map((name, index) => [`#a${index}`, name]));
  const projection = Object.keys(names).join(', ');
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new ScanCommand({
        TableName: tableName(),
        ConsistentRead: true,
        Select: 'SPECIFIC_ATTRIBUTES',
        FilterExpression: `#a0 IN (${ENTITIES.map((_, index) => `:e${index}`).join(', ')})`,
        ProjectionExpression: projection,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: Object.fromEntries(ENTITIES.map((entity, index) => [`:e${index}`, entity])),
        ExclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? []) {
      switch (item.entity) {
        case 'attachment':
          references.attachments.push(item as unknown as AttachmentReference);
          break;
        case 'approval-request':
          references.requests.push(item as unknown as RequestReference);
          break;
        case 'component':
          references.components.push({
            id: Number(item.id),
            files: componentFileFields.flatMap((field) => (typeof item[field] === 'string' ? [item[field]] : [])),
          });
          break;
        case 'pending-storage':
          references.pendingBytes.set(String(item.userId), Number(item.pendingBytes ?? 0));
          break;
      }
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return references;
};
