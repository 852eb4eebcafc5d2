/** An S3 API on loopback: s3rver, run in this process, storing objects as files. */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { CreateBucketCommand, HeadBucketCommand, PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './env.ts';
import { LOOPBACK } from './ports.ts';

export interface LocalS3Options {
  /** 0 picks a free port. */
  readonly port: number;
  /** Where objects are kept; a temporary directory (removed on stop) when absent. */
  readonly directory?: string;
  readonly host?: string;
}

export interface LocalS3 {
  readonly endpoint: string;
  readonly port: number;
  readonly directory: string;
  stop(): Promise<void>;
}

export const startS3 = async (options: LocalS3Options): Promise<LocalS3> => {
  const host = options.host ?? LOOPBACK;
  const temporary = options.directory === undefined;
  const directory = options.directory ?? (await mkdtemp(join(tmpdir(), 'component-hub-s3-')));
  await mkdir(directory, { recursive: true });

  const server = new S3rver({
    address: host,
    port: options.port,
    directory,
    silent: true,
    // Buckets are addressed by path (S3_FORCE_PATH_STYLE), never by host name.
    vhostBuckets: false,
  });
  const address = await server.run();

  return {
    endpoint: `http://${host}:${address.port}`,
    port: address.port,
    directory,
    stop: async () => {
      // The AWS SDK keeps connections alive; do not wait for them to time out.
      server.httpServer?.closeIdleConnections();
      const closing = server.close();
      server.httpServer?.closeAllConnections();
      await closing;
      if (temporary) await rm(directory, { recursive: true, force: true });
    },
  };
};

export const s3Client = (endpoint: string): S3Client =>
  new S3Client({
    endpoint,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

/**
 * Creates the bucket unless it exists. With `corsOrigins`, lets those pages send files straight
 * to it (presigned POST uploads), as the deployed bucket's CORS rule does.
 */
export const ensureBucket = async (
  endpoint: string,
  bucket: string,
  options: { corsOrigins?: readonly string[] } = {},
): Promise<{ created: boolean }> => {
  const client = s3Client(endpoint);
  try {
    let created = false;
    try {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    } catch (error) {
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode !== 404) throw error;
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      created = true;
    }
    if (options.corsOrigins?.length) {
      await client.send(
        new PutBucketCorsCommand({
          Bucket: bucket,
          CORSConfiguration: {
            CORSRules: [
              {
                AllowedOrigins: [...options.corsOrigins],
                AllowedMethods: ['GET', 'HEAD', 'PUT', 'POST'],
                AllowedHeaders: ['*'],
                ExposeHeaders: ['ETag'],
                MaxAgeSeconds: 3000,
              },
            ],
          },
        }),
      );
    }
    return { created };
  } finally {
    client.destroy();
  }
};
