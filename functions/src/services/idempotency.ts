import { stringify } from 'safe-stable-stringify';
import { messages } from '#shared/messages';
import { Unprocessable } from '#lib/errors';
import { readIdempotencyClaim, type Made } from '#repositories/idempotency';
import { sha256 } from './auth/tokens';

/*
 * Client keys (the Idempotency-Key header) make a write happen once when its caller has to send
 * it again. A key belongs to its caller (the same key from two people names two writes) and to
 * the content it was first sent with: sent again with other content it is refused (422), never
 * answered with what the first content made.
 */

/** The same digest for the same content whatever the order of its keys. */
export const fingerprintOf = (content: unknown): string => sha256(stringify(content) ?? 'undefined');

/** A client's key, made the caller's own. */
export const callersKey = (callerId: string, key: string): string => sha256(`${callerId}\u0000${key}`);

/** Refuses content that differs from what the key was first used with (older claims kept none). */
export const assertSameContent = (stored: string | undefined, fingerprint: string): void => {
  if (stored !== undefined && stored !== fingerprint) throw new Unprocessable(messages.idempotencyKeyReused);
};

/** What an earlier write with this token made, if it landed; 422 when it carried other content. */
export const earlierWrite = async (scope: string, token: string, fingerprint: string): Promise<Made | undefined> => {
  const claim = await readIdempotencyClaim(scope, token);
  if (!claim) return undefined;
  assertSameContent(claim.fingerprint, fingerprint);
  return claim.made;
};

/**
 * A token that names both the caller's key and the content it came with (for writes that keep
 * their token on the item they change, such as a review on its request).
 */
export const keyedToken = (callerId: string, key: string, content: unknown): string =>
  `${callersKey(callerId, key)}.${fingerprintOf(content)}`;

/** Two keyed tokens from the same caller and key (whatever content each came with). */
export const isSameKey = (stored: string | undefined, token: string): boolean => {
  const key = token.split('.')[0];
  return stored !== undefined && token.includes('.') && stored.startsWith(`${key}.`);
};
