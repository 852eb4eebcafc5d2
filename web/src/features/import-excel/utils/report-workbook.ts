/**
 * The import report as a spreadsheet: the totals, then every row with its action, what the
 * commit did and why (changes, reasons, conflicts, values not kept). Every value is a string
 * cell, written as it is (shared/text-workbook). This module carries SheetJS, so the screen loads
 * it only when someone downloads the report.
 */
import type * as XLSX from 'xlsx';
import type { ImportJob, ImportRowReport } from '#shared/schemas/import';
import { saveFile } from '#web/lib/files.ts';
import { textSheet, textWorkbookBytes, XLSX_TYPE } from '#shared/text-workbook';
import { actionLabels, outcomeLabels, rowDetails } from './row-details';

/** `{name}-import-report.xlsx` for `{name}.xlsx`. */
export const reportFileName = (workbookName: string): string =>
  `${workbookName.replace(/\.(xlsx|xls)$/i, '') || 'workbook'}-import-report.xlsx`;

export const buildReportWorkbook = (job: ImportJob, rows: readonly ImportRowReport[]): XLSX.WorkBook => {
  const summary = textSheet([
    ['File', job.fileName],
    ['Sheet read', job.sheetName],
    ['State', job.state],
    ['Rows', job.rowsTotal],
    ['To create', job.preview.create],
    ['To update', job.preview.update],
    ['Unchanged', job.preview.unchanged],
    ['To skip', job.preview.skip],
    ['Created', job.written.created],
    ['Updated', job.written.updated],
    ['Conflicts', job.written.conflict],
    ['Left out', job.written.excluded],
    ['Columns not imported', job.ignoredColumns.join(', ')],
  ]);
  const detail = textSheet([
    ['Row', 'Reference', 'Manufacturer', 'Action', 'Outcome', 'Details'],
    ...rows.map((row) => [
      row.row,
      row.reference,
      row.manufacturer,
      actionLabels[row.action],
      row.outcome ? outcomeLabels[row.outcome] : '',
      rowDetails(row),
    ]),
  ]);
  return { SheetNames: ['Summary', 'Rows'], Sheets: { Summary: summary, Rows: detail } };
};

/** Builds the report and hands it to the browser as a download; returns the file name. */
export const saveReportWorkbook = (job: ImportJob, rows: readonly ImportRowReport[]): string => {
  const name = reportFileName(job.fileName);
  saveFile(name, textWorkbookBytes(buildReportWorkbook(job, rows)), XLSX_TYPE);
  return name;
};
