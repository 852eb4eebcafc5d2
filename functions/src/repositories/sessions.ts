import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#lib/clients';
import { conditionalWrite, epochSeconds, getItemConsistent, tableName } from './table';

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
   * Epoch seconds: a session begun through single sign-on ends here, so the person signs in at the
   * provider again and its answer (still allowed? which groups?) is applied afresh.
   */
  providerCheckAt?: number;
  /** When the person last proved themselves to the provider again during this session (a fresh sign-in there). */
  reauthenticatedAt?: string;
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

/** Records that the session's person signed in at the provider again just now; false when the session is gone or someone else's. */
export const markSessionReauthenticated = async (tokenHash: string, userId: string, at: string): Promise<boolean> =>
  conditionalWrite(() =>
    dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: sessionKey(tokenHash),
        UpdateExpression: 'SET reauthenticatedAt = :at',
        ConditionExpression: 'userId = :userId',
        ExpressionAttributeValues: { ':at': at, ':userId': userId },
      }),
    ),
  );
