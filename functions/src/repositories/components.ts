import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import {
  componentDecimalFields,
  componentFileFields,
  componentIntegerFields,
  componentTextFields,
  componentChoiceFields,
  readTranslatedField,
  withAbsentValues,
  withDerivedNumbers,
  type Component,
  type ComponentData,
  type ComponentDerivedField,
  type ComponentField,
} from '#shared/schemas/component';
import { absentChoice, confirmationFields, isChoiceField, type ConfirmationField } from '#shared/schemas/choice-fields';
import { dynamo } from '#lib/clients';
import { chunk, inParallel } from '#lib/concurrency';
import { commitCatalogueChange } from './catalogue';
import { readCounter, reserveCounterValues } from './counters';
import { listPendingBulkWrites, pendingBulkWriteDelete, putPendingBulkWrite } from './bulk-writes';
import { componentPartition } from './keys';
import { batchGetItems, batchPut, conditionalUpdate, conditionalWrite, tableName, type TransactItem } from './table';
import { initialVersion, putVersions } from './versions';

/*
 * Components: `COMP#<id>` / `META`, and on gsi1 `COMPONENTS` / reference (lookups by reference).
 * Every write that changes a component goes through commitCatalogueChange (catalogue.ts), so
 * the search index of every instance sees it on its next request.
 *
 * The file fields (dataSheet, threeDPart, scheme) hold S3 object keys here; the service turns
 * them into URLs.
 *
 * A part merged into another keeps its `COMP#<id>` / `META` item as a mark of where it went
 * (`mergedInto`, out of the reference index): every read of components passes it by, as it does
 * a deleted part, and no write to a component applies to it.
 */

const componentKey = (id: number) => ({ pk: componentPartition(id), sk: 'META' });

const nullableFields = [
  ...componentTextFields,
  ...componentFileFields,
  ...componentDecimalFields,
  ...componentIntegerFields,
  ...componentChoiceFields,
  ...confirmationFields,
] as const;

/**
 * Whether a value is stored as no value: none, or a choice field's absent value (a lifecycle
 * 'unknown' is not stored; a part without one reads as unknown).
 */
const storesNothing = (field: string, value: unknown): boolean =>
  value === null || value === undefined || (isChoiceField(field) && value === absentChoice(field));

const toItem = (component: Component): Record<string, unknown> => {
  const item: Record<string, unknown> = {
    ...componentKey(component.id),
    gsi1pk: 'COMPONENTS',
    gsi1sk: component.reference,
    entity: 'component',
    id: component.id,
    version: component.version,
    createdAt: component.createdAt,
    updatedAt: component.updatedAt,
  };
  // Absent values are not stored: the item stays small, and the API answers null for them.
  for (const field of nullableFields) if (!storesNothing(field, component[field])) item[field] = component[field];
  for (const [name, value] of Object.entries(component))
    if (readTranslatedField(name) && value !== null && value !== undefined) item[name] = value;
  return item;
};

/**
 * A stored item's values in other languages, whatever the catalogue's languages are now: a
 * language taken off the deployment's list hides nothing that was typed.
 */
const translatedValuesOf = (item: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(item).filter(([name]) => readTranslatedField(name) !== undefined));

/** A component as stored, with its derived numbers read from its text fields as they are. */
const fromItem = (item: Record<string, unknown>): Component => {
  const component = Object.fromEntries(nullableFields.map((field) => [field, item[field] ?? null])) as Record<
    string,
    unknown
  >;
  return withDerivedNumbers(
    withAbsentValues({
      ...component,
      ...translatedValuesOf(item),
      id: Number(item.id),
      reference: String(item.reference ?? ''),
      class: String(item.class ?? ''),
      version: Number(item.version ?? 1),
      createdAt: String(item.createdAt ?? ''),
      updatedAt: String(item.updatedAt ?? item.createdAt ?? ''),
    }) as Omit<Component, ComponentDerivedField>,
  );
};

/** A merged part's mark, which reads of components pass by. */
const isMerged = (item: Record<string, unknown>): boolean => item.mergedInto !== undefined;

/** What no write to a component may meet: a part merged into another. */
const NOT_MERGED = 'attribute_not_exists(mergedInto)';

export const getComponent = async (id: number): Promise<Component | undefined> => {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: componentKey(id), ConsistentRead: true }),
  );
  return Item && !isMerged(Item) ? fromItem(Item) : undefined;
};

/** Reads up to 100 keys, consistently, retrying what DynamoDB leaves unprocessed. */
const batchGet = async (ids: readonly number[], fields?: readonly string[]): Promise<Record<string, unknown>[]> => {
  // The merge mark is always read: a merged part is passed by.
  const projected = fields ? [...new Set([...fields, 'mergedInto'])] : undefined;
  const projection = projected
    ? {
        ProjectionExpression: projected.map((_, index) => `#f${index}`).join(', '),
        ExpressionAttributeNames: Object.fromEntries(projected.map((field, index) => [`#f${index}`, field])),
      }
    : {};
  return (await batchGetItems(ids.map(componentKey), projection)).filter((item) => !isMerged(item));
};

/** The components with these ids, in the order given; ids that do not exist are left out. */
export const getComponents = async (
  ids: readonly number[],
  options: { fields?: readonly string[] } = {},
): Promise<Component[]> => {
  const unique = [...new Set(ids)];
  const fields = options.fields ? [...new Set(['id', ...options.fields])] : undefined;
  const pages = await inParallel(chunk(unique, 100), 10, (part) => batchGet(part, fields));
  const byId = new Map(pages.flat().map((item) => [Number(item.id), fromItem(item)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
};

/**
 * Every component, read by id from 1 to the id counter (consistent reads, unlike the gsi1
 * index), optionally only some fields. For rebuilding the search index when no snapshot exists.
 */
export const getAllComponents = async (options: { fields?: readonly string[] } = {}): Promise<Component[]> => {
  const lastId = await readCounter('component');
  const ids = Array.from({ length: lastId }, (_, index) => index + 1);
  return getComponents(ids, options);
};

/** Hands out `count` new component ids, consecutive, never reused. */
export const reserveComponentIds = async (count: number): Promise<number[]> => {
  const first = await reserveCounterValues('component', count);
  return Array.from({ length: count }, (_, index) => first + index);
};

/**
 * The transaction item that writes a new component (approvals of new parts): on the condition
 * that no component has its id yet, unless `mustBeNew` is false (tests and tools).
 */
export const componentPut = (component: Component, options: { mustBeNew?: boolean } = {}): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: toItem(component),
    ...(options.mustBeNew ? { ConditionExpression: 'attribute_not_exists(pk)' } : {}),
  },
});

const storedFields: ReadonlySet<string> = new Set(nullableFields);

/**
 * The transaction item that changes a component: only the fields in `changes` (SET, or REMOVE
 * for a cleared one), the next version and `updatedAt`, on the condition that the component is
 * still at `expectedVersion`. Every other attribute stays as it is in the table, whatever was
 * read before.
 */
export const componentUpdate = (
  id: number,
  changes: Partial<Record<ComponentField | ConfirmationField, unknown>>,
  options: { expectedVersion: number; updatedAt: string },
): TransactItem => {
  const names: Record<string, string> = { '#version': 'version', '#updatedAt': 'updatedAt' };
  const values: Record<string, unknown> = {
    ':expected': options.expectedVersion,
    ':next': options.expectedVersion + 1,
    ':updatedAt': options.updatedAt,
  };
  const sets = ['#version = :next', '#updatedAt = :updatedAt'];
  const removes: string[] = [];
  Object.entries(changes).forEach(([field, value], index) => {
    if (!storedFields.has(field) && !readTranslatedField(field))
      throw new RangeError(`${field} is not a component field`);
    names[`#f${index}`] = field;
    if (storesNothing(field, value)) {
      if (field === 'reference' || field === 'class') throw new RangeError(`${field} cannot be cleared`);
      removes.push(`#f${index}`);
    } else {
      values[`:v${index}`] = value;
      sets.push(`#f${index} = :v${index}`);
      // The reference index follows the reference.
      if (field === 'reference') sets.push(`gsi1sk = :v${index}`);
    }
  });
  return {
    Update: {
      TableName: tableName(),
      Key: componentKey(id),
      UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
      ConditionExpression: `#version = :expected AND ${NOT_MERGED}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
};

export const componentDelete = (id: number): TransactItem => ({
  Delete: {
    TableName: tableName(),
    Key: componentKey(id),
    ConditionExpression: `attribute_exists(pk) AND ${NOT_MERGED}`,
  },
});

/**
 * The transaction item that lets a write beside a component (a comment, an attachment) land only
 * while the component exists and has not been merged away, so nothing is left behind in a part
 * that is gone.
 */
export const componentLiveCheck = (id: number): TransactItem => ({
  ConditionCheck: {
    TableName: tableName(),
    Key: componentKey(id),
    ConditionExpression: `attribute_exists(pk) AND ${NOT_MERGED}`,
  },
});

/**
 * The transaction item that marks a component merged into `intoId`: it leaves the reference
 * index and every read of components, on the condition that it is still at the version read and
 * not merged yet. `mergeVersion` is the survivor's version that records the merge.
 */
export const componentMergeMark = (
  id: number,
  merge: { intoId: number; expectedVersion: number; mergeVersion: number; mergedAt: string },
): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: componentKey(id),
    UpdateExpression: 'SET mergedInto = :into, mergeVersion = :mergeVersion, mergedAt = :at REMOVE gsi1pk, gsi1sk',
    ConditionExpression: `version = :expected AND ${NOT_MERGED}`,
    ExpressionAttributeValues: {
      ':into': merge.intoId,
      ':mergeVersion': merge.mergeVersion,
      ':at': merge.mergedAt,
      ':expected': merge.expectedVersion,
    },
  },
});

/** Notes that everything a merged part held has moved to the part it went into (once). */
export const finishMerge = (id: number, intoId: number, finishedAt: string): Promise<boolean> =>
  conditionalUpdate({
    Key: componentKey(id),
    UpdateExpression: 'SET mergeFinishedAt = :at',
    ConditionExpression: 'mergedInto = :into AND attribute_not_exists(mergeFinishedAt)',
    ExpressionAttributeValues: { ':into': intoId, ':at': finishedAt },
  });

/** Where a merged part went: the part it went into, the survivor's version recording it, and whether its move finished. */
export interface MergeMark {
  id: number;
  reference: string;
  intoId: number;
  mergeVersion: number;
  finished: boolean;
}

/** The merge marks of those of `ids` that were merged (consistent reads, projected); others are left out. */
export const getMergeMarks = async (ids: readonly number[]): Promise<Map<number, MergeMark>> => {
  const fields = ['id', 'reference', 'mergedInto', 'mergeVersion', 'mergeFinishedAt'];
  const projection = {
    ProjectionExpression: fields.map((_, index) => `#f${index}`).join(', '),
    ExpressionAttributeNames: Object.fromEntries(fields.map((field, index) => [`#f${index}`, field])),
  };
  const marks = new Map<number, MergeMark>();
  for (const part of chunk([...new Set(ids)], 100))
    for (const item of await batchGetItems(part.map(componentKey), projection))
      if (isMerged(item))
        marks.set(Number(item.id), {
          id: Number(item.id),
          reference: String(item.reference ?? ''),
          intoId: Number(item.mergedInto),
          mergeVersion: Number(item.mergeVersion ?? 0),
          finished: item.mergeFinishedAt !== undefined,
        });
  return marks;
};

/** Changes one component (see componentUpdate) and records the change; a condition failure when its version moved. */
export const updateComponent = async (
  id: number,
  changes: Partial<Record<ComponentField, unknown>>,
  options: { expectedVersion: number; updatedAt: string },
): Promise<void> => {
  await commitCatalogueChange([id], [componentUpdate(id, changes, options)]);
};

/** Deletes one component and records the change (a condition failure when it does not exist). */
export const deleteComponent = async (id: number): Promise<void> => {
  await commitCatalogueChange([id], [componentDelete(id)]);
};

/**
 * The bulk path (seed, generator, imports): batch writes of 25, unprocessed items retried, then
 * one catalogue revision naming every id. Not atomic: a crash before the revision leaves
 * components that search finds only after the next change or rebuild; callers that must not
 * leave that (imports) write in chunks and commit each.
 */
export const putComponents = async (
  components: readonly Component[],
  options: { concurrency?: number } = {},
): Promise<number> => {
  await batchPut(components.map(toItem), options);
  return commitCatalogueChange(components.map((component) => component.id));
};

export interface CreateComponentsOptions {
  username: string;
  now?: Date;
  concurrency?: number;
  /** Version 1's description; 'Component created' unless given ('Imported from {fileName}'). */
  changeDescription?: string;
}

/** Components written per slice by createComponents. */
const BULK_SLICE = 2_000;

/** A run older than this is dead: Lambda stops any function by 15 minutes. */
const ABANDONED_AFTER_MS = 15 * 60_000;

/**
 * Commits the catalogue revision of bulk runs that died before committing (their marker is
 * still there after ABANDONED_AFTER_MS), so whatever they wrote becomes searchable. Ids they
 * never wrote are read as deleted by search, which is what they are.
 */
export const commitAbandonedBulkWrites = async (now = new Date()): Promise<number> => {
  const abandoned = (await listPendingBulkWrites()).filter(
    (pending) => Date.parse(pending.startedAt) < now.getTime() - ABANDONED_AFTER_MS,
  );
  for (const pending of abandoned) {
    const ids = Array.from({ length: pending.count }, (_, index) => pending.firstId + index);
    // A failed condition: another run committed it first.
    await conditionalWrite(() => commitCatalogueChange(ids, [pendingBulkWriteDelete(pending.id)], now));
  }
  return abandoned.length;
};

/**
 * New components from their fields (imports, tests): ids from the counter, version 1 written
 * before each component, both with BatchWriteItem (unprocessed items retried), then one catalogue
 * revision for all of them. A marker names the id range until that revision is committed (see
 * bulk-writes.ts), so a run that dies midway is committed by the next one; a component is one
 * item, so none is ever half written, and none is visible without its version 1.
 */
export const createComponents = async (
  data: readonly ComponentData[],
  options: CreateComponentsOptions,
): Promise<Component[]> => {
  if (data.length === 0) return [];
  const now = options.now ?? new Date();
  await commitAbandonedBulkWrites(now);
  const ids = await reserveComponentIds(data.length);
  const timestamp = now.toISOString();
  const components = data.map((fields, index): Component =>
    withDerivedNumbers(
      withAbsentValues({
        ...fields,
        username: fields.username ?? options.username,
        id: ids[index]!,
        version: 1,
        createdAt: timestamp,
        updatedAt: timestamp,
      }),
    ),
  );
  const marker = { id: ulid(now.getTime()), firstId: ids[0]!, count: ids.length, startedAt: timestamp };
  await putPendingBulkWrite(marker);
  try {
    // In slices, so the items of only one slice are built and in flight at a time.
    for (let start = 0; start < components.length; start += BULK_SLICE) {
      const slice = components.slice(start, start + BULK_SLICE);
      // Version 1 first: a component is never visible without the history entry of its creation.
      await putVersions(
        slice.map((component, index) => {
          const version = initialVersion(data[start + index]!, component.username ?? options.username, timestamp);
          return {
            componentId: component.id,
            version: options.changeDescription ? { ...version, changeDescription: options.changeDescription } : version,
          };
        }),
        options,
      );
      await batchPut(slice.map(toItem), options);
    }
  } finally {
    // Also after a failure: what was written becomes searchable now, so a second run, which
    // skips those parts as already there, leaves none of them unseen. If this commit fails
    // too, the marker stays and a later run commits it.
    await commitCatalogueChange(ids, [pendingBulkWriteDelete(marker.id)]);
  }
  return components;
};

/**
 * Moves a component to its next version without changing a field (a change recorded beside
 * it, such as a removed attachment), only while it is still at the version the caller read.
 */
export const componentVersionBump = (id: number, expectedVersion: number, now: string): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: componentKey(id),
    UpdateExpression: 'SET version = :next, updatedAt = :now',
    ConditionExpression: `version = :expected AND ${NOT_MERGED}`,
    ExpressionAttributeValues: { ':next': expectedVersion + 1, ':now': now, ':expected': expectedVersion },
  },
});

/** What matching an import against the catalogue needs of a component, and no more. */
export interface ComponentIdentity {
  id: number;
  reference: string;
  manufacturer: string | null;
  version: number;
}

const identityFields = ['id', 'reference', 'manufacturer', 'version', 'mergedInto'] as const;

const toIdentity = (item: Record<string, unknown>): ComponentIdentity => ({
  id: Number(item.id),
  reference: String(item.reference ?? ''),
  manufacturer: typeof item.manufacturer === 'string' ? item.manufacturer : null,
  version: Number(item.version ?? 1),
});

/** These components' identities (missing ids left out), consistent reads projected to four fields. */
export const getComponentIdentities = async (ids: readonly number[]): Promise<ComponentIdentity[]> => {
  const pages = await inParallel(chunk([...new Set(ids)], 100), 16, (part) => batchGet(part, identityFields));
  return pages.flat().map(toIdentity);
};

/**
 * Every component's identity, read by id from 1 to the id counter: a few dozen bytes each, so a
 * catalogue of 100,000 parts is a few megabytes in memory (not the search index).
 */
export const listComponentIdentities = async (): Promise<ComponentIdentity[]> => {
  const lastId = await readCounter('component');
  return getComponentIdentities(Array.from({ length: lastId }, (_, index) => index + 1));
};
