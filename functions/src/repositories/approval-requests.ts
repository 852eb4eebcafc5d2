import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { RequestStatus, RequestType } from '#shared/schemas/approvals';
import type { DistributorSource } from '#shared/schemas/distributor-fill';
import { dynamo } from '#lib/clients';
import { classChangeNotStarted } from './classes';
import { counterChange } from './counters';
import { pendingBytesRelease } from './pending-storage';
import { batchGetItems, queryAll, tableName, type TransactItem, withoutKeys } from './table';
import { chunk } from '#lib/concurrency';

/** The status of each request found among `ids` (100 keys a call); a request not found is left out. */
export const getRequestStatuses = async (ids: readonly string[]): Promise<Map<string, RequestStatus>> => {
  const statuses = new Map<string, RequestStatus>();
  for (const part of chunk([...new Set(ids)], 100))
    for (const item of await batchGetItems(part.map(requestKey), {
      ProjectionExpression: 'pk, #status',
      ExpressionAttributeNames: { '#status': 'status' },
    }))
      statuses.set(String(item.pk).slice('REQ#'.length), item.status as RequestStatus);
  return statuses;
};

/**
 * Approval requests: `REQ#<ulid>` / `META`; gsi1 `REQSTATUS#<status>` / `<createdAt>#<id>` (the
 * queue by status), gsi2 `REQUSER#<userId>` / `<createdAt>#<id>` (a user's own requests).
 * A pending deletion also holds `REQLOCK#delete#<componentId>` / `META`, so a part never has two.
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
  /** The part's reference when the request was made (edit, deletion, attachment). */
  componentReference?: string;
  /** An edit restoring the values of this version. */
  revertOf?: number;
  /** An edit filled from a distributor's answer: which distributor and product, and when it was read. */
  distributorSource?: DistributorSource;
  /** Bytes of files the request holds while pending (its submitter's pending-storage count). */
  pendingBytes?: number;
  reviewedBy?: string;
  reviewedByUserId?: string;
  reviewNotes?: string | null;
  reviewedAt?: string;
  /** The client token of the review that closed it, so a retry of that review can tell it landed. */
  reviewToken?: string;
  /** An administrator decided their own request under four eyes: why, in their words. */
  overrideReason?: string;
  /** The reviewer groups the part's class named when the request was filed: their reviewers act first. */
  assignedGroups?: string[];
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

const fromItem = (item: Record<string, unknown>): StoredRequest => withoutKeys(item) as unknown as StoredRequest;

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
 * bytes waiting for review. A class change whose parts started moving closes only by approval.
 */
export const requestReviewItems = (
  request: StoredRequest,
  review: {
    status: 'approved' | 'rejected' | 'withdrawn';
    reviewedBy: string;
    reviewedByUserId: string;
    reviewNotes: string | null;
    reviewedAt: string;
    /** An approved new component: the id it was given, so the request links to the part. */
    componentId?: number;
    reviewToken?: string;
    overrideReason?: string;
  },
): TransactItem[] => [
  {
    Update: {
      TableName: tableName(),
      Key: requestKey(request.id),
      UpdateExpression: `SET #status = :status, gsi1pk = :gsi1pk, reviewedBy = :by, reviewedByUserId = :byId, reviewNotes = :notes, reviewedAt = :at${review.componentId === undefined ? '' : ', componentId = :componentId'}${review.reviewToken ? ', reviewToken = :token' : ''}${review.overrideReason ? ', overrideReason = :override' : ''}`,
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
        ...(review.componentId === undefined ? {} : { ':componentId': review.componentId }),
        ...(review.reviewToken && { ':token': review.reviewToken }),
        ...(review.overrideReason && { ':override': review.overrideReason }),
      },
    },
  },
  counterChange('pending-approvals', -1),
  ...(request.requestType === 'delete' && request.componentId !== undefined
    ? [deletionLockRelease(request.componentId, request.id)]
    : []),
  ...(request.pendingBytes ? [pendingBytesRelease(request.userId, request.pendingBytes)] : []),
  ...(request.requestType === 'class' && review.status !== 'approved' ? [classChangeNotStarted(request.id)] : []),
];

const deletionLockKey = (componentId: number) => ({ pk: `REQLOCK#delete#${componentId}`, sk: 'META' });

/**
 * Claims the part's one pending deletion for this request, in the transaction that files it:
 * fails its condition while another deletion of the part waits for review.
 */
export const deletionLockPut = (componentId: number, requestId: string): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: { ...deletionLockKey(componentId), entity: 'deletion-lock', componentId, requestId },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

/** Frees the claim when its request closes (a request filed before claims existed has none). */
const deletionLockRelease = (componentId: number, requestId: string): TransactItem => ({
  Delete: {
    TableName: tableName(),
    Key: deletionLockKey(componentId),
    ConditionExpression: 'attribute_not_exists(pk) OR requestId = :id',
    ExpressionAttributeValues: { ':id': requestId },
  },
});

/** The request holding the part's pending deletion, if any. */
export const findPendingDeletion = async (componentId: number): Promise<string | undefined> => {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: deletionLockKey(componentId), ConsistentRead: true }),
  );
  return Item ? String(Item.requestId) : undefined;
};

/** Pending requests about one part (gsi1 `REQSTATUS#pending`, filtered; eventually consistent). */
export const listPendingRequestsFor = async (componentId: number): Promise<StoredRequest[]> =>
  (
    await queryAll({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      FilterExpression: 'componentId = :id',
      ExpressionAttributeValues: { ':pk': 'REQSTATUS#pending', ':id': componentId },
    })
  ).map(fromItem);

/**
 * The transaction item that has a pending request about a merged part follow it into the part
 * it went into (an upload's request goes with its attachment), only while the request is still
 * pending and about the merged part.
 */
export const requestRetargetItem = (
  requestId: string,
  move: { fromId: number; intoId: number; intoReference: string },
): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: requestKey(requestId),
    UpdateExpression: 'SET componentId = :into, componentReference = :reference, #data.componentId = :into',
    ConditionExpression: '#status = :pending AND componentId = :from',
    ExpressionAttributeNames: { '#status': 'status', '#data': 'data' },
    ExpressionAttributeValues: {
      ':into': move.intoId,
      ':reference': move.intoReference,
      ':pending': 'pending',
      ':from': move.fromId,
    },
  },
});

/**
 * Pending new-part requests, only their ids and the data that identifies a part (gsi1
 * `REQSTATUS#pending`, filtered to `new`, projected to `data.reference`, `data.manufacturer` and
 * `data.articleNumber`; eventually consistent), oldest first.
 */
export const listPendingNewParts = async (): Promise<Pick<StoredRequest, 'id' | 'data'>[]> =>
  (
    await queryAll({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      FilterExpression: 'requestType = :new',
      ProjectionExpression: 'id, #data.#reference, #data.manufacturer, #data.articleNumber',
      ExpressionAttributeNames: { '#data': 'data', '#reference': 'reference' },
      ExpressionAttributeValues: { ':pk': 'REQSTATUS#pending', ':new': 'new' },
    })
  ).map((item) => ({ id: String(item.id), data: (item.data ?? {}) as Record<string, unknown> }));

/** How many of one user's requests wait for review (gsi2 `REQUSER#<userId>`, counted). */
export const countPendingRequestsOf = async (userId: string): Promise<number> => {
  let count = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        FilterExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':pk': `REQUSER#${userId}`, ':pending': 'pending' },
        Select: 'COUNT',
        ExclusiveStartKey,
      }),
    );
    count += page.Count ?? 0;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return count;
};

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
