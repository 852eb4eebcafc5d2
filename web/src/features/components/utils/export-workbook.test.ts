import { afterEach, describe, expect, it, vi } from 'vitest';
import * as XLSX from 'xlsx';
import { componentFieldLabels, componentFields, TOTAL_COUNT_HEADER } from '#shared/schemas/component';
import { clearCsrfToken } from '#web/lib/api-client.ts';
import { mockApi } from '#web/testing/mock-api.ts';
import { fetchAllMatching } from '../api/search-components';
import { aComponent } from '#web/testing/component-fixture.ts';
import { sharedStrings, xlsxXmlParts } from '#web/testing/xlsx-xml.ts';
import { buildExportWorkbook, exportFileName, saveComponentsWorkbook, workbookBytes } from './export-workbook';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearCsrfToken();
});

/** Writes the workbook to .xlsx bytes and reads them back, as a spreadsheet program would. */
const roundTrip = (workbook: XLSX.WorkBook) =>
  XLSX.read(new Uint8Array(workbookBytes(workbook)), { type: 'array', cellFormula: true });

const hostile = aComponent({
  id: 7,
  reference: '=HYPERLINK("http://evil.example","click")',
  manufacturer: '+Siemens',
  description: '-2+3',
  type: '@SUM(A1:A2)',
  series: '\t=1+1',
  articleNumber: 'A=1 is fine',
  markRoot: 'Text with _x000D_ written literally',
  weight: -0.5,
  numberOfTerminals: 10,
  dataSheet: '/api/components/7/files/dataSheet',
  threeDPart: 'https://maker.example/part.step',
});

describe('the export workbook', () => {
  it("has one sheet 'Components' with a header of every field's label, in the fields' order", () => {
    const book = roundTrip(buildExportWorkbook([aComponent({ id: 1 }), aComponent({ id: 2 })], 'https://hub.example'));
    expect(book.SheetNames).toEqual(['Components']);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Components!, { header: 1, defval: null });
    expect(rows[0]).toEqual(componentFields.map((field) => componentFieldLabels[field]));
    expect(rows[0]).toHaveLength(componentFields.length);
    expect(rows).toHaveLength(3);
    expect(rows[1]![0]).toBe('REF-1');
  });

  it('writes a lifecycle under Lifecycle by its label, Unknown for a part without one', () => {
    const book = roundTrip(
      buildExportWorkbook(
        [aComponent({ id: 1, reference: '3RT1015-1BB41', lifecycle: 'obsolete' }), aComponent({ id: 2 })],
        'https://hub.example',
      ),
    );
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets.Components!);
    expect(rows.map((row) => row.Lifecycle)).toEqual(['Obsolete', 'Unknown']);
  });

  it('writes every value as a string cell, unchanged: text that starts like a formula and numbers alike', () => {
    const book = roundTrip(buildExportWorkbook([hostile], 'https://hub.example'));
    const sheet = book.Sheets.Components!;
    const cells = Object.entries(sheet).filter(([address]) => !address.startsWith('!')) as [string, XLSX.CellObject][];
    expect(cells.filter(([, cell]) => cell.f !== undefined)).toEqual([]);
    expect(cells.filter(([, cell]) => cell.t !== 's')).toEqual([]);

    const [row] = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet);
    expect(row).toMatchObject({
      Reference: '=HYPERLINK("http://evil.example","click")',
      Manufacturer: '+Siemens',
      Description: '-2+3',
      Type: '@SUM(A1:A2)',
      Series: '\t=1+1',
      'Article Number': 'A=1 is fine',
      'Weight (kg)': '-0.5',
      'Number of Terminals': '10',
      Class: 'Relay',
    });
  });

  it('has no formula element anywhere in the file, and the original values in its XML', () => {
    const xml = xlsxXmlParts(workbookBytes(buildExportWorkbook([hostile], 'https://hub.example')));
    expect(Object.keys(xml)).toEqual(expect.arrayContaining(['sheet1.xml', 'sharedStrings.xml', 'workbook.xml']));
    for (const [name, text] of Object.entries(xml)) expect(text, name).not.toMatch(/<(\w+:)?f[\s>/]/);
    // Every cell of the sheet refers to the shared string table: a string, never evaluated.
    const cellTypes = [...xml['sheet1.xml']!.matchAll(/<c r="[A-Z]+\d+"([^>]*)>/g)].map((match) => match[1]);
    expect(cellTypes.length).toBeGreaterThan(10);
    expect(new Set(cellTypes)).toEqual(new Set([' t="s"']));
    const strings = sharedStrings(xml['sharedStrings.xml']!);
    expect(strings).toEqual(
      expect.arrayContaining([
        '=HYPERLINK("http://evil.example","click")',
        '+Siemens',
        '-2+3',
        '@SUM(A1:A2)',
        '-0.5',
        '10',
        'https://hub.example/api/components/7/files/dataSheet',
        'Text with _x000D_ written literally',
      ]),
    );
    expect(strings.filter((text) => text.startsWith("'"))).toEqual([]);
  });

  it("gives a file field the file's full address and leaves absent values empty", () => {
    const [row] = XLSX.utils.sheet_to_json<Record<string, unknown>>(
      roundTrip(buildExportWorkbook([hostile], 'https://hub.example')).Sheets.Components!,
    );
    expect(row!['Data Sheet']).toBe('https://hub.example/api/components/7/files/dataSheet');
    expect(row!['3D Symbol']).toBe('https://maker.example/part.step');
    expect(row).not.toHaveProperty('SWE Symbol');
    expect(row).not.toHaveProperty('Library');
  });

  it('is named component_export_{YYYY-MM-DD}.xlsx by the local date', () => {
    expect(exportFileName(new Date(2025, 0, 5, 23, 59))).toBe('component_export_2025-01-05.xlsx');
    expect(exportFileName(new Date(2025, 11, 31, 0, 0))).toBe('component_export_2025-12-31.xlsx');
  });

  it('hands the browser an .xlsx download with that name', async () => {
    const blobs: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:export'),
        revokeObjectURL: vi.fn(),
      }),
    );
    const clicked: { download: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.href });
    });
    const name = saveComponentsWorkbook([hostile], undefined, new Date(2025, 5, 1));
    expect(name).toBe('component_export_2025-06-01.xlsx');
    expect(clicked).toEqual([{ download: 'component_export_2025-06-01.xlsx', href: 'blob:export' }]);
    const book = XLSX.read(new Uint8Array(await blobs[0]!.arrayBuffer()), { type: 'array' });
    expect(XLSX.utils.sheet_to_json(book.Sheets.Components!)).toHaveLength(1);
    expect(document.querySelector('a[download]')).toBeNull();
  });
});

describe('fetching every match for the export', () => {
  it('reads page after page at the largest page size until the total is reached', async () => {
    const catalogue = Array.from({ length: 5 }, (_, i) => aComponent({ id: i + 1 }));
    const server = mockApi({
      'GET /api/components': ({ query }) => {
        const offset = Number(query.get('offset'));
        const limit = Number(query.get('limit'));
        return {
          body: catalogue.slice(offset, offset + limit),
          headers: { [TOTAL_COUNT_HEADER]: String(catalogue.length) },
        };
      },
    });
    const rows = await fetchAllMatching({ manufacturer: 'Siemens' }, 2);
    expect(rows.map((row) => row.id)).toEqual([1, 2, 3, 4, 5]);
    expect(server.calls.map((call) => call.path)).toEqual([
      '/api/components?manufacturer=Siemens&limit=2&offset=0',
      '/api/components?manufacturer=Siemens&limit=2&offset=2',
      '/api/components?manufacturer=Siemens&limit=2&offset=4',
    ]);
  });

  it('asks for 1000 at a time by default and stops at a short page', async () => {
    const server = mockApi({
      'GET /api/components': { body: [aComponent({ id: 1 })], headers: { [TOTAL_COUNT_HEADER]: '1' } },
    });
    await expect(fetchAllMatching({})).resolves.toHaveLength(1);
    expect(server.calls.map((call) => call.path)).toEqual(['/api/components?limit=1000&offset=0']);
  });

  it('counts a component once when the catalogue shifts between pages', async () => {
    const pages = [[aComponent({ id: 1 }), aComponent({ id: 2 })], [aComponent({ id: 2 }), aComponent({ id: 3 })], []];
    mockApi({
      'GET /api/components': ({ query }) => ({
        body: pages[Number(query.get('offset')) / 2],
        headers: { [TOTAL_COUNT_HEADER]: '5' },
      }),
    });
    expect((await fetchAllMatching({}, 2)).map((row) => row.id)).toEqual([1, 2, 3]);
  });
});
