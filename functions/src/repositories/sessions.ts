import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#lib/clients';
import { conditionalWrite, epochSeconds, getItemConsistent, isConditionFailure, tableName } from './table';

/** A login session, keyed by the SHA-256 of its cookie token (the token itself is never stored). */
export interface Session {
  tokenHash: string;
  userId: string;
  /** The user's sessionVersion when the session began; a later bump ends it. */
  sessionVersion: number;
  createdAt: string;
  lastSeenAt: string;
  /** Epoch seconds: the earlier of the idle and the absolute expiry. */
  expiresAt: number;
  absoluteExpiresAt: number;
}

const sessionKey = (tokenHash: string) => ({ pk: `SESSION#${tokenHash}`, sk: 'META' });

export const putSession = async (session: Session): Promise<void> => {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...sessionKey(session.tokenHash), entity: 'session', ...session },
    }),
  );
};

/** The session if it exists and has not expired (TTL deletion is lazy, so expiry is checked here). */
export const getSession = async (tokenHash: string, now = new Date()): Promise<Session | undefined> => {
  const Item = await getItemConsistent(sessionKey(tokenHash));
  if (!Item || Number(Item.expiresAt) <= epochSeconds(now)) return undefined;
  const { pk: _pk, sk: _sk, entity: _e, ...session } = Item;
  return session as Session;
};

export const touchSession = async (tokenHash: string, lastSeenAt: string, expiresAt: number): Promise<void> => {
  await dynamo()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: sessionKey(tokenHash),
        UpdateExpression: 'SET lastSeenAt = :seen, expiresAt = :exp',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':seen': lastSeenAt, ':exp': expiresAt },
      }),
    )
    .catch(() => undefined);
};

/**
 * Carries one session over to the user's new session version, only if it was made under the
 * version just replaced: a session that had already ended stays ended. False otherwise.
 */
export const setSessionVersion = async (tokenHash: string, from: number, to: number): Promise<boolean> =>
  conditionalWrite(() =>
    dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: sessionKey(tokenHash),
        UpdateExpression: 'SET sessionVersion = :to',
        ConditionExpression: 'sessionVersion = :from',
        ExpressionAttributeValues: { ':from': from, ':to': to },
      }),
    ),
  );

export const deleteSession = async (tokenHash: string): Promise<void> => {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: sessionKey(tokenHash) }));
};

/**
 * A password sign-in waiting for its second factor, keyed by the SHA-256 of its cookie token:
 * the user, the session version the password was checked under, and the passkey challenge
 * issued for it, if any. Short-lived (TTL, checked on read) and taken once.
 */
export interface PendingSignIn {
  tokenHash: string;
  userId: string;
  sessionVersion: number;
  createdAt: string;
  expiresAt: number;
  challenge?: string;
}

const pendingSignInKey = (tokenHash: string) => ({ pk: `SIGNIN#${tokenHash}`, sk: 'META' });

export const putPendingSignIn = async (pending: PendingSignIn): Promise<void> => {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...pendingSignInKey(pending.tokenHash), entity: 'pending-sign-in', ...pending },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
};

const toPendingSignIn = (item: Record<string, unknown>, now: Date): PendingSignIn | undefined => {
  if (Number(item.expiresAt) <= epochSeconds(now)) return undefined;
  const { pk: _pk, sk: _sk, entity: _e, ...pending } = item;
  return pending as unknown as PendingSignIn;
};

export const getPendingSignIn = async (tokenHash: string, now = new Date()): Promise<PendingSignIn | undefined> => {
  const Item = await getItemConsistent(pendingSignInKey(tokenHash));
  return Item ? toPendingSignIn(Item, now) : undefined;
};

/** Issues a passkey challenge for the pending sign-in, replacing an earlier one. */
export const setPendingSignInChallenge = async (tokenHash: string, challenge: string): Promise<boolean> =>
  conditionalWrite(() =>
    dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: pendingSignInKey(tokenHash),
        UpdateExpression: 'SET challenge = :challenge',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':challenge': challenge },
      }),
    ),
  );

/** Takes the pending sign-in's passkey challenge away (it answers one assertion only). */
export const takePendingSignInChallenge = async (tokenHash: string): Promise<string | undefined> => {
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: pendingSignInKey(tokenHash),
        UpdateExpression: 'REMOVE challenge',
        ConditionExpression: 'attribute_exists(challenge)',
        ReturnValues: 'ALL_OLD',
      }),
    );
    return typeof Attributes?.challenge === 'string' ? Attributes.challenge : undefined;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
};

/** Ends the pending sign-in and returns it, in one conditional call: two requests cannot both finish it. */
export const takePendingSignIn = async (tokenHash: string, now = new Date()): Promise<PendingSignIn | undefined> => {
  try {
    const { Attributes } = await dynamo().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: pendingSignInKey(tokenHash),
        ConditionExpression: 'attribute_exists(pk)',
        ReturnValues: 'ALL_OLD',
      }),
    );
    return Attributes ? toPendingSignIn(Attributes, now) : undefined;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
};
