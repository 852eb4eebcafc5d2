/**
 * useTestStack(): call it at the top of an integration test file. The file gets its own table
 * and bucket on the run's local stack (scripts/test/global-setup.ts), and process.env points the
 * functions at them, so files can run in parallel without seeing each other's data.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, inject } from 'vitest';
import { CreateTableCommand, DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteBucketCommand, DeleteObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { resetClients } from '#lib/clients';
import { resetConfig } from '#lib/config';
import { createTableInput } from '#repositories/table-definition';
import { applyFunctionEnv, LOCAL_CREDENTIALS, LOCAL_REGION, type LocalEndpoints } from '../local/env.ts';
import { ensureBucket, s3Client } from '../local/s3.ts';
import { fetchSentEmails, type SentEmail } from '../local/ses.ts';
import { startLocalStepFunctions, type LocalStepFunctions } from '../local/step-functions.ts';
import { startLocalLambdaInvoke, type LocalLambdaInvoke } from '../local/lambda-invoke.ts';

export type { SentEmail };

export interface TestStack {
  readonly tableName: string;
  readonly bucketName: string;
  /** This file's sender address: how readEmails tells its emails from other files'. */
  readonly mailFrom: string;
  readonly appUrl: string;
  readonly endpoints: LocalEndpoints;
  /**
   * The run's distributor emulator, which the functions' Digi-Key and Mouser clients use; `tenant`
   * is this file's client id and API key there (faults and counters of its own).
   */
  readonly distributors: { readonly url: string; readonly tenant: string };
  /**
   * Emails this file's code sent through SES, oldest first; with `to`, only those addressed to
   * it (to, cc or bcc; display names and case ignored).
   */
  readEmails(to?: string): Promise<SentEmail[]>;
  /**
   * This file's local Step Functions endpoint (image batches and imports run in this process
   * against this file's table); set once the file's beforeAll ran.
   */
  readonly stepFunctions: () => LocalStepFunctions;
}

export interface TestStackOptions {
  /** Origin the emailed links point at; http://localhost:3000 unless given. */
  readonly appUrl?: string;
  /**
   * 'product': the product's per-user write limits (or what the file sets in WRITE_LIMIT_*), for
   * files that test them; by default they are out of the way, since a test writes as one user far
   * faster than a person would.
   */
  readonly writeLimits?: 'product';
}

export const useTestStack = (options: TestStackOptions = {}): TestStack => {
  const endpoints = inject('localStack');
  if (!endpoints) {
    throw new Error(
      'This file needs the local AWS stack: add it to the integration project in vitest.config.ts (the unit and web projects start no stack).',
    );
  }
  const id = `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
  const tableName = `test-${id}`;
  const bucketName = `test-${id}`;
  const mailFrom = `Component Hub <no-reply-${id}@componenthub.local>`;
  const appUrl = options.appUrl ?? 'http://localhost:3000';
  const distributors = { url: inject('distributorEmulator'), tenant: `test-${id}` };

  // Set at once, not in beforeAll: code that runs while the file is collected sees it too.
  applyFunctionEnv({
    endpoints,
    tableName,
    bucketName,
    appUrl,
    csrfSecret: randomBytes(32).toString('base64url'),
    // The test API stands in for CloudFront, as npm start does (scripts/test/api-client.ts).
    originVerifySecret: randomBytes(32).toString('base64url'),
    ...(options.writeLimits !== 'product' && { writeLimits: 'unlimited' as const }),
    mailFrom,
    distributors: {
      digikey: { apiUrl: distributors.url, clientId: distributors.tenant, clientSecret: 'test-secret' },
      mouser: { apiUrl: distributors.url, apiKey: distributors.tenant },
    },
  });
  resetConfig();
  resetClients();

  const dynamo = (): DynamoDBClient =>
    new DynamoDBClient({ endpoint: endpoints.dynamodb, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });

  let stepFunctions: LocalStepFunctions | undefined;
  let lambdaInvoke: LocalLambdaInvoke | undefined;
  beforeAll(async () => {
    const client = dynamo();
    try {
      const [localSfn, localLambda] = await Promise.all([
        startLocalStepFunctions(),
        // The search function's answers to the other routes (duplicates, exports ...), served in this process.
        startLocalLambdaInvoke(),
        client.send(new CreateTableCommand(createTableInput(tableName))),
        ensureBucket(endpoints.s3, bucketName),
      ]);
      stepFunctions = localSfn;
      lambdaInvoke = localLambda;
      process.env.AWS_ENDPOINT_URL_LAMBDA = localLambda.endpoint;
      process.env.SEARCH_FUNCTION_NAME = localLambda.searchFunctionName;
      process.env.AWS_ENDPOINT_URL_SFN = localSfn.endpoint;
      process.env.IMAGE_BATCH_STATE_MACHINE_ARN = localSfn.stateMachineArn;
      process.env.IMPORT_JOBS_STATE_MACHINE_ARN = localSfn.importStateMachineArn;
      resetConfig();
      resetClients();
    } finally {
      client.destroy();
    }
  });

  afterAll(async () => {
    // Batches still running would write into the table about to go.
    await stepFunctions?.settled();
    await stepFunctions?.stop();
    await lambdaInvoke?.stop();
    const client = dynamo();
    const s3 = s3Client(endpoints.s3);
    try {
      await client.send(new DeleteTableCommand({ TableName: tableName }));
      for (;;) {
        const { Contents = [] } = await s3.send(new ListObjectsV2Command({ Bucket: bucketName }));
        if (Contents.length === 0) break;
        await Promise.all(Contents.map(({ Key }) => s3.send(new DeleteObjectCommand({ Bucket: bucketName, Key }))));
      }
      await s3.send(new DeleteBucketCommand({ Bucket: bucketName }));
    } finally {
      client.destroy();
      s3.destroy();
    }
  });

  return {
    tableName,
    bucketName,
    mailFrom,
    appUrl,
    endpoints,
    distributors,
    readEmails: (to?: string) => fetchSentEmails(endpoints.ses, { from: mailFrom, ...(to !== undefined && { to }) }),
    stepFunctions: () => {
      if (!stepFunctions) throw new Error('The local Step Functions endpoint starts in beforeAll');
      return stepFunctions;
    },
  };
};
