/**
 * What every benchmark starts from: DynamoDB Local (in memory) and the S3 server on free
 * loopback ports, the functions pointed at them with a table and a bucket of their own, and a
 * signed-in user for calling the handlers.
 */
import { randomUUID } from 'node:crypto';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createTableInput } from '#repositories/table-definition';
import type { User } from '#repositories/users';
import { startDynamoDbLocal } from '../local/dynamodb-local.ts';
import { applyFunctionEnv, cacheDir, LOCAL_CREDENTIALS, LOCAL_REGION } from '../local/env.ts';
import { findFreePort } from '../local/ports.ts';
import { ensureBucket, startS3 } from '../local/s3.ts';
import { createUserWithSession } from '../test/session-user.ts';

export interface BenchStack {
  /** DynamoDB Local's process, for measuring its memory. */
  dynamodbPid: number;
  stop(): Promise<void>;
}

/** Starts the stack and sets process.env for the functions (table and bucket both named `name`). */
export const startBenchStack = async (name: string, log: (message: string) => void): Promise<BenchStack> => {
  const [dynamodb, s3] = await Promise.all([
    findFreePort().then((port) => startDynamoDbLocal({ port, cacheDir: cacheDir(), log })),
    startS3({ port: 0 }),
  ]);
  applyFunctionEnv({
    endpoints: { dynamodb: dynamodb.endpoint, s3: s3.endpoint, ses: 'http://127.0.0.1:9' },
    tableName: name,
    bucketName: name,
    appUrl: 'http://localhost:3000',
    csrfSecret: randomUUID() + randomUUID(),
    // One synthetic user writes for fifty connections: the per-user limits would measure themselves.
    writeLimits: 'unlimited',
  });
  const ddb = new DynamoDBClient({ endpoint: dynamodb.endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
  await ddb.send(new CreateTableCommand(createTableInput(name)));
  ddb.destroy();
  await ensureBucket(s3.endpoint, name);
  return {
    dynamodbPid: dynamodb.pid,
    stop: async () => {
      await Promise.allSettled([dynamodb.stop(), s3.stop()]);
    },
  };
};

/** A user of `role` with a live session; the token is the session cookie's value (`SESSION_COOKIE`). */
export const benchUser = (role: User['role'], label = 'bench'): Promise<{ user: User; token: string }> =>
  createUserWithSession(role, {
    id: randomUUID(),
    email: `${label}@example.com`,
    username: label,
    name: 'Bench',
    firstName: 'Bench',
    lastName: '',
  });
