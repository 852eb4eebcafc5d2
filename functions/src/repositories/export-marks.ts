import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#lib/clients';
import { userPartition } from './keys';
import { getItemConsistent, isConditionFailure, tableName } from './table';

/*
 * When a person last exported the catalogue, so "changed since my last export" needs no date:
 * `USER#id` / `EXPORTED`, `exportedAt`. It only moves forward: of two exports at once, the later
 * start is kept.
 */

const markKey = (userId: string) => ({ pk: userPartition(userId), sk: 'EXPORTED' });

/** When the person's last export started; undefined before their first. */
export const getLastExport = async (userId: string): Promise<string | undefined> => {
  const item = await getItemConsistent(markKey(userId));
  return typeof item?.exportedAt === 'string' ? item.exportedAt : undefined;
};

/** Notes an export that started at `at`, unless a later one is noted already. */
export const noteExport = async (userId: string, at: string): Promise<void> => {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: markKey(userId),
        UpdateExpression: 'SET exportedAt = :at, entity = :entity',
        ConditionExpression: 'attribute_not_exists(exportedAt) OR exportedAt < :at',
        ExpressionAttributeValues: { ':at': at, ':entity': 'export-mark' },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
};
