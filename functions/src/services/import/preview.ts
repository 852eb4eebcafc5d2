import { messages } from '#shared/messages';
import { absentChoice, isChoiceField } from '#shared/schemas/choice-fields';
import {
  componentFileFields,
  type Component,
  type CatalogueField,
  type ComponentFileField,
} from '#shared/schemas/component';
import {
  IMPORT_SLICE_ROWS,
  importActions,
  type ImportActionCounts,
  type ImportColumn,
  type ImportFieldChange,
  type ImportRowNote,
  type ImportRowProblem,
  type ImportRowReport,
  type ImportValue,
} from '#shared/schemas/import';
import { checkRows, type AcceptedRow } from './check-rows';
import { matchRows, sameManufacturer, type IdentityIndex } from './part-identity';
import { readImportSheet, type ColumnChoices } from './read-workbook';
import { planRowLinks } from './row-links';

/*
 * The preview of an import: for every row of the sheet, what committing it would do. A row that
 * breaks a rule is skipped with every reason; a row for a part already in the catalogue updates
 * the fields whose value differs (an empty cell leaves a value alone unless empty cells clear)
 * or changes nothing; a row for a new part creates it; a second row for the same part, or a
 * blank manufacturer that fits several parts, is skipped. Nothing is written here.
 */

/** A preview row as stored for the commit: the report plus what the commit writes. */
export interface PreviewRow extends ImportRowReport {
  /** create: the new part's fields; update: each changed field's new value (null clears it). */
  values?: Record<string, ImportValue>;
  /** update: the part's version when previewed (the commit writes only while it is still that). */
  baseVersion?: number;
  /** create: its place among the rows that create parts; its id is the commit's first new id plus this. */
  createIndex?: number;
}

export interface BuiltPreview {
  sheetName: string;
  headerRow: number;
  columns: ImportColumn[];
  ignoredColumns: string[];
  rows: PreviewRow[];
  counts: ImportActionCounts;
  /** Per slice of IMPORT_SLICE_ROWS rows: [create, update, unchanged, skip]. */
  sliceCounts: number[][];
  /** Per slice, the sheet row number of its first row. */
  sliceFirstRows: number[];
  createCount: number;
  /** Rows with a value that is not kept. */
  warnings: number;
  timings: { parse: number; validate: number; duplicates: number };
}

export interface PreviewInput {
  bytes: Buffer;
  choices: ColumnChoices;
  emptyCellsClear: boolean;
  /** The catalogue's parts (identity only). */
  catalogue: IdentityIndex;
  /** Reads the full stored fields of matched parts (a thousand at a time). */
  readParts: (ids: readonly number[]) => Promise<Component[]>;
  /** The ids of the links these parts already have (asked only for rows with link columns). */
  existingLinks: (ids: readonly number[]) => Promise<Set<string>>;
}

const PARTS_READ_AT_ONCE = 1_000;

/** `https://hub.example/api/components/7/files/dataSheet`: how the export writes a stored file. */
const STORED_FILE_URL = /\/api\/components\/(\d+)\/files\/(dataSheet|threeDPart|scheme)(?:[?#].*)?$/;

const fileFields = new Set<string>(componentFileFields);

const sameText = (a: string, b: string) => a.replace(/\r\n?/g, '\n') === b.replace(/\r\n?/g, '\n');

/** Whether the row's value says what the stored one says. */
const sameValue = (stored: Component, field: CatalogueField, current: ImportValue, value: ImportValue): boolean => {
  if (current === null || value === null) return current === value;
  if (field === 'manufacturer') return sameManufacturer(String(current), String(value));
  if (fileFields.has(field) && typeof value === 'string') {
    const link = STORED_FILE_URL.exec(value);
    // The export's link to this very file stands for the stored file.
    if (link && Number(link[1]) === stored.id && link[2] === (field as ComponentFileField)) return true;
  }
  if (typeof current === 'number' || typeof value === 'number') return Number(current) === Number(value);
  return sameText(current, value);
};

/**
 * The fields a row changes on a stored part, among the mapped columns. The reference is the
 * part's identity, never changed by an import (a case or separator variant is the same part).
 */
export const fieldChanges = (
  stored: Component,
  row: AcceptedRow,
  mapped: readonly CatalogueField[],
  emptyCellsClear: boolean,
): ImportFieldChange[] => {
  const changes: ImportFieldChange[] = [];
  for (const field of mapped) {
    if (field === 'reference' || field === 'username') continue;
    const value = ((row.data as Record<string, unknown>)[field] ?? null) as ImportValue;
    // A blank manufacturer is how a row names the one part of its reference, not a wish to clear it.
    if (value === null && field === 'manufacturer') continue;
    if (value === null && (!emptyCellsClear || row.dropped.includes(field))) continue;
    // A cleared choice (a blank Lifecycle) is its absent value: a part without one is unknown.
    const given = value === null && isChoiceField(field) ? absentChoice(field) : value;
    const current = ((stored as Record<string, unknown>)[field] ?? null) as ImportValue;
    if (!sameValue(stored, field, current, given)) changes.push({ field, from: current, to: given });
  }
  return changes;
};

const notesOf = (problems: readonly ImportRowProblem[]): ImportRowNote[] =>
  problems.map(({ field, message }) => ({ field, message }));

const groupByRow = (problems: readonly ImportRowProblem[]): Map<number, ImportRowProblem[]> => {
  const byRow = new Map<number, ImportRowProblem[]>();
  for (const problem of problems) {
    const list = byRow.get(problem.row);
    if (list) list.push(problem);
    else byRow.set(problem.row, [problem]);
  }
  return byRow;
};

const textOf = (value: unknown): string | null =>
  value === undefined || value === null || typeof value === 'object' ? null : String(value).trim() || null;

const since = (start: number): number => Math.round(performance.now() - start);

export const buildPreview = async (input: PreviewInput): Promise<BuiltPreview> => {
  let start = performance.now();
  const sheet = readImportSheet(input.bytes, input.choices);
  const parse = since(start);

  start = performance.now();
  const checked = checkRows(sheet.rows);
  const errorsByRow = groupByRow(checked.errors);
  const warningsByRow = groupByRow(checked.warnings);
  const acceptedByRow = new Map(checked.accepted.map((row) => [row.row, row]));
  const validate = since(start);

  start = performance.now();
  const matches = matchRows(
    checked.accepted.map((row) => ({
      row: row.row,
      reference: row.data.reference,
      manufacturer: row.data.manufacturer ?? null,
    })),
    input.catalogue,
  );
  const matchByRow = new Map(checked.accepted.map((row, index) => [row.row, matches[index]!]));
  const mapped = sheet.columns.flatMap((column) => (column.field ? [column.field] : []));

  const rows: PreviewRow[] = [];
  let createCount = 0;
  // Parts are read a thousand rows at a time, so only those are in memory at once.
  for (let first = 0; first < sheet.rows.length; first += PARTS_READ_AT_ONCE) {
    const batch = sheet.rows.slice(first, first + PARTS_READ_AT_ONCE);
    const ids = batch.flatMap(({ row }) => {
      const match = matchByRow.get(row);
      return match?.kind === 'existing' ? [match.part.id] : [];
    });
    const stored = new Map((ids.length ? await input.readParts(ids) : []).map((part) => [part.id, part]));
    for (const { row, values } of batch) {
      const accepted = acceptedByRow.get(row);
      const report: PreviewRow = {
        row,
        reference: accepted?.data.reference ?? textOf(values.reference),
        manufacturer: accepted ? (accepted.data.manufacturer ?? null) : textOf(values.manufacturer),
        action: 'skip',
        componentId: null,
        changes: [],
        reasons: notesOf(errorsByRow.get(row) ?? []),
        warnings: notesOf(warningsByRow.get(row) ?? []),
        outcome: null,
        outcomeMessage: null,
      };
      const match = matchByRow.get(row);
      if (!accepted || !match) {
        rows.push(report);
        continue;
      }
      if (match.kind === 'duplicate') {
        report.reasons = [{ field: 'reference', message: messages.importDuplicateInFile(match.of) }];
      } else if (match.kind === 'ambiguous') {
        report.reasons = [{ field: 'manufacturer', message: match.message }];
      } else if (match.kind === 'new') {
        report.action = 'create';
        report.values = accepted.data as Record<string, ImportValue>;
        report.createIndex = createCount++;
      } else {
        const part = stored.get(match.part.id);
        report.componentId = match.part.id;
        if (!part) {
          // Deleted between listing the catalogue and reading it: the row adds it again.
          report.componentId = null;
          report.action = 'create';
          report.values = accepted.data as Record<string, ImportValue>;
          report.createIndex = createCount++;
        } else {
          const changes = fieldChanges(part, accepted, mapped, input.emptyCellsClear);
          report.action = changes.length ? 'update' : 'unchanged';
          if (changes.length) {
            report.changes = changes;
            report.values = Object.fromEntries(changes.map((change) => [change.field, change.to]));
            report.baseVersion = part.version;
          }
        }
      }
      rows.push(report);
    }
  }
  await planRowLinks({ rows, sheetRows: sheet.rows, catalogue: input.catalogue, existingLinks: input.existingLinks });
  const duplicates = since(start);

  const counts = Object.fromEntries(importActions.map((action) => [action, 0])) as ImportActionCounts;
  const sliceCounts: number[][] = [];
  const sliceFirstRows: number[] = [];
  rows.forEach((row, index) => {
    counts[row.action]++;
    const slice = Math.floor(index / IMPORT_SLICE_ROWS);
    sliceFirstRows[slice] ??= row.row;
    sliceCounts[slice] ??= [0, 0, 0, 0];
    sliceCounts[slice][importActions.indexOf(row.action)]!++;
  });
  return {
    sheetName: sheet.sheetName,
    headerRow: sheet.headerRow,
    columns: sheet.columns,
    ignoredColumns: sheet.ignoredColumns,
    rows,
    counts,
    sliceCounts,
    sliceFirstRows,
    createCount,
    warnings: rows.filter((row) => row.warnings.length > 0).length,
    timings: { parse, validate, duplicates },
  };
};

/** The report of a stored preview row, without what only the commit needs. */
export const reportOf = ({ values: _v, baseVersion: _b, createIndex: _c, ...report }: PreviewRow): ImportRowReport =>
  report;
