import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Version } from '#shared/schemas/approvals';
import { dynamo } from '#lib/clients';
import type { TransactItem } from './counters';
import { tableName } from './table';

/** Versions: `COMP#<id>` / `VER#<000000n>`, written with the component change they record. */
const versionKey = (componentId: number, versionNumber: number) => ({
  pk: `COMP#${componentId}`,
  sk: `VER#${String(versionNumber).padStart(7, '0')}`,
});

/** Written only once per number: two changes can never both claim version n. */
export const versionPut = (componentId: number, version: Omit<Version, 'id'>): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: { ...versionKey(componentId, version.versionNumber), entity: 'version', componentId, id: `${componentId}-${version.versionNumber}`, ...version },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

/** Newest first. */
export const listVersions = async (componentId: number): Promise<Version[]> => {
  const versions: Version[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :ver)',
        ExpressionAttributeValues: { ':pk': `COMP#${componentId}`, ':ver': 'VER#' },
        ScanIndexForward: false,
        ExclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const { pk: _pk, sk: _sk, entity: _e, componentId: _c, ...version } = item;
      versions.push(version as Version);
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return versions;
};
