import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#lib/clients';
import { conditionalUpdate, conditionalWrite, putNewItem, queryAll, tableName, takeItem } from './table';

/*
 * Single sign-on: sign-ins in flight (one item per `state`, used once), the link from a provider's
 * subject to one user, the addresses of deleted users (kept so single sign-on cannot recreate
 * them), and which hub sessions each provider session (`sid`) began, so the provider's
 * back-channel logout can end them. The provider's tokens are never stored.
 */

/** A sign-in sent to the provider and not yet back: what the callback must check it against. */
export interface SignInAttempt {
  stateHash: string;
  /** SHA-256 of the cookie set in the browser that started it: the callback must come from there. */
  browserHash: string;
  nonce: string;
  codeVerifier: string;
  /** The app path to land on afterwards. */
  returnTo: string;
  /**
   * Set when a signed-in person is proving themselves to the provider again (a fresh sign-in
   * there): the session to mark, and whose it is. No new session starts.
   */
  reauthentication?: { sessionTokenHash: string; userId: string };
  createdAt: string;
  expiresAt: number;
}

/** One provider subject (`iss` + `sub`) belongs to one user. */
export interface IdentityLink {
  issuer: string;
  subject: string;
  userId: string;
  linkedAt: string;
}

const issuerHash = (issuer: string) => createHash('sha256').update(issuer).digest('hex').slice(0, 32);
const attemptKey = (stateHash: string) => ({ pk: `SSOSTATE#${stateHash}`, sk: 'META' });
/** `sub` is unique only within its issuer, so the key holds both (the issuer as a short hash). */
const linkKey = (issuer: string, subject: string) => ({
  pk: `SSOLINK#${issuerHash(issuer)}#${subject}`,
  sk: 'META',
});
const deletedEmailKey = (email: string) => ({ pk: `SSODELETED#${email}`, sk: 'META' });
/** `sid` is unique only within its issuer too; one item per hub session it began. */
const providerSessionPartition = (issuer: string, sid: string) => `SSOSID#${issuerHash(issuer)}#${sid}`;

export const putSignInAttempt = (attempt: SignInAttempt): Promise<void> =>
  putNewItem({ ...attemptKey(attempt.stateHash), entity: 'sso-attempt', ...attempt });

/**
 * Deletes the attempt and returns it in one conditional call, so a replayed callback (or two at
 * once) finds nothing. Undefined when unknown, used or expired.
 */
export const consumeSignInAttempt = async (stateHash: string, now = new Date()): Promise<SignInAttempt | undefined> => {
  const Attributes = await takeItem(attemptKey(stateHash), now);
  return (
    Attributes && {
      stateHash,
      browserHash: String(Attributes.browserHash),
      nonce: String(Attributes.nonce),
      codeVerifier: String(Attributes.codeVerifier),
      returnTo: String(Attributes.returnTo),
      createdAt: String(Attributes.createdAt),
      expiresAt: Number(Attributes.expiresAt),
      ...(Attributes.reauthentication && {
        reauthentication: {
          sessionTokenHash: String(Attributes.reauthentication.sessionTokenHash),
          userId: String(Attributes.reauthentication.userId),
        },
      }),
    }
  );
};

export const getIdentityLink = async (issuer: string, subject: string): Promise<IdentityLink | undefined> => {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: linkKey(issuer, subject), ConsistentRead: true }),
  );
  return Item
    ? {
        issuer: String(Item.issuer),
        subject: String(Item.subject),
        userId: String(Item.userId),
        linkedAt: String(Item.linkedAt),
      }
    : undefined;
};

/** Links the subject to a user unless it is linked already; false when it is. */
export const putIdentityLink = async (link: IdentityLink): Promise<boolean> =>
  conditionalWrite(() => putNewItem({ ...linkKey(link.issuer, link.subject), entity: 'sso-link', ...link }));

/** Points a link at another user, only if it still points where it was read; false otherwise. */
export const moveIdentityLink = async (link: IdentityLink, toUserId: string, now: string): Promise<boolean> =>
  conditionalUpdate({
    Key: linkKey(link.issuer, link.subject),
    UpdateExpression: 'SET userId = :to, linkedAt = :now',
    ConditionExpression: 'userId = :from',
    ExpressionAttributeValues: { ':to': toUserId, ':from': link.userId, ':now': now },
  });

/** Remembers that the user with this email was deleted (idempotent). */
export const recordDeletedEmail = async (email: string, deletedAt: string): Promise<void> => {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...deletedEmailKey(email), entity: 'sso-deleted-email', email, deletedAt },
    }),
  );
};

export const isDeletedEmail = async (email: string): Promise<boolean> => {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: deletedEmailKey(email), ConsistentRead: true }),
  );
  return Item !== undefined;
};

/** A hub session begun through the provider's session `sid`; kept as long as the hub session can live. */
export const recordProviderSession = async (link: {
  issuer: string;
  sid: string;
  sessionTokenHash: string;
  userId: string;
  expiresAt: number;
}): Promise<void> => {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        pk: providerSessionPartition(link.issuer, link.sid),
        sk: `SESSION#${link.sessionTokenHash}`,
        entity: 'sso-provider-session',
        sessionTokenHash: link.sessionTokenHash,
        userId: link.userId,
        expiresAt: link.expiresAt,
      },
    }),
  );
};

/** The hub sessions the provider's session `sid` began, forgotten as they are handed out. */
export const takeProviderSessions = async (
  issuer: string,
  sid: string,
): Promise<{ sessionTokenHash: string; userId: string }[]> => {
  const pk = providerSessionPartition(issuer, sid);
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': pk },
    ConsistentRead: true,
  });
  await Promise.all(
    items.map((item) => dynamo().send(new DeleteCommand({ TableName: tableName(), Key: { pk, sk: item.sk } }))),
  );
  return items.map((item) => ({ sessionTokenHash: String(item.sessionTokenHash), userId: String(item.userId) }));
};
