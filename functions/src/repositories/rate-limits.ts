import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#lib/clients';
import { conditionalUpdate, conditionalWrite, countDown, getItemConsistent, tableName } from './table';

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
 * Counts one call in the window if fewer than `limit` were counted and the window is not paused
 * at `nowSeconds` (a distributor's own daily limit, see pauseRateWindow); false otherwise. One
 * conditional update, so parallel callers never count past the limit between them.
 */
export const takeRateSlot = async (window: RateWindow, limit: number, nowSeconds?: number): Promise<boolean> =>
  conditionalUpdate({
    Key: rateWindowKey(window),
    UpdateExpression: 'ADD #count :one SET expiresAt = :expiresAt, entity = :entity',
    ConditionExpression:
      '(attribute_not_exists(#count) OR #count < :limit) AND (attribute_not_exists(pausedUntil) OR pausedUntil <= :now)',
    ExpressionAttributeNames: { '#count': 'count' },
    ExpressionAttributeValues: {
      ':one': 1,
      ':limit': limit,
      ':now': nowSeconds ?? Math.floor(Date.now() / 1000),
      ':expiresAt': window.expiresAt,
      ':entity': 'rate-window',
    },
  });

/**
 * Stops the window's calls until `until` (epoch seconds), noting why: a distributor answered that
 * its own daily limit is reached. Only the pause attributes change (the count stays); a later
 * pause never shortens a longer one.
 */
export const pauseRateWindow = async (window: RateWindow, until: number, reason: string): Promise<void> => {
  await conditionalUpdate({
    Key: rateWindowKey(window),
    UpdateExpression:
      'SET pausedUntil = :until, pauseReason = :reason, expiresAt = if_not_exists(expiresAt, :expiresAt), entity = :entity',
    ConditionExpression: 'attribute_not_exists(pausedUntil) OR pausedUntil < :until',
    ExpressionAttributeValues: {
      ':until': until,
      ':reason': reason,
      ':expiresAt': window.expiresAt,
      ':entity': 'rate-window',
    },
  });
};

/** Takes back a call counted by takeRateSlot that was never made (never below zero). */
export const returnRateSlot = async (window: RateWindow): Promise<void> => {
  await conditionalWrite(() => dynamo().send(new UpdateCommand(countDown(rateWindowKey(window)))));
};

/** A window as stored: calls counted, and a pause (epoch seconds, with its reason) if one was set. */
export interface RateWindowState {
  count: number;
  pausedUntil?: number;
  pauseReason?: string;
}

export const readRateWindowState = async (window: Pick<RateWindow, 'subject' | 'start'>): Promise<RateWindowState> => {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: rateWindowKey(window), ConsistentRead: true }),
  );
  return {
    count: Number(Item?.count ?? 0),
    ...(typeof Item?.pausedUntil === 'number' && { pausedUntil: Item.pausedUntil }),
    ...(typeof Item?.pauseReason === 'string' && { pauseReason: Item.pauseReason }),
  };
};

/** Calls counted in the window so far. */
export const readRateWindow = async (window: Pick<RateWindow, 'subject' | 'start'>): Promise<number> =>
  (await readRateWindowState(window)).count;

/**
 * Calls counted in each window, read consistently and gathered with the request's other reads
 * (one BatchGetItem for several windows).
 */
export const readRateWindowCounts = async (
  windows: readonly Pick<RateWindow, 'subject' | 'start'>[],
): Promise<number[]> =>
  Promise.all(windows.map(async (window) => Number((await getItemConsistent(rateWindowKey(window)))?.count ?? 0)));
