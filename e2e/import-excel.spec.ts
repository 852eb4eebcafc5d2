import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as XLSX from 'xlsx';
import { messages } from '../shared/messages.ts';
import { makeWorkbook, type Cell } from '../scripts/test/workbooks.ts';
import { apiCall, expect, test, toast } from './fixtures.ts';

test.use({ role: 'admin' });

/** Rows of new parts, enough for the commit to take a while (the progress bar is seen moving). */
const NEW_ROWS = 1500;

/**
 * The administrator's Excel import as a preview, then a commit: a library file that creates,
 * updates, leaves alone and skips rows; a column given another field; a row unticked; the commit
 * followed on its progress bar, the page left and come back to meanwhile, to the end and the
 * 'Upload successful' toast; the report as a spreadsheet; the parts in the catalogue.
 */
test('import excel: the admin previews a workbook, changes a column, commits and watches it to the end', async ({
  page,
  checkPage,
}) => {
  test.setTimeout(600_000);
  const prefix = `E2E-IMP-${Date.now().toString(36).toUpperCase()}`;

  // The library as it is in the catalogue: two parts, imported in one call.
  const base = makeWorkbook({
    headings: ['Reference', 'Class', 'Manufacturer', 'Description', 'Series'],
    rows: [
      [`${prefix}-3RT2015-1BB41`, 'Relay', 'Siemens', 'Contactor 3 kW', 'S00'],
      [`${prefix}-UIBIMP-005`, 'Connector', 'Siemens', 'Plug', 'UIB'],
    ],
  });
  const imported = await apiCall<{ count: number }>(page.request, 'POST', '/import-excel', {
    fileName: 'library.xlsx',
    fileData: base.toString('base64'),
  });
  expect(imported.count, 'the library imported').toBe(2);

  // The updated library: one description changed, one part as it was (its range in a column
  // the import does not know), new parts, a bad width and a repeated row.
  const rows: Cell[][] = [
    [`${prefix}-3rt2015 1bb41`, 'Relay', 'SIEMENS', 'Contactor 3 kW', null, 'S0'],
    [`${prefix}-UIBIMP-005`, 'Connector', 'Siemens', 'Plug, 4 poles', null, 'UIB'],
    [`${prefix}-BAD`, 'Relay', 'ABB', 'A width nobody can read', 'wide', null],
    [`${prefix}-NEW-00001`, 'Relay', 'ABB', 'New relay 1', '45', null],
    [`${prefix}-new 00001`, 'Relay', 'abb', 'The same relay again', null, null],
    ...Array.from({ length: NEW_ROWS - 1 }, (_, index): Cell[] => [
      `${prefix}-NEW-${String(index + 2).padStart(5, '0')}`,
      'Relay',
      ['ABB', 'Eaton', 'Siemens'][index % 3]!,
      `New relay ${index + 2}`,
      String(20 + (index % 30)),
      null,
    ]),
  ];
  const bytes = makeWorkbook({
    name: 'Library',
    headings: ['Reference', 'Class', 'Manufacturer', 'Description', 'Width (mm)', 'Range'],
    rows,
  });

  await page.goto('/app/component-hub');
  await page.getByRole('link', { name: 'Import Excel' }).first().click();
  await expect(page).toHaveURL(/\/component-hub\/import-excel/);
  await expect(page.getByRole('heading', { level: 1, name: 'Import Components from Excel' })).toBeVisible();
  await page.getByRole('button', { name: 'Upload and Import' }).click();
  await expect(toast(page, messages.noFileSelectedTitle, messages.excelFileRequired)).toBeVisible();
  await checkPage('import-excel');

  await page.getByLabel('Excel file').setInputFiles({
    name: 'library v2.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: bytes,
  });
  await expect(page.getByTestId('chosen-file').getByText('library v2.xlsx')).toBeVisible();

  // The preview's answer waits until the busy state has been seen.
  let release = () => {};
  const seen = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/import-excel$/, async (route) => {
    await seen;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Upload and Import' }).click();
  await expect(page.getByRole('button', { name: /Uploading\.\.\./ }), "'Uploading...' while it runs").toBeVisible();
  await expect(page.getByText(/^Reading the workbook and comparing it with the catalogue/)).toBeVisible();
  release();

  // The preview: totals, each row's action, the changes highlighted; nothing written yet.
  await expect(page).toHaveURL(/import=[0-9A-Z]{26}/, { timeout: 60_000 });
  await expect(page.getByTestId('total-create')).toContainText(NEW_ROWS.toLocaleString('en-US'), {
    timeout: 60_000,
  });
  await expect(page.getByTestId('total-update')).toContainText('1');
  await expect(page.getByTestId('total-unchanged')).toContainText('1');
  await expect(page.getByTestId('total-skip')).toContainText('2');
  const updated = page.getByTestId('import-row-3');
  await expect(updated.locator('del').getByText('Plug', { exact: true }), 'the stored value struck out').toBeVisible();
  await expect(updated.locator('ins').getByText('Plug, 4 poles'), 'the new value marked').toBeVisible();
  await expect(page.getByTestId('import-row-4').getByText("Width (mm) must be a number, not 'wide'")).toBeVisible();
  await expect(page.getByTestId('import-row-6').getByText(messages.importDuplicateInFile(5))).toBeVisible();
  await checkPage('import-preview');

  // The range column becomes the series: the unchanged part now changes S00 to S0.
  await page.getByRole('combobox', { name: 'Field for column F (Range)' }).selectOption('series');
  await expect(page.getByTestId('total-update')).toContainText('2', { timeout: 60_000 });
  await expect(page.getByTestId('total-unchanged')).toContainText('0');
  await expect(page.getByTestId('import-row-2').locator('ins').getByText('S0', { exact: true })).toBeVisible();

  // Only the updates, to look at them, and one new row left out.
  await page.getByTestId('total-update').click();
  await expect(page.getByRole('table', { name: 'Rows of the workbook' }).locator('tbody tr')).toHaveCount(2);
  await page.getByRole('button', { name: 'All', exact: true }).click();
  // The tick's box (its input is visually hidden under the box, which takes the click).
  await page.getByTestId('import-row-7').locator('[data-scope="checkbox"][data-part="control"]').click();
  await expect(page.getByRole('checkbox', { name: 'Import row 7' }), 'row 7 left out').not.toBeChecked();
  await expect(page.getByText('1 row left out')).toBeVisible();
  await checkPage('import-preview-mapped');

  // Commit, and follow it.
  await page.getByRole('button', { name: `Import ${(NEW_ROWS + 1).toLocaleString('en-US')} rows` }).click();
  const progress = page.getByRole('progressbar', { name: 'Import progress' });
  await expect(progress, 'the progress bar').toBeVisible({ timeout: 30_000 });
  await expect
    .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 120_000 })
    .toBeGreaterThan(0);
  await checkPage('import-committing');

  // Leaving and coming back shows the same import, still moving or done: its id is in the address.
  // (The sidebar's link, without an id, reopens only an unfinished import, and this one may be
  // done by then.)
  const importAddress = page.url();
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Component Database' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(importAddress);
  await expect(page.getByRole('heading', { level: 2, name: 'library v2.xlsx' })).toBeVisible();

  const result = page.getByTestId('import-result');
  await expect(result, "the 'Import Successful' result").toBeVisible({ timeout: 240_000 });
  await expect(page.getByText(messages.importSucceededTitle)).toBeVisible();
  await expect(result).toHaveText(
    `${(NEW_ROWS - 1).toLocaleString('en-US')} components imported, 2 updated, 0 unchanged, 2 rows skipped, 1 left out.`,
  );
  await checkPage('import-done');

  // The report as a spreadsheet, read back.
  const dir = await mkdtemp(path.join(tmpdir(), 'import-report-'));
  try {
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download report' }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe('library v2-import-report.xlsx');
    const file = path.join(dir, download.suggestedFilename());
    await download.saveAs(file);
    const report = XLSX.read(await readFile(file), { type: 'buffer' });
    expect(report.SheetNames).toEqual(['Summary', 'Rows']);
    const lines = XLSX.utils.sheet_to_json<string[]>(report.Sheets.Rows!, { header: 1 });
    expect(lines[0]).toEqual(['Row', 'Reference', 'Manufacturer', 'Action', 'Outcome', 'Details']);
    expect(lines).toHaveLength(NEW_ROWS + 5);
    expect(lines.find((line) => line[0] === '3')!.slice(3)).toEqual([
      'Update',
      'Updated',
      'Description: Plug → Plug, 4 poles',
    ]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }

  // In the catalogue: the update with its history, a new part, not the row left out.
  await page.goto(`/app/component-hub/components?query=${encodeURIComponent(`${prefix}-UIBIMP`)}`);
  const part = page.getByRole('table', { name: 'Components' }).locator('tbody tr').filter({ hasText: 'Plug, 4 poles' });
  await expect(part, 'the updated part in the list').toBeVisible();
  await page.goto(`/app/component-hub/components?query=${encodeURIComponent(`${prefix}-NEW-00001`)}`);
  await expect(page.getByText('Showing 1 to 1 of 1 results', { exact: true })).toBeVisible();
  // Row 7 was left out.
  await page.goto(`/app/component-hub/components?query=${encodeURIComponent(`${prefix}-NEW-00002`)}`);
  await expect(page.getByText('No components found matching your search criteria.')).toBeVisible();
});
