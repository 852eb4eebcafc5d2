import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
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
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: userKey(id), ConsistentRead: true }));
  return Item ? fromItem(Item) : undefined;
};

export const getUserByEmail = async (email: string): Promise<User | undefined> => {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: emailKey(email), ConsistentRead: true }));
  return Item ? getUser(String(Item.userId)) : undefined;
};

const adminCountChange = (delta: 1 | -1) => ({
  Update: {
    TableName: tableName(),
    Key: adminCountKey,
    UpdateExpression: 'ADD adminCount :delta',
    ...(delta < 0 ? { ConditionExpression: 'adminCount > :one', ExpressionAttributeValues: { ':delta': delta, ':one': 1 } } : { ExpressionAttributeValues: { ':delta': delta } }),
  },
});

/** Creates the user and claims the email; false when the email is taken. */
export const createUser = async (user: User): Promise<boolean> => {
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName(), Item: toItem(user), ConditionExpression: 'attribute_not_exists(pk)' } },
          { Put: { TableName: tableName(), Item: { ...emailKey(user.email), userId: user.id }, ConditionExpression: 'attribute_not_exists(pk)' } },
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
                { Put: { TableName: tableName(), Item: { ...emailKey(changes.email), userId: current.id }, ConditionExpression: 'attribute_not_exists(pk)' } },
                { Delete: { TableName: tableName(), Key: emailKey(current.email), ConditionExpression: 'userId = :id', ExpressionAttributeValues: { ':id': current.id } } },
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
