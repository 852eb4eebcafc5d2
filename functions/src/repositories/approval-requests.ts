import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { RequestStatus, RequestType } from '#shared/schemas/approvals';
import { dynamo } from '#lib/clients';
import { counterChange, type TransactItem } from './counters';
import { pendingBytesRelease } from './pending-storage';
import { queryAll, tableName } from './table';

/**
 * Approval requests: `REQ#<ulid>` / `META`; gsi1 `REQSTATUS#<status>` / `<createdAt>#<id>` (the
 * queue by status), gsi2 `REQUSER#<userId>` / `<createdAt>#<id>` (a user's own requests).
 */
export interface StoredRequest {
  id: string;
  requestType: RequestType;
  status: RequestStatus;
  userId: string;
  username: string;
  createdAt: string;
  componentId?: number;
  /** The component's version the request was made against (edit, delete). */
  baseVersion?: number;
  /** new: every field; edit: the proposed values; attachment: name and type; delete: the reference. */
  data: Record<string, unknown>;
  /** edit: the changed fields' values when proposed. */
  previousData?: Record<string, unknown>;
  attachmentId?: string;
  /** Bytes of files the request holds while pending (its submitter's pending-storage count). */
  pendingBytes?: number;
  reviewedBy?: string;
  reviewedByUserId?: string;
  reviewNotes?: string | null;
  reviewedAt?: string;
  /** The client token of the review that closed it, so a retry of that review can tell it landed. */
  reviewToken?: string;
}

const requestKey = (id: string) => ({ pk: `REQ#${id}`, sk: 'META' });

const toItem = (request: StoredRequest) => ({
  ...requestKey(request.id),
  gsi1pk: `REQSTATUS#${request.status}`,
  gsi1sk: `${request.createdAt}#${request.id}`,
  gsi2pk: `REQUSER#${request.userId}`,
  gsi2sk: `${request.createdAt}#${request.id}`,
  entity: 'approval-request',
  ...request,
});

const fromItem = (item: Record<string, unknown>): StoredRequest => {
  const { pk: _pk, sk: _sk, gsi1pk: _a, gsi1sk: _b, gsi2pk: _c, gsi2sk: _d, entity: _e, ...request } = item;
  return request as unknown as StoredRequest;
};

/** The transaction item that files a new request (and counts it as pending). */
export const requestPutItems = (request: StoredRequest): TransactItem[] => [
  { Put: { TableName: tableName(), Item: toItem(request), ConditionExpression: 'attribute_not_exists(pk)' } },
  counterChange('pending-approvals', 1),
];

export const getRequest = async (id: string): Promise<StoredRequest | undefined> => {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: requestKey(id), ConsistentRead: true }),
  );
  return Item ? fromItem(Item) : undefined;
};

/**
 * The transaction items that close a pending request exactly once: the status changes only if
 * it is still `pending`, and the pending count drops with it, as does its submitter's count of
 * bytes waiting for review.
 */
export const requestReviewItems = (
  request: StoredRequest,
  review: {
    status: 'approved' | 'rejected';
    reviewedBy: string;
    reviewedByUserId: string;
    reviewNotes: string | null;
    reviewedAt: string;
    reviewToken?: string;
  },
): TransactItem[] => [
  {
    Update: {
      TableName: tableName(),
      Key: requestKey(request.id),
      UpdateExpression: `SET #status = :status, gsi1pk = :gsi1pk, reviewedBy = :by, reviewedByUserId = :byId, reviewNotes = :notes, reviewedAt = :at${review.reviewToken ? ', reviewToken = :token' : ''}`,
      ConditionExpression: '#status = :pending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':status': review.status,
        ':gsi1pk': `REQSTATUS#${review.status}`,
        ':by': review.reviewedBy,
        ':byId': review.reviewedByUserId,
        ':notes': review.reviewNotes,
        ':at': review.reviewedAt,
        ':pending': 'pending',
        ...(review.reviewToken && { ':token': review.reviewToken }),
      },
    },
  },
  counterChange('pending-approvals', -1),
  ...(request.pendingBytes ? [pendingBytesRelease(request.userId, request.pendingBytes)] : []),
];

/** Requests newest first: all of one status (gsi1), or one user's of that status (gsi2). */
export const listRequests = async (
  status: RequestStatus,
  options: { userId?: string; max?: number } = {},
): Promise<StoredRequest[]> => {
  const max = options.max ?? 1000;
  const items = await queryAll(
    {
      ...(options.userId
        ? {
            IndexName: 'gsi2',
            KeyConditionExpression: 'gsi2pk = :pk',
            FilterExpression: '#status = :status',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':pk': `REQUSER#${options.userId}`, ':status': status },
          }
        : {
            IndexName: 'gsi1',
            KeyConditionExpression: 'gsi1pk = :pk',
            ExpressionAttributeValues: { ':pk': `REQSTATUS#${status}` },
          }),
      ScanIndexForward: false,
    },
    { until: (found) => found.length >= max },
  );
  return items.slice(0, max).map(fromItem);
};
