/**
 * The spreadsheet export (spec §7 "Export"): one sheet 'Components', one column per component
 * field. This module carries SheetJS, so the list page loads it only when someone exports.
 */
import * as XLSX from 'xlsx';
import { componentFieldLabels, componentFields, type Component } from '#shared/schemas/component';
import { saveFile } from '../../../lib/files';

export const EXPORT_SHEET_NAME = 'Components';

/** Text a spreadsheet would read as a formula (or a DDE call): = + - @, and tab or CR before them. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell no spreadsheet runs (ARCHITECTURE §6): text starting like a formula gets a leading
 * apostrophe, the usual mark for "this is text" (OWASP's advice for CSV injection). Cells are
 * written as text cells either way, never as formulas.
 */
export const safeCellText = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/** `component_export_{YYYY-MM-DD}.xlsx`, by the local calendar date. */
export const exportFileName = (date = new Date()): string => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `component_export_${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}.xlsx`;
};

type Cell = string | number | null;

/** A file field holds the API's path to the file; in a spreadsheet it must be a whole address. */
const absoluteUrl = (value: string, origin: string): string => (value.startsWith('/') ? `${origin}${value}` : value);

const cellOf = (component: Component, field: (typeof componentFields)[number], origin: string): Cell => {
  const value = component[field];
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return value;
  const text =
    field === 'dataSheet' || field === 'scheme' || field === 'threeDPart' ? absoluteUrl(value, origin) : value;
  return safeCellText(text);
};

const MAX_COLUMN_WIDTH = 50;

/** The workbook: a header row of the fields' labels, then one row per component. */
export const buildExportWorkbook = (
  components: readonly Component[],
  origin = globalThis.location?.origin ?? '',
): XLSX.WorkBook => {
  const header = componentFields.map((field) => componentFieldLabels[field]);
  const rows: Cell[][] = components.map((component) =>
    componentFields.map((field) => cellOf(component, field, origin)),
  );
  const sheet = XLSX.utils.aoa_to_sheet([header, ...rows]);
  sheet['!cols'] = header.map((label, column) => ({
    wch: Math.min(MAX_COLUMN_WIDTH, Math.max(label.length, ...rows.map((row) => String(row[column] ?? '').length)) + 2),
  }));
  if (sheet['!ref']) sheet['!autofilter'] = { ref: sheet['!ref'] };
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, EXPORT_SHEET_NAME);
  return workbook;
};

/** The workbook as the bytes of an .xlsx file. */
export const workbookBytes = (workbook: XLSX.WorkBook): ArrayBuffer =>
  XLSX.write(workbook, { bookType: 'xlsx', type: 'array', compression: true }) as ArrayBuffer;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Builds the export and hands it to the browser as a download. */
export const saveComponentsWorkbook = (components: readonly Component[], date = new Date()): string => {
  const fileName = exportFileName(date);
  saveFile(fileName, workbookBytes(buildExportWorkbook(components)), XLSX_TYPE);
  return fileName;
};
