import * as XLSX from 'xlsx';
import { approvedPart, expect, test } from './fixtures.ts';

test.use({ role: 'user' });

/*
 * The export for SOLIDWORKS Electrical, from the list's menu: Weidmüller's WDU 2.5 feed-through
 * terminal (order number 1020000000), filed for this journey with its stamp, searched for, and
 * the workbook downloaded: its one sheet, SOLIDWORKS Electrical's headings with a column per
 * other catalogue language, the part's row.
 */
test('export: the workbook for SOLIDWORKS Electrical downloads from the list with its headings', async ({
  page,
  adminApi,
}) => {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
  const reference = `WDU 2.5 ${stamp}`;
  await approvedPart(adminApi, {
    reference,
    manufacturer: 'Weidmüller',
    class: 'Terminal Block',
    articleNumber: '1020000000',
    description: 'Feed-through terminal, 2.5 mm², 24 A',
  });
  await page.goto(`/app/component-hub/components?${new URLSearchParams({ query: stamp })}`);
  await expect(page.getByText(reference).first()).toBeVisible();

  await page.getByRole('button', { name: 'Other export formats' }).click();
  const downloaded = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Export for SOLIDWORKS Electrical' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/^component_export_swe_\d{4}-\d{2}-\d{2}\.xlsx$/);

  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const book = XLSX.read(Buffer.concat(chunks));
  expect(book.SheetNames).toEqual(['Manufacturer parts']);
  const [headings, ...rows] = XLSX.utils.sheet_to_json<string[]>(book.Sheets['Manufacturer parts']!, {
    header: 1,
  });
  expect(headings!.slice(0, 7)).toEqual([
    'Reference',
    'Manufacturer',
    'Classification',
    'Type',
    'Article number',
    'Commercial reference',
    'Commercial reference (de)',
  ]);
  expect(headings).toEqual(expect.arrayContaining(['Description', 'Description (de)', 'Description (fr)']));
  expect(rows).toHaveLength(1);
  expect(rows[0]!.slice(0, 5)).toEqual([reference, 'Weidmüller', 'Terminal Block', undefined, '1020000000']);
});
