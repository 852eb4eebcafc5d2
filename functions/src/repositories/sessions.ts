import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#lib/clients';
import {
  conditionalDelete,
  conditionalOutcome,
  conditionalUpdate,
  epochSeconds,
  getItemConsistent,
  hasExpired,
  putNewItem,
  queryAll,
  tableName,
  takeItem,
  withoutKeys,
} from './table';

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
  /**
   * What the session is called in front of its user, so the token hash never leaves the server.
   * Sessions begun before sessions were listed have none until their next use gives them one.
   */
  publicId?: string;
  /** The browser's User-Agent header at sign-in, cut short. */
  userAgent?: string;
  /** The client address at sign-in, as the request handling trusts it. */
  clientIp?: string;
  /**
   * Epoch seconds: a session begun through single sign-on ends here, so the person signs in at the
   * provider again and its answer (still allowed? which groups?) is applied afresh.
   */
  providerCheckAt?: number;
  /** When the person last proved themselves to the provider again during this session (a fresh sign-in there). */
  reauthenticatedAt?: string;
}

/*
 * Keys: `SESSION#<token hash>` / `META`; gsi1 `SESSION#USER#<user id>` / `<createdAt>#<publicId>`
 * lists a user's sessions. The index key keeps the `SESSION#` prefix, so whatever denies a route
 * the session items denies it their listing too. A hash is lower-case hex, never `USER#…`.
 */
const sessionKey = (tokenHash: string) => ({ pk: `SESSION#${tokenHash}`, sk: 'META' });
const userSessionsPartition = (userId: string) => `SESSION#USER#${userId}`;
const userSessionsIndexKey = (session: Pick<Session, 'userId' | 'createdAt'> & { publicId: string }) => ({
  gsi1pk: userSessionsPartition(session.userId),
  gsi1sk: `${session.createdAt}#${session.publicId}`,
});

const fromItem = (item: Record<string, unknown>): Session => withoutKeys(item) as unknown as Session;

export const putSession = async (session: Session & { publicId: string }): Promise<void> => {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...sessionKey(session.tokenHash), ...userSessionsIndexKey(session), entity: 'session', ...session },
    }),
  );
};

/** The session if it exists and has not expired (TTL deletion is lazy, so expiry is checked here). */
export const getSession = async (tokenHash: string, now = new Date()): Promise<Session | undefined> => {
  const Item = await getItemConsistent(sessionKey(tokenHash));
  return Item && !hasExpired(Item, now) ? fromItem(Item) : undefined;
};

/**
 * Slides the idle expiry. A session from before sessions were listed gets its public id and its
 * place in the user's list here (only if it still has none), so it shows up from its next use.
 */
export const touchSession = async (
  session: Pick<Session, 'tokenHash' | 'userId' | 'createdAt'>,
  lastSeenAt: string,
  expiresAt: number,
  newPublicId: string,
): Promise<void> => {
  const index = userSessionsIndexKey({ ...session, publicId: newPublicId });
  await dynamo()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: sessionKey(session.tokenHash),
        UpdateExpression:
          'SET lastSeenAt = :seen, expiresAt = :exp, publicId = if_not_exists(publicId, :pid), ' +
          'gsi1pk = if_not_exists(gsi1pk, :gpk), gsi1sk = if_not_exists(gsi1sk, :gsk)',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: {
          ':seen': lastSeenAt,
          ':exp': expiresAt,
          ':pid': newPublicId,
          ':gpk': index.gsi1pk,
          ':gsk': index.gsi1sk,
        },
      }),
    )
    .catch(() => undefined);
};

/** The user's sessions that have not expired, oldest first (gsi1, all pages). */
export const listUserSessions = async (userId: string, now = new Date()): Promise<Session[]> => {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    FilterExpression: 'expiresAt > :now',
    ExpressionAttributeValues: { ':pk': userSessionsPartition(userId), ':now': epochSeconds(now) },
  });
  return items.map(fromItem);
};

/**
 * Carries one session over to the user's new session version, only if it was made under the
 * version just replaced: a session that had already ended stays ended. False otherwise.
 */
export const setSessionVersion = async (tokenHash: string, from: number, to: number): Promise<boolean> =>
  conditionalUpdate({
    Key: sessionKey(tokenHash),
    UpdateExpression: 'SET sessionVersion = :to',
    ConditionExpression: 'sessionVersion = :from',
    ExpressionAttributeValues: { ':from': from, ':to': to },
  });

export const deleteSession = async (tokenHash: string): Promise<void> => {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: sessionKey(tokenHash) }));
};

/** Ends one session only if it is the given user's; false when it was not (or is gone already). */
export const deleteUserSession = async (tokenHash: string, userId: string): Promise<boolean> =>
  conditionalDelete({
    Key: sessionKey(tokenHash),
    ConditionExpression: 'userId = :user',
    ExpressionAttributeValues: { ':user': userId },
  });

/** Records that the session's person signed in at the provider again just now; false when the session is gone or someone else's. */
export const markSessionReauthenticated = async (tokenHash: string, userId: string, at: string): Promise<boolean> =>
  conditionalUpdate({
    Key: sessionKey(tokenHash),
    UpdateExpression: 'SET reauthenticatedAt = :at',
    ConditionExpression: 'userId = :userId',
    ExpressionAttributeValues: { ':at': at, ':userId': userId },
  });

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

export const putPendingSignIn = (pending: PendingSignIn): Promise<void> =>
  putNewItem({ ...pendingSignInKey(pending.tokenHash), entity: 'pending-sign-in', ...pending });

const toPendingSignIn = (item: Record<string, unknown>, now: Date): PendingSignIn | undefined => {
  if (hasExpired(item, now)) return undefined;
  return withoutKeys(item) as unknown as PendingSignIn;
};

export const getPendingSignIn = async (tokenHash: string, now = new Date()): Promise<PendingSignIn | undefined> => {
  const Item = await getItemConsistent(pendingSignInKey(tokenHash));
  return Item ? toPendingSignIn(Item, now) : undefined;
};

/** Issues a passkey challenge for the pending sign-in, replacing an earlier one. */
export const setPendingSignInChallenge = async (tokenHash: string, challenge: string): Promise<boolean> =>
  conditionalUpdate({
    Key: pendingSignInKey(tokenHash),
    UpdateExpression: 'SET challenge = :challenge',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':challenge': challenge },
  });

/** Takes the pending sign-in's passkey challenge away (it answers one assertion only). */
export const takePendingSignInChallenge = async (tokenHash: string): Promise<string | undefined> =>
  conditionalOutcome(
    async () => {
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
    },
    () => undefined,
  );

/** Ends the pending sign-in and returns it, in one conditional call: two requests cannot both finish it. */
export const takePendingSignIn = async (tokenHash: string, now = new Date()): Promise<PendingSignIn | undefined> => {
  const taken = await takeItem(pendingSignInKey(tokenHash));
  return taken && toPendingSignIn(taken, now);
};
