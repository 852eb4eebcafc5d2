import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { Need } from '#shared/routes';
import { addIdentityKeyGuard, withRouteNeeds } from './identity-key-guard';

/*
 * The local stand-in for the per-route IAM denies: requests a route's needs do not cover are
 * refused before they leave, as IAM refuses them on AWS. Nothing is sent here: a last
 * middleware answers every request that gets past the guard.
 */
const client = (() => {
  const doc = DynamoDBDocumentClient.from(
    new DynamoDBClient({ region: 'us-east-1', credentials: { accessKeyId: 'a', secretAccessKey: 'b' } }),
  );
  addIdentityKeyGuard(doc.middlewareStack);
  doc.middlewareStack.add((() => async () => ({ output: { $metadata: {} } })) as never, {
    step: 'initialize',
    priority: 'low',
    name: 'answerOffline',
  });
  return doc;
})();

const outcome = async (needs: readonly Need[] | undefined, command: object) => {
  const send = () => client.send(command as never);
  try {
    await (needs === undefined ? send() : withRouteNeeds('TEST /route', needs, send));
    return 'sent';
  } catch (error) {
    return (error as Error).name;
  }
};

const key = (pk: string) => ({ TableName: 't', Key: { pk, sk: 'META' } });

describe('identity key guard', () => {
  it('lets every route look a session up and slide it, but not start or end one', async () => {
    expect(await outcome([], new GetCommand(key('SESSION#abc')))).toBe('sent');
    expect(
      await outcome([], new UpdateCommand({ ...key('SESSION#abc'), UpdateExpression: 'SET lastSeenAt = :n' })),
    ).toBe('sent');
    expect(await outcome([], new PutCommand({ TableName: 't', Item: { pk: 'SESSION#abc', sk: 'META' } }))).toBe(
      'AccessDeniedException',
    );
    expect(
      await outcome(['sessions'], new PutCommand({ TableName: 't', Item: { pk: 'SESSION#abc', sk: 'META' } })),
    ).toBe('sent');
  });

  it('keeps hashes and tokens from routes without the need, in transactions, queries and batches too', async () => {
    expect(await outcome([], new GetCommand(key('PASSWORD#u1')))).toBe('AccessDeniedException');
    expect(await outcome(['credentials'], new GetCommand(key('PASSWORD#u1')))).toBe('sent');
    const transaction = new TransactWriteCommand({
      TransactItems: [
        { Update: { ...key('USER#u1'), UpdateExpression: 'SET a = :a' } },
        { Put: { TableName: 't', Item: { pk: 'PASSWORD#u1', sk: 'META' } } },
      ],
    });
    expect(await outcome(['email-tokens'], transaction)).toBe('AccessDeniedException');
    expect(await outcome(['credentials'], transaction)).toBe('sent');
    const query = new QueryCommand({
      TableName: 't',
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': 'RESET#x' },
    });
    expect(await outcome([], query)).toBe('AccessDeniedException');
    expect(await outcome(['email-tokens'], query)).toBe('sent');
    // A user's sessions are listed through gsi1 under the sessions' own prefix.
    const sessionsOfUser = new QueryCommand({
      TableName: 't',
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': 'SESSION#USER#u1' },
    });
    expect(await outcome([], sessionsOfUser)).toBe('AccessDeniedException');
    expect(await outcome(['sessions'], sessionsOfUser)).toBe('sent');
    const everyUser = new QueryCommand({
      TableName: 't',
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :users',
      ExpressionAttributeValues: { ':users': 'USERS' },
    });
    expect(await outcome([], everyUser)).toBe('sent');
    const batch = new BatchGetCommand({
      RequestItems: {
        t: {
          Keys: [
            { pk: 'COMP#1', sk: 'META' },
            { pk: 'INVITE#y', sk: 'META' },
          ],
        },
      },
    });
    expect(await outcome(['credentials', 'sessions'], batch)).toBe('AccessDeniedException');
    expect(await outcome([], new GetCommand(key('COMP#1')))).toBe('sent');
  });

  it('keeps second factors from routes without the need, and pending sign-ins from routes that start no session', async () => {
    const totp = new GetCommand({ TableName: 't', Key: { pk: 'FACTOR#u1', sk: 'TOTP' } });
    expect(await outcome(['credentials', 'sessions'], totp)).toBe('AccessDeniedException');
    expect(await outcome(['second-factor'], totp)).toBe('sent');
    const pending = new GetCommand(key('SIGNIN#abc'));
    // Unlike a session, a pending sign-in is not even looked up by routes without the need.
    expect(await outcome(['second-factor'], pending)).toBe('AccessDeniedException');
    expect(await outcome(['sessions'], pending)).toBe('sent');
    const reset = new TransactWriteCommand({
      TransactItems: [
        { Update: { ...key('USER#u1'), UpdateExpression: 'ADD sessionVersion :one' } },
        { Delete: { TableName: 't', Key: { pk: 'FACTOR#u1', sk: 'RECOVERY' } } },
      ],
    });
    expect(await outcome(['mail'], reset)).toBe('AccessDeniedException');
    expect(await outcome(['mail', 'second-factor'], reset)).toBe('sent');
  });

  it('refuses a Scan to every route, and checks nothing outside a route (jobs, seeds, tests)', async () => {
    expect(await outcome(['credentials', 'email-tokens', 'sessions'], new ScanCommand({ TableName: 't' }))).toBe(
      'AccessDeniedException',
    );
    expect(await outcome(undefined, new GetCommand(key('PASSWORD#u1')))).toBe('sent');
  });
});
