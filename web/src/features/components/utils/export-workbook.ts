/**
 * The spreadsheet export: one sheet 'Components', one column per component
 * field (and per other catalogue language of a translatable one, 'Description (de)'), headed
 * by the field's label (which the Excel import reads back). Every value is a
 * string cell holding the value unchanged (lib/text-workbook): a string cell is never run as a
 * formula, so text starting with = + - @ needs no mark and a re-import stores what was exported.
 * This module carries SheetJS, so the list page loads it only when someone exports.
 */
import type * as XLSX from 'xlsx';
import { DEFAULT_CATALOGUE_LANGUAGES } from '#shared/languages';
import { choiceLabel } from '#shared/schemas/choice-fields';
import {
  catalogueFields,
  columnHeading,
  isChoiceField,
  type CatalogueField,
  type Component,
} from '#shared/schemas/component';
import { saveFile } from '#web/lib/files.ts';
import { textSheet, textWorkbookBytes, XLSX_TYPE, type TextValue } from '#web/lib/text-workbook.ts';

export const EXPORT_SHEET_NAME = 'Components';

/** `component_export_{YYYY-MM-DD}.xlsx`, by the local calendar date. */
export const exportFileName = (date = new Date()): string => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `component_export_${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}.xlsx`;
};

/** A file field holds the API's path to the file; in a spreadsheet it must be a whole address. */
const absoluteUrl = (value: string, origin: string): string => (value.startsWith('/') ? `${origin}${value}` : value);

const cellOf = (component: Component, field: CatalogueField, origin: string): TextValue => {
  // A fixed list's value by its label ('Obsolete', 'Unknown' for none), which the import reads back.
  if (isChoiceField(field)) return choiceLabel(field, component[field]);
  const value = component[field];
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return value;
  return field === 'dataSheet' || field === 'scheme' || field === 'threeDPart' ? absoluteUrl(value, origin) : value;
};

const MAX_COLUMN_WIDTH = 50;

/** The workbook: a header row of the fields' labels, then one row per component. */
export const buildExportWorkbook = (
  components: readonly Component[],
  origin = globalThis.location?.origin ?? '',
  languages: readonly string[] = DEFAULT_CATALOGUE_LANGUAGES,
): XLSX.WorkBook => {
  const fields = catalogueFields(languages);
  const header = fields.map(columnHeading);
  const rows: TextValue[][] = components.map((component) => fields.map((field) => cellOf(component, field, origin)));
  const sheet = textSheet([header, ...rows]);
  sheet['!cols'] = header.map((label, column) => ({
    wch: Math.min(MAX_COLUMN_WIDTH, Math.max(label.length, ...rows.map((row) => String(row[column] ?? '').length)) + 2),
  }));
  if (sheet['!ref']) sheet['!autofilter'] = { ref: sheet['!ref'] };
  return { SheetNames: [EXPORT_SHEET_NAME], Sheets: { [EXPORT_SHEET_NAME]: sheet } };
};

/** The workbook as the bytes of an .xlsx file. */
export const workbookBytes = textWorkbookBytes;

/** Builds the export and hands it to the browser as a download. */
export const saveComponentsWorkbook = (
  components: readonly Component[],
  languages: readonly string[] = DEFAULT_CATALOGUE_LANGUAGES,
  date = new Date(),
): string => {
  const fileName = exportFileName(date);
  saveFile(fileName, workbookBytes(buildExportWorkbook(components, undefined, languages)), XLSX_TYPE);
  return fileName;
};
