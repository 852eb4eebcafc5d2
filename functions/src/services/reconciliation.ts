import { config } from '#lib/config';
import { logger } from '#lib/logger';
import { markAttachmentMissing } from '#repositories/attachments';
import { scanStorageReferences, type StorageReferences } from '#repositories/storage-references';
import { discardAttachment } from './attachment-files';
import { deleteFileQuietly, deleteFilesOlderThan, listFiles, type ListedFile } from './file-store';
import { sweepStaleUploads } from './uploads';

/*
 * The bucket and the table kept in step. Writes are made so that a failure leaves at worst a
 * file without its row (never a row whose file was deleted on a guess), and some leftovers are
 * only ever cleaned up after the fact (a request closed while its files were being deleted, a
 * process killed mid-write). This pass, run on a schedule (AWS: the jobs stack's reconciliation
 * function; locally at start and hourly), looks at every prefix of the bucket:
 *
 * - `uploads/<user>/...`: no row ever; older than a day, never attached: deleted.
 * - `attachments/<componentId>/<attachmentId>/...`: an object without its row is deleted; a row
 *   without its object is marked missing (the list and the download say so) and reported; the row
 *   and file of an attachment whose request was rejected or withdrawn are deleted.
 * - `requests/<requestId>/...`: deleted when the request does not exist, was closed without being
 *   applied, or does not name the object (a copy from an attempt that lost); an open or approved
 *   request naming an object that is gone is reported.
 * - `components/<id>/...`: files of parts (seeded, or approved ones), kept even when the part is
 *   deleted (its versions still name them): reported, never deleted; a part naming a missing
 *   object is reported.
 * - `search/`: the search index snapshot, no rows.
 * - `imports/<importId>/...`: an Excel import's workbook and preview, kept as long as the import
 *   (30 days, the bucket's lifecycle rule on AWS): older ones deleted. Anything else is reported.
 *
 * Objects younger than the grace period are left alone: their write may still be in flight. A
 * user's count of bytes waiting for review that differs from what the rows say is reported (it
 * moves only in the transactions that move the rows, so a difference means something else wrote).
 */

export interface Reconciliation {
  objectsChecked: number;
  rowsChecked: number;
  /** What was changed, one line each. */
  repaired: { what: string; key: string }[];
  /** What needs a person (nothing could be done automatically), one line each. */
  reported: { what: string; key: string }[];
}

const ATTACHMENT_KEY = /^attachments\/(\d+)\/([0-9A-HJKMNP-TV-Z]{26})\//;
const REQUEST_KEY = /^requests\/([0-9A-HJKMNP-TV-Z]{26})\//;
const KNOWN_PREFIXES = ['uploads/', 'attachments/', 'requests/', 'components/', 'search/', 'imports/'];
/** An import and its files are kept this long (the table's TTL and the bucket's rule say the same). */
const IMPORT_FILES_DAYS = 30;

const isWebAddress = (value: string): boolean => /^https?:\/\//i.test(value);

export const reconcileStorage = async (options: { now?: Date; graceMs?: number } = {}): Promise<Reconciliation> => {
  const now = options.now ?? new Date();
  const graceMs = options.graceMs ?? config().RECONCILE_GRACE_MINUTES * 60_000;
  const settled = (file: ListedFile) => now.getTime() - file.lastModified.getTime() >= graceMs;
  const result: Reconciliation = { objectsChecked: 0, rowsChecked: 0, repaired: [], reported: [] };
  const repaired = (what: string, key: string) => {
    result.repaired.push({ what, key });
    logger.info('reconciliation repaired', { what, key });
  };
  const reported = (what: string, key: string) => {
    result.reported.push({ what, key });
    logger.warn('reconciliation found', { what, key });
  };

  const sweptUploads = await sweepStaleUploads(now);
  if (sweptUploads) repaired(`${sweptUploads} uploads never attached, older than a day`, 'uploads/');

  const oldImports = await deleteFilesOlderThan('imports/', new Date(now.getTime() - IMPORT_FILES_DAYS * 86_400_000));
  if (oldImports) repaired(`${oldImports} files of imports older than ${IMPORT_FILES_DAYS} days`, 'imports/');

  const files = (await listFiles('')).filter((file) => !file.key.startsWith('uploads/'));
  const rows: StorageReferences = await scanStorageReferences();
  result.objectsChecked = files.length;
  result.rowsChecked = rows.attachments.length + rows.requests.length + rows.components.length;
  const present = new Set(files.map((file) => file.key));
  const requests = new Map(rows.requests.map((request) => [request.id, request]));
  const attachmentsByKey = new Map(rows.attachments.map((attachment) => [attachment.objectKey, attachment]));
  const componentFiles = new Set(rows.components.flatMap((component) => component.files));
  const isClosedUnapplied = (status: string | undefined) =>
    status !== undefined && status !== 'pending' && status !== 'approved';

  for (const file of files) {
    if (file.key.startsWith('attachments/')) {
      if (!attachmentsByKey.has(file.key) && ATTACHMENT_KEY.test(file.key) && settled(file)) {
        await deleteFileQuietly(file.key, 'an attachment object without its row');
        repaired('attachment object without a row: deleted', file.key);
      } else if (!ATTACHMENT_KEY.test(file.key)) reported('object under attachments/ not named like one', file.key);
    } else if (file.key.startsWith('requests/')) {
      const requestId = REQUEST_KEY.exec(file.key)?.[1];
      const request = requestId ? requests.get(requestId) : undefined;
      const named = request && Object.values(request.data).includes(file.key);
      if (!requestId) reported('object under requests/ not named like one', file.key);
      else if (isClosedUnapplied(request?.status) || (settled(file) && !named)) {
        await deleteFileQuietly(file.key, 'a request file nothing will use');
        repaired(
          request ? `file of a ${request.status} request, or not named by it: deleted` : 'file of no request: deleted',
          file.key,
        );
      }
    } else if (file.key.startsWith('components/')) {
      if (!componentFiles.has(file.key)) reported('component file no part names (a deleted part?)', file.key);
    } else if (!KNOWN_PREFIXES.some((prefix) => file.key.startsWith(prefix))) {
      reported('object under an unknown prefix', file.key);
    }
  }

  for (const attachment of rows.attachments) {
    const request = attachment.requestId ? requests.get(attachment.requestId) : undefined;
    if (!attachment.isApproved && isClosedUnapplied(request?.status)) {
      await discardAttachment(attachment.componentId, attachment.id);
      repaired(`attachment of a ${request!.status} request: row and file deleted`, attachment.objectKey);
    } else if (!present.has(attachment.objectKey)) {
      if (!attachment.fileMissing) await markAttachmentMissing(attachment.componentId, attachment.id);
      reported('attachment row without its file: marked missing', attachment.objectKey);
    }
  }

  for (const request of rows.requests) {
    if (request.status !== 'pending' && request.status !== 'approved') continue;
    for (const value of Object.values(request.data)) {
      if (typeof value === 'string' && value.startsWith(`requests/${request.id}/`) && !present.has(value))
        reported(`${request.status} request names a file that is gone`, value);
    }
  }
  for (const component of rows.components) {
    for (const key of component.files)
      if (!isWebAddress(key) && !present.has(key)) reported(`part ${component.id} names a file that is gone`, key);
  }

  // What each user has waiting, by the rows: pending attachments and pending requests' files.
  const waiting = new Map<string, number>();
  for (const request of rows.requests) {
    if (request.status === 'pending' && request.pendingBytes)
      waiting.set(request.userId, (waiting.get(request.userId) ?? 0) + request.pendingBytes);
  }
  for (const userId of new Set([...waiting.keys(), ...rows.pendingBytes.keys()])) {
    const counted = rows.pendingBytes.get(userId) ?? 0;
    const actual = waiting.get(userId) ?? 0;
    // (A write landing between the scan's pages can show a passing difference; a real one stays.)
    if (counted !== actual)
      reported(`pending storage of user ${userId}: ${counted} bytes counted, ${actual} waiting`, `QUOTA#${userId}`);
  }

  logger.info('reconciliation done', {
    objectsChecked: result.objectsChecked,
    rowsChecked: result.rowsChecked,
    repaired: result.repaired.length,
    reported: result.reported.length,
  });
  return result;
};
