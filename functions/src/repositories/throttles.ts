import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#lib/clients';
import { conditionalOutcome, conditionalUpdate, conditionalWrite, epochSeconds, getLiveItem, tableName } from './table';

/** A fixed-window failure counter; `expiresAt` (TTL) is the end of the window. */
export interface Attempts {
  count: number;
  expiresAt: number;
}

const throttleKey = (subject: string) => ({ pk: `THROTTLE#${subject}`, sk: 'META' });

/** The window as it stands, when one is running. */
export const getAttempts = async (subject: string, now = new Date()): Promise<Attempts | undefined> => {
  const Item = await getLiveItem(throttleKey(subject), now);
  return Item && { count: Number(Item.count), expiresAt: Number(Item.expiresAt) };
};

/** Starts a window until `end` (a count, or without one a quiet interval) where none is running at `now`. */
const openWindow = (subject: string, window: { now: number; end: number; count?: number }) =>
  dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: throttleKey(subject),
      UpdateExpression: `SET ${window.count !== undefined ? '#count = :count, ' : ''}expiresAt = :end, entity = :entity`,
      ConditionExpression: 'attribute_not_exists(pk) OR expiresAt <= :now',
      ...(window.count !== undefined && { ExpressionAttributeNames: { '#count': 'count' } }),
      ExpressionAttributeValues: {
        ':end': window.end,
        ':now': window.now,
        ':entity': 'throttle',
        ...(window.count !== undefined && { ':count': window.count }),
      },
    }),
  );

/**
 * Counts one attempt in the current window, opening a new window when none is running, and
 * answers the window as it now stands. Both steps are conditional writes, so parallel callers
 * each get their own count: none is lost and none is told a count another was told.
 */
export const addAttempt = async (subject: string, windowSeconds: number, now = new Date()): Promise<Attempts> => {
  const nowSeconds = epochSeconds(now);
  for (let tries = 1; ; tries++) {
    const counted = await conditionalOutcome(
      async () => {
        const { Attributes } = await dynamo().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: throttleKey(subject),
            UpdateExpression: 'ADD #count :one',
            ConditionExpression: 'expiresAt > :now',
            ExpressionAttributeNames: { '#count': 'count' },
            ExpressionAttributeValues: { ':one': 1, ':now': nowSeconds },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return { count: Number(Attributes!.count), expiresAt: Number(Attributes!.expiresAt) };
      },
      () => undefined,
    );
    if (counted) return counted;
    const expiresAt = nowSeconds + windowSeconds;
    const opened = await conditionalOutcome(
      () => openWindow(subject, { now: nowSeconds, end: expiresAt, count: 1 }),
      (_failed, error) => {
        // Another caller opened the window first: count in it.
        if (tries >= 3) throw error;
        return false;
      },
    );
    if (opened) return { count: 1, expiresAt };
  }
};

/** Takes back one attempt of a running window (an attempt that turned out fine). */
export const removeAttempt = async (subject: string, now = new Date()): Promise<void> => {
  await conditionalUpdate({
    Key: throttleKey(subject),
    UpdateExpression: 'ADD #count :minus',
    ConditionExpression: 'expiresAt > :now AND #count > :zero',
    ExpressionAttributeNames: { '#count': 'count' },
    ExpressionAttributeValues: { ':minus': -1, ':now': epochSeconds(now), ':zero': 0 },
  });
};

export const clearAttempts = async (subject: string): Promise<void> => {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: throttleKey(subject) }));
};

/**
 * Opens a quiet interval for `subject` if none is running: true for the one caller that opened
 * it (one conditional write, so parallel callers cannot both succeed), false while it runs.
 */
export const claimInterval = async (subject: string, seconds: number, now = new Date()): Promise<boolean> => {
  const nowSeconds = epochSeconds(now);
  return conditionalWrite(() => openWindow(subject, { now: nowSeconds, end: nowSeconds + seconds }));
};

/** Ends an interval early (what it guarded did not happen). */
export const releaseInterval = (subject: string): Promise<void> => clearAttempts(subject);
