import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { aComponent } from '#web/testing/component-fixture.ts';
import { sharedStrings, xlsxXmlParts } from '#web/testing/xlsx-xml.ts';
import { buildExportWorkbook, workbookBytes } from './export-workbook';

/*
 * The spreadsheet export of hostile values. Formula-like text is covered in
 * export-workbook.test.ts; here markup, script URLs and DDE-style payloads stay plain text cells:
 * no formula, no hyperlink, no rich text, and no character added or removed.
 */
describe('exporting hostile values', () => {
  it('writes markup, script links and DDE payloads as plain text, never as formulas or links', () => {
    const values = {
      reference: '<script>alert(1)</script>',
      manufacturer: 'javascript:alert(1)',
      description: "=cmd|' /C calc'!A0",
      type: "@SUM(1+1)*cmd|' /C calc'!A0",
      series: '\r\n=1+1',
      articleNumber: '<a href="javascript:alert(1)">x</a>',
    };
    const bytes = new Uint8Array(
      workbookBytes(buildExportWorkbook([aComponent({ id: 1, ...values })], 'https://hub.example')),
    );
    const book = XLSX.read(bytes, {
      type: 'array',
      cellFormula: true,
      cellHTML: true,
    });
    const sheet = book.Sheets.Components!;
    const cells = Object.entries(sheet)
      .filter(([address]) => !address.startsWith('!'))
      .map(([, cell]) => cell as XLSX.CellObject);
    expect(cells.filter((cell) => cell.f !== undefined || cell.l !== undefined)).toEqual([]);
    // String cells, holding each value as it is: a string cell is never evaluated.
    expect(cells.filter((cell) => cell.t !== 's')).toEqual([]);
    expect(cells.every((cell) => typeof cell.v === 'string')).toBe(true);
    // As a spreadsheet program reads the file (SheetJS itself folds CR LF into LF).
    expect(sharedStrings(xlsxXmlParts(bytes)['sharedStrings.xml']!)).toEqual(
      expect.arrayContaining(Object.values(values)),
    );
  });
});
