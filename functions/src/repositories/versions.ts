import type { Version } from '#shared/schemas/approvals';
import { componentFields, inFieldOrder, readTranslatedField } from '#shared/schemas/component';
import { componentPartition } from './keys';
import { batchPut, queryAll, tableName, type TransactItem } from './table';

/**
 * Versions: `COMP#<id>` / `VER#<000000n>`, written with the component change they record; a part
 * merged into this one brings its own as `MERGEDVER#<its id>#<000000n>`.
 */
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

/** Where a merged part's version lives in the part it went into. */
export const MERGED_VERSION_PREFIX = 'MERGEDVER#';
export const mergedVersionSortKey = (fromId: number, versionNumber: number): string =>
  `${MERGED_VERSION_PREFIX}${String(fromId).padStart(15, '0')}#${String(versionNumber).padStart(7, '0')}`;

const versionsUnder = async (componentId: number, prefix: string): Promise<Version[]> => {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :ver)',
    ExpressionAttributeValues: { ':pk': componentPartition(componentId), ':ver': prefix },
    ScanIndexForward: false,
  });
  return items.map(({ pk: _pk, sk: _sk, entity: _e, componentId: _c, ...version }) => version as Version);
};

/** The part's own versions, newest first. */
export const listVersions = (componentId: number): Promise<Version[]> => versionsUnder(componentId, 'VER#');

/**
 * The versions of parts merged into this one (`MERGEDVER#<their id>#<number>`, moved here by the
 * merge with their own numbering and `mergedFrom`), by merged part (highest id first), each newest first.
 */
export const listMergedVersions = (componentId: number): Promise<Version[]> =>
  versionsUnder(componentId, MERGED_VERSION_PREFIX);
