import * as z from 'zod';
import type { LinkView, ToolRole } from './links';
import { messages } from '../messages';
import { componentFields, readTranslatedField, type CatalogueField } from './component';
import { excelFileTypes, fileExtension, fileSourceFields, oneFileSource } from './files';

/*
 * The Excel import (Import Components from Excel, `POST /api/import-excel`): the requests, the answers, and the limits the parser keeps. An upload
 * becomes a preview (what each row would do), which is then committed as a background job.
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

/** Rows per slice of a commit: each slice is one task run, and the unit a job resumes from. */
export const IMPORT_SLICE_ROWS = 500;
/** Rows the administrator may leave out of one commit. */
export const IMPORT_MAX_EXCLUDED_ROWS = 10_000;
/** Rows of the report answered at once. */
export const IMPORT_ROWS_PAGE_MAX = 200;

/**
 * `POST /api/import-excel`: `{ fileName, uploadKey }` after a presigned upload (purpose
 * 'import', up to 20 MB), or the documented `{ fileName, fileData }` (base64, no data-URL prefix
 * needed) for files up to 4 MB. Without `mode` (the documented one-call import) the file is previewed and
 * committed in one; `mode: 'preview'` stops at the preview and answers its import id.
 * `emptyCellsClear`: an empty cell in a mapped column clears the stored value (default: it is
 * left as it is).
 */
export const importExcelSchema = z
  .object({
    fileName,
    ...fileSourceFields,
    mode: z.enum(['import', 'preview'], { error: "mode must be 'import' or 'preview'" }).default('import'),
    emptyCellsClear: z.boolean({ error: 'emptyCellsClear must be true or false' }).default(false),
  })
  .refine(oneFileSource.check, oneFileSource.issue);
export type ImportExcelInput = z.output<typeof importExcelSchema>;

/** One problem with one sheet row: `row` is the row number the spreadsheet shows (header = its own row). */
export interface ImportRowProblem {
  row: number;
  reference: string | null;
  /** The component field, or the column heading when no field applies. */
  field: string;
  message: string;
}

/** The answer of the documented call: its `message`, `count`, `rejected`, plus the report. */
export interface ImportResult {
  /** '{n} components added' (then how many were updated, unchanged, skipped) */
  message: string;
  /** Components added. */
  count: number;
  /** Rows skipped, or not written because the catalogue changed meanwhile (each one listed in `errors`). */
  rejected: number;
  /** Components whose fields the file changed (one new version each). */
  updated?: number;
  /** Rows that match a component and change nothing. */
  unchanged?: number;
  /** The import (GET /api/imports/{id}); when it is still running (202), follow it there. */
  importId?: string;
  state?: ImportState;
  /** Why each skipped row was skipped (a row may have several entries), in sheet order. */
  errors: ImportRowProblem[];
  /** Values of imported rows that were not kept, with why. */
  warnings: ImportRowProblem[];
  /** Column headings that match no component field; their values were not imported. */
  ignoredColumns: string[];
  /** The sheet that was read. */
  sheetName: string;
}

// ---------------------------------------------------------------------------------------------
// Previews and commits.

/** What a row would do (the preview): add a part, change one, nothing, or nothing because of a reason. */
export const importActions = ['create', 'update', 'unchanged', 'skip'] as const;
export type ImportAction = (typeof importActions)[number];

/** What a committed row did. 'conflict': the catalogue changed meanwhile, so nothing was written. */
export const importOutcomes = ['created', 'updated', 'unchanged', 'skipped', 'conflict', 'excluded'] as const;
export type ImportOutcome = (typeof importOutcomes)[number];

/**
 * previewing → previewed → committing → completed; failed when the preview or the commit
 * stopped (a commit that stopped can be committed again and goes on where it stopped).
 */
export const importStates = ['previewing', 'previewed', 'committing', 'completed', 'failed'] as const;
export type ImportState = (typeof importStates)[number];

export type ImportValue = string | number | null;

/** One field an update changes. */
export interface ImportFieldChange {
  field: CatalogueField;
  from: ImportValue;
  to: ImportValue;
}

/** A note on one field of a row: why it is skipped, or a value not kept. */
export interface ImportRowNote {
  field: string;
  message: string;
}

/**
 * A link a row names in a link column ('Uses contact': `MSTBC-MT 0,5-1,0 (Phoenix Contact)`):
 * the other part as written, and what the import makes of it. `new`: made once the rows are
 * written; `exists`: the catalogue has it already; `missing`: no part (or several) is the one
 * named, so nothing is made (the row says why in its warnings).
 */
export interface ImportRowLink {
  kind: LinkView;
  reference: string;
  manufacturer: string | null;
  role?: ToolRole;
  state: 'new' | 'exists' | 'missing';
  /** The other part: in the catalogue (its id), or made by a row of the file (its row). */
  targetId: number | null;
  targetRow: number | null;
}

/** One sheet row in the preview and, once committed, what it did. */
export interface ImportRowReport {
  /** The row number the spreadsheet shows. */
  row: number;
  reference: string | null;
  manufacturer: string | null;
  action: ImportAction;
  /** The part the row matches (update, unchanged); for a create, the part made once committed. */
  componentId: number | null;
  /** update: each changed field with its stored and its new value. */
  changes: ImportFieldChange[];
  /** skip: why (every reason). */
  reasons: ImportRowNote[];
  /** Values of the row that are not kept, with why. */
  warnings: ImportRowNote[];
  /** Once committed: what the row did; null before. */
  outcome: ImportOutcome | null;
  /** Why a row was not written (a conflict, left out). */
  outcomeMessage: string | null;
  /** The links its link columns name, when it has any. */
  links?: ImportRowLink[];
}

/** A column of the sheet and the field it fills (null: not imported). */
export interface ImportColumn {
  /** 0-based column index. */
  index: number;
  /** The spreadsheet's column letter. */
  letter: string;
  heading: string;
  field: CatalogueField | null;
  /** The field the heading names by itself, before any change by the administrator. */
  suggested: CatalogueField | null;
  /** A column of links ('Uses contact'): the kind it names, when it fills no field. */
  link?: LinkView;
}

export type ImportActionCounts = Record<ImportAction, number>;
export type ImportOutcomeCounts = Record<ImportOutcome, number>;

/** An import: its preview's totals and, while or after committing, its progress and exact counts. */
export interface ImportJob {
  importId: string;
  fileName: string;
  state: ImportState;
  createdAt: string;
  createdBy: string;
  sheetName: string | null;
  headerRow: number | null;
  emptyCellsClear: boolean;
  columns: ImportColumn[];
  ignoredColumns: string[];
  /** Rows of the sheet (the preview's rows). */
  rowsTotal: number;
  /** The preview's totals per action. */
  preview: ImportActionCounts;
  /** Rows with a value that is not kept. */
  warnings: number;
  /** Rows the commit has dealt with so far (written, or counted as unchanged, skipped ...). */
  rowsDone: number;
  /** The exact counts per outcome so far (final once completed). */
  written: ImportOutcomeCounts;
  /** Rows left out of the commit by the administrator. */
  excludedRows: number[];
  commitStartedAt: string | null;
  finishedAt: string | null;
  /** The summary when completed; what happened when failed. */
  message: string | null;
}

/** `GET /api/imports/{id}`: the import with one page of its rows. */
export interface ImportJobResponse extends ImportJob {
  rows: ImportRowReport[];
  /** Rows matching the filter (all rows without one). */
  rowsMatching: number;
  offset: number;
  limit: number;
}

/** `GET /api/imports`: the latest imports, newest first. */
export interface ImportJobList {
  imports: ImportJob[];
}

export const importIdSchema = z.object({
  id: z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, messages.importNotFound),
});

const wholeNumber = (name: string, max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((value) => value <= max, `${name} must be at most ${max}`)
    .optional()
    .transform((value) => value ?? fallback);

/** `GET /api/imports/{id}?filter=update&offset=0&limit=50`: which rows of the report. */
export const importRowsQuerySchema = z.object({
  filter: z
    .enum([...importActions, 'conflict'], { error: 'filter must be create, update, unchanged, skip or conflict' })
    .optional(),
  offset: wholeNumber('offset', 10_000_000, 0),
  limit: wholeNumber('limit', IMPORT_ROWS_PAGE_MAX, 50),
});
export type ImportRowsQuery = z.output<typeof importRowsQuerySchema>;

/** `PATCH /api/imports/{id}`: another field for some columns, or the empty-cells option; previews again. */
export const importOptionsSchema = z
  .object({
    columns: z
      .record(
        z.string().regex(/^\d{1,3}$/, 'a column is its index'),
        z
          .string({ error: 'not a component field' })
          .refine(
            (name) => (componentFields as readonly string[]).includes(name) || readTranslatedField(name) !== undefined,
            'not a component field',
          )
          .transform((name) => name as CatalogueField)
          .nullable(),
      )
      .optional(),
    emptyCellsClear: z.boolean({ error: 'emptyCellsClear must be true or false' }).optional(),
  })
  .refine((body) => body.columns !== undefined || body.emptyCellsClear !== undefined, {
    message: 'Give the columns to change or emptyCellsClear',
  });
export type ImportOptionsInput = z.output<typeof importOptionsSchema>;

/** `POST /api/imports/{id}/commit`: rows the administrator unticked. */
export const importCommitSchema = z.object({
  excludeRows: z
    .array(z.number().int().positive(), { error: 'excludeRows must be a list of row numbers' })
    .max(IMPORT_MAX_EXCLUDED_ROWS, `At most ${IMPORT_MAX_EXCLUDED_ROWS.toLocaleString('en-US')} rows can be left out`)
    .optional()
    .transform((rows) => [...new Set(rows ?? [])].sort((a, b) => a - b)),
});
export type ImportCommitInput = z.output<typeof importCommitSchema>;
