import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TokenKind, TokenScope } from '#shared/schemas/tokens';
import { dynamo } from '#lib/clients';
import { conditionalWrite, putNewItem, queryAll, tableName } from './table';

/*
 * Access tokens: `APITOKEN#<id>` / `META`, holding the secret's SHA-256 (never the secret), its
 * user, scopes and expiry. Every function may read one and note its last use (a request signs
 * in with it); creating, listing, revoking and disabling are the token routes' alone. A user's
 * tokens are listed on gsi2 (`APITOKEN#USER#<user id>`), everyone's on gsi1 (`APITOKEN#ALL`).
 */

export interface StoredToken {
  id: string;
  userId: string;
  name: string;
  kind: TokenKind;
  scopes: TokenScope[];
  secretHash: string;
  createdAt: string;
  expiresAt: string;
  lastUsedAt?: string;
  revokedAt?: string;
  disabledAt?: string;
  disabledBy?: string;
}

const tokenKey = (id: string) => ({ pk: `APITOKEN#${id}`, sk: 'META' });
const OWN = (userId: string) => `APITOKEN#USER#${userId}`;
const ALL = 'APITOKEN#ALL';

const fromItem = (item: Record<string, unknown>): StoredToken => {
  const { pk: _pk, sk: _sk, gsi1pk: _a, gsi1sk: _b, gsi2pk: _c, gsi2sk: _d, entity: _e, ...token } = item;
  return token as unknown as StoredToken;
};

export const putToken = (token: StoredToken): Promise<void> =>
  putNewItem({
    ...tokenKey(token.id),
    entity: 'access-token',
    gsi1pk: ALL,
    gsi1sk: `${token.createdAt}#${token.id}`,
    gsi2pk: OWN(token.userId),
    gsi2sk: `${token.createdAt}#${token.id}`,
    ...token,
  });

export const getToken = async (id: string): Promise<StoredToken | undefined> => {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: tokenKey(id) }));
  return Item ? fromItem(Item) : undefined;
};

/** One person's tokens, newest first. */
export const listTokensOf = async (userId: string): Promise<StoredToken[]> =>
  (
    await queryAll({
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': OWN(userId) },
      ScanIndexForward: false,
    })
  ).map(fromItem);

/** Every token, newest first (administrators). */
export const listAllTokens = async (): Promise<StoredToken[]> =>
  (
    await queryAll({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': ALL },
      ScanIndexForward: false,
    })
  ).map(fromItem);

/** Revokes a token of `userId`'s; false when it is not theirs (or gone). Revoking again keeps the first time. */
export const revokeToken = (id: string, userId: string, at: string): Promise<boolean> =>
  conditionalWrite(() =>
    dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: tokenKey(id),
        UpdateExpression: 'SET revokedAt = if_not_exists(revokedAt, :at)',
        ConditionExpression: 'attribute_exists(pk) AND userId = :user',
        ExpressionAttributeValues: { ':at': at, ':user': userId },
      }),
    ),
  );

/** An administrator disables a token, or enables it again; false when there is none. */
export const setTokenDisabled = (id: string, disabled: boolean, by: string, at: string): Promise<boolean> =>
  conditionalWrite(() =>
    dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: tokenKey(id),
        UpdateExpression: disabled ? 'SET disabledAt = :at, disabledBy = :by' : 'REMOVE disabledAt, disabledBy',
        ConditionExpression: 'attribute_exists(pk)',
        ...(disabled ? { ExpressionAttributeValues: { ':at': at, ':by': by } } : {}),
      }),
    ),
  );

/** Notes a use, at most once a minute per token (the condition skips the write otherwise). */
export const touchToken = (id: string, at: string, notBefore: string): Promise<boolean> =>
  conditionalWrite(() =>
    dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: tokenKey(id),
        UpdateExpression: 'SET lastUsedAt = :at',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(lastUsedAt) OR lastUsedAt < :cut)',
        ExpressionAttributeValues: { ':at': at, ':cut': notBefore },
      }),
    ),
  );
