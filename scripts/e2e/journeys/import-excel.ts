import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as XLSX from 'xlsx';
import { messages } from '../../../shared/messages.ts';
import { makeWorkbook } from '../../test/workbooks.ts';
import { expectEqual, expectUrl, expectVisible, toast, type Journey } from '../harness.ts';

/**
 * The administrator's Excel import (spec §2 Import Components from Excel; issue 7 §1): a
 * workbook with good rows, a bad number and a repeated row; the report on screen and as a
 * spreadsheet; an imported part found in the component list. It adds parts to the catalogue, so
 * it runs after the journeys that count the demo catalogue.
 */

const PREFIX = `E2E-IMP-${Date.now().toString(36).toUpperCase()}`;

const workbook = () =>
  makeWorkbook({
    name: 'Parts',
    headings: ['Reference', 'Class', 'Manufacturer', 'Description', 'Width (mm)', 'Voltage', 'Unit price'],
    rows: [
      [`${PREFIX}-1`, 'Relay', 'Siemens', 'Imported relay, 24 V coil', '45', '24 V', 12.5],
      [`${PREFIX}-2`, 'Connector', 'Phoenix Contact', 'Imported plug, 4 poles', '12,5', null, 3.1],
      [`${PREFIX}-3`, 'Terminal Block', 'Phoenix Contact', 'Imported feed-through block', null, '800 V', 0.4],
      [`${PREFIX}-4`, 'Relay', 'ABB', 'A width nobody can read', 'wide', null, null],
      [`${PREFIX}-2`, 'Connector', 'Phoenix Contact', 'The same plug again', null, null, null],
    ],
  });

export const importExcelJourneys: Journey[] = [
  {
    name: 'import excel: the admin imports a workbook, reads the report, finds an imported part',
    run: async ({ page, url, stack, login, checkPage }) => {
      await login(stack.admin);
      await page.getByRole('link', { name: 'Import Excel' }).first().click();
      await expectUrl(page, /\/component-hub\/import-excel$/);
      await expectVisible(
        page.getByRole('heading', { level: 1, name: 'Import Components from Excel' }),
        'the import heading',
      );

      await page.getByRole('button', { name: 'Upload and Import' }).click();
      await expectVisible(
        toast(page, messages.noFileSelectedTitle, messages.excelFileRequired),
        "the 'No file selected' toast",
      );
      await checkPage('import-excel');

      const bytes = workbook();
      await page.getByLabel('Excel file').setInputFiles({
        name: 'e2e-parts.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: bytes,
      });
      await expectVisible(page.getByTestId('chosen-file').getByText('e2e-parts.xlsx'), 'the chosen file name');
      await expectVisible(
        page.getByTestId('chosen-file').getByText(`(${(bytes.length / 2 ** 20).toFixed(2)} MB)`),
        'its size in MB',
      );

      // Hold the import's answer a moment to see the busy button and the progress indicator.
      await page.route(/\/api\/import-excel$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 5000));
        await route.continue();
      });
      await page.getByRole('button', { name: 'Upload and Import' }).click();
      await expectVisible(page.getByRole('button', { name: /Uploading\.\.\./ }), "'Uploading...' while it runs");
      await expectVisible(page.getByRole('progressbar'), 'the progress indicator while the server works');
      await expectVisible(page.getByText(/^Importing components\.\.\./), 'what the progress indicator is waiting for');
      await checkPage('import-excel-progress');
      const result = page.getByRole('status').filter({ hasText: messages.importSucceededTitle });
      await expectVisible(result, "the 'Import Successful' alert", 30_000);
      await expectVisible(
        result.getByText(/3 components imported, 2 rows skipped\./),
        'the counts imported and skipped',
      );
      await expectVisible(
        page.getByText('Columns not imported (no field of that name and unit): Unit price'),
        'the ignored column',
      );
      const skipped = page.getByRole('table', { name: 'Skipped rows' });
      await expectVisible(
        skipped
          .getByRole('row')
          .filter({ hasText: `${PREFIX}-4` })
          .filter({ hasText: "Width (mm) must be a number, not 'wide'" }),
        'the bad width row',
      );
      await expectVisible(
        skipped.getByRole('row').filter({ hasText: messages.importDuplicateInFile(3) }),
        'the repeated row as a duplicate',
      );
      await checkPage('import-excel-report');

      // The report as a spreadsheet, read back.
      const dir = await mkdtemp(path.join(tmpdir(), 'import-report-'));
      try {
        const downloaded = page.waitForEvent('download', { timeout: 20_000 });
        await page.getByRole('button', { name: 'Download report' }).click();
        const download = await downloaded;
        expectEqual(download.suggestedFilename(), 'e2e-parts-import-report.xlsx', 'the report file name');
        const file = path.join(dir, download.suggestedFilename());
        await download.saveAs(file);
        const report = XLSX.read(await readFile(file), { type: 'buffer' });
        expectEqual(report.SheetNames.join(','), 'Summary,Skipped rows', 'the report sheets');
        const rows = XLSX.utils.sheet_to_json<unknown[]>(report.Sheets['Skipped rows']!, { header: 1 });
        expectEqual(
          JSON.stringify(rows[0]),
          JSON.stringify(['Row', 'Reference', 'Field', 'Reason']),
          'the report header',
        );
        expectEqual(
          JSON.stringify(rows.slice(1).map((row) => row[0])),
          JSON.stringify([5, 6]),
          'the skipped sheet rows',
        );
      } finally {
        await rm(dir, { recursive: true, force: true });
      }

      // An imported part in the list.
      await page.goto(url(`/component-hub/components?query=${encodeURIComponent(`${PREFIX}-2`)}`));
      const row = page
        .getByRole('table', { name: 'Components' })
        .locator('tbody tr')
        .filter({ hasText: `${PREFIX}-2` });
      await expectVisible(row, 'the imported part in the component list', 15_000);
      await expectVisible(row.getByText('Phoenix Contact'), 'its manufacturer');
      await expectVisible(
        page.getByText('Showing 1 to 1 of 1 results', { exact: true }),
        'exactly one match (the repeated row was not imported)',
      );
    },
  },
];
