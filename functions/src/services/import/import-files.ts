import type { ImportRowReport } from '#shared/schemas/import';
import { fileExtension } from '#shared/schemas/files';
import { putFile, readFile } from '../file-store';
import type { PreviewRow } from './preview';

/*
 * An import's files in the bucket, under `imports/<id>/` (the bucket's lifecycle rule removes
 * them after 30 days, as the table's TTL removes the import): the workbook itself, kept for
 * previewing again with other columns, and each preview's rows, one JSON object per slice, so a
 * commit task or a page of the report reads only the slice it needs.
 */

const pad = (value: number) => String(value).padStart(5, '0');

export const workbookKey = (importId: string, fileName: string): string =>
  `imports/${importId}/workbook${fileExtension(fileName)}`;

export const previewPrefix = (importId: string, previewVersion: number): string =>
  `imports/${importId}/preview-${previewVersion}`;

const sliceKey = (prefix: string, slice: number) => `${prefix}/${pad(slice)}.json`;

/** A slice is a few hundred rows; far below this. */
const SLICE_MAX_BYTES = 64 * 1024 * 1024;

export const writePreviewSlice = (prefix: string, slice: number, rows: readonly PreviewRow[]): Promise<void> =>
  putFile(sliceKey(prefix, slice), Buffer.from(JSON.stringify(rows)), {
    contentType: 'application/json',
    fileName: `${pad(slice)}.json`,
  });

export const readPreviewSlice = async (prefix: string, slice: number): Promise<PreviewRow[]> => {
  const stored = await readFile(sliceKey(prefix, slice), SLICE_MAX_BYTES);
  if (!stored || !('bytes' in stored)) throw new Error(`The preview slice ${sliceKey(prefix, slice)} is missing`);
  return JSON.parse(stored.bytes.toString('utf8')) as PreviewRow[];
};

export type { ImportRowReport };
