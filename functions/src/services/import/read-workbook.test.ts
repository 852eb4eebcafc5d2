import { describe, expect, it } from 'vitest';
import { componentInputSchema } from '#shared/schemas/component';
import * as XLSX from 'xlsx';
import { messages } from '#shared/messages';
import { IMPORT_MAX_COLUMNS, IMPORT_MAX_ROWS } from '#shared/schemas/import';
import { Invalid, TooLarge } from '#lib/errors';
import { makeWorkbook, makeZip, makeZipBomb } from '../../../../scripts/test/workbooks';
import { checkRows } from './check-rows';
import { fieldForHeading } from './column-headings';
import { readImportSheet } from './read-workbook';
import { checkWorkbookBytes } from './workbook-guard';

/*
 * The offline half of the Excel import: what is accepted as a workbook, how
 * headings map to fields, and how rows are checked. The API-level half is functions/test/import-excel.test.ts.
 */

const thrown = (work: () => unknown): unknown => {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
};

describe('column headings', () => {
  it.each([
    ['reference', 'reference'],
    ['Reference', 'reference'],
    ['  REFERENCE ', 'reference'],
    ['articleNumber', 'articleNumber'],
    ['Article number', 'articleNumber'],
    ['ARTICLE_NUMBER', 'articleNumber'],
    ['Number of terminals', 'numberOfTerminals'],
    ['numberofterminals', 'numberOfTerminals'],
    ['Width (mm)', 'width'],
    ['Voltage 2 (V)', 'voltage2'],
    ['Mark root', 'markRoot'],
    ['Commercial reference', 'commercialReference'],
    ['Translatable text 2', 'translatableText2'],
    ['User data 4', 'userData4'],
    ['Supplier name', 'supplierName'],
    ['Stock number', 'stockNumber'],
    ['2D footprint', 'twoDFootprint'],
    ['3D part', 'threeDPart'],
    ['Terminal strip symbol', 'terminalStripSymbol'],
    ['Connection label', 'connectionLabel'],
    ['Circuit type', 'circuitType'],
    ['Terminal marks', 'terminalMarks'],
    ['Turret / Positioner / Die Head', 'turretPositionerDieHead'],
    ['Crimp tool', 'toolCrimp'],
    ['Classification', 'class'],
  ])('%s names %s', (heading, field) => {
    expect(fieldForHeading(heading)).toBe(field);
  });

  it('names nothing for unknown headings and for username (the session says who)', () => {
    expect(fieldForHeading('Unit price')).toBeUndefined();
    expect(fieldForHeading('Username')).toBeUndefined();
  });

  it("reads a translatable field's column per catalogue language (the tests' catalogue is en, de, fr)", () => {
    expect(fieldForHeading('Description (de)')).toBe('description_de');
    expect(fieldForHeading('Description (German)')).toBe('description_de');
    expect(fieldForHeading('description [Français]')).toBe('description_fr');
    expect(fieldForHeading('description_fr')).toBe('description_fr');
    expect(fieldForHeading('Commercial reference - DE')).toBe('commercialReference_de');
    expect(fieldForHeading('Translatable Text 2 (fr)')).toBe('translatableText2_fr');
    // The default language is the field itself; a language the catalogue lacks is no column of it.
    expect(fieldForHeading('Description (en)')).toBe('description');
    expect(fieldForHeading('Description (it)')).toBeUndefined();
    // A field that is not translatable keeps its own reading of brackets.
    expect(fieldForHeading('Series (de)')).toBe('series');
    const sheet = readImportSheet(
      makeWorkbook({
        headings: ['Reference', 'Class', 'Description', 'Beschreibung (de)', 'Description (German)'],
        rows: [['PT 2,5', 'Terminal Block', 'Feed-through terminal block', 'x', 'Durchgangsreihenklemme']],
      }),
    );
    expect(sheet.rows[0]!.values).toMatchObject({
      description: 'Feed-through terminal block',
      description_de: 'Durchgangsreihenklemme',
    });
  });

  it("takes a unit in brackets when it is one of the field's quantity, and reads the column in it", () => {
    expect(fieldForHeading('Weight (kg)')).toBe('weight');
    expect(fieldForHeading('weight [KG]')).toBe('weight');
    expect(fieldForHeading('Weight (g)')).toBe('weight');
    expect(fieldForHeading('Width (in)')).toBe('width');
    expect(fieldForHeading('Width (V)')).toBeUndefined();
    expect(fieldForHeading('Number of terminals (pcs)')).toBe('numberOfTerminals');
    const sheet = readImportSheet(
      makeWorkbook({
        headings: ['Reference', 'Class', 'Weight (g)', 'Width (in)', 'Voltage (kV)'],
        rows: [['A-1', 'Relay', 250, '2', '0,4']],
      }),
    );
    expect(sheet.rows[0]!.values).toMatchObject({ weight: '250 g', width: '2 in', voltage: '0,4 kV' });
    const parsed = componentInputSchema.parse(sheet.rows[0]!.values);
    expect([parsed.weight, parsed.width, parsed.voltage]).toEqual([0.25, 50.8, 400]);
  });
});

describe('checkWorkbookBytes', () => {
  it('takes an .xlsx and an .xls', () => {
    const sheet = { headings: ['Reference', 'Class'], rows: [['A-1', 'Relay']] };
    expect(checkWorkbookBytes(makeWorkbook(sheet))).toBe('xlsx');
    expect(checkWorkbookBytes(makeWorkbook(sheet, 'xls'))).toBe('xls');
  });

  it('says what a file is when it is not a workbook', async () => {
    const cases: [Buffer, string][] = [
      [Buffer.from('%PDF-1.7\n...'), 'a PDF document'],
      [Buffer.from('Reference;Class\nA-1;Relay\n'), 'CSV or other text'],
      [Buffer.from('<!DOCTYPE html><html></html>'), 'an HTML page'],
      [Buffer.alloc(0), 'an empty file'],
      [await makeZip([{ name: 'word/document.xml', chunks: () => [Buffer.from('<w/>')] }]), 'a Word document'],
      [await makeZip([{ name: 'notes.txt', chunks: () => [Buffer.from('hello')] }]), 'a ZIP archive of 1 file'],
    ];
    for (const [bytes, found] of cases) {
      const error = thrown(() => checkWorkbookBytes(bytes));
      expect(error).toBeInstanceOf(Invalid);
      expect((error as Error).message).toBe(messages.importNotWorkbook(found));
    }
  });

  it('refuses a zip bomb by its declared size, and one whose directory lies by what it really inflates to', async () => {
    for (const bomb of [await makeZipBomb(210), await makeZipBomb(210, { lie: true })]) {
      expect(bomb.length).toBeLessThan(1024 * 1024);
      const error = thrown(() => checkWorkbookBytes(bomb));
      expect(error).toBeInstanceOf(TooLarge);
      expect((error as Error).message).toBe(messages.importUnpackedTooLarge(200));
    }
    // Just under the limit is a workbook as far as the guard is concerned.
    expect(checkWorkbookBytes(await makeZipBomb(150))).toBe('xlsx');
  });

  it('reads each part by its local header too: a directory calling a deflated 1 GiB sheet "stored" is refused', async () => {
    const bomb = await makeZipBomb(1024, { storedInDirectory: true });
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const error = thrown(() => checkWorkbookBytes(bomb));
    expect(error).toBeInstanceOf(Invalid);
    expect((error as Error).message).toBe(
      messages.importUnreadable(
        'the part xl/worksheets/sheet1.xml is described two ways (its own header and the ZIP directory disagree)',
      ),
    );
  });

  it('refuses a truncated package as unreadable', () => {
    const bytes = makeWorkbook({ headings: ['Reference', 'Class'], rows: [['A-1', 'Relay']] });
    const error = thrown(() => checkWorkbookBytes(bytes.subarray(0, bytes.length - 30)));
    expect(error).toBeInstanceOf(Invalid);
    expect((error as Error).message).toMatch(/^The workbook could not be read: /);
  });
});

describe('readImportSheet', () => {
  it('finds the first sheet with Reference and Class, below title rows, and lists what it ignores', () => {
    const bytes = makeWorkbook([
      { name: 'Notes', headings: ['Read me'], rows: [['This sheet has no parts']] },
      {
        name: 'Parts',
        titleRows: [['Parts list exported 2024-05-01'], []],
        headings: ['Mark root', 'Reference', 'Classification', 'Unit price', '', 'Manufacturer'],
        rows: [
          ['K', 'LC1D09', 'Relay', 12.3, 'loose note', 'Schneider Electric'],
          [null, null, null, null, null, null],
          ['F', 'PT 2,5', 'Terminal Block', 0.5, null, 'Phoenix Contact'],
        ],
      },
    ]);
    const sheet = readImportSheet(bytes);
    expect(sheet.sheetName).toBe('Parts');
    expect(sheet.headerRow).toBe(3);
    expect(sheet.ignoredColumns).toEqual(['Unit price', 'Column E (no heading)']);
    expect(sheet.rows).toEqual([
      { row: 4, values: { markRoot: 'K', reference: 'LC1D09', class: 'Relay', manufacturer: 'Schneider Electric' } },
      {
        row: 6,
        values: { markRoot: 'F', reference: 'PT 2,5', class: 'Terminal Block', manufacturer: 'Phoenix Contact' },
      },
    ]);
  });

  it('says what it found when no sheet has both columns', () => {
    const bytes = makeWorkbook([
      { name: 'Prices', headings: ['Part', 'Qty', 'Price'], rows: [['A', 1, 2]] },
      { name: 'Classes', headings: ['Class'], rows: [['Relay']] },
    ]);
    const error = thrown(() => readImportSheet(bytes));
    expect(error).toBeInstanceOf(Invalid);
    expect((error as Error).message).toBe(
      messages.importNoSheet("sheet 'Prices' has the columns Part, Qty, Price; sheet 'Classes' has the columns Class"),
    );
  });

  it('reads formulas as their cached values', () => {
    const bytes = makeWorkbook({ headings: ['Reference', 'Class', 'Width'], rows: [['F-1', 'Relay', 0]] });
    // A formula with a cached result in C2, as Excel saves it.
    const workbook = XLSX.read(bytes, { type: 'buffer' });
    workbook.Sheets.Sheet1!.C2 = { t: 'n', v: 42, f: 'SUM(40,2)' };
    const withFormula = XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    expect(readImportSheet(withFormula).rows[0]!.values.width).toBe(42);
  });

  it(`refuses more than ${IMPORT_MAX_ROWS} data rows and more than ${IMPORT_MAX_COLUMNS} columns`, () => {
    const many = makeWorkbook({
      headings: ['Reference', 'Class'],
      rows: Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => [`R-${i}`, 'Relay']),
    });
    expect((thrown(() => readImportSheet(many)) as Error).message).toBe(
      messages.importTooManyRows('Sheet1', IMPORT_MAX_ROWS),
    );
    const exactly = makeWorkbook({
      headings: ['Reference', 'Class'],
      rows: Array.from({ length: IMPORT_MAX_ROWS }, (_, i) => [`R-${i}`, 'Relay']),
    });
    expect(readImportSheet(exactly).rows).toHaveLength(IMPORT_MAX_ROWS);
    const wide = makeWorkbook({
      headings: ['Reference', 'Class', ...Array.from({ length: IMPORT_MAX_COLUMNS - 1 }, (_, i) => `Extra ${i}`)],
      rows: [['W-1', 'Relay']],
    });
    expect((thrown(() => readImportSheet(wide)) as Error).message).toBe(
      messages.importTooManyColumns('Sheet1', IMPORT_MAX_COLUMNS),
    );
  }, 60_000);
});

describe('checkRows', () => {
  it('parses numbers with a comma, a point or the field unit, and skips a row with the reason otherwise', () => {
    const { accepted, errors, rejectedRows } = checkRows([
      {
        row: 2,
        values: {
          reference: 'N-1',
          class: 'Relay',
          width: '12,5',
          voltage: '24 V',
          numberOfTerminals: 4,
          weight: '0.25kg',
        },
      },
      { row: 3, values: { reference: 'N-2', class: 'Relay', width: '12 V' } },
      { row: 4, values: { reference: 'N-3', class: 'Relay', numberOfTerminals: 2.5 } },
      { row: 5, values: { class: 'Relay' } },
      { row: 6, values: { reference: 'N-5' } },
      { row: 7, values: { reference: 'N-6', class: 'Relay', depth: { error: '#DIV/0!' } } },
      { row: 8, values: { reference: 1234, class: 'Relay', articleNumber: 987 } },
    ]);
    expect(accepted.map((row) => [row.row, row.data.reference])).toEqual([
      [2, 'N-1'],
      [8, '1234'],
    ]);
    expect(accepted[0]!.data).toMatchObject({ width: 12.5, voltage: 24, numberOfTerminals: 4, weight: 0.25 });
    expect(accepted[1]!.data.articleNumber).toBe('987');
    expect(rejectedRows).toBe(5);
    expect(errors).toEqual([
      { row: 3, reference: 'N-2', field: 'width', message: "Width (mm) must be a number, not '12 V'" },
      {
        row: 4,
        reference: 'N-3',
        field: 'numberOfTerminals',
        message: "Number of Terminals must be a whole number, not '2.5'",
      },
      { row: 5, reference: null, field: 'reference', message: messages.referenceRequired },
      { row: 6, reference: 'N-5', field: 'class', message: messages.classRequired },
      { row: 7, reference: 'N-6', field: 'depth', message: 'Depth (mm) holds the error value #DIV/0!' },
    ]);
  });

  it('keeps a web address in a file field and says when it drops anything else', () => {
    const { accepted, warnings } = checkRows([
      {
        row: 2,
        values: {
          reference: 'F-1',
          class: 'Relay',
          dataSheet: 'https://example.com/f1.pdf',
          threeDPart: 'C:\\Library\\F-1.sldprt',
        },
      },
    ]);
    expect(accepted[0]!.data).toMatchObject({ dataSheet: 'https://example.com/f1.pdf' });
    expect(accepted[0]!.data).not.toHaveProperty('threeDPart');
    expect(warnings).toEqual([
      { row: 2, reference: 'F-1', field: 'threeDPart', message: messages.importFileNotKept('3D Symbol') },
    ]);
  });
});
