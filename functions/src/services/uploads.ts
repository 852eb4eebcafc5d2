import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { ulid } from 'ulid';
import { messages } from '#shared/messages';
import {
  ATTACHMENT_MAX_BYTES,
  excelFileTypes,
  fileExtension,
  IMPORT_MAX_BYTES,
  INLINE_FILE_MAX_BYTES,
  INLINE_FILE_MAX_MEGABYTES,
  isAttachmentFileType,
  MEGABYTE,
  UPLOAD_LINK_SECONDS,
  type CreateUploadInput,
  type UploadPurpose,
  type UploadTicket,
} from '#shared/schemas/files';
import { s3 } from '#lib/clients';
import { config } from '#lib/config';
import { Forbidden, Invalid, TooLarge } from '#lib/errors';
import { readPendingBytes } from '#repositories/pending-storage';
import type { User } from '#repositories/users';
import { objectKeySegment, sanitiseFileName } from './file-names';
import { copyFile, deleteFilesOlderThan, fileInfo, listFiles, readFile, type StoredFileHeaders } from './file-store';

/*
 * Presigned uploads: Lambda takes at most 6 MB, so the browser sends a file
 * straight to S3 under `uploads/<userId>/<ulid>/<name>`, then names that key to the endpoint that
 * takes the file. S3 enforces the size range and the content type; the endpoint checks the
 * owner, the real size and the real type again when it claims the upload.
 */

const uploadPrefix = (userId: string): string => `uploads/${userId}/`;
// The name segment is objectKeySegment's: never '.' or '..', never a leading dot.
const UPLOAD_KEY = /^uploads\/[^/]+\/[0-9A-HJKMNP-TV-Z]{26}\/(?!\.)[\w.-]{1,120}$/;

const GENERIC = 'application/octet-stream';

/**
 * The content types an upload of each purpose is stored with, and the only ones it can be claimed
 * with: attachments their own four types, imports the spreadsheet types, component files the
 * generic type (their real type is sniffed from the bytes when claimed). Never text/html or
 * anything else a browser would render.
 */
const uploadTypeAllowed: Record<UploadPurpose, (type: string) => boolean> = {
  attachment: isAttachmentFileType,
  'component-file': (type) => type === GENERIC || isAttachmentFileType(type),
  import: (type) => type === GENERIC || Object.values<string>(excelFileTypes).includes(type),
};

/** The user's pending-storage allowance, in bytes. */
export const pendingStorageQuota = (): number => Math.floor(config().PENDING_STORAGE_QUOTA_MB * MEGABYTE);

/**
 * What the user has waiting: files under review and uploads not yet attached, in bytes; uploads
 * being claimed right now (`claiming`) are left out, since their copies are what is counted next.
 */
export const pendingStorageOf = async (userId: string, claiming: readonly string[] = []): Promise<number> => {
  const [pending, uploads] = await Promise.all([readPendingBytes(userId), listFiles(uploadPrefix(userId))]);
  return pending + uploads.filter((file) => !claiming.includes(file.key)).reduce((sum, file) => sum + file.size, 0);
};

/** The 413 for a user whose waiting files leave no room for `bytes` more. */
export const pendingStorageFull = (usedBytes: number): TooLarge => {
  const message = messages.pendingStorageFull(
    Math.ceil(usedBytes / MEGABYTE),
    Math.floor(pendingStorageQuota() / MEGABYTE),
  );
  return new TooLarge(message, { size: message });
};

/** Refuses (413) when `bytes` more would take the user past their pending-storage allowance. */
export const assertPendingRoom = async (
  userId: string,
  bytes: number,
  claiming: readonly string[] = [],
): Promise<void> => {
  const used = await pendingStorageOf(userId, claiming);
  if (used + bytes > pendingStorageQuota()) throw pendingStorageFull(used);
};

/** A presigned POST for one file: its size range, its fixed content type, five minutes' life. */
export const createUpload = async (user: User, input: CreateUploadInput): Promise<UploadTicket> => {
  const fileName = sanitiseFileName(input.fileName);
  const isImport = input.purpose === 'import';
  // The Excel import's type follows the name (browsers report spreadsheet types inconsistently);
  // a component file is stored as generic bytes whatever the browser says it is.
  const contentType = isImport
    ? (excelFileTypes[fileExtension(fileName) as keyof typeof excelFileTypes] ?? GENERIC)
    : input.purpose === 'component-file'
      ? GENERIC
      : input.fileType;
  if (!uploadTypeAllowed[input.purpose](contentType))
    throw new Invalid(messages.attachmentTypeInvalid, { fileType: messages.attachmentTypeInvalid });
  await assertPendingRoom(user.id, input.size);
  const maxSize = isImport ? IMPORT_MAX_BYTES : ATTACHMENT_MAX_BYTES;
  const uploadKey = `${uploadPrefix(user.id)}${ulid()}/${objectKeySegment(fileName)}`;
  const { url, fields } = await createPresignedPost(s3(), {
    Bucket: config().BUCKET_NAME,
    Key: uploadKey,
    Conditions: [
      ['content-length-range', 1, maxSize],
      ['eq', '$Content-Type', contentType],
    ],
    Fields: { 'Content-Type': contentType },
    Expires: UPLOAD_LINK_SECONDS,
  });
  return {
    url,
    fields,
    uploadKey,
    maxSize,
    expiresAt: new Date(Date.now() + UPLOAD_LINK_SECONDS * 1000).toISOString(),
  };
};

/**
 * Takes over the caller's upload: copies it to `destination` (where the caller can no longer
 * change it, so what is checked next is what is kept). Refuses a key that is not an upload key
 * (400), another user's upload (403) and an upload that is not there (400). The upload object
 * itself stays until the caller has stored what it made of it (`deleteFileQuietly`).
 */
export const checkUploadKey = (user: User, uploadKey: string): void => {
  if (!UPLOAD_KEY.test(uploadKey))
    throw new Invalid(messages.uploadKeyInvalid, { uploadKey: messages.uploadKeyInvalid });
  if (!uploadKey.startsWith(uploadPrefix(user.id)))
    throw new Forbidden(messages.uploadNotYours, { uploadKey: messages.uploadNotYours });
};

const uploadMissing = () => new Invalid(messages.uploadMissing, { uploadKey: messages.uploadMissing });
const uploadWrongKind = () => new Invalid(messages.uploadWrongKind, { uploadKey: messages.uploadWrongKind });

/** The upload's size; refused when it is missing or was stored with a type its purpose does not take. */
export const checkUpload = async (user: User, uploadKey: string, purpose: UploadPurpose): Promise<number> => {
  checkUploadKey(user, uploadKey);
  const info = await fileInfo(uploadKey);
  if (!info) throw uploadMissing();
  if (!uploadTypeAllowed[purpose](info.contentType)) throw uploadWrongKind();
  return info.size;
};

export const claimUpload = async (
  user: User,
  uploadKey: string,
  destination: string,
  headers: StoredFileHeaders,
  purpose: UploadPurpose,
): Promise<void> => {
  await checkUpload(user, uploadKey, purpose);
  if (!(await copyFile(uploadKey, destination, headers))) throw uploadMissing();
};

/** Uploads older than this were never claimed: the bucket's lifecycle rule expires them after a day too. */
export const UPLOAD_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Removes uploads nobody attached within UPLOAD_MAX_AGE_MS. On AWS the bucket's lifecycle rule
 * for `uploads/` does this; the local S3 server has no lifecycle rules, so `npm start` calls it.
 */
export const sweepStaleUploads = (now = new Date()): Promise<number> =>
  deleteFilesOlderThan('uploads/', new Date(now.getTime() - UPLOAD_MAX_AGE_MS));

/**
 * Reads the caller's upload into memory (for files used once and not kept, the Excel import),
 * with the same owner and key checks as claimUpload; an upload over `maxBytes` is refused (413)
 * with `tooLarge`.
 */
export const readUpload = async (
  user: User,
  uploadKey: string,
  maxBytes: number,
  tooLarge: string,
): Promise<Buffer> => {
  checkUploadKey(user, uploadKey);
  const stored = await readFile(uploadKey, maxBytes);
  if (!stored) throw uploadMissing();
  if (!('bytes' in stored)) throw new TooLarge(tooLarge, { uploadKey: tooLarge });
  if (!uploadTypeAllowed.import(stored.contentType)) throw uploadWrongKind();
  return stored.bytes;
};

const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/**
 * The inline `fileData` of the documented call: base64, with or without a `data:<type>;base64,` prefix, at most
 * 4 MB decoded (the size is known from the length before anything is decoded, and `checkSize`
 * sees it first).
 */
export const decodeInlineFile = (fileData: string, checkSize: (size: number) => void = () => undefined): Buffer => {
  const base64 = fileData.replace(/^data:[^,]*;base64,/i, '').replace(/\s+/g, '');
  if (!BASE64.test(base64) || base64.length % 4 === 1)
    throw new Invalid(messages.fileDataInvalid, { fileData: messages.fileDataInvalid });
  const size = Math.floor((base64.replace(/=+$/, '').length * 3) / 4);
  // The caller's own limit first (an attachment over 10 MB says so, not "use an upload").
  checkSize(size);
  if (size > INLINE_FILE_MAX_BYTES) {
    const message = messages.inlineFileTooLarge(INLINE_FILE_MAX_MEGABYTES);
    throw new TooLarge(message, { fileData: message });
  }
  return Buffer.from(base64, 'base64');
};
