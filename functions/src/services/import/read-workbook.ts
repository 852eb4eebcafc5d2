import * as XLSX from 'xlsx';
import { messages } from '#shared/messages';
import { fieldLabel, type CatalogueField } from '#shared/schemas/component';
import {
  IMPORT_HEADER_SEARCH_ROWS,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
  type ImportColumn,
} from '#shared/schemas/import';
import { Invalid, TooLarge } from '#lib/errors';
import type { LinkView } from '#shared/schemas/links';
import { fieldForHeading, headingUnit, linkViewForHeading } from './column-headings';

/*
 * Reads the sheet to import with SheetJS: the first sheet with a Reference and a
 * Class column in its first IMPORT_HEADER_SEARCH_ROWS rows (title rows above the headings are
 * allowed). Cells are read as their values: a formula gives its cached result and is never
 * evaluated; no styles, number formats or HTML are built. Rows past the limit are not parsed.
 * The administrator may choose another field (or none) for any column of the heading row.
 */

/** A cell holding an Excel error (#DIV/0!, #N/A ...). */
export interface CellError {
  error: string;
}
export type CellValue = string | number | boolean | CellError;

export interface SheetRow {
  /** The row number the spreadsheet shows. */
  row: number;
  values: Partial<Record<CatalogueField, CellValue>>;
  /** The row's link cells, by the kind their column names. */
  links?: Partial<Record<LinkView, string>>;
}

export interface ImportSheet {
  sheetName: string;
  /** The headings' row number (as the spreadsheet shows it). */
  headerRow: number;
  /** Every headed column with the field it fills. */
  columns: ImportColumn[];
  /** Headings that name no field, and unnamed columns that hold values. */
  ignoredColumns: string[];
  rows: SheetRow[];
}

/** The administrator's field for some columns (by 0-based index); null: not imported. */
export type ColumnChoices = Readonly<Record<string, CatalogueField | null>>;

const errorText: Record<number, string> = {
  0x00: '#NULL!',
  0x07: '#DIV/0!',
  0x0f: '#VALUE!',
  0x17: '#REF!',
  0x1d: '#NAME?',
  0x24: '#NUM!',
  0x2a: '#N/A',
  0x2b: '#GETTING_DATA',
};

/** The apostrophe an older export put before text starting with = + - @ (or a tab or CR before them). */
const FORMULA_GUARD = /^'(?=[=+\-@\t\r])/;

const cellValue = (cell: XLSX.CellObject | undefined): CellValue | undefined => {
  if (!cell || cell.v === undefined || cell.v === null) return undefined;
  switch (cell.t) {
    case 'e':
      return { error: errorText[cell.v as number] ?? '#ERROR' };
    case 'n':
    case 'b':
      return cell.v as number | boolean;
    case 'd':
      return (cell.v as Date).toISOString();
    default: {
      // Earlier exports marked text that starts like a formula with an apostrophe: read the value itself.
      const text = String(cell.v).replace(FORMULA_GUARD, '');
      return text.trim() === '' ? undefined : text;
    }
  }
};

const headingText = (cell: XLSX.CellObject | undefined): string => {
  const value = cellValue(cell);
  return value === undefined || typeof value === 'object' ? '' : String(value).trim();
};

const denseRows = (sheet: XLSX.WorkSheet): (XLSX.CellObject[] | undefined)[] =>
  (sheet['!data'] as (XLSX.CellObject[] | undefined)[] | undefined) ?? [];

interface HeaderMatch {
  rowIndex: number;
  columns: Map<number, CatalogueField>;
  /** Columns of links, by the kind each names. */
  links: Map<number, LinkView>;
  ignored: string[];
  headed: ImportColumn[];
}

const columnName = (index: number): string => XLSX.utils.encode_col(index);

/** The row whose headings include Reference and Class, with each column's field. */
const findHeader = (rows: (XLSX.CellObject[] | undefined)[]): HeaderMatch | undefined => {
  for (let rowIndex = 0; rowIndex < Math.min(rows.length, IMPORT_HEADER_SEARCH_ROWS); rowIndex++) {
    const cells = rows[rowIndex] ?? [];
    const columns = new Map<number, CatalogueField>();
    const taken = new Set<CatalogueField>();
    const ignored: string[] = [];
    const headed: ImportColumn[] = [];
    cells.forEach((cell, column) => {
      const heading = headingText(cell);
      if (!heading) return;
      const named = fieldForHeading(heading);
      // A second column for a field already mapped is not merged into it: it is reported.
      const field = named && !taken.has(named) ? named : null;
      const link = named ? undefined : linkViewForHeading(heading);
      headed.push({
        index: column,
        letter: columnName(column),
        heading,
        field,
        suggested: field,
        ...(link && { link }),
      });
      if (field) {
        columns.set(column, field);
        taken.add(field);
      } else if (!link) ignored.push(heading);
    });
    if (taken.has('reference') && taken.has('class'))
      return { rowIndex, columns, links: linkColumns(headed), ignored, headed };
  }
  return undefined;
};

const invalidChoice = (message: string): never => {
  throw new Invalid(message, { columns: message });
};

/**
 * The headed columns with the administrator's choices applied (by the columns' suggestions,
 * then the choices): each field from one column at most, Reference and Class from one each.
 * Throws Invalid saying what is wrong.
 */
export const applyColumnChoices = (headed: readonly ImportColumn[], choices: ColumnChoices): ImportColumn[] => {
  const chosen = headed.map((column) =>
    Object.hasOwn(choices, String(column.index)) ? { ...column, field: choices[String(column.index)] ?? null } : column,
  );
  for (const index of Object.keys(choices))
    if (!headed.some((column) => String(column.index) === index))
      invalidChoice(messages.importMappingUnknownColumn(columnName(Number(index))));
  const taken = new Set<CatalogueField>();
  for (const column of chosen) {
    if (!column.field) continue;
    if (taken.has(column.field)) invalidChoice(messages.importMappingTwice(fieldLabel(column.field)));
    taken.add(column.field);
  }
  if (!taken.has('reference') || !taken.has('class')) invalidChoice(messages.importMappingRequired);
  return chosen;
};

/** The link columns among the headed ones: those that fill no field. */
const linkColumns = (headed: readonly ImportColumn[]): Map<number, LinkView> =>
  new Map(headed.flatMap((column) => (column.link && !column.field ? [[column.index, column.link] as const] : [])));

const applyChoices = (header: HeaderMatch, choices: ColumnChoices): HeaderMatch => {
  const headed = applyColumnChoices(header.headed, choices);
  return {
    ...header,
    columns: new Map(headed.flatMap((column) => (column.field ? [[column.index, column.field] as const] : []))),
    links: linkColumns(headed),
    headed,
    ignored: headed.filter((column) => !column.field && !column.link).map((column) => column.heading),
  };
};

/** 'Sheet1' (Part, Qty, Price ...): what a sheet without the needed columns starts with. */
const describeSheet = (name: string, rows: (XLSX.CellObject[] | undefined)[]): string => {
  const first = rows
    .slice(0, IMPORT_HEADER_SEARCH_ROWS)
    .find((cells) => (cells ?? []).some((cell) => headingText(cell)));
  if (!first) return `sheet '${name}' is empty`;
  const headings = first.map(headingText).filter(Boolean);
  const shown = headings.slice(0, 8).join(', ');
  return `sheet '${name}' has the columns ${shown}${headings.length > 8 ? ` and ${headings.length - 8} more` : ''}`;
};

const parse = (bytes: Buffer): XLSX.WorkBook => {
  try {
    return XLSX.read(bytes, {
      type: 'buffer',
      dense: true,
      cellFormula: false,
      cellHTML: false,
      cellText: false,
      cellStyles: false,
      cellNF: false,
      cellDates: false,
      sheetStubs: false,
      // The header may sit below a few title rows; one row more than the limit shows it was passed.
      sheetRows: IMPORT_HEADER_SEARCH_ROWS + IMPORT_MAX_ROWS + 1,
    });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    const message = /password|encrypt/i.test(detail)
      ? messages.importUnreadable('it is password-protected; save it without a password and try again')
      : messages.importUnreadable(detail.slice(0, 200));
    throw new Invalid(message, { fileData: message });
  }
};

/** The rows to import, each with its values by field. Throws Invalid / TooLarge with what was found. */
export const readImportSheet = (bytes: Buffer, choices: ColumnChoices = {}): ImportSheet => {
  const workbook = parse(bytes);
  const found: string[] = [];
  for (const sheetName of workbook.SheetNames) {
    const sheet = workbook.Sheets[sheetName];
    if (!sheet) continue;
    const rows = denseRows(sheet);
    const detected = findHeader(rows);
    const header = detected && applyChoices(detected, choices);
    if (!header) {
      found.push(describeSheet(sheetName, rows));
      continue;
    }
    const range = sheet['!ref'] ? XLSX.utils.decode_range(sheet['!ref']) : undefined;
    const width = Math.max(
      range ? range.e.c + 1 : 0,
      ...rows.slice(0, header.rowIndex + 1).map((cells) => cells?.length ?? 0),
    );
    if (width > IMPORT_MAX_COLUMNS) throw new TooLarge(messages.importTooManyColumns(sheetName, IMPORT_MAX_COLUMNS));
    if (rows.length - header.rowIndex - 1 > IMPORT_MAX_ROWS)
      throw new TooLarge(messages.importTooManyRows(sheetName, IMPORT_MAX_ROWS));

    // A number column headed in another unit of its quantity: bare numbers are read in that unit.
    const unitByColumn = new Map<number, string>();
    for (const [column, field] of header.columns) {
      const unit = headingUnit(headingText(rows[header.rowIndex]?.[column]) ?? '', field);
      if (unit) unitByColumn.set(column, unit);
    }
    const inUnit = (value: CellValue, column: number): CellValue => {
      const unit = unitByColumn.get(column);
      if (!unit) return value;
      if (typeof value === 'number') return `${value} ${unit}`;
      return typeof value === 'string' && /^\s*[+-]?[\d.,]+\s*$/.test(value) ? `${value.trim()} ${unit}` : value;
    };
    const unnamedWithValues = new Set<number>();
    const named = new Set(header.columns.keys());
    const headingCells = rows[header.rowIndex] ?? [];
    const sheetRows: SheetRow[] = [];
    for (let rowIndex = header.rowIndex + 1; rowIndex < rows.length; rowIndex++) {
      const cells = rows[rowIndex];
      if (!cells) continue;
      const values: SheetRow['values'] = {};
      const links: NonNullable<SheetRow['links']> = {};
      let any = false;
      for (let column = 0; column < cells.length; column++) {
        const value = cellValue(cells[column]);
        if (value === undefined) continue;
        const field = header.columns.get(column);
        const link = header.links.get(column);
        if (field) {
          values[field] = inUnit(value, column);
          any = true;
        } else if (link && (typeof value === 'string' || typeof value === 'number')) {
          links[link] = String(value);
          any = true;
        } else if (!named.has(column) && !headingText(headingCells[column])) unnamedWithValues.add(column);
      }
      if (any) sheetRows.push({ row: rowIndex + 1, values, ...(Object.keys(links).length ? { links } : {}) });
    }
    const ignoredColumns = [
      ...header.ignored,
      ...[...unnamedWithValues].sort((a, b) => a - b).map((column) => `Column ${columnName(column)} (no heading)`),
    ];
    return { sheetName, headerRow: header.rowIndex + 1, columns: header.headed, ignoredColumns, rows: sheetRows };
  }
  const message = messages.importNoSheet(found.length ? found.join('; ') : 'the workbook has no sheets');
  throw new Invalid(message, { fileData: message });
};
