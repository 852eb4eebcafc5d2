import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import type { DistributorName } from '#shared/schemas/distributors';
import { dynamo } from '#lib/clients';
import { epochSeconds, tableName, transact } from './table';

/**
 * Every distributor search of a part, by a batch or from the detail page (the admin page's
 * "recently processed" list and success rate): a log `IMAGEPROC#log` / `<iso>#<ulid>` kept 90
 * days, and running totals `STATS#image-processing` / `META` (`attempts`, `successes`) moved in
 * the same transaction.
 */
export interface ProcessingOutcome {
  componentId: number;
  partNumber: string;
  success: boolean;
  /** The distributor that found the part (null when none did). */
  source: DistributorName | null;
  processedAt: string;
}

const LOG_PK = 'IMAGEPROC#log';
const statsKey = { pk: 'STATS#image-processing', sk: 'META' };
const KEEP_SECONDS = 90 * 24 * 3600;

export const recordProcessingOutcome = async (outcome: ProcessingOutcome): Promise<void> => {
  await transact([
    {
      Put: {
        TableName: tableName(),
        Item: {
          pk: LOG_PK,
          sk: `${outcome.processedAt}#${ulid()}`,
          entity: 'image-processing',
          ...outcome,
          expiresAt: epochSeconds() + KEEP_SECONDS,
        },
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: statsKey,
        UpdateExpression: 'ADD attempts :one, successes :success SET entity = :entity',
        ExpressionAttributeValues: {
          ':one': 1,
          ':success': outcome.success ? 1 : 0,
          ':entity': 'image-processing-stats',
        },
      },
    },
  ]);
};

export const readProcessingTotals = async (): Promise<{ attempts: number; successes: number }> => {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: statsKey, ConsistentRead: true }));
  return { attempts: Number(Item?.attempts ?? 0), successes: Number(Item?.successes ?? 0) };
};

/** The newest outcomes first. */
export const listRecentOutcomes = async (limit: number): Promise<ProcessingOutcome[]> => {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      FilterExpression: 'expiresAt > :now',
      ExpressionAttributeValues: { ':pk': LOG_PK, ':now': epochSeconds() },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return Items.map((item) => ({
    componentId: Number(item.componentId),
    partNumber: String(item.partNumber),
    success: item.success === true,
    source: (item.source as DistributorName | null | undefined) ?? null,
    processedAt: String(item.processedAt),
  }));
};
