import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#lib/clients';
import { epochSeconds, getLiveItem, tableName, takeItem, type TransactItem } from './table';

/** Single-use emailed tokens (password reset, invitation, confirming a new address), stored by SHA-256 only. */
export type TokenPurpose = 'RESET' | 'INVITE' | 'EMAILCONFIRM';

export interface EmailToken {
  tokenHash: string;
  userId: string;
  createdAt: string;
  expiresAt: number;
}

const tokenKey = (purpose: TokenPurpose, tokenHash: string) => ({ pk: `${purpose}#${tokenHash}`, sk: 'META' });

export const putToken = async (purpose: TokenPurpose, token: EmailToken): Promise<void> => {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...tokenKey(purpose, token.tokenHash), entity: 'token', ...token },
    }),
  );
};

const fromItem = (tokenHash: string, item: Record<string, unknown>): EmailToken => ({
  tokenHash,
  userId: String(item.userId),
  createdAt: String(item.createdAt),
  expiresAt: Number(item.expiresAt),
});

/** The token if it exists and has not expired, left in place (checks before it is used). */
export const findToken = async (
  purpose: TokenPurpose,
  tokenHash: string,
  now = new Date(),
): Promise<EmailToken | undefined> => {
  const Item = await getLiveItem(tokenKey(purpose, tokenHash), now);
  return Item && fromItem(tokenHash, Item);
};

/**
 * Deletes the token and returns it, in one conditional call, so two requests racing with the
 * same link cannot both use it. Undefined when it does not exist or has expired.
 */
export const consumeToken = async (
  purpose: TokenPurpose,
  tokenHash: string,
  now = new Date(),
): Promise<EmailToken | undefined> => {
  const Attributes = await takeItem(tokenKey(purpose, tokenHash), now);
  return Attributes && fromItem(tokenHash, Attributes);
};

/**
 * The transaction item that uses the token up together with what it allows: it holds only while
 * the token is there and has not expired, so two requests with the same link cannot both use it.
 */
export const tokenConsumeItem = (purpose: TokenPurpose, tokenHash: string, now = new Date()): TransactItem => ({
  Delete: {
    TableName: tableName(),
    Key: tokenKey(purpose, tokenHash),
    ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now',
    ExpressionAttributeValues: { ':now': epochSeconds(now) },
  },
});
