import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { s3 } from '#lib/clients';
import { config } from '#lib/config';
import { logger } from '#lib/logger';
import { contentDisposition } from './file-names';

/*
 * The bucket's file objects (uploads, attachments): the few S3 operations the file services
 * use, in one place. Keys are built by the callers; every key here is one of ours.
 */

/** How long a download link the API redirects to stays valid. */
export const DOWNLOAD_LINK_SECONDS = 120;

export interface StoredFileHeaders {
  contentType: string;
  /** Stored on the object too, so even a raw link downloads rather than renders. */
  fileName: string;
}

const isMissing = (error: unknown): boolean => {
  const { name, $metadata } = (error ?? {}) as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NotFound' || name === 'NoSuchKey' || $metadata?.httpStatusCode === 404;
};

export const putFile = async (key: string, bytes: Uint8Array, headers: StoredFileHeaders): Promise<void> => {
  await s3().send(
    new PutObjectCommand({
      Bucket: config().BUCKET_NAME,
      Key: key,
      Body: bytes,
      ContentType: headers.contentType,
      ContentDisposition: contentDisposition('attachment', headers.fileName),
    }),
  );
};

/** Copies `from` to `to` with new headers; false when `from` does not exist. */
export const copyFile = async (from: string, to: string, headers: StoredFileHeaders): Promise<boolean> => {
  const bucket = config().BUCKET_NAME;
  try {
    await s3().send(
      new CopyObjectCommand({
        Bucket: bucket,
        Key: to,
        CopySource: encodeURI(`${bucket}/${from}`),
        MetadataDirective: 'REPLACE',
        ContentType: headers.contentType,
        ContentDisposition: contentDisposition('attachment', headers.fileName),
      }),
    );
    return true;
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
};

/** A stored file's size and its first `headBytes` bytes (for sniffing its type). */
export const inspectFile = async (key: string, headBytes: number): Promise<{ size: number; head: Uint8Array }> => {
  const bucket = config().BUCKET_NAME;
  const { ContentLength = 0 } = await s3().send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
  if (ContentLength === 0) return { size: 0, head: new Uint8Array() };
  const { Body } = await s3().send(
    new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=0-${headBytes - 1}` }),
  );
  const head = Body ? await Body.transformToByteArray() : new Uint8Array();
  return { size: ContentLength, head: head.subarray(0, headBytes) };
};

/** A stored file's size and declared type; null when it does not exist. */
export const fileInfo = async (key: string): Promise<{ size: number; contentType: string } | null> => {
  try {
    const { ContentLength = 0, ContentType = '' } = await s3().send(
      new HeadObjectCommand({ Bucket: config().BUCKET_NAME, Key: key }),
    );
    return { size: ContentLength, contentType: ContentType.split(';')[0]!.trim().toLowerCase() };
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
};

export interface ListedFile {
  key: string;
  size: number;
  lastModified: Date;
}

/** Every object under `prefix`, page by page. */
export const listFiles = async (prefix: string): Promise<ListedFile[]> => {
  const Bucket = config().BUCKET_NAME;
  const files: ListedFile[] = [];
  let ContinuationToken: string | undefined;
  do {
    const page = await s3().send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
    for (const object of page.Contents ?? []) {
      if (object.Key)
        files.push({ key: object.Key, size: object.Size ?? 0, lastModified: object.LastModified ?? new Date(0) });
    }
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (ContinuationToken);
  return files;
};

/** Whether the object is there (a HEAD; an absent object is false, any other failure throws). */
export const fileExists = async (key: string): Promise<boolean> => {
  try {
    await s3().send(new HeadObjectCommand({ Bucket: config().BUCKET_NAME, Key: key }));
    return true;
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
};

/** Deletes every object under `prefix` last written before `cutoff`; answers how many. */
export const deleteFilesOlderThan = async (prefix: string, cutoff: Date): Promise<number> => {
  const Bucket = config().BUCKET_NAME;
  let deleted = 0;
  let ContinuationToken: string | undefined;
  do {
    const page = await s3().send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
    const stale = (page.Contents ?? []).filter(
      (object) => object.Key && object.LastModified && object.LastModified < cutoff,
    );
    if (stale.length) {
      await s3().send(
        new DeleteObjectsCommand({ Bucket, Delete: { Objects: stale.map(({ Key }) => ({ Key: Key! })), Quiet: true } }),
      );
      deleted += stale.length;
    }
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (ContinuationToken);
  return deleted;
};

/** Deletes a file; a failure is logged, not thrown (what calls it has already succeeded or failed). */
export const deleteFileQuietly = async (key: string, why: string): Promise<void> => {
  await s3()
    .send(new DeleteObjectCommand({ Bucket: config().BUCKET_NAME, Key: key }))
    .catch((error: unknown) => logger.warn(`could not delete ${why}`, { key, error: error as Error }));
};

/**
 * A short-lived link that downloads the file under its name, with its type; `inline` shows it
 * in the browser instead (a PDF's preview), from the bucket's origin, never the app's.
 */
export const downloadUrl = (key: string, headers: StoredFileHeaders, inline = false): Promise<string> =>
  getSignedUrl(
    s3(),
    new GetObjectCommand({
      Bucket: config().BUCKET_NAME,
      Key: key,
      ResponseContentType: headers.contentType,
      ResponseContentDisposition: contentDisposition(inline ? 'inline' : 'attachment', headers.fileName),
    }),
    { expiresIn: DOWNLOAD_LINK_SECONDS },
  );

/** A stored file's bytes; only its size when it is larger than `maxBytes` (not read); null when it does not exist. */
export const readFile = async (
  key: string,
  maxBytes: number,
): Promise<{ bytes: Buffer; contentType: string } | { size: number } | null> => {
  const bucket = config().BUCKET_NAME;
  try {
    const { ContentLength = 0 } = await s3().send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    if (ContentLength > maxBytes) return { size: ContentLength };
    const { Body, ContentType = '' } = await s3().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return {
      bytes: Buffer.from(Body ? await Body.transformToByteArray() : new Uint8Array()),
      contentType: ContentType.split(';')[0]!.trim().toLowerCase(),
    };
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
};
