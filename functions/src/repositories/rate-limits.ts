import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#lib/clients';
import { conditionalWrite, tableName } from './table';

/**
 * Calls made to an outside API in one fixed window, shared by every function instance:
 * `RATE#<subject>#<window start>` / `META` with `count` and `expiresAt` (TTL) some time after
 * the window ends. The window start is in the key, so a new window is a new item and an old one
 * is never read again: no expiry check is needed on reads.
 */
export interface RateWindow {
  /** What is counted, e.g. `digikey:minute`. */
  subject: string;
  /** Epoch seconds the window opened. */
  start: number;
  /** Epoch seconds after which the item may go (TTL). */
  expiresAt: number;
}

const rateWindowKey = (window: Pick<RateWindow, 'subject' | 'start'>) => ({
  pk: `RATE#${window.subject}#${window.start}`,
  sk: 'META',
});

/**
 * Counts one call in the window if fewer than `limit` were counted; false when the window is full.
 * One conditional update, so parallel callers never count past the limit between them.
 */
export const takeRateSlot = async (window: RateWindow, limit: number): Promise<boolean> =>
  conditionalWrite(() =>
    dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: rateWindowKey(window),
        UpdateExpression: 'ADD #count :one SET expiresAt = :expiresAt, entity = :entity',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':limit': limit,
          ':expiresAt': window.expiresAt,
          ':entity': 'rate-window',
        },
      }),
    ),
  );

/** Takes back a call counted by takeRateSlot that was never made (never below zero). */
export const returnRateSlot = async (window: RateWindow): Promise<void> => {
  await conditionalWrite(() =>
    dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: rateWindowKey(window),
        UpdateExpression: 'ADD #count :minusOne',
        ConditionExpression: '#count > :zero',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
      }),
    ),
  );
};

/** Calls counted in the window so far. */
export const readRateWindow = async (window: Pick<RateWindow, 'subject' | 'start'>): Promise<number> => {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: rateWindowKey(window), ConsistentRead: true }),
  );
  return Number(Item?.count ?? 0);
};
