import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { SESClient } from '@aws-sdk/client-ses';
import { S3Client } from '@aws-sdk/client-s3';
import { SFNClient } from '@aws-sdk/client-sfn';
import { config } from './config';

/*
 * One client of each kind per container, created on first use. Endpoints come from the
 * standard AWS_ENDPOINT_URL_* variables, so the same code talks to AWS, LocalStack or the
 * local servers.
 */
let documentClient: DynamoDBDocumentClient | undefined;
let sesClient: SESClient | undefined;
let s3Client: S3Client | undefined;
let sfnClient: SFNClient | undefined;

export const dynamo = (): DynamoDBDocumentClient =>
  (documentClient ??= DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  }));

export const ses = (): SESClient => (sesClient ??= new SESClient({}));

export const s3 = (): S3Client => (s3Client ??= new S3Client({ forcePathStyle: config().S3_FORCE_PATH_STYLE }));

/** Step Functions (image batches); AWS_ENDPOINT_URL_SFN points it at the local endpoint. */
export const sfn = (): SFNClient => (sfnClient ??= new SFNClient({}));

/** Drops the cached clients, for tests that point the environment at another stack. */
export const resetClients = (): void => {
  documentClient = undefined;
  sesClient = undefined;
  s3Client = undefined;
  sfnClient = undefined;
};
