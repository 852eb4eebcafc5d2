import type { Version } from '#shared/schemas/approvals';
import { componentFields, inFieldOrder, readTranslatedField } from '#shared/schemas/component';
import { componentPartition } from './keys';
import { batchPut, queryAll, tableName, type TransactItem } from './table';

/** Versions: `COMP#<id>` / `VER#<000000n>`, written with the component change they record. */
const versionKey = (componentId: number, versionNumber: number) => ({
  pk: componentPartition(componentId),
  sk: `VER#${String(versionNumber).padStart(7, '0')}`,
});

const toItem = (componentId: number, version: Omit<Version, 'id'>) => ({
  ...versionKey(componentId, version.versionNumber),
  entity: 'version',
  componentId,
  id: `${componentId}-${version.versionNumber}`,
  ...version,
});

const componentFieldNames = new Set<string>(componentFields);

/** Version 1, the creation: every field the new component has, as changed from nothing. */
export const initialVersion = (
  data: Record<string, unknown>,
  username: string,
  createdAt: string,
): Omit<Version, 'id'> => {
  const changeData = Object.fromEntries(
    Object.entries(data).filter(
      ([field, value]) =>
        (componentFieldNames.has(field) || readTranslatedField(field) !== undefined) &&
        value !== null &&
        value !== undefined,
    ),
  );
  return {
    versionNumber: 1,
    changeDescription: 'Component created',
    changedFields: inFieldOrder(Object.keys(changeData)),
    previousData: {},
    changeData,
    username,
    createdAt,
  };
};

/** Written only once per number: two changes can never both claim version n. */
export const versionPut = (componentId: number, version: Omit<Version, 'id'>): TransactItem => ({
  Put: { TableName: tableName(), Item: toItem(componentId, version), ConditionExpression: 'attribute_not_exists(pk)' },
});

/**
 * The bulk path for components created in bulk (seed, generator, imports): their version-1
 * items, unconditionally. Only for new components, whose history is empty.
 */
export const putVersions = async (
  versions: readonly { componentId: number; version: Omit<Version, 'id'> }[],
  options: { concurrency?: number } = {},
): Promise<void> => {
  await batchPut(
    versions.map(({ componentId, version }) => toItem(componentId, version)),
    options,
  );
};

/** Newest first. */
export const listVersions = async (componentId: number): Promise<Version[]> => {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :ver)',
    ExpressionAttributeValues: { ':pk': componentPartition(componentId), ':ver': 'VER#' },
    ScanIndexForward: false,
  });
  return items.map(({ pk: _pk, sk: _sk, entity: _e, componentId: _c, ...version }) => version as Version);
};
