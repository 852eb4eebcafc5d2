/**
 * Spreadsheets the app hands out (the component export, the import report). Every value is
 * written as a string cell from the shared string table, exactly as it is: a string cell is
 * never evaluated by a spreadsheet program, whatever it starts with, so no formula can run and
 * nothing has to be added to the text (a re-import reads back what the catalogue holds). The
 * file has no formula element at all. Loaded only with the modules that build such a file,
 * because it carries SheetJS.
 */
import * as XLSX from 'xlsx';
import { cellText } from './cell-text';

export type TextValue = string | number | boolean | null | undefined;

/** A sheet of rows; null, undefined and '' leave the cell empty, anything else is its text. */
export const textSheet = (rows: readonly (readonly TextValue[])[]): XLSX.WorkSheet =>
  XLSX.utils.aoa_to_sheet(
    rows.map((row) =>
      row.map((value): XLSX.CellObject | null =>
        value === null || value === undefined || value === '' ? null : { t: 's', v: cellText(String(value)) },
      ),
    ),
  );

/** The workbook as the bytes of an .xlsx file, its strings in the shared string table. */
export const textWorkbookBytes = (workbook: XLSX.WorkBook): ArrayBuffer =>
  XLSX.write(workbook, { bookType: 'xlsx', type: 'array', compression: true, bookSST: true }) as ArrayBuffer;

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
