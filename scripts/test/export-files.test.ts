import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { componentFieldLabels, componentFields, type Component } from '#shared/schemas/component';
import { readLinkCell, type ExportedLink, type ExportFormat } from '#shared/schemas/exports';
import { aComponent } from '../../web/src/testing/component-fixture';
import { cellStrings, xlsxXmlParts } from '../../web/src/testing/xlsx-xml';
import { exportColumns, writeExport } from '#services/exports';

/*
 * The export files as written: the workbook's cells are plain text whatever they hold, the CSV
 * and JSON carry the same values, and links travel as a column per kind naming the other parts
 * by reference and maker.
 */

const ORIGIN = 'https://hub.example';

/** The file's bytes, written as the service writes it, two parts a chunk. */
const fileOf = async (
  format: ExportFormat,
  parts: readonly Component[],
  links: Record<number, ExportedLink[]> = {},
): Promise<Buffer> => {
  const out = new PassThrough();
  const pieces: Buffer[] = [];
  out.on('data', (piece: Buffer) => pieces.push(Buffer.from(piece)));
  const ended = new Promise((resolve) => out.on('end', resolve));
  const rows = parts.map((component) => ({ component, links: links[component.id] ?? [] }));
  const chunks = [rows.slice(0, 2), rows.slice(2)];
  await writeExport(out, format, chunks, ORIGIN);
  await ended;
  return Buffer.concat(pieces);
};

const sheetRows = (bytes: Buffer) => {
  const book = XLSX.read(bytes, { type: 'buffer', cellFormula: true, cellHTML: true });
  expect(book.SheetNames).toEqual(['Components']);
  return {
    sheet: book.Sheets.Components!,
    rows: XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets.Components!),
  };
};

const hostile = aComponent({
  id: 7,
  reference: '=HYPERLINK("http://evil.example","click")',
  manufacturer: '+Siemens',
  // Text that is itself escaped: a reader that decodes a cell twice reads `&` and `<b>`.
  description: "=cmd|' /C calc'!A0 &amp; &lt;b&gt;",
  type: '@SUM(A1:A2)',
  series: '\t=1+1',
  articleNumber: '<a href="javascript:alert(1)">x</a>',
  markRoot: 'Text with _x000D_ written literally',
  weight: -0.5,
  numberOfTerminals: 10,
  dataSheet: '/api/components/7/files/dataSheet',
  threeDPart: 'https://maker.example/part.step',
});

// A housing, its contact and its crimp tool as Phoenix Contact names them (MSTB 2,5/ 3-ST plug,
// and a crimp contact and tool of the same maker's catalogue).
const housing = aComponent({
  id: 1,
  reference: 'MSTB 2,5/ 3-ST',
  manufacturer: 'Phoenix Contact',
  lifecycle: 'active',
});
const links: Record<number, ExportedLink[]> = {
  1: [
    { kind: 'uses-contact', reference: 'MSTBC-MT 0,5-1,0', manufacturer: 'Phoenix Contact' },
    { kind: 'uses-tool', reference: 'CRIMPFOX 6', manufacturer: 'Phoenix Contact', role: 'crimp' },
    { kind: 'mates-with', reference: 'MSTBA 2,5/ 3-G', manufacturer: 'Phoenix Contact' },
  ],
};

describe('the export workbook', () => {
  it("has one sheet 'Components', a header of every field's label in order, then the link columns", async () => {
    const { sheet } = sheetRows(await fileOf('xlsx', [aComponent({ id: 1 }), aComponent({ id: 2 })]));
    const header = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 })[0]!;
    expect(header).toEqual(expect.arrayContaining(componentFields.map((field) => componentFieldLabels[field])));
    expect(header).toHaveLength(exportColumns(ORIGIN).length);
    expect(header.slice(-6)).toEqual([
      'Mates with',
      'Uses contact',
      'Uses tool',
      'Accessory',
      'Alternative',
      'Replaced by',
    ]);
    expect(header).toContain('Description (de)');
  });

  it('writes every value as a string cell, unchanged, with no formula, link or rich text', async () => {
    const bytes = await fileOf('xlsx', [hostile]);
    const { sheet, rows } = sheetRows(bytes);
    const cells = Object.entries(sheet)
      .filter(([address]) => !address.startsWith('!'))
      .map(([, cell]) => cell as XLSX.CellObject);
    expect(cells.filter((cell) => cell.f !== undefined || cell.l !== undefined || cell.t !== 's')).toEqual([]);
    expect(rows[0]).toMatchObject({
      Reference: hostile.reference,
      Manufacturer: '+Siemens',
      Description: hostile.description,
      Type: '@SUM(A1:A2)',
      'Weight (kg)': '-0.5',
      'Number of Terminals': '10',
      'Data Sheet': 'https://hub.example/api/components/7/files/dataSheet',
      '3D Symbol': 'https://maker.example/part.step',
      Lifecycle: 'Unknown',
    });
    const xml = xlsxXmlParts(bytes);
    for (const [name, text] of Object.entries(xml)) expect(text, name).not.toMatch(/<(\w+:)?f[\s>/]/);
    expect(cellStrings(xml)).toEqual(
      expect.arrayContaining(['Text with _x000D_ written literally', '\t=1+1', hostile.articleNumber!]),
    );
  });

  it('names the linked parts by reference and maker, a tool with its role, and reads them back', async () => {
    const { rows } = sheetRows(await fileOf('xlsx', [housing, aComponent({ id: 2 })], links));
    expect(rows[0]).toMatchObject({
      'Uses contact': 'MSTBC-MT 0,5-1,0 (Phoenix Contact)',
      'Uses tool': 'crimp: CRIMPFOX 6 (Phoenix Contact)',
      'Mates with': 'MSTBA 2,5/ 3-G (Phoenix Contact)',
      Lifecycle: 'Active',
    });
    expect(rows[1]).not.toHaveProperty('Uses contact');
    expect(readLinkCell(String(rows[0]!['Uses tool']))).toEqual([
      { reference: 'CRIMPFOX 6', manufacturer: 'Phoenix Contact', role: 'crimp' },
    ]);
  });
});

describe('writing an export as a stream', () => {
  it.each(['xlsx', 'csv', 'json'] as const)(
    'makes no more %s rows while the bucket takes nothing, and goes on when it does',
    async (format) => {
      const out = new PassThrough({ highWaterMark: 16 * 1024 });
      const total = 400;
      let made = 0;
      function* chunks() {
        for (let chunk = 0; chunk < total; chunk++) {
          made++;
          yield Array.from({ length: 25 }, (_, n) => ({
            component: aComponent({ id: chunk * 25 + n + 1, reference: `PT ${chunk}-${n} ${'x'.repeat(60)}` }),
            links: [],
          }));
        }
      }
      const written = writeExport(out, format, chunks(), ORIGIN);
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Nothing reads the file yet: the writer waits instead of holding the rest in memory.
      expect(made).toBeLessThan(total / 4);
      const pieces: Buffer[] = [];
      out.on('data', (piece: Buffer) => pieces.push(Buffer.from(piece)));
      const ended = new Promise((resolve) => out.on('end', resolve));
      await written;
      await ended;
      expect(made).toBe(total);
      const bytes = Buffer.concat(pieces);
      const count =
        format === 'xlsx'
          ? sheetRows(bytes).rows.length
          : format === 'csv'
            ? bytes.toString('utf8').trim().split('\n').length - 1
            : (JSON.parse(bytes.toString('utf8')) as unknown[]).length;
      expect(count).toBe(total * 25);
    },
  );
});

describe('the CSV and JSON exports', () => {
  it('writes the same columns as CSV, quoted where a value needs it, after a byte order mark', async () => {
    const text = (await fileOf('csv', [housing, hostile, aComponent({ id: 3 })], links)).toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const book = XLSX.read(text.slice(1), { type: 'string', raw: true });
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]!]!, { raw: true });
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({ Reference: 'MSTB 2,5/ 3-ST', 'Uses tool': 'crimp: CRIMPFOX 6 (Phoenix Contact)' });
    expect(rows[1]).toMatchObject({ Reference: hostile.reference, Description: hostile.description });
    const header = text.slice(1).split('\n')[0]!.split(',');
    expect(header).toEqual(exportColumns(ORIGIN).map((column) => column.heading));
  });

  it('writes JSON: every part as the API answers it, with its links and whole file addresses', async () => {
    const parts = JSON.parse((await fileOf('json', [housing, hostile, aComponent({ id: 3 })], links)).toString('utf8'));
    expect(parts).toHaveLength(3);
    expect(parts[0]).toMatchObject({ id: 1, reference: 'MSTB 2,5/ 3-ST', lifecycle: 'active' });
    expect(parts[0].links).toContainEqual({
      kind: 'uses-tool',
      reference: 'CRIMPFOX 6',
      manufacturer: 'Phoenix Contact',
      role: 'crimp',
    });
    expect(parts[1].dataSheet).toBe('https://hub.example/api/components/7/files/dataSheet');
    expect(parts[2].links).toEqual([]);
    expect(JSON.parse((await fileOf('json', [])).toString('utf8'))).toEqual([]);
  });
});

describe('reading a link cell', () => {
  it('takes semicolons and line breaks between parts, a maker in brackets at the end, a role before a colon', () => {
    expect(readLinkCell('A1 (Molex); extraction: 11-03-0044 (Molex)\nPT 2,5')).toEqual([
      { reference: 'A1', manufacturer: 'Molex' },
      { reference: '11-03-0044', manufacturer: 'Molex', role: 'extraction' },
      { reference: 'PT 2,5', manufacturer: null },
    ]);
    expect(readLinkCell(' ; ')).toEqual([]);
  });
});
