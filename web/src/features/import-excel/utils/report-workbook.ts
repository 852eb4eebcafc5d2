/**
 * The import report as a spreadsheet: what was added, every skipped row with its reason, values
 * not kept and columns not read. This module carries SheetJS, so the screen loads it only when
 * someone downloads the report.
 */
import * as XLSX from 'xlsx';
import type { ImportResult, ImportRowProblem } from '#shared/schemas/import';
import { saveFile } from '../../../lib/files';
import { fieldLabel } from './field-label';

/** Text a spreadsheet would read as a formula: written with a leading apostrophe (ARCHITECTURE §6). */
const FORMULA_START = /^[=+\-@\t\r]/;
const cellText = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

const problemRows = (problems: readonly ImportRowProblem[]) =>
  problems.map((problem) => [
    problem.row,
    cellText(problem.reference ?? ''),
    fieldLabel(problem.field),
    cellText(problem.message),
  ]);

/** `{name}-import-report.xlsx` for `{name}.xlsx`. */
export const reportFileName = (workbookName: string): string =>
  `${workbookName.replace(/\.(xlsx|xls)$/i, '') || 'workbook'}-import-report.xlsx`;

export const buildReportWorkbook = (fileName: string, result: ImportResult, count: number): XLSX.WorkBook => {
  const workbook = XLSX.utils.book_new();
  const summary = [
    ['File', cellText(fileName)],
    ['Sheet read', cellText(result.sheetName ?? '')],
    ['Components added', count],
    ['Rows skipped', result.rejected ?? 0],
    ['Columns not imported', cellText((result.ignoredColumns ?? []).join(', '))],
  ];
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(summary), 'Summary');
  const header = ['Row', 'Reference', 'Field', 'Reason'];
  XLSX.utils.book_append_sheet(
    workbook,
    XLSX.utils.aoa_to_sheet([header, ...problemRows(result.errors ?? [])]),
    'Skipped rows',
  );
  if (result.warnings?.length)
    XLSX.utils.book_append_sheet(
      workbook,
      XLSX.utils.aoa_to_sheet([header, ...problemRows(result.warnings)]),
      'Values not kept',
    );
  return workbook;
};

/** Builds the report and hands it to the browser as a download; returns the file name. */
export const saveReportWorkbook = (fileName: string, result: ImportResult, count: number): string => {
  const name = reportFileName(fileName);
  const bytes = XLSX.write(buildReportWorkbook(fileName, result, count), {
    bookType: 'xlsx',
    type: 'array',
    compression: true,
  }) as ArrayBuffer;
  saveFile(name, bytes, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  return name;
};
