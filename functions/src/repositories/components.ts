import { BatchGetCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  componentDecimalFields,
  componentFileFields,
  componentIntegerFields,
  componentTextFields,
  type Component,
  type ComponentData,
} from '#shared/schemas/component';
import { dynamo } from '#lib/clients';
import { commitCatalogueChange } from './catalogue';
import { readCounter, reserveCounterValues, type TransactItem } from './counters';
import { batchPut, chunk, inParallel, sleep, tableName } from './table';
import { initialVersion, putVersions } from './versions';

/*
 * Components: `COMP#<id>` / `META`, and on gsi1 `COMPONENTS` / reference (lookups by reference).
 * Every write that changes a component goes through commitCatalogueChange (catalogue.ts), so
 * the search index of every instance sees it on its next request.
 *
 * The file fields (dataSheet, threeDPart, scheme) hold S3 object keys here; the service turns
 * them into URLs.
 */

const componentKey = (id: number) => ({ pk: `COMP#${id}`, sk: 'META' });

const nullableFields = [...componentTextFields, ...componentFileFields, ...componentDecimalFields, ...componentIntegerFields] as const;

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
  for (const field of nullableFields) if (component[field] !== null && component[field] !== undefined) item[field] = component[field];
  return item;
};

const fromItem = (item: Record<string, unknown>): Component => {
  const component = Object.fromEntries(nullableFields.map((field) => [field, item[field] ?? null])) as Record<string, unknown>;
  return {
    ...component,
    id: Number(item.id),
    reference: String(item.reference ?? ''),
    class: String(item.class ?? ''),
    version: Number(item.version ?? 1),
    createdAt: String(item.createdAt ?? ''),
    updatedAt: String(item.updatedAt ?? item.createdAt ?? ''),
  } as Component;
};

export const getComponent = async (id: number): Promise<Component | undefined> => {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: componentKey(id), ConsistentRead: true }));
  return Item ? fromItem(Item) : undefined;
};

/** Reads up to 100 keys, consistently, retrying what DynamoDB leaves unprocessed. */
const batchGet = async (ids: readonly number[], fields?: readonly string[]): Promise<Record<string, unknown>[]> => {
  const projection = fields
    ? { ProjectionExpression: fields.map((_, index) => `#f${index}`).join(', '), ExpressionAttributeNames: Object.fromEntries(fields.map((field, index) => [`#f${index}`, field])) }
    : {};
  const found: Record<string, unknown>[] = [];
  let keys: Record<string, unknown>[] = ids.map(componentKey);
  for (let attempt = 0; keys.length > 0; attempt++) {
    if (attempt > 0) await sleep(Math.min(1_000, 20 * 2 ** attempt) * Math.random());
    const { Responses, UnprocessedKeys } = await dynamo().send(
      new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: keys, ConsistentRead: true, ...projection } } }),
    );
    found.push(...(Responses?.[tableName()] ?? []));
    keys = (UnprocessedKeys?.[tableName()]?.Keys as Record<string, unknown>[] | undefined) ?? [];
  }
  return found;
};

/** The components with these ids, in the order given; ids that do not exist are left out. */
export const getComponents = async (ids: readonly number[], options: { fields?: readonly string[] } = {}): Promise<Component[]> => {
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

/** Components whose reference is exactly `reference` (gsi1; eventually consistent). */
export const findComponentsByReference = async (reference: string): Promise<Component[]> => {
  const found: Component[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :reference',
        ExpressionAttributeValues: { ':pk': 'COMPONENTS', ':reference': reference },
        ExclusiveStartKey,
      }),
    );
    found.push(...(page.Items ?? []).map(fromItem));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return found;
};

/** Hands out `count` new component ids, consecutive, never reused. */
export const reserveComponentIds = async (count: number): Promise<number[]> => {
  const first = await reserveCounterValues('component', count);
  return Array.from({ length: count }, (_, index) => first + index);
};

/**
 * Transaction items for writers that change components together with other items (the
 * approval engine): pass them to commitCatalogueChange with the component ids.
 */
export const componentPut = (component: Component, options: { mustBeNew?: boolean; expectedVersion?: number } = {}): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: toItem(component),
    ...(options.mustBeNew ? { ConditionExpression: 'attribute_not_exists(pk)' } : {}),
    ...(options.expectedVersion !== undefined
      ? { ConditionExpression: 'version = :expected', ExpressionAttributeValues: { ':expected': options.expectedVersion } }
      : {}),
  },
});

export const componentDelete = (id: number): TransactItem => ({
  Delete: { TableName: tableName(), Key: componentKey(id), ConditionExpression: 'attribute_exists(pk)' },
});

/** Writes one component and its catalogue revision in one transaction. */
export const putComponent = async (component: Component, options: { mustBeNew?: boolean; expectedVersion?: number } = {}): Promise<void> => {
  await commitCatalogueChange([component.id], [componentPut(component, options)]);
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
export const putComponents = async (components: readonly Component[], options: { concurrency?: number } = {}): Promise<number> => {
  await batchPut(components.map(toItem), options);
  return commitCatalogueChange(components.map((component) => component.id));
};

/** New components from their fields: ids from the counter, version 1, written in bulk. */
export const createComponents = async (
  data: readonly ComponentData[],
  options: { username: string; now?: Date; concurrency?: number },
): Promise<Component[]> => {
  if (data.length === 0) return [];
  const ids = await reserveComponentIds(data.length);
  const timestamp = (options.now ?? new Date()).toISOString();
  const components = data.map(
    (fields, index): Component => ({ ...fields, username: fields.username ?? options.username, id: ids[index]!, version: 1, createdAt: timestamp, updatedAt: timestamp }),
  );
  // Version 1 first: a component is never visible without the history entry of its creation.
  await putVersions(
    components.map((component, index) => ({ componentId: component.id, version: initialVersion(data[index]!, component.username ?? options.username, timestamp) })),
    options,
  );
  await putComponents(components, options);
  return components;
};
