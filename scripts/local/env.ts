import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { writeLimitKinds } from '#shared/routes';
import { writeLimitVariable } from '#lib/config';

/** A bad setting in the environment: reported with its message alone, no stack trace. */
export class SettingError extends Error {
  override name = 'SettingError';
}

/** The repository root (this file is scripts/local/env.ts). */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Credentials for every local service. s3rver only accepts its own built-in key pair; DynamoDB
 * Local (with -sharedDb) and the SES server accept anything, so one pair serves all three.
 */
export const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;
export const LOCAL_REGION = 'us-east-1';

export const DEFAULT_TABLE_NAME = 'component-hub';
import { LOCAL_CATALOGUE_LANGUAGES } from './local-languages.ts';

export { LOCAL_CATALOGUE_LANGUAGES };
export const DEFAULT_BUCKET_NAME = 'component-hub-attachments';
/**
 * How long the functions' AWS clients wait for the local servers (CLIENT_TIMEOUT_MS). Deployed
 * functions give up after 1.5 to 2.5 s so a silent service answers 503 inside the Lambda's 10 s;
 * on a laptop or a test machine shared with other work a healthy DynamoDB Local can take longer,
 * and a seed or import must not fail for that.
 */
export const LOCAL_CLIENT_TIMEOUT_MS = 30_000;

export const DEFAULT_MAIL_FROM = 'Component Hub <no-reply@componenthub.local>';

/** DATA_DIR (default `.local` in the repository), resolved against the repository root. */
export const dataDir = (env: NodeJS.ProcessEnv = process.env): string =>
  resolve(repoRoot, env.DATA_DIR?.trim() || '.local');

/** Where downloads (DynamoDB Local) are cached; shared by `npm start` and the tests. */
export const cacheDir = (env: NodeJS.ProcessEnv = process.env): string => resolve(dataDir(env), 'cache');

export interface LocalEndpoints {
  readonly dynamodb: string;
  readonly s3: string;
  readonly ses: string;
}

export interface FunctionEnvInput {
  readonly endpoints: LocalEndpoints;
  readonly tableName: string;
  readonly bucketName: string;
  readonly appUrl: string;
  readonly csrfSecret: string;
  /** The secret the local edge (the API gateway in edge mode) adds to every API request, as CloudFront does. */
  readonly originVerifySecret?: string;
  readonly mailFrom?: string;
  /** Where the distributor clients go (the local emulator) and with what credentials; unset leaves the environment's. */
  readonly distributors?: DistributorEnv;
  /** The local Step Functions endpoint (scripts/local/step-functions.ts) that runs image batches and imports. */
  readonly stepFunctions?: {
    readonly endpoint: string;
    readonly stateMachineArn: string;
    readonly importStateMachineArn?: string;
  };
  /** The local Lambda Invoke endpoint (scripts/local/lambda-invoke.ts) that serves the search function's internal answers. */
  readonly searchHolder?: {
    readonly endpoint: string;
    readonly functionName: string;
  };
  /**
   * 'unlimited': per-user write allowances no run meets, for tests and benchmarks that are not
   * about them (one synthetic user writes far faster than a person); unset: the product's defaults.
   */
  readonly writeLimits?: 'unlimited';
  /** Single sign-on through the local OpenID provider (scripts/local/oidc-provider.ts). */
  readonly sso?: LocalSsoEnv;
}

export interface LocalSsoEnv {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly adminGroups: string;
  readonly librarianGroups: string;
  readonly allowedDomains: string;
  readonly label: string;
}

/** Every WRITE_LIMIT_<KIND> set far beyond what any test or benchmark does. */
export const unlimitedWriteLimits = (): Record<string, string> =>
  Object.fromEntries(writeLimitKinds.map((kind) => [writeLimitVariable(kind), '1000000/100000000']));

export interface DistributorEnv {
  readonly digikey?: { readonly apiUrl: string; readonly clientId: string; readonly clientSecret: string };
  readonly mouser?: { readonly apiUrl: string; readonly apiKey: string };
}

/**
 * The environment the Lambda handlers read, pointed at the local servers. Used by `npm start`
 * and by the test stack, so the two never drift apart.
 */
export const functionEnv = (input: FunctionEnvInput): Record<string, string> => ({
  TABLE_NAME: input.tableName,
  BUCKET_NAME: input.bucketName,
  MAIL_FROM: input.mailFrom ?? DEFAULT_MAIL_FROM,
  APP_URL: input.appUrl,
  CSRF_SECRET: input.csrfSecret,
  CATALOGUE_LANGUAGES: process.env.CATALOGUE_LANGUAGES?.trim() || LOCAL_CATALOGUE_LANGUAGES,
  ...(input.originVerifySecret && { ORIGIN_VERIFY_SECRET: input.originVerifySecret }),
  // DynamoDB Local evaluates no IAM: the per-route identity denies are enforced in the client.
  IDENTITY_KEY_GUARD: 'true',
  AWS_REGION: LOCAL_REGION,
  AWS_DEFAULT_REGION: LOCAL_REGION,
  AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
  AWS_ENDPOINT_URL_DYNAMODB: input.endpoints.dynamodb,
  AWS_ENDPOINT_URL_S3: input.endpoints.s3,
  AWS_ENDPOINT_URL_SES: input.endpoints.ses,
  AWS_ENDPOINT_URL_SESV2: input.endpoints.ses,
  S3_FORCE_PATH_STYLE: 'true',
  // s3rver does not understand the aws-chunked uploads (with a CRC32 trailer) that the SDK
  // sends for streamed bodies by default: it would store the chunk framing inside the object.
  AWS_REQUEST_CHECKSUM_CALCULATION: 'WHEN_REQUIRED',
  AWS_RESPONSE_CHECKSUM_VALIDATION: 'WHEN_REQUIRED',
  CLIENT_TIMEOUT_MS: String(LOCAL_CLIENT_TIMEOUT_MS),
  // No instance metadata service on a laptop; do not wait for one.
  AWS_EC2_METADATA_DISABLED: 'true',
  ...(input.distributors?.digikey && {
    DIGIKEY_API_URL: input.distributors.digikey.apiUrl,
    DIGIKEY_CLIENT_ID: input.distributors.digikey.clientId,
    DIGIKEY_CLIENT_SECRET: input.distributors.digikey.clientSecret,
  }),
  ...(input.stepFunctions && {
    AWS_ENDPOINT_URL_SFN: input.stepFunctions.endpoint,
    IMAGE_BATCH_STATE_MACHINE_ARN: input.stepFunctions.stateMachineArn,
    ...(input.stepFunctions.importStateMachineArn && {
      IMPORT_JOBS_STATE_MACHINE_ARN: input.stepFunctions.importStateMachineArn,
    }),
  }),
  ...(input.sso && {
    OIDC_ISSUER: input.sso.issuer,
    OIDC_CLIENT_ID: input.sso.clientId,
    OIDC_CLIENT_SECRET: input.sso.clientSecret,
    OIDC_SCOPES: 'openid email profile groups',
    OIDC_ADMIN_GROUPS: input.sso.adminGroups,
    OIDC_LIBRARIAN_GROUPS: input.sso.librarianGroups,
    OIDC_ALLOWED_DOMAINS: input.sso.allowedDomains,
    OIDC_BUTTON_LABEL: input.sso.label,
  }),
  ...(input.searchHolder && {
    AWS_ENDPOINT_URL_LAMBDA: input.searchHolder.endpoint,
    SEARCH_FUNCTION_NAME: input.searchHolder.functionName,
  }),
  ...(input.distributors?.mouser && {
    MOUSER_API_URL: input.distributors.mouser.apiUrl,
    MOUSER_API_KEY: input.distributors.mouser.apiKey,
  }),
  ...(input.writeLimits === 'unlimited' && unlimitedWriteLimits()),
});

/** Applies functionEnv to process.env and removes settings that would point elsewhere. */
export const applyFunctionEnv = (input: FunctionEnvInput, env: NodeJS.ProcessEnv = process.env): void => {
  for (const name of [
    'AWS_PROFILE',
    'AWS_SESSION_TOKEN',
    'AWS_ENDPOINT_URL',
    'CSRF_SECRET_ARN',
    'ORIGIN_VERIFY_SECRET',
    'ORIGIN_VERIFY_SECRET_ARN',
    ...writeLimitKinds.map(writeLimitVariable),
  ])
    delete env[name];
  if (input.sso) {
    for (const name of ['OIDC_CLIENT_SECRET_ARN', 'OIDC_ALLOWED_GROUPS', 'OIDC_GROUPS_CLAIM', 'OIDC_REDIRECT_URI']) {
      delete env[name];
    }
  }
  Object.assign(env, functionEnv(input));
};
