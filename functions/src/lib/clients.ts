import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { SESClient } from '@aws-sdk/client-ses';
import { S3Client } from '@aws-sdk/client-s3';
import { SFNClient } from '@aws-sdk/client-sfn';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { config } from './config';
import { addIdentityKeyGuard } from './identity-key-guard';

/*
 * One client of each kind per container, created on first use. Endpoints come from the
 * standard AWS_ENDPOINT_URL_* variables, so the same code talks to AWS, LocalStack or the
 * local servers.
 */
let documentClient: DynamoDBDocumentClient | undefined;
let sesClient: SESClient | undefined;
let s3Client: S3Client | undefined;
let sfnClient: SFNClient | undefined;
let secretsClient: SecretsManagerClient | undefined;
let lambdaClient: LambdaClient | undefined;

/**
 * A service that does not answer must fail the request well inside the function's 10 s timeout,
 * so the caller gets a 503 rather than a dead Lambda. The SDK's default waits for ever, and its
 * request timeout only logs unless told to throw. `requestTimeout` is the socket's idle time, not
 * the whole exchange, so a large snapshot download is not cut off. With the SDK's three attempts
 * a silent DynamoDB costs at most about 3 × 1.5 s plus backoff (a longer idle time would pass the
 * function's 10 s; faults.test.ts measures it).
 */
export const CLIENT_TIMEOUTS = {
  dynamodb: { connectionTimeout: 1_000, requestTimeout: 1_500, throwOnRequestTimeout: true },
  s3: { connectionTimeout: 1_000, requestTimeout: 2_500, throwOnRequestTimeout: true },
  ses: { connectionTimeout: 1_000, requestTimeout: 2_500, throwOnRequestTimeout: true },
  secretsManager: { connectionTimeout: 1_000, requestTimeout: 2_500, throwOnRequestTimeout: true },
  sfn: { connectionTimeout: 1_000, requestTimeout: 2_500, throwOnRequestTimeout: true },
  // The search function answers after its work (an export writes a whole file): a route's 29 s at most.
  lambda: { connectionTimeout: 1_000, requestTimeout: 28_000, throwOnRequestTimeout: true },
} as const;

export type ClientService = keyof typeof CLIENT_TIMEOUTS;

/**
 * Set by the local stack (`npm start`) and the tests, never on AWS: how many milliseconds a call
 * to DynamoDB, S3, SES, Secrets Manager or Step Functions may wait. Those services then run on a developer's
 * machine, where a busy moment holds an answer for seconds and the limits above would fail a seed
 * or a large import that is merely slow.
 */
export const CLIENT_TIMEOUT_VARIABLE = 'CLIENT_TIMEOUT_MS';

/** The timeouts a client of `service` gets: the deployed limits, or the local stack's when it set them. */
export const clientTimeouts = (
  service: ClientService,
  env: NodeJS.ProcessEnv = process.env,
): { connectionTimeout: number; requestTimeout: number; throwOnRequestTimeout: true } => {
  const raw = env[CLIENT_TIMEOUT_VARIABLE]?.trim();
  if (!raw) return CLIENT_TIMEOUTS[service];
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 1) {
    throw new Error(`${CLIENT_TIMEOUT_VARIABLE} must be a whole number of milliseconds, not "${raw}"`);
  }
  return { connectionTimeout: ms, requestTimeout: ms, throwOnRequestTimeout: true };
};

export const dynamo = (): DynamoDBDocumentClient => {
  if (!documentClient) {
    documentClient = DynamoDBDocumentClient.from(new DynamoDBClient({ requestHandler: clientTimeouts('dynamodb') }), {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    });
    // Locally, what IAM refuses a route on AWS is refused here too (DynamoDB Local has no IAM).
    if (config().IDENTITY_KEY_GUARD) addIdentityKeyGuard(documentClient.middlewareStack);
  }
  return documentClient;
};

export const ses = (): SESClient => (sesClient ??= new SESClient({ requestHandler: clientTimeouts('ses') }));

export const s3 = (): S3Client =>
  (s3Client ??= new S3Client({ forcePathStyle: config().S3_FORCE_PATH_STYLE, requestHandler: clientTimeouts('s3') }));

/** Step Functions (image batches); AWS_ENDPOINT_URL_SFN points it at the local endpoint. */
export const sfn = (): SFNClient => (sfnClient ??= new SFNClient({ requestHandler: clientTimeouts('sfn') }));

/** Secrets Manager, read through lib/secrets (cached there). */
export const secretsManager = (): SecretsManagerClient =>
  (secretsClient ??= new SecretsManagerClient({ requestHandler: clientTimeouts('secretsManager') }));

/**
 * Lambda, for asking the search function (the one holder of the index); AWS_ENDPOINT_URL_LAMBDA
 * points it at the local endpoint. One attempt: a retried export would write its file twice.
 */
export const lambda = (): LambdaClient =>
  (lambdaClient ??= new LambdaClient({ requestHandler: clientTimeouts('lambda'), maxAttempts: 1 }));

/** Drops the cached clients, for tests that point the environment at another stack. */
export const resetClients = (): void => {
  documentClient = undefined;
  sesClient = undefined;
  s3Client = undefined;
  sfnClient = undefined;
  secretsClient = undefined;
  lambdaClient = undefined;
};
