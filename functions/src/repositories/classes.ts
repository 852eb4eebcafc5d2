import {
  conditionalDelete,
  conditionalWrite,
  getItemConsistent,
  putNewItem,
  tableName,
  type TransactItem,
} from './table';

/*
 * The class list and the one class change being applied.
 *
 * - `CLASSES#list` / `META`: `classes` (the administrators' list), `revision` (one up per change).
 *   Absent until the first approved change: the list is then the catalogue's own classes.
 * - `CLASSES#change` / `META`: the rename or merge being applied, one at a time. Taken before
 *   the first part moves, it holds what the change started from (the list and its revision) and
 *   how many parts moved; every group of parts moved checks it is still this request's, and it
 *   goes in the transaction that approves the request and writes the new list. While it is held a
 *   retry of the same approval carries on where the last stopped, and no other change starts.
 */

const listKey = { pk: 'CLASSES#list', sk: 'META' };
const changeKey = { pk: 'CLASSES#change', sk: 'META' };

export interface StoredClassList {
  classes: string[];
  revision: number;
  updatedAt: string;
}

export interface ClassChangeInProgress {
  requestId: string;
  /** The change in words, for whoever finds it in their way. */
  description: string;
  /** The classes whose parts move, and the class they move to. */
  sources: string[];
  target: string;
  /** The list when the change started (the catalogue's classes if none was kept) and its revision (0: none). */
  baseClasses: string[];
  baseRevision: number;
  /** Parts moved so far. */
  moved: number;
  startedAt: string;
}

/** The administrators' list, or undefined while none has been kept. */
export const getClassList = async (): Promise<StoredClassList | undefined> => {
  const item = await getItemConsistent(listKey);
  return item
    ? {
        classes: (item.classes as string[] | undefined) ?? [],
        revision: Number(item.revision ?? 0),
        updatedAt: String(item.updatedAt ?? ''),
      }
    : undefined;
};

/**
 * The transaction item that writes the list after a change, on the condition that it is still at
 * `expectedRevision` (0: that none was kept yet).
 */
export const classListUpdate = (classes: readonly string[], expectedRevision: number, now: string): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: listKey,
    UpdateExpression: 'SET classes = :classes, revision = :next, updatedAt = :now, entity = :entity',
    ConditionExpression: expectedRevision === 0 ? 'attribute_not_exists(revision)' : 'revision = :expected',
    ExpressionAttributeValues: {
      ':classes': [...classes],
      ':next': expectedRevision + 1,
      ':now': now,
      ':entity': 'class-list',
      ...(expectedRevision === 0 ? {} : { ':expected': expectedRevision }),
    },
  },
});

const toChange = (item: Record<string, unknown>): ClassChangeInProgress => ({
  requestId: String(item.requestId),
  description: String(item.description ?? ''),
  sources: (item.sources as string[] | undefined) ?? [],
  target: String(item.target ?? ''),
  baseClasses: (item.baseClasses as string[] | undefined) ?? [],
  baseRevision: Number(item.baseRevision ?? 0),
  moved: Number(item.moved ?? 0),
  startedAt: String(item.startedAt ?? ''),
});

/** The class change being applied, if one is. */
export const getClassChange = async (): Promise<ClassChangeInProgress | undefined> => {
  const item = await getItemConsistent(changeKey);
  return item ? toChange(item) : undefined;
};

/** Takes the one class-change slot for `change`; false when a change (this one or another) holds it. */
export const claimClassChange = (change: ClassChangeInProgress): Promise<boolean> =>
  conditionalWrite(() => putNewItem({ ...changeKey, entity: 'class-change', ...change }));

/**
 * The transaction item that counts `moved` parts of a group on the change, on the condition that
 * the change is still `requestId`'s: a group never lands for a change that is over.
 */
export const classChangeProgress = (requestId: string, moved: number): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: changeKey,
    UpdateExpression: 'ADD moved :moved',
    ConditionExpression: 'requestId = :id',
    ExpressionAttributeValues: { ':moved': moved, ':id': requestId },
  },
});

/** The transaction item that ends `requestId`'s change (with its approval), only if it holds the slot. */
export const classChangeRelease = (requestId: string): TransactItem => ({
  Delete: {
    TableName: tableName(),
    Key: changeKey,
    ConditionExpression: 'requestId = :id',
    ExpressionAttributeValues: { ':id': requestId },
  },
});

/**
 * The transaction item that holds when `requestId` has no change under way: a request whose
 * parts started moving is not closed any other way than by its approval.
 */
export const classChangeNotStarted = (requestId: string): TransactItem => ({
  ConditionCheck: {
    TableName: tableName(),
    Key: changeKey,
    ConditionExpression: 'attribute_not_exists(pk) OR requestId <> :id',
    ExpressionAttributeValues: { ':id': requestId },
  },
});

/** Frees the slot held by `requestId` (a change whose request was closed before anything moved). */
export const releaseClassChange = async (requestId: string): Promise<boolean> =>
  conditionalDelete({
    Key: changeKey,
    ConditionExpression: 'requestId = :id',
    ExpressionAttributeValues: { ':id': requestId },
  });
