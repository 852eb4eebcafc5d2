import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as XLSX from 'xlsx';
import { messages } from '../shared/messages.ts';
import { makeWorkbook } from '../scripts/test/workbooks.ts';
import { expect, test, toast } from './fixtures.ts';

test.use({ role: 'admin' });

/**
 * The administrator's Excel import: a workbook with good rows, a bad number and a repeated row;
 * the report on screen and as a spreadsheet; an imported part found in the component list.
 */
test('import excel: the admin imports a workbook, reads the report, finds an imported part', async ({
  page,
  checkPage,
}) => {
  const prefix = `E2E-IMP-${Date.now().toString(36).toUpperCase()}`;
  const bytes = makeWorkbook({
    name: 'Parts',
    headings: ['Reference', 'Class', 'Manufacturer', 'Description', 'Width (mm)', 'Voltage', 'Unit price'],
    rows: [
      [`${prefix}-1`, 'Relay', 'Siemens', 'Imported relay, 24 V coil', '45', '24 V', 12.5],
      [`${prefix}-2`, 'Connector', 'Phoenix Contact', 'Imported plug, 4 poles', '12,5', null, 3.1],
      [`${prefix}-3`, 'Terminal Block', 'Phoenix Contact', 'Imported feed-through block', null, '800 V', 0.4],
      [`${prefix}-4`, 'Relay', 'ABB', 'A width nobody can read', 'wide', null, null],
      [`${prefix}-2`, 'Connector', 'Phoenix Contact', 'The same plug again', null, null, null],
    ],
  });

  await page.goto('/app/component-hub');
  await page.getByRole('link', { name: 'Import Excel' }).first().click();
  await expect(page).toHaveURL(/\/component-hub\/import-excel$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Import Components from Excel' })).toBeVisible();

  await page.getByRole('button', { name: 'Upload and Import' }).click();
  await expect(toast(page, messages.noFileSelectedTitle, messages.excelFileRequired)).toBeVisible();
  await checkPage('import-excel');

  await page.getByLabel('Excel file').setInputFiles({
    name: 'e2e-parts.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: bytes,
  });
  await expect(page.getByTestId('chosen-file').getByText('e2e-parts.xlsx'), 'the chosen file name').toBeVisible();
  await expect(
    page.getByTestId('chosen-file').getByText(`(${(bytes.length / 2 ** 20).toFixed(2)} MB)`),
    'its size in MB',
  ).toBeVisible();

  // The import's answer waits until the busy button and the progress indicator have been seen.
  let release = () => {};
  const seen = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/import-excel$/, async (route) => {
    await seen;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Upload and Import' }).click();
  await expect(page.getByRole('button', { name: /Uploading\.\.\./ }), "'Uploading...' while it runs").toBeVisible();
  await expect(page.getByRole('progressbar'), 'the progress indicator while the server works').toBeVisible();
  await expect(
    page.getByText(/^Importing components\.\.\./),
    'what the progress indicator is waiting for',
  ).toBeVisible();
  await checkPage('import-excel-progress');
  release();
  const result = page.getByRole('status').filter({ hasText: messages.importSucceededTitle });
  await expect(result, "the 'Import Successful' alert").toBeVisible({ timeout: 30_000 });
  await expect(
    result.getByText(/3 components imported, 2 rows skipped\./),
    'the counts imported and skipped',
  ).toBeVisible();
  await expect(page.getByText('Columns not imported (no field of that name and unit): Unit price')).toBeVisible();
  const skipped = page.getByRole('table', { name: 'Skipped rows' });
  await expect(
    skipped
      .getByRole('row')
      .filter({ hasText: `${prefix}-4` })
      .filter({ hasText: "Width (mm) must be a number, not 'wide'" }),
    'the bad width row',
  ).toBeVisible();
  await expect(
    skipped.getByRole('row').filter({ hasText: messages.importDuplicateInFile(3) }),
    'the repeated row as a duplicate',
  ).toBeVisible();
  await checkPage('import-excel-report');

  // The report as a spreadsheet, read back.
  const dir = await mkdtemp(path.join(tmpdir(), 'import-report-'));
  try {
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download report' }).click();
    const download = await downloaded;
    expect(download.suggestedFilename(), 'the report file name').toBe('e2e-parts-import-report.xlsx');
    const file = path.join(dir, download.suggestedFilename());
    await download.saveAs(file);
    const report = XLSX.read(await readFile(file), { type: 'buffer' });
    expect(report.SheetNames.join(','), 'the report sheets').toBe('Summary,Skipped rows');
    const rows = XLSX.utils.sheet_to_json<unknown[]>(report.Sheets['Skipped rows']!, { header: 1 });
    expect(rows[0], 'the report header').toEqual(['Row', 'Reference', 'Field', 'Reason']);
    expect(
      rows.slice(1).map((row) => row[0]),
      'the skipped sheet rows',
    ).toEqual([5, 6]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }

  // An imported part in the list.
  await page.goto(`/app/component-hub/components?query=${encodeURIComponent(`${prefix}-2`)}`);
  const row = page
    .getByRole('table', { name: 'Components' })
    .locator('tbody tr')
    .filter({ hasText: `${prefix}-2` });
  await expect(row, 'the imported part in the component list').toBeVisible();
  await expect(row.getByText('Phoenix Contact'), 'its manufacturer').toBeVisible();
  await expect(
    page.getByText('Showing 1 to 1 of 1 results', { exact: true }),
    'exactly one match (the repeated row was not imported)',
  ).toBeVisible();
});
