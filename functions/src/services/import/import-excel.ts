import { messages } from '#shared/messages';
import { IMPORT_MAX_BYTES } from '#shared/schemas/files';
import type { ImportExcelInput, ImportResult, ImportRowProblem } from '#shared/schemas/import';
import { createComponents } from '#repositories/components';
import type { User } from '#repositories/users';
import { displayName } from '../approvals';
import { sanitiseFileName } from '../file-names';
import { deleteFileQuietly } from '../file-store';
import { catalogueSearch } from '../search/catalogue-search';
import { decodeInlineFile, readUpload } from '../uploads';
import { checkRows, type AcceptedRow } from './check-rows';
import { readImportSheet } from './read-workbook';
import { checkWorkbookBytes } from './workbook-guard';
import { recordMetric } from '#lib/metrics';

/*
 * `POST /api/import-excel` (spec §2, §5, §7; issue 7): an administrator's workbook becomes new
 * components. The file comes from a presigned upload (up to 20 MB) or inline as base64 (up to
 * 4 MB); it is checked (a workbook, within the unpacked limit), parsed, each row checked, rows
 * already in the catalogue or repeated in the file skipped as duplicates, and the rest created
 * in bulk with version 1 'Imported from {fileName}' and one catalogue revision, so the next
 * search finds them. Running the same file again adds only what is missing.
 */

/** Milliseconds spent in each phase, for the Server-Timing header and the benchmark. */
export interface ImportTimings {
  /** Reading the file and checking it is a workbook within the unpacked limit. */
  read: number;
  parse: number;
  /** Row rules. */
  validate: number;
  /** Duplicates in the file and against the catalogue (the search index brought up to date). */
  duplicates: number;
  write: number;
}

/** BatchWriteItem calls at a time. */
const WRITE_CONCURRENCY = 16;

/** Reference and manufacturer: what makes two parts the same (the manufacturer without case). */
const identity = (reference: string, manufacturer: string | null | undefined): string =>
  `${reference}\u0000${(manufacturer ?? '').trim().toLowerCase()}`;

/** Rows whose reference and manufacturer appear earlier in the file or in the catalogue are skipped. */
const skipDuplicates = async (
  rows: readonly AcceptedRow[],
): Promise<{ fresh: AcceptedRow[]; duplicates: ImportRowProblem[] }> => {
  const firstRow = new Map<string, number>();
  const inFile: ImportRowProblem[] = [];
  const unique: AcceptedRow[] = [];
  for (const row of rows) {
    const key = identity(row.data.reference, row.data.manufacturer);
    const first = firstRow.get(key);
    if (first !== undefined)
      inFile.push({
        row: row.row,
        reference: row.data.reference,
        field: 'reference',
        message: messages.importDuplicateInFile(first),
      });
    else {
      firstRow.set(key, row.row);
      unique.push(row);
    }
  }
  // The search index is at the catalogue's latest committed revision: every part created or
  // approved so far, read in one pass instead of one query per reference.
  const existing = (await catalogueSearch().current()).manufacturersOf(unique.map((row) => row.data.reference));
  const fresh: AcceptedRow[] = [];
  const duplicates: ImportRowProblem[] = [...inFile];
  for (const row of unique) {
    const known = (existing.get(row.data.reference) ?? []).map((manufacturer) =>
      identity(row.data.reference, manufacturer),
    );
    if (known.includes(identity(row.data.reference, row.data.manufacturer))) {
      duplicates.push({
        row: row.row,
        reference: row.data.reference,
        field: 'reference',
        message: messages.importDuplicateInCatalogue,
      });
    } else fresh.push(row);
  }
  duplicates.sort((a, b) => a.row - b.row);
  return { fresh, duplicates };
};

const since = (start: number): number => Math.round(performance.now() - start);

export const importExcel = async (
  user: User,
  input: ImportExcelInput,
): Promise<{ result: ImportResult; timings: ImportTimings }> => {
  const fileName = sanitiseFileName(input.fileName);
  let start = performance.now();
  const bytes =
    input.uploadKey !== undefined
      ? await readUpload(user, input.uploadKey, IMPORT_MAX_BYTES, messages.excelTooLarge)
      : decodeInlineFile(input.fileData ?? '');
  try {
    checkWorkbookBytes(bytes);
    const read = since(start);

    start = performance.now();
    const sheet = readImportSheet(bytes);
    const parse = since(start);

    start = performance.now();
    const checked = checkRows(sheet.rows);
    const validate = since(start);

    start = performance.now();
    const { fresh, duplicates } = await skipDuplicates(checked.accepted);
    const duplicateCheck = since(start);

    start = performance.now();
    const username = displayName(user);
    const created = await createComponents(
      fresh.map((row) => ({ ...row.data, username })),
      { username, changeDescription: `Imported from ${fileName}`, concurrency: WRITE_CONCURRENCY },
    );
    const write = since(start);

    const errors = [...checked.errors, ...duplicates].sort((a, b) => a.row - b.row);
    recordMetric('ImportsCompleted', 1, { fileName });
    recordMetric('ImportedComponents', created.length, { fileName });
    recordMetric('ImportRowsRejected', checked.rejectedRows + duplicates.length, { fileName });
    return {
      result: {
        message: messages.importAdded(created.length),
        count: created.length,
        rejected: checked.rejectedRows + duplicates.length,
        errors,
        warnings: checked.warnings,
        ignoredColumns: sheet.ignoredColumns,
        sheetName: sheet.sheetName,
      },
      timings: { read, parse, validate, duplicates: duplicateCheck, write },
    };
  } finally {
    // The upload was for this import only; whatever became of it, it is not kept.
    if (input.uploadKey !== undefined) await deleteFileQuietly(input.uploadKey, 'an imported workbook');
  }
};
