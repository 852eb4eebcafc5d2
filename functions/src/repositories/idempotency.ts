import { createHash } from 'node:crypto';
import { epochSeconds, getLiveItem, tableName, type TransactItem } from './table';

/**
 * Client tokens of writes that must happen once even when the caller has to try again after an
 * unknown outcome (a timeout): `IDEMPOTENCY#<scope>#<sha256 of the token>` / `META` naming what
 * the write made (`requestId`, `attachmentId` ...), put in the same transaction as the write, so
 * a retry either finds it (and answers with what was made) or makes the write itself: never both.
 * The claim keeps a fingerprint of what the write carried, so the same token sent with other
 * content can be told apart from a retry.
 * TTL: a day; reads check `expiresAt`, since TTL deletion is lazy.
 */
export const IDEMPOTENCY_SECONDS = 24 * 60 * 60;

export type Made = Record<string, string | number>;

const claimKey = (scope: string, token: string) => ({
  pk: `IDEMPOTENCY#${scope}#${createHash('sha256').update(token).digest('hex')}`,
  sk: 'META',
});

/**
 * The transaction item that records the token for what the write makes (`made.id` names it).
 * It fails its condition while a live claim names something else, unless that is `replacing`
 * (the id of a claim whose write is over and may be made again, e.g. a request since rejected).
 */
export const idempotencyClaimPut = (
  scope: string,
  token: string,
  made: Made & { id: string },
  options: { now?: Date; replacing?: string; fingerprint?: string } = {},
): TransactItem => {
  const now = epochSeconds(options.now);
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...claimKey(scope, token),
        entity: 'idempotency',
        made,
        madeId: made.id,
        ...(options.fingerprint && { fingerprint: options.fingerprint }),
        expiresAt: now + IDEMPOTENCY_SECONDS,
      },
      ConditionExpression: options.replacing
        ? 'attribute_not_exists(pk) OR expiresAt <= :now OR madeId = :replacing'
        : 'attribute_not_exists(pk) OR expiresAt <= :now',
      ExpressionAttributeValues: { ':now': now, ...(options.replacing && { ':replacing': options.replacing }) },
    },
  };
};

/** What an earlier write with this token made, and the fingerprint of what it carried. */
export interface IdempotencyClaim {
  made: Made;
  /** Absent on claims made before fingerprints were kept. */
  fingerprint?: string;
}

/** The claim of an earlier write with this token, if it landed and is not expired. */
export const readIdempotencyClaim = async (
  scope: string,
  token: string,
  now = new Date(),
): Promise<IdempotencyClaim | undefined> => {
  const Item = await getLiveItem(claimKey(scope, token), now);
  if (!Item) return undefined;
  return {
    made: Item.made as Made,
    ...(typeof Item.fingerprint === 'string' && { fingerprint: Item.fingerprint }),
  };
};
