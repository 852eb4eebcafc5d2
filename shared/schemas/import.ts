import * as z from 'zod';
import { messages } from '../messages';
import { excelFileTypes, fileExtension } from './files';

/*
 * The Excel import (spec §2 Import Components from Excel, §5, §7 `POST /api/import-excel`;
 * ARCHITECTURE §7): the request, the answer, and the limits the parser keeps.
 */

/** Data rows read from one sheet (the header row not counted). */
export const IMPORT_MAX_ROWS = 50_000;
export const IMPORT_MAX_COLUMNS = 200;
/** What a workbook may unpack to (the sum of its parts' uncompressed sizes). */
export const IMPORT_MAX_UNPACKED_MEGABYTES = 200;
/** How far down a sheet the header row may be (title rows above it are skipped). */
export const IMPORT_HEADER_SEARCH_ROWS = 10;

const fileName = z
  .string({ error: messages.excelFileRequired })
  .trim()
  .min(1, messages.excelFileRequired)
  .max(1000, messages.textTooLong('fileName', 1000))
  .refine((name) => Object.hasOwn(excelFileTypes, fileExtension(name)), messages.excelTypeInvalid);

/**
 * `POST /api/import-excel`: `{ fileName, uploadKey }` after a presigned upload (purpose
 * 'import', up to 20 MB), or the spec's `{ fileName, fileData }` (base64, no data-URL prefix
 * needed) for files up to 4 MB.
 */
export const importExcelSchema = z
  .object({
    fileName,
    uploadKey: z
      .string({ error: messages.uploadKeyInvalid })
      .trim()
      .min(1, messages.uploadKeyInvalid)
      .max(1024, messages.uploadKeyInvalid)
      .optional(),
    fileData: z.string({ error: messages.fileDataInvalid }).optional(),
  })
  .refine((body) => (body.uploadKey === undefined) !== (body.fileData === undefined), {
    message: messages.fileSourceMissing,
    path: ['uploadKey'],
  });
export type ImportExcelInput = z.output<typeof importExcelSchema>;

/** One problem with one sheet row: `row` is the row number the spreadsheet shows (header = its own row). */
export interface ImportRowProblem {
  row: number;
  reference: string | null;
  /** The component field, or the column heading when no field applies. */
  field: string;
  message: string;
}

/** The answer: the spec's `message`, `count`, `rejected`, plus the report. */
export interface ImportResult {
  /** '{n} components added' */
  message: string;
  /** Components added. */
  count: number;
  /** Rows skipped (each one listed in `errors`). */
  rejected: number;
  /** Why each skipped row was skipped (a row may have several entries), in sheet order. */
  errors: ImportRowProblem[];
  /** Values of imported rows that were not kept, with why. */
  warnings: ImportRowProblem[];
  /** Column headings that match no component field; their values were not imported. */
  ignoredColumns: string[];
  /** The sheet that was read. */
  sheetName: string;
}
