import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '#shared/schemas/auth';
import { dynamo } from '#lib/clients';
import { isConditionFailure, tableName } from './table';

export interface User {
  id: string;
  email: string;
  username: string;
  name: string;
  firstName: string;
  lastName: string;
  role: Role;
  passwordHash: string;
  /** Bumped to end every session of the user at once (password change, reset, deletion). */
  sessionVersion: number;
  passwordChangedAt: string;
  createdAt: string;
  updatedAt: string;
  invitedAt?: string;
  acceptedInviteAt?: string;
}

const userKey = (id: string) => ({ pk: `USER#${id}`, sk: 'META' });
const emailKey = (email: string) => ({ pk: `EMAIL#${email}`, sk: 'META' });
/** Counts administrators so the last one can never be removed, even by two requests at once. */
const adminCountKey = { pk: 'STATS#users', sk: 'META' };

const toItem = (user: User) => ({ ...userKey(user.id), gsi1pk: 'USERS', gsi1sk: user.email, entity: 'user', ...user });

const fromItem = (item: Record<string, unknown>): User => {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, entity: _e, ...user } = item;
  return user as unknown as User;
};

export const getUser = async (id: string): Promise<User | undefined> => {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: userKey(id), ConsistentRead: true }),
  );
  return Item ? fromItem(Item) : undefined;
};

export const getUserByEmail = async (email: string): Promise<User | undefined> => {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: emailKey(email), ConsistentRead: true }),
  );
  return Item ? getUser(String(Item.userId)) : undefined;
};

const adminCountChange = (delta: 1 | -1) => ({
  Update: {
    TableName: tableName(),
    Key: adminCountKey,
    UpdateExpression: 'ADD adminCount :delta',
    ...(delta < 0
      ? { ConditionExpression: 'adminCount > :one', ExpressionAttributeValues: { ':delta': delta, ':one': 1 } }
      : { ExpressionAttributeValues: { ':delta': delta } }),
  },
});

/** Creates the user and claims the email; false when the email is taken. */
export const createUser = async (user: User): Promise<boolean> => {
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName(), Item: toItem(user), ConditionExpression: 'attribute_not_exists(pk)' } },
          {
            Put: {
              TableName: tableName(),
              Item: { ...emailKey(user.email), userId: user.id },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          ...(user.role === 'admin' ? [adminCountChange(1)] : []),
        ],
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
};

export type ProfileChanges = Pick<User, 'username' | 'firstName' | 'lastName' | 'name' | 'email'>;

/** Writes the profile; moves the email claim when the email changes. False when the new email is taken. */
export const updateProfile = async (current: User, changes: ProfileChanges, now: string): Promise<boolean> => {
  const updated: User = { ...current, ...changes, updatedAt: now };
  const emailChanged = changes.email !== current.email;
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName(), Item: toItem(updated), ConditionExpression: 'attribute_exists(pk)' } },
          ...(emailChanged
            ? [
                {
                  Put: {
                    TableName: tableName(),
                    Item: { ...emailKey(changes.email), userId: current.id },
                    ConditionExpression: 'attribute_not_exists(pk)',
                  },
                },
                {
                  Delete: {
                    TableName: tableName(),
                    Key: emailKey(current.email),
                    ConditionExpression: 'userId = :id',
                    ExpressionAttributeValues: { ':id': current.id },
                  },
                },
              ]
            : []),
        ],
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
};

/** Sets a new password hash and ends every session by bumping the session version; returns the new version. */
export const setPassword = async (id: string, passwordHash: string, now: string): Promise<number> => {
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: userKey(id),
      UpdateExpression: 'SET passwordHash = :hash, passwordChangedAt = :now, updatedAt = :now ADD sessionVersion :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':hash': passwordHash, ':now': now, ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(Attributes?.sessionVersion);
};

/** Every user, by email (gsi1 `USERS`). */
export const listUsers = async (): Promise<User[]> => {
  const users: User[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :users',
        ExpressionAttributeValues: { ':users': 'USERS' },
        ExclusiveStartKey,
      }),
    );
    users.push(...(page.Items ?? []).map(fromItem));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return users;
};

/**
 * Changes the role when it is still `from`, keeping the administrator count; false when the
 * user changed meanwhile or when it would demote the last administrator.
 */
export const changeRole = async (user: User, to: Role, now: string): Promise<boolean> => {
  if (user.role === to) return true;
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: userKey(user.id),
              // A new role ends the user's sessions (OWASP: a new session at every privilege change).
              UpdateExpression: 'SET #role = :to, updatedAt = :now ADD sessionVersion :one',
              ConditionExpression: '#role = :from',
              ExpressionAttributeNames: { '#role': 'role' },
              ExpressionAttributeValues: { ':to': to, ':from': user.role, ':now': now, ':one': 1 },
            },
          },
          adminCountChange(to === 'admin' ? 1 : -1),
        ],
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
};

/** A pending invitee was invited again: a new `invitedAt` voids every earlier link. */
export const refreshInvitation = async (user: User, role: Role, invitedAt: string): Promise<boolean> => {
  if (!(await changeRole(user, role, invitedAt))) return false;
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: userKey(user.id),
      UpdateExpression: 'SET invitedAt = :at, updatedAt = :at',
      ConditionExpression: 'attribute_not_exists(acceptedInviteAt)',
      ExpressionAttributeValues: { ':at': invitedAt },
    }),
  );
  return true;
};

/** Activates a pending invitee once: username, password and `acceptedInviteAt`. False when already accepted. */
export const acceptInvitation = async (
  id: string,
  invitedAt: string,
  username: string,
  passwordHash: string,
  now: string,
): Promise<boolean> => {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: userKey(id),
        UpdateExpression:
          'SET username = :username, passwordHash = :hash, passwordChangedAt = :now, acceptedInviteAt = :now, updatedAt = :now',
        ConditionExpression: 'attribute_not_exists(acceptedInviteAt) AND invitedAt = :invitedAt',
        ExpressionAttributeValues: {
          ':username': username,
          ':hash': passwordHash,
          ':now': now,
          ':invitedAt': invitedAt,
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
};

/** Deletes the user and frees the email; false when it would remove the last administrator. */
export const deleteUser = async (user: User): Promise<boolean> => {
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: tableName(), Key: userKey(user.id), ConditionExpression: 'attribute_exists(pk)' } },
          { Delete: { TableName: tableName(), Key: emailKey(user.email) } },
          ...(user.role === 'admin' ? [adminCountChange(-1)] : []),
        ],
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
};

/**
 * A pending invitee who signed in through single sign-on: the invitation counts as accepted
 * (no password is set). False when already accepted or re-invited meanwhile.
 */
export const acceptInvitationBySingleSignOn = async (id: string, invitedAt: string, now: string): Promise<boolean> => {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: userKey(id),
        UpdateExpression: 'SET acceptedInviteAt = :now, updatedAt = :now',
        ConditionExpression: 'attribute_not_exists(acceptedInviteAt) AND invitedAt = :invitedAt',
        ExpressionAttributeValues: { ':now': now, ':invitedAt': invitedAt },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
};
