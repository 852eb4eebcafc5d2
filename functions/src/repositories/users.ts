import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '#shared/schemas/auth';
import { dynamo } from '#lib/clients';
import { userPartition } from './keys';
import {
  conditionalOutcome,
  conditionalWrite,
  getItemConsistent,
  queryAll,
  tableName,
  transact,
  type TransactItem,
} from './table';

export interface User {
  id: string;
  email: string;
  username: string;
  name: string;
  firstName: string;
  lastName: string;
  role: Role;
  /** Bumped to end every session of the user at once (password change, role change, email change). */
  sessionVersion: number;
  passwordChangedAt: string;
  createdAt: string;
  updatedAt: string;
  invitedAt?: string;
  /** Set once the account is active: invitation accepted, password set by an administrator, or created active. */
  acceptedInviteAt?: string;
  /** A password is set. Its hash lives in an item of its own, which only the routes that check or set it can read. */
  hasPassword?: boolean;
  /** When the newest reset link was issued: every older link is void. */
  resetRequestedAt?: string;
  /**
   * When the hub last proved that `email` reaches this person: an accepted invitation, a
   * completed reset, a followed confirmation link, or the provider's verified address of an
   * account single sign-on made. See `isEmailVerified` for accounts from before it was recorded.
   */
  emailVerifiedAt?: string;
  /** A new address asked for and not yet confirmed: the account keeps `email` until its link is followed. */
  pendingEmail?: string;
  /** When the newest confirmation link for `pendingEmail` was sent: every older link is void. */
  pendingEmailRequestedAt?: string;
  /** An authenticator app is confirmed (its secret lives under `FACTOR#<id>`, with the factors). */
  totpEnabled?: boolean;
  /** Passkeys registered (kept with each passkey's write, in the same transaction). */
  passkeyCount?: number;
  /** The groups the single sign-on provider named at the user's last sign-in through it. */
  ssoGroups?: string[];
  /** The groups administrators gave the user in the hub. */
  hubGroups?: string[];
}

/*
 * Keys: the user `USER#<id>` / `META` (gsi1 `USERS` / email); claims that keep emails and
 * usernames unique, `EMAIL#<email>` and `USERNAME#<folded username>`, each naming the user;
 * the password hash `PASSWORD#<id>` / `META`, apart from the user so that functions which read
 * users (every signed-in request) need no access to hashes; and `STATS#users` / `META`, the
 * number of active administrators, which every write that changes it moves in the same
 * transaction, on the condition that the user is still as it was read.
 */
const userKey = (id: string) => ({ pk: userPartition(id), sk: 'META' });
/** The user item's key, for repositories whose writes move a user attribute in the same transaction. */
export const userItemKey = userKey;
const emailKey = (email: string) => ({ pk: `EMAIL#${email}`, sk: 'META' });
/** Usernames are unique whatever their case or Unicode form. */
const foldUsername = (username: string): string => username.normalize('NFKC').toLowerCase();
const usernameKey = (username: string) => ({ pk: `USERNAME#${foldUsername(username)}`, sk: 'META' });
const credentialKey = (id: string) => ({ pk: `PASSWORD#${id}`, sk: 'META' });
/** Counts active administrators so the last one can never be removed, even by two requests at once. */
const adminCountKey = { pk: 'STATS#users', sk: 'META' };

/** Pending invitees (no `acceptedInviteAt`) cannot sign in, so they do not count as administrators. */
export const isActive = (user: Pick<User, 'acceptedInviteAt'>): boolean => user.acceptedInviteAt !== undefined;
const isActiveAdmin = (user: Pick<User, 'role' | 'acceptedInviteAt'>): boolean =>
  user.role === 'admin' && isActive(user);

const toItem = (user: User) => ({ ...userKey(user.id), gsi1pk: 'USERS', gsi1sk: user.email, entity: 'user', ...user });

const fromItem = (item: Record<string, unknown>): User => {
  // A hash stored on the user item by an earlier version is never handed out with the user.
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, entity: _e, passwordHash, ...user } = item;
  return {
    ...(user as unknown as User),
    hasPassword: user.hasPassword === true || (typeof passwordHash === 'string' && passwordHash !== ''),
  };
};

export const getUser = async (id: string): Promise<User | undefined> => {
  const Item = await getItemConsistent(userKey(id));
  return Item ? fromItem(Item) : undefined;
};

export const getUserByEmail = async (email: string): Promise<User | undefined> => {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: emailKey(email), ConsistentRead: true }),
  );
  return Item ? getUser(String(Item.userId)) : undefined;
};

/**
 * The stored password hash (undefined when none is set); `legacy` when it is still on the user
 * item, where accounts from before hashes had an item of their own keep it until they sign in.
 */
export const getPasswordHash = async (
  user: Pick<User, 'id'>,
): Promise<{ passwordHash: string; legacy: boolean } | undefined> => {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: credentialKey(user.id), ConsistentRead: true }),
  );
  if (typeof Item?.passwordHash === 'string') return { passwordHash: Item.passwordHash, legacy: false };
  const { Item: legacy } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: userKey(user.id),
      ProjectionExpression: 'passwordHash',
      ConsistentRead: true,
    }),
  );
  return typeof legacy?.passwordHash === 'string' && legacy.passwordHash !== ''
    ? { passwordHash: legacy.passwordHash, legacy: true }
    : undefined;
};

/** Every user, by email (gsi1 `USERS`). */
export const listUsers = async (): Promise<User[]> =>
  (
    await queryAll({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :users',
      ExpressionAttributeValues: { ':users': 'USERS' },
    })
  ).map(fromItem);

const adminCountChange = (delta: 1 | -1): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: adminCountKey,
    UpdateExpression: 'ADD adminCount :delta',
    ...(delta < 0
      ? { ConditionExpression: 'adminCount > :one', ExpressionAttributeValues: { ':delta': delta, ':one': 1 } }
      : { ExpressionAttributeValues: { ':delta': delta } }),
  },
});

/**
 * The condition that the user item still has the role and the activity it was read with: the
 * two facts the administrator count depends on.
 */
const asRead = (user: Pick<User, 'role' | 'acceptedInviteAt'>) => ({
  condition: `#role = :readRole AND ${isActive(user) ? 'attribute_exists' : 'attribute_not_exists'}(acceptedInviteAt)`,
  names: { '#role': 'role' },
  values: { ':readRole': user.role },
});

/**
 * For a transaction that acts in someone's role (a review): the user still holds one of `roles`,
 * so a person demoted (or deleted) while their request was under way decides nothing.
 */
export const stillHoldsRole = (userId: string, roles: readonly Role[]): TransactItem => ({
  ConditionCheck: {
    TableName: tableName(),
    Key: userKey(userId),
    ConditionExpression: `#role IN (${roles.map((_, index) => `:role${index}`).join(', ')})`,
    ExpressionAttributeNames: { '#role': 'role' },
    ExpressionAttributeValues: Object.fromEntries(roles.map((role, index) => [`:role${index}`, role])),
  },
});

const credentialPut = (userId: string, passwordHash: string): TransactItem => ({
  Put: { TableName: tableName(), Item: { ...credentialKey(userId), entity: 'credential', userId, passwordHash } },
});

/** Claims a username for the user: free, or already theirs (accounts from before claims hold none). */
const usernameClaimPut = (username: string, userId: string): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: { ...usernameKey(username), entity: 'username-claim', userId },
    ConditionExpression: 'attribute_not_exists(pk) OR userId = :id',
    ExpressionAttributeValues: { ':id': userId },
  },
});

/**
 * Releases the user's claim on a username, if it holds one: accounts from before usernames were
 * claimed hold none, and a claim someone else holds is theirs to keep.
 */
const usernameClaimRelease = async (username: string, userId: string): Promise<TransactItem[]> => {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: usernameKey(username), ConsistentRead: true }),
  );
  if (Item?.userId !== userId) return [];
  return [
    {
      Delete: {
        TableName: tableName(),
        Key: usernameKey(username),
        ConditionExpression: 'userId = :id',
        ExpressionAttributeValues: { ':id': userId },
      },
    },
  ];
};

/** Claims the new username (first item) and releases the old one when they differ other than in case. */
const usernameClaimMove = async (from: string, to: string, userId: string): Promise<TransactItem[]> => [
  usernameClaimPut(to, userId),
  ...(foldUsername(from) === foldUsername(to) ? [] : await usernameClaimRelease(from, userId)),
];

/** An update of the user item, to send alone or in a transaction (see writeAll). */
const userUpdate = (
  id: string,
  update: Omit<NonNullable<TransactItem['Update']>, 'TableName' | 'Key'>,
): TransactItem => ({ Update: { TableName: tableName(), Key: userKey(id), ...update } });

/** Sends the items as one transaction, or as a single write when there is only one. */
const writeAll = async (items: TransactItem[]): Promise<void> => {
  const [only] = items;
  if (items.length === 1 && only?.Update) await dynamo().send(new UpdateCommand(only.Update));
  else await transact(items);
};

/**
 * Sends the items (see writeAll) and names what became of them: `done`; when a condition did not
 * hold, the outcome paired with the first item in `named` (in that order) whose condition failed;
 * otherwise the user changed meanwhile ('stale': read again and decide again).
 */
const writeOutcome = <D, O extends string>(
  items: TransactItem[],
  done: D,
  named: [number, O][],
): Promise<D | O | 'stale'> =>
  conditionalOutcome(
    async () => {
      await writeAll(items);
      return done;
    },
    (failed) => named.find(([index]) => failed.includes(index))?.[1] ?? 'stale',
  );

/** A single conditional write of the user item: false when its condition did not hold. */
const updateUserIf = (id: string, update: Parameters<typeof userUpdate>[1]): Promise<boolean> =>
  conditionalWrite(() => writeAll([userUpdate(id, update)]));

export type CreateOutcome = 'created' | 'email-taken' | 'username-taken';

/**
 * Creates the user with its email and username claims (and its password hash when given),
 * counting it if it is an active administrator.
 */
export const createUser = async (user: User, passwordHash?: string): Promise<CreateOutcome> => {
  const items: TransactItem[] = [
    {
      Put: {
        TableName: tableName(),
        Item: toItem({ ...user, hasPassword: passwordHash !== undefined }),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: { ...emailKey(user.email), entity: 'email-claim', userId: user.id },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    usernameClaimPut(user.username, user.id),
    ...(passwordHash !== undefined ? [credentialPut(user.id, passwordHash)] : []),
    ...(isActiveAdmin(user) ? [adminCountChange(1)] : []),
  ];
  return conditionalOutcome(
    async () => {
      await transact(items);
      return 'created' as const;
    },
    (failed, error) => {
      if (failed.includes(1)) return 'email-taken' as const;
      if (failed.includes(2)) return 'username-taken' as const;
      throw error;
    },
  );
};

/** Whether the username is free (claimed by nobody, or by this user). */
export const isUsernameFree = async (username: string, userId?: string): Promise<boolean> => {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: usernameKey(username), ConsistentRead: true }),
  );
  return !Item || Item.userId === userId;
};

export type ProfileChanges = Pick<User, 'username' | 'firstName' | 'lastName' | 'name'>;

export type ProfileOutcome = { outcome: 'updated'; sessionVersion: number } | { outcome: 'username-taken' | 'stale' };

/**
 * Writes the profile fields alone, moving the username claim when it changes. A new address is
 * only recorded as pending (`pendingEmail`, with the time of its link): the account keeps its
 * email until the link is followed. Asking for one moves `sessionVersion` on, which ends every
 * session made before. The write holds only while the user still has the session version, email
 * and username of `current` ('stale' otherwise: read again and decide again).
 */
export const updateProfile = async (
  current: User,
  changes: ProfileChanges,
  now: string,
  pendingEmail?: string,
): Promise<ProfileOutcome> => {
  const sessionVersion = pendingEmail !== undefined ? current.sessionVersion + 1 : current.sessionVersion;
  const items: TransactItem[] = [
    userUpdate(current.id, {
      UpdateExpression:
        'SET username = :username, firstName = :firstName, lastName = :lastName, #name = :name, ' +
        `updatedAt = :now, sessionVersion = :nextVersion${
          pendingEmail !== undefined ? ', pendingEmail = :pending, pendingEmailRequestedAt = :now' : ''
        }`,
      ConditionExpression: 'sessionVersion = :readVersion AND email = :readEmail AND username = :readUsername',
      ExpressionAttributeNames: { '#name': 'name' },
      ExpressionAttributeValues: {
        ':username': changes.username,
        ':firstName': changes.firstName,
        ':lastName': changes.lastName,
        ':name': changes.name,
        ':now': now,
        ':nextVersion': sessionVersion,
        ':readVersion': current.sessionVersion,
        ':readEmail': current.email,
        ':readUsername': current.username,
        ...(pendingEmail !== undefined && { ':pending': pendingEmail }),
      },
    }),
  ];
  const usernameIndex = items.length;
  // The same name in another case keeps its claim (accounts from before claims get theirs at sign-in).
  if (foldUsername(current.username) !== foldUsername(changes.username)) {
    items.push(...(await usernameClaimMove(current.username, changes.username, current.id)));
  }
  const outcome = await writeOutcome(items, 'updated' as const, [
    [0, 'stale'],
    [usernameIndex, 'username-taken'],
  ]);
  return outcome === 'updated' ? { outcome, sessionVersion } : { outcome };
};

export type EmailConfirmOutcome = 'confirmed' | 'email-taken' | 'stale' | 'link-used';

/**
 * The link sent to the pending address was followed: that address becomes the account's email,
 * proven, and the email claims move with it, in one transaction. It holds only while the user
 * still has the email and the pending address (and link time) read, and uses the link up in the
 * same write (`consumeLink`): a confirmation that fails leaves the link working, one that lands
 * leaves it used. 'email-taken' when someone else holds the new address by now, 'link-used'
 * when the link was used meanwhile.
 */
export const confirmPendingEmail = async (
  user: User,
  now: string,
  consumeLink: TransactItem,
): Promise<EmailConfirmOutcome> => {
  if (user.pendingEmail === undefined || user.pendingEmailRequestedAt === undefined) return 'stale';
  const items: TransactItem[] = [
    userUpdate(user.id, {
      UpdateExpression:
        'SET email = :pending, gsi1sk = :pending, emailVerifiedAt = :now, updatedAt = :now ' +
        'REMOVE pendingEmail, pendingEmailRequestedAt',
      ConditionExpression: 'email = :readEmail AND pendingEmail = :pending AND pendingEmailRequestedAt = :requestedAt',
      ExpressionAttributeValues: {
        ':pending': user.pendingEmail,
        ':now': now,
        ':readEmail': user.email,
        ':requestedAt': user.pendingEmailRequestedAt,
      },
    }),
    {
      Put: {
        TableName: tableName(),
        Item: { ...emailKey(user.pendingEmail), entity: 'email-claim', userId: user.id },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Delete: {
        TableName: tableName(),
        Key: emailKey(user.email),
        ConditionExpression: 'userId = :id',
        ExpressionAttributeValues: { ':id': user.id },
      },
    },
    consumeLink,
  ];
  return writeOutcome(items, 'confirmed' as const, [
    [3, 'link-used'],
    [0, 'stale'],
    [1, 'email-taken'],
  ]);
};

/**
 * Stores a new password hash, and in the same transaction moves the session version on (every
 * session made before ends), voids every reset link and activates a pending invitee (its
 * invitation ends; an administrator is counted from now on). It holds only while the user is
 * as read: same session version, role and activity, and, for a reset, the same newest reset
 * link. Returns the new session version, or undefined when the user changed meanwhile.
 */
export const setPassword = async (
  user: User,
  passwordHash: string,
  now: string,
  options: { resetRequestedAt?: string } = {},
): Promise<number | undefined> => {
  const next = user.sessionVersion + 1;
  const state = asRead(user);
  const activate = !isActive(user);
  const items: TransactItem[] = [
    userUpdate(user.id, {
      UpdateExpression:
        'SET passwordChangedAt = :now, updatedAt = :now, hasPassword = :true, sessionVersion = :next' +
        `${activate ? ', acceptedInviteAt = :now' : ''}` +
        // A reset link reached the address: it is the owner's.
        `${options.resetRequestedAt !== undefined ? ', emailVerifiedAt = :now' : ''}` +
        ' REMOVE passwordHash, resetRequestedAt',
      ConditionExpression: `sessionVersion = :readVersion AND ${state.condition}${
        options.resetRequestedAt !== undefined ? ' AND resetRequestedAt = :resetRequestedAt' : ''
      }`,
      ExpressionAttributeNames: state.names,
      ExpressionAttributeValues: {
        ...state.values,
        ':now': now,
        ':true': true,
        ':next': next,
        ':readVersion': user.sessionVersion,
        ...(options.resetRequestedAt !== undefined && { ':resetRequestedAt': options.resetRequestedAt }),
      },
    }),
    credentialPut(user.id, passwordHash),
    ...(activate && user.role === 'admin' ? [adminCountChange(1)] : []),
  ];
  return (await conditionalWrite(() => transact(items))) ? next : undefined;
};

/**
 * Ends every session of the user at once: the session version moves on, so each session made
 * under the old one (listed or not, however old) is refused from its next request. Only if the
 * version is still the one read; the new version, or undefined when it had moved meanwhile.
 */
export const advanceSessionVersion = async (user: User, now: string): Promise<number | undefined> => {
  const next = user.sessionVersion + 1;
  const advanced = await updateUserIf(user.id, {
    UpdateExpression: 'SET sessionVersion = :next, updatedAt = :now',
    ConditionExpression: 'sessionVersion = :read',
    ExpressionAttributeValues: { ':next': next, ':read': user.sessionVersion, ':now': now },
  });
  return advanced ? next : undefined;
};

/** Records that the user's address is proven, while it is still the one read; false otherwise. */
export const markEmailVerified = async (user: Pick<User, 'id' | 'email'>, at: string): Promise<boolean> =>
  updateUserIf(user.id, {
    UpdateExpression: 'SET emailVerifiedAt = :at',
    ConditionExpression: 'email = :email',
    ExpressionAttributeValues: { ':at': at, ':email': user.email },
  });

/** Records the groups the provider named at a sign-in; false when the user is gone. */
export const recordSsoGroups = async (userId: string, groups: readonly string[]): Promise<boolean> =>
  updateUserIf(userId, {
    UpdateExpression: 'SET ssoGroups = :groups',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':groups': [...groups] },
  });

/**
 * Replaces the user's hub groups with `groups` (one write of the whole list: of two changes at
 * once, the later stands whole); false when the user is gone.
 */
export const setHubGroups = async (userId: string, groups: readonly string[], now: string): Promise<boolean> =>
  updateUserIf(userId, {
    UpdateExpression: 'SET hubGroups = :groups, updatedAt = :now',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':groups': [...groups], ':now': now },
  });

/** Ends every session of the user (the provider signed them out and named no session). */
export const endEverySession = async (userId: string): Promise<void> => {
  await updateUserIf(userId, {
    UpdateExpression: 'ADD sessionVersion :one',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':one': 1 },
  });
};

/** Records the newest reset link of the user: from now on only it resets the password. */
export const recordResetRequest = async (userId: string, requestedAt: string): Promise<void> => {
  await updateUserIf(userId, {
    UpdateExpression: 'SET resetRequestedAt = :at',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':at': requestedAt },
  });
};

/**
 * Changes the role when the user still has the role and activity read, keeping the
 * administrator count (active users only) and ending the user's sessions; false when the user
 * changed meanwhile or when it would demote the last administrator.
 */
export const changeRole = async (user: User, to: Role, now: string): Promise<boolean> => {
  if (user.role === to) return true;
  const state = asRead(user);
  return conditionalWrite(() =>
    transact([
      userUpdate(user.id, {
        // A new role ends the user's sessions (OWASP: a new session at every privilege change).
        UpdateExpression: 'SET #role = :to, updatedAt = :now ADD sessionVersion :one',
        ConditionExpression: state.condition,
        ExpressionAttributeNames: state.names,
        ExpressionAttributeValues: { ...state.values, ':to': to, ':now': now, ':one': 1 },
      }),
      // Only a move into or out of administration changes the count (user and librarian are not counted).
      ...(isActive(user) && (user.role === 'admin') !== (to === 'admin')
        ? [adminCountChange(to === 'admin' ? 1 : -1)]
        : []),
    ]),
  );
};

/**
 * A pending invitee was invited again, perhaps with another role: a new `invitedAt` voids every
 * earlier link. False when the user changed meanwhile or is active by now.
 */
export const refreshInvitation = async (user: User, role: Role, invitedAt: string): Promise<boolean> =>
  updateUserIf(user.id, {
    UpdateExpression: 'SET #role = :role, invitedAt = :at, updatedAt = :at',
    ConditionExpression: 'attribute_not_exists(acceptedInviteAt) AND #role = :readRole',
    ExpressionAttributeNames: { '#role': 'role' },
    ExpressionAttributeValues: { ':role': role, ':at': invitedAt, ':readRole': user.role },
  });

export type AcceptOutcome = 'accepted' | 'stale' | 'username-taken';

/**
 * Activates a pending invitee once: username, password and `acceptedInviteAt`, counting an
 * administrator. 'stale' when the user is no longer as read (accepted, invited again, another
 * role): read again and decide again.
 */
export const acceptInvitation = async (
  user: User,
  username: string,
  passwordHash: string,
  now: string,
): Promise<AcceptOutcome> => {
  if (isActive(user) || user.invitedAt === undefined) return 'stale';
  const items: TransactItem[] = [
    userUpdate(user.id, {
      UpdateExpression:
        'SET username = :username, passwordChangedAt = :now, acceptedInviteAt = :now, updatedAt = :now, ' +
        'emailVerifiedAt = :now, hasPassword = :true REMOVE passwordHash',
      ConditionExpression:
        'attribute_not_exists(acceptedInviteAt) AND invitedAt = :invitedAt AND #role = :readRole AND username = :readUsername',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: {
        ':username': username,
        ':now': now,
        ':true': true,
        ':invitedAt': user.invitedAt,
        ':readRole': user.role,
        ':readUsername': user.username,
      },
    }),
    credentialPut(user.id, passwordHash),
    ...(user.role === 'admin' ? [adminCountChange(1)] : []),
  ];
  const usernameIndex = items.length;
  items.push(...(await usernameClaimMove(user.username, username, user.id)));
  return writeOutcome(items, 'accepted' as const, [
    [0, 'stale'],
    [usernameIndex, 'username-taken'],
  ]);
};

/**
 * Marks an account active that signs in without ever having been (its invitation ends). False
 * when the user changed meanwhile.
 */
export const activateUser = async (user: User, now: string): Promise<boolean> => {
  if (isActive(user)) return true;
  const state = asRead(user);
  return conditionalWrite(() =>
    transact([
      userUpdate(user.id, {
        UpdateExpression: 'SET acceptedInviteAt = :now, updatedAt = :now',
        ConditionExpression: state.condition,
        ExpressionAttributeNames: state.names,
        ExpressionAttributeValues: { ...state.values, ':now': now },
      }),
      ...(user.role === 'admin' ? [adminCountChange(1)] : []),
    ]),
  );
};

/**
 * Brings an account from before hashes and usernames had items of their own up to date: its
 * hash moves to its own item, and its username is claimed if nobody holds it.
 */
export const upgradeLegacyUser = async (user: User, legacyHash: string | undefined): Promise<void> => {
  if (legacyHash) {
    await conditionalWrite(() =>
      transact([
        credentialPut(user.id, legacyHash),
        userUpdate(user.id, {
          UpdateExpression: 'SET hasPassword = :true REMOVE passwordHash',
          ConditionExpression: 'passwordHash = :hash',
          ExpressionAttributeValues: { ':true': true, ':hash': legacyHash },
        }),
      ]),
    );
  }
  await conditionalWrite(() => dynamo().send(new PutCommand(usernameClaimPut(user.username, user.id).Put!)));
};

export type DeleteOutcome = 'deleted' | 'last-admin' | 'stale';

/**
 * Deletes the user with its claims and password, uncounting an active administrator; refused
 * when it would remove the last one, and 'stale' when the user's role or activity changed since
 * it was read.
 */
export const deleteUser = async (user: User): Promise<DeleteOutcome> => {
  const state = asRead(user);
  const items: TransactItem[] = [
    {
      Delete: {
        TableName: tableName(),
        Key: userKey(user.id),
        ConditionExpression: state.condition,
        ExpressionAttributeNames: state.names,
        ExpressionAttributeValues: state.values,
      },
    },
    { Delete: { TableName: tableName(), Key: emailKey(user.email) } },
    ...(await usernameClaimRelease(user.username, user.id)),
    // A pending invitee has no password; leaving its item alone keeps the invitation routes away from hashes.
    ...(user.hasPassword ? [{ Delete: { TableName: tableName(), Key: credentialKey(user.id) } }] : []),
  ];
  const countIndex = items.length;
  if (isActiveAdmin(user)) items.push(adminCountChange(-1));
  return writeOutcome(items, 'deleted' as const, [[countIndex, 'last-admin']]);
};

/**
 * A pending invitee who signed in through single sign-on: the invitation counts as accepted (no
 * password is set), and an invited administrator now counts as one. False when already accepted,
 * re-invited or given another role since `user` was read.
 */
export const acceptInvitationBySingleSignOn = async (user: User, now: string): Promise<boolean> => {
  if (isActive(user) || user.invitedAt === undefined) return false;
  const items: TransactItem[] = [
    userUpdate(user.id, {
      UpdateExpression: 'SET acceptedInviteAt = :now, emailVerifiedAt = :now, updatedAt = :now',
      ConditionExpression: 'attribute_not_exists(acceptedInviteAt) AND invitedAt = :invitedAt AND #role = :readRole',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: { ':now': now, ':invitedAt': user.invitedAt, ':readRole': user.role },
    }),
    ...(user.role === 'admin' ? [adminCountChange(1)] : []),
  ];
  return conditionalWrite(() => writeAll(items));
};
