import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#lib/clients';
import {
  conditionalOutcome,
  conditionalUpdate,
  conditionalWrite,
  getLiveItem,
  queryAll,
  tableName,
  takeItem,
  transact,
  type TransactItem,
} from './table';
import { userItemKey, type User } from './users';

/*
 * A user's second factors live in a partition of their own, `FACTOR#<user id>`, which only the
 * routes that name `second-factor` in the manifest may touch (they are credentials): the
 * confirmed authenticator-app secret `TOTP` (with the last time step used), an enrolment not yet
 * confirmed `TOTP#pending` (TTL), the recovery code hashes `RECOVERY` (one string set), each
 * passkey `PASSKEY#<credential id>`, and the registration challenge `CHALLENGE#registration`
 * (TTL). The user item carries `totpEnabled` and `passkeyCount`, moved in the same transaction as
 * the factor items, so every request knows whether the account has a second factor without
 * reading a secret.
 */
const factorPartition = (userId: string) => `FACTOR#${userId}`;
const totpKey = (userId: string) => ({ pk: factorPartition(userId), sk: 'TOTP' });
const pendingTotpKey = (userId: string) => ({ pk: factorPartition(userId), sk: 'TOTP#pending' });
const recoveryKey = (userId: string) => ({ pk: factorPartition(userId), sk: 'RECOVERY' });
const passkeyKey = (userId: string, credentialId: string) => ({
  pk: factorPartition(userId),
  sk: `PASSKEY#${credentialId}`,
});
const registrationChallengeKey = (userId: string) => ({ pk: factorPartition(userId), sk: 'CHALLENGE#registration' });

export interface Totp {
  secret: string;
  enabledAt: string;
  /** The newest time step a code was accepted for: that step and every earlier one are spent. */
  lastUsedStep: number;
}

export interface Passkey {
  credentialId: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports?: string[];
  name: string;
  createdAt: string;
  lastUsedAt?: string;
}

export interface Factors {
  totp?: Totp;
  recoveryCodesLeft: number;
  passkeys: Passkey[];
}

const toPasskey = (item: Record<string, unknown>): Passkey => ({
  credentialId: String(item.credentialId),
  publicKey: String(item.publicKey),
  counter: Number(item.counter ?? 0),
  ...(Array.isArray(item.transports) && { transports: item.transports.map(String) }),
  name: String(item.name),
  createdAt: String(item.createdAt),
  ...(typeof item.lastUsedAt === 'string' && { lastUsedAt: item.lastUsedAt }),
});

/** Every factor of the user (`pk = FACTOR#id`), secrets included: for the status page and the reset. */
export const getFactors = async (userId: string): Promise<Factors> => {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': factorPartition(userId) },
    ConsistentRead: true,
  });
  const totp = items.find((item) => item.sk === 'TOTP');
  const recovery = items.find((item) => item.sk === 'RECOVERY');
  return {
    ...(totp && {
      totp: { secret: String(totp.secret), enabledAt: String(totp.enabledAt), lastUsedStep: Number(totp.lastUsedStep) },
    }),
    recoveryCodesLeft: recovery?.codes instanceof Set ? recovery.codes.size : 0,
    passkeys: items.filter((item) => String(item.sk).startsWith('PASSKEY#')).map(toPasskey),
  };
};

const factorKeys = async (userId: string): Promise<{ pk: string; sk: string }[]> =>
  (
    await queryAll({
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': factorPartition(userId) },
      ProjectionExpression: 'pk, sk',
      ConsistentRead: true,
    })
  ).map((item) => ({ pk: String(item.pk), sk: String(item.sk) }));

export const getTotp = async (userId: string): Promise<Totp | undefined> => {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: totpKey(userId), ConsistentRead: true }),
  );
  return Item
    ? { secret: String(Item.secret), enabledAt: String(Item.enabledAt), lastUsedStep: Number(Item.lastUsedStep) }
    : undefined;
};

/**
 * Keeps a new authenticator-app secret until the user confirms it with a code, replacing one not
 * confirmed yet; refused (false) once the account has a confirmed one.
 */
export const putPendingTotp = async (userId: string, secret: string, now: Date, expiresAt: number): Promise<boolean> =>
  conditionalWrite(() =>
    transact([
      {
        ConditionCheck: {
          TableName: tableName(),
          Key: userItemKey(userId),
          ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(totpEnabled) OR totpEnabled = :false)',
          ExpressionAttributeValues: { ':false': false },
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: pendingTotpKey(userId),
          UpdateExpression: 'SET secret = :secret, createdAt = :now, expiresAt = :expiresAt, entity = :entity',
          ExpressionAttributeValues: {
            ':secret': secret,
            ':now': now.toISOString(),
            ':expiresAt': expiresAt,
            ':entity': 'totp-enrolment',
          },
        },
      },
    ]),
  );

/** The secret waiting for confirmation, while it has not expired. */
export const getPendingTotp = async (userId: string, now = new Date()): Promise<string | undefined> => {
  const Item = await getLiveItem(pendingTotpKey(userId), now);
  return Item && String(Item.secret);
};

/**
 * Confirms the pending secret: it becomes the account's authenticator app with the step of the
 * confirming code already spent, the recovery codes are stored (hashed), and the user item says
 * so; all in one transaction, only while that same secret is pending and none is confirmed.
 */
export const enableTotp = async (
  userId: string,
  totp: { secret: string; step: number; recoveryCodeHashes: string[] },
  now: string,
): Promise<boolean> =>
  conditionalWrite(() =>
    transact([
      {
        Delete: {
          TableName: tableName(),
          Key: pendingTotpKey(userId),
          ConditionExpression: 'secret = :secret',
          ExpressionAttributeValues: { ':secret': totp.secret },
        },
      },
      {
        Put: {
          TableName: tableName(),
          Item: {
            ...totpKey(userId),
            entity: 'totp',
            secret: totp.secret,
            enabledAt: now,
            lastUsedStep: totp.step,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      recoveryCodesWrite(userId, totp.recoveryCodeHashes, now),
      {
        Update: {
          TableName: tableName(),
          Key: userItemKey(userId),
          UpdateExpression: 'SET totpEnabled = :true',
          ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(totpEnabled) OR totpEnabled = :false)',
          ExpressionAttributeValues: { ':true': true, ':false': false },
        },
      },
    ]),
  );

/**
 * Spends a time step: true only when it is later than the last one used, so a code is accepted
 * once even when two requests carry it at the same moment.
 */
export const useTotpStep = async (userId: string, step: number): Promise<boolean> =>
  conditionalUpdate({
    Key: totpKey(userId),
    UpdateExpression: 'SET lastUsedStep = :step',
    ConditionExpression: 'attribute_exists(pk) AND lastUsedStep < :step',
    ExpressionAttributeValues: { ':step': step },
  });

/** Turns the authenticator app off: its secret and the recovery codes go, and the user item says so. */
export const disableTotp = async (userId: string): Promise<boolean> =>
  conditionalWrite(() =>
    transact([
      {
        Delete: { TableName: tableName(), Key: totpKey(userId), ConditionExpression: 'attribute_exists(pk)' },
      },
      { Delete: { TableName: tableName(), Key: recoveryKey(userId) } },
      {
        Update: {
          TableName: tableName(),
          Key: userItemKey(userId),
          UpdateExpression: 'SET totpEnabled = :false',
          ConditionExpression: 'totpEnabled = :true',
          ExpressionAttributeValues: { ':true': true, ':false': false },
        },
      },
    ]),
  );

const recoveryCodesWrite = (userId: string, hashes: string[], now: string): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: recoveryKey(userId),
    UpdateExpression: 'SET codes = :codes, createdAt = :now, entity = :entity',
    ExpressionAttributeValues: { ':codes': new Set(hashes), ':now': now, ':entity': 'recovery-codes' },
  },
});

/** New recovery codes in place of every older one, while the authenticator app is on. */
export const replaceRecoveryCodes = async (userId: string, hashes: string[], now: string): Promise<boolean> =>
  conditionalWrite(() =>
    transact([
      {
        ConditionCheck: {
          TableName: tableName(),
          Key: totpKey(userId),
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
      recoveryCodesWrite(userId, hashes, now),
    ]),
  );

/** Spends a recovery code: true once for each code, whoever else tries it at the same time. */
export const useRecoveryCode = async (userId: string, hash: string): Promise<boolean> =>
  conditionalUpdate({
    Key: recoveryKey(userId),
    UpdateExpression: 'DELETE codes :spent',
    ConditionExpression: 'contains(codes, :hash)',
    ExpressionAttributeValues: { ':spent': new Set([hash]), ':hash': hash },
  });

/** The challenge of the user's passkey registration in progress (a new one replaces it). */
export const putRegistrationChallenge = async (userId: string, challenge: string, expiresAt: number): Promise<void> => {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: registrationChallengeKey(userId),
      UpdateExpression: 'SET challenge = :challenge, expiresAt = :expiresAt, entity = :entity',
      ExpressionAttributeValues: { ':challenge': challenge, ':expiresAt': expiresAt, ':entity': 'webauthn-challenge' },
    }),
  );
};

/** Takes the registration challenge away in one call (it works once), if it has not expired. */
export const takeRegistrationChallenge = async (userId: string, now = new Date()): Promise<string | undefined> => {
  const item = await takeItem(registrationChallengeKey(userId), now);
  return item && String(item.challenge);
};

export type AddPasskeyOutcome = 'added' | 'exists' | 'too-many';

/** Stores a passkey and counts it on the user, at most `max` per account. */
export const addPasskey = async (userId: string, passkey: Passkey, max: number): Promise<AddPasskeyOutcome> =>
  conditionalOutcome(
    async () => {
      await transact([
        {
          Put: {
            TableName: tableName(),
            Item: { ...passkeyKey(userId, passkey.credentialId), entity: 'passkey', ...passkey },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Update: {
            TableName: tableName(),
            Key: userItemKey(userId),
            UpdateExpression: 'ADD passkeyCount :one',
            ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(passkeyCount) OR passkeyCount < :max)',
            ExpressionAttributeValues: { ':one': 1, ':max': max },
          },
        },
      ]);
      return 'added' as const;
    },
    (failed, error) => {
      if (failed.includes(0)) return 'exists' as const;
      if (failed.includes(1)) return 'too-many' as const;
      throw error;
    },
  );

export const getPasskey = async (userId: string, credentialId: string): Promise<Passkey | undefined> => {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: passkeyKey(userId, credentialId), ConsistentRead: true }),
  );
  return Item ? toPasskey(Item) : undefined;
};

/** Records a sign-in with the passkey: its new signature counter, only from the counter read. */
export const recordPasskeyUse = async (
  userId: string,
  credentialId: string,
  counters: { from: number; to: number },
  now: string,
): Promise<boolean> =>
  conditionalUpdate({
    Key: passkeyKey(userId, credentialId),
    UpdateExpression: 'SET #counter = :to, lastUsedAt = :now',
    ConditionExpression: '#counter = :from',
    ExpressionAttributeNames: { '#counter': 'counter' },
    ExpressionAttributeValues: { ':from': counters.from, ':to': counters.to, ':now': now },
  });

/** Removes one passkey and uncounts it; false when it is not there. */
export const removePasskey = async (userId: string, credentialId: string): Promise<boolean> =>
  conditionalWrite(() =>
    transact([
      {
        Delete: {
          TableName: tableName(),
          Key: passkeyKey(userId, credentialId),
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: userItemKey(userId),
          UpdateExpression: 'ADD passkeyCount :minusOne',
          ConditionExpression: 'passkeyCount > :zero',
          ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
        },
      },
    ]),
  );

/**
 * An administrator's reset: every factor item of the user goes, the user item says it has none,
 * and its session version moves on (every session of the user ends), in one transaction that
 * holds only while the user is at the session version read. False when the user changed meanwhile.
 */
export const resetFactors = async (user: Pick<User, 'id' | 'sessionVersion'>, now: string): Promise<boolean> => {
  const keys = await factorKeys(user.id);
  return conditionalWrite(() =>
    transact([
      {
        Update: {
          TableName: tableName(),
          Key: userItemKey(user.id),
          UpdateExpression: 'SET totpEnabled = :false, passkeyCount = :zero, updatedAt = :now, sessionVersion = :next',
          ConditionExpression: 'sessionVersion = :read',
          ExpressionAttributeValues: {
            ':false': false,
            ':zero': 0,
            ':now': now,
            ':next': user.sessionVersion + 1,
            ':read': user.sessionVersion,
          },
        },
      },
      ...keys.map((Key): TransactItem => ({ Delete: { TableName: tableName(), Key } })),
    ]),
  );
};
