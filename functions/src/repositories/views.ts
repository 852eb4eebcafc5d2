import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { RecentComponentView } from '#shared/schemas/approvals';
import { dynamo } from '#lib/clients';
import { userPartition } from './keys';
import { epochSeconds, tableName } from './table';

/**
 * Recent views: `USER#<userId>` / `VIEW#<componentId>` (one item per component, so the list is
 * distinct), gsi1 `VIEWS#<userId>` / viewedAt for newest first; kept 90 days.
 */
const RETENTION_SECONDS = 90 * 24 * 60 * 60;

export const putView = async (userId: string, view: RecentComponentView): Promise<void> => {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        pk: userPartition(userId),
        sk: `VIEW#${view.id}`,
        gsi1pk: `VIEWS#${userId}`,
        gsi1sk: view.viewedAt,
        entity: 'view',
        ...view,
        expiresAt: epochSeconds(new Date(view.viewedAt)) + RETENTION_SECONDS,
      },
    }),
  );
};

export const listRecentViews = async (userId: string, limit: number): Promise<RecentComponentView[]> => {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': `VIEWS#${userId}` },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return Items.map((item) => ({
    id: Number(item.id),
    componentReference: String(item.componentReference),
    viewedAt: String(item.viewedAt),
  }));
};
