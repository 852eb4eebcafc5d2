import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import * as XLSX from 'xlsx';
import { catalogueFields, columnHeading } from '../../shared/schemas/component.ts';
import { linkColumnHeading, linkColumnKinds } from '../../shared/schemas/exports.ts';
import { DESKTOP, MOBILE, expect, test } from '../fixtures.ts';

/**
 * `npm start` seeds this many demo parts (scripts/seed/seed-catalogue.ts); no journey on
 * the seeded stack adds any.
 */
const CATALOGUE_SIZE = 300;
const PAGE_SIZE = 10;
const PAGES = Math.ceil(CATALOGUE_SIZE / PAGE_SIZE);

test.use({ role: 'admin' });

const showing = (page: Page, from: number, to: number, total: number | string) =>
  page.getByText(`Showing ${from} to ${to} of ${total} results`, { exact: true });

/** The total the pager reports, once the list has loaded. */
const shownTotal = async (page: Page): Promise<number> => {
  const summary = page.getByText(/^Showing \d+ to \d+ of \d+ results$/).first();
  await expect(summary, "the 'Showing X to Y of Z results' line").toBeVisible();
  return Number(/of (\d+) results/.exec((await summary.textContent()) ?? '')?.[1]);
};

const table = (page: Page) => page.getByRole('table', { name: 'Components' });
const tableRows = (page: Page) => table(page).locator('tbody tr');

/** The texts of one column of the results table (1-based, as in the header). */
const columnTexts = async (page: Page, column: number): Promise<string[]> =>
  tableRows(page).locator(`td:nth-child(${column})`).allTextContents();

/** Waits (the results may still be loading) until the table has rows and every one passes the test. */
const expectEveryRow = async (page: Page, column: number, passes: (text: string) => boolean, what: string) => {
  await expect
    .poll(
      async () => {
        const texts = await columnTexts(page, column);
        return texts.length === 0 ? ['(no rows)'] : texts.filter((text) => !passes(text));
      },
      { message: `every row has ${what} (the rows that do not)` },
    )
    .toEqual([]);
};

/** Waits until the table shows loaded rows (not the skeleton). */
const waitForRows = async (page: Page) => {
  await expect(
    tableRows(page)
      .locator('td')
      .getByRole('link', { name: /^View / })
      .first(),
    'the loaded results table',
  ).toBeVisible();
};

const quickSearch = (page: Page) => page.getByRole('search', { name: 'Quick Search' });
const advancedSearch = (page: Page) => page.getByRole('search', { name: 'Advanced Search' });
const pagination = (page: Page) => page.getByRole('navigation', { name: 'Pagination' });

const expectDisabled = async (button: Locator, disabled: boolean, what: string) =>
  disabled ? expect(button, `${what} disabled`).toBeDisabled() : expect(button, `${what} enabled`).toBeEnabled();

test('catalogue: dashboard cards and counts, Go to Search', async ({ page, checkPage }) => {
  await page.goto('/app/component-hub');
  await expect(page.getByRole('heading', { level: 1, name: 'Component Database' })).toBeVisible();
  await expect(page.getByText('Search, filter and manage electrical components')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Component Search' })).toBeVisible();
  const card = (label: string) => page.getByRole('region', { name: label });
  await expect(
    card('Total Components').getByText(CATALOGUE_SIZE.toLocaleString('en-GB'), { exact: true }),
    `Total Components ${CATALOGUE_SIZE}`,
  ).toBeVisible();
  for (const label of ['With Datasheets', 'Manufacturers', 'Pending Approvals']) {
    await expect(card(label).getByText(/^\d[\d,]*$/), `a count on '${label}'`).toBeVisible();
  }
  // The recent views and pending requests show their lists, or their empty texts when they have none.
  for (const [title, empty] of [
    ['Recent Components', 'No recent components.'],
    ['Pending Approval Requests', 'No pending requests.'],
  ] as const) {
    const region = page.getByRole('region', { name: title });
    await expect(region.getByText(empty).or(region.getByRole('listitem')).first(), `'${title}' loaded`).toBeVisible();
  }
  await checkPage('dashboard');

  await page.getByRole('link', { name: 'Go to Search' }).click();
  await expect(page).toHaveURL(/\/app\/component-hub\/components$/);
  await expect(showing(page, 1, PAGE_SIZE, CATALOGUE_SIZE)).toBeVisible();
});

test('catalogue: quick search (all fields, one field, Enter), the sidebar hand-over, ?query=, advanced filters, reset, opening a part', async ({
  page,
  checkPage,
}) => {
  await page.goto('/app/component-hub/components');
  await waitForRows(page);
  expect(await shownTotal(page), 'the whole catalogue at first').toBe(CATALOGUE_SIZE);

  // All Fields, with Enter: a fragment of a part number, in lower case.
  const box = quickSearch(page).getByRole('searchbox', { name: 'Search term' });
  await box.fill('3rt20');
  await box.press('Enter');
  await expect(page).toHaveURL(/[?&]query=3rt20(&|$)/);
  await expect(box, 'the quick search box after searching').toHaveValue('');
  await expect(
    page.getByRole('list', { name: 'Search in effect' }).getByText('3rt20'),
    'the search in effect',
  ).toBeVisible();
  await waitForRows(page);
  await expectEveryRow(page, 1, (text) => text.toUpperCase().includes('3RT20'), "'3RT20' in the reference");
  const contactors = await shownTotal(page);
  expect(contactors, 'some contactors').toBeGreaterThan(0);
  expect(contactors, 'some contactors').toBeLessThan(CATALOGUE_SIZE);

  // One field, with the Search button.
  await quickSearch(page).getByRole('combobox', { name: 'Field' }).selectOption({ label: 'Manufacturer' });
  await box.fill('harting');
  await quickSearch(page).getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/[?&]manufacturer=harting(&|$)/);
  await waitForRows(page);
  await expectEveryRow(page, 2, (text) => text === 'Harting', "manufacturer 'Harting'");
  const harting = await shownTotal(page);
  await checkPage('component-list-quick-search');

  // Reset: All Fields again and the whole catalogue.
  await quickSearch(page).getByRole('button', { name: 'Reset' }).click();
  await expect(showing(page, 1, PAGE_SIZE, CATALOGUE_SIZE), 'the whole catalogue after Reset').toBeVisible();
  await expect(quickSearch(page).getByRole('combobox', { name: 'Field' }), 'the field after Reset').toHaveValue(
    'query',
  );
  expect(new URL(page.url()).search, 'the query string after Reset').toBe('');

  // Advanced: two groups' filters, Enter-free, with Apply Filters.
  await page.getByRole('tab', { name: 'Advanced Search' }).click();
  const advanced = advancedSearch(page);
  await advanced.getByLabel('Manufacturer', { exact: true }).fill('Siemens');
  await advanced.getByLabel('Class', { exact: true }).fill('relay');
  await advanced.getByRole('button', { name: 'Technical Details' }).click();
  // A numeric filter is a from–to pair; the same number at both ends asks for exactly that.
  await advanced.getByLabel('Number of Terminals from', { exact: true }).fill('10');
  await advanced.getByLabel('Number of Terminals to', { exact: true }).fill('10');
  await advanced.getByLabel('Terminal Type', { exact: true }).fill('   ');
  await advanced.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page).toHaveURL(/manufacturer=Siemens/);
  const search = new URL(page.url()).searchParams;
  expect(search.get('class'), 'the class filter in the URL').toBe('relay');
  expect(search.get('numberOfTerminalsMin'), 'the terminals range in the URL, from').toBe('10');
  expect(search.get('numberOfTerminalsMax'), 'the terminals range in the URL, to').toBe('10');
  expect(search.has('terminalType'), 'an empty filter left out').toBe(false);
  await waitForRows(page);
  await expectEveryRow(page, 2, (text) => text === 'Siemens', "manufacturer 'Siemens'");
  await expectEveryRow(page, 4, (text) => text === 'Relay', "class 'Relay'");
  const relays = await shownTotal(page);
  expect(relays, 'a few Siemens relays with 10 terminals').toBeGreaterThan(0);
  expect(relays, 'a few Siemens relays with 10 terminals').toBeLessThan(CATALOGUE_SIZE);
  await checkPage('component-list-advanced');

  // A filter nothing matches shows the empty text.
  await advanced.getByLabel('Manufacturer', { exact: true }).fill('No Such Maker');
  await advanced.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page.getByText('No components found matching your search criteria.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Pagination' }), 'the pager for no results').toBeHidden();
  await checkPage('component-list-empty');

  await advanced.getByRole('button', { name: 'Reset All Filters' }).click();
  await expect(
    showing(page, 1, PAGE_SIZE, CATALOGUE_SIZE),
    'the whole catalogue after Reset All Filters',
  ).toBeVisible();
  await expect(
    advanced.getByLabel('Manufacturer', { exact: true }),
    'the Manufacturer filter after Reset All Filters',
  ).toHaveValue('');

  // The sidebar's search: handed over once through session storage, offset back to 0.
  await page.goto('/app/component-hub/components?page=4');
  await expect(showing(page, 31, 40, CATALOGUE_SIZE), 'page 4').toBeVisible();
  await page.getByRole('textbox', { name: 'Search components' }).fill('  harting ');
  await page.getByRole('textbox', { name: 'Search components' }).press('Enter');
  await expect(page).toHaveURL(/\/components\?query=harting$/);
  await expect(page.getByText(/^Showing 1 to \d+ of \d+ results$/), 'page 1 of the handed-over search').toBeVisible();
  await expect
    .poll(() => page.evaluate(() => sessionStorage.getItem('headerSearchQuery')), {
      message: 'headerSearchQuery after use',
    })
    .toBeNull();
  await page.getByRole('tab', { name: 'Quick Search' }).click();
  await expect(box, 'the quick search box filled by the hand-over').toHaveValue('harting');
  expect(await shownTotal(page), 'All Fields finds at least the Harting parts').toBeGreaterThanOrEqual(harting);

  // ?query= in a link pre-fills the search.
  await page.goto('/app/component-hub/components?query=PKZM0');
  await expect(box, 'the quick search box from ?query=').toHaveValue('PKZM0');
  await waitForRows(page);
  await expectEveryRow(page, 1, (text) => text.includes('PKZM0'), "'PKZM0' in the reference");

  // A datasheet opens in a new tab, and it is a PDF.
  const pdf = table(page)
    .getByRole('link', { name: /^PDF datasheet of / })
    .first();
  await expect(pdf, 'a PDF link').toBeVisible();
  await expect(pdf, 'the PDF link target').toHaveAttribute('target', '_blank');
  const href = (await pdf.getAttribute('href')) ?? '';
  const answer = await page.request.get(new URL(href, page.url()).href);
  expect(answer.headers()['content-type'], 'the datasheet type').toBe('application/pdf');
  const [popup] = await Promise.all([page.waitForEvent('popup'), pdf.click()]);
  await popup.close();
  expect(new URL(page.url()).pathname, 'the list stays open behind the PDF tab').toBe('/app/component-hub/components');

  // A row click and the Edit icon open the part.
  const firstReference = (await columnTexts(page, 1))[0] ?? '';
  await tableRows(page).first().locator('td').nth(2).click();
  await expect(page).toHaveURL(/\/app\/component-hub\/components\/\d+$/);
  await page.goBack();
  await waitForRows(page);
  await table(page)
    .getByRole('link', { name: `Edit ${firstReference}` })
    .click();
  await expect(page).toHaveURL(/\/app\/component-hub\/components\/\d+$/);
});

test('catalogue: paging forward and back, with the browser Back button and a shared link', async ({
  page,
  checkPage,
}) => {
  await page.goto('/app/component-hub/components');
  await waitForRows(page);
  const pager = pagination(page);
  await expectDisabled(pager.getByRole('button', { name: 'Previous' }), true, 'Previous on page 1');
  for (const n of [1, 2, 3, 4, 5, PAGES])
    await expect(pager.getByRole('button', { name: `Page ${n}`, exact: true })).toBeVisible();
  await expect(pager.getByRole('button', { name: 'Page 6', exact: true }), 'a sixth numbered page').toBeHidden();
  const firstPage = await columnTexts(page, 1);

  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(showing(page, 11, 20, CATALOGUE_SIZE), 'page 2').toBeVisible();
  await expect(page).toHaveURL(/[?&]page=2$/);
  await waitForRows(page);
  const secondPage = await columnTexts(page, 1);
  expect(
    secondPage.filter((reference) => firstPage.includes(reference)),
    'parts of page 1 repeated on page 2',
  ).toEqual([]);

  await pager.getByRole('button', { name: 'Page 5', exact: true }).click();
  await expect(showing(page, 41, 50, CATALOGUE_SIZE), 'page 5').toBeVisible();
  await expect(pager.getByRole('button', { name: 'Page 5', exact: true }), 'page 5 marked current').toHaveAttribute(
    'aria-current',
    'page',
  );
  await pager.getByRole('button', { name: `Page ${PAGES}`, exact: true }).click();
  await expect(
    showing(page, CATALOGUE_SIZE - PAGE_SIZE + 1, CATALOGUE_SIZE, CATALOGUE_SIZE),
    'the last page',
  ).toBeVisible();
  await expectDisabled(pager.getByRole('button', { name: 'Next' }), true, 'Next on the last page');
  await expectDisabled(pager.getByRole('button', { name: 'Previous' }), false, 'Previous on the last page');
  await checkPage('component-list-last-page');

  await page.goBack();
  await expect(showing(page, 41, 50, CATALOGUE_SIZE), 'page 5 after Back').toBeVisible();
  await page.goBack();
  await expect(showing(page, 11, 20, CATALOGUE_SIZE), 'page 2 after Back').toBeVisible();
  await waitForRows(page);
  await expect.poll(() => columnTexts(page, 1), { message: 'page 2 after Back' }).toEqual(secondPage);
  await page.goBack();
  await expect(showing(page, 1, 10, CATALOGUE_SIZE), 'page 1 after Back').toBeVisible();
  await expectDisabled(pager.getByRole('button', { name: 'Previous' }), true, 'Previous back on page 1');
  await page.goForward();
  await expect(showing(page, 11, 20, CATALOGUE_SIZE), 'page 2 after Forward').toBeVisible();

  // A shared link brings back the search and the page.
  await page.goto('/app/component-hub/components?manufacturer=Phoenix%20Contact&page=2');
  await expect(page.getByText(/^Showing 11 to \d+ of \d+ results$/), 'page 2 of the shared search').toBeVisible();
  await waitForRows(page);
  await expectEveryRow(page, 2, (text) => text === 'Phoenix Contact', "manufacturer 'Phoenix Contact'");
  await page.getByRole('tab', { name: 'Advanced Search' }).click();
  await expect(
    advancedSearch(page).getByLabel('Manufacturer', { exact: true }),
    'the Manufacturer filter from the link',
  ).toHaveValue('Phoenix Contact');

  // A page past the end shows the last page.
  await page.goto('/app/component-hub/components?page=999');
  await expect(
    showing(page, CATALOGUE_SIZE - PAGE_SIZE + 1, CATALOGUE_SIZE, CATALOGUE_SIZE),
    'the last page for page=999',
  ).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]page=${PAGES}$`));
});

test('catalogue: cards, pager and navigation at 375 px', async ({ page, checkPage }) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/app/component-hub/components');
  const cards = page.getByRole('list', { name: 'Components' }).getByRole('listitem');
  await expect(cards.first(), 'the result cards').toBeVisible();
  await expect(cards, 'cards on a page').toHaveCount(PAGE_SIZE);
  await expect(table(page), 'the table under 1024 px').toBeHidden();
  const pager = pagination(page);
  await expect(pager.getByText(`1 of ${PAGES}`, { exact: true })).toBeVisible();
  await expect(pager.getByRole('button', { name: 'Page 2', exact: true }), 'numbered pages on a phone').toBeHidden();
  await expectDisabled(pager.getByRole('button', { name: 'Previous' }), true, 'Previous on page 1');
  await checkPage('component-list-mobile');
  await page.setViewportSize(MOBILE);

  const firstCardText = await cards.first().getByRole('heading').textContent();
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager.getByText(`2 of ${PAGES}`, { exact: true })).toBeVisible();
  await expect(showing(page, 11, 20, CATALOGUE_SIZE), 'page 2 on a phone').toBeVisible();
  await expect(cards.first().getByRole('heading'), 'the cards changed with the page').not.toHaveText(
    firstCardText ?? '',
  );

  // The quick search works the same on a phone.
  await quickSearch(page).getByRole('searchbox', { name: 'Search term' }).fill('PKZM0');
  await quickSearch(page).getByRole('searchbox', { name: 'Search term' }).press('Enter');
  await expect(pager.getByText(/^1 of \d+$/), 'page 1 of the search').toBeVisible();
  await expect(cards.first().getByRole('heading', { name: /PKZM0/ }), 'a PKZM0 card').toBeVisible();

  await cards.first().getByText(/PKZM0/).first().click();
  await expect(page).toHaveURL(/\/app\/component-hub\/components\/\d+$/);
  await page.goBack();
  await expect(cards.first(), 'the cards after Back').toBeVisible();
  await page.setViewportSize(DESKTOP);
});

test('catalogue: Export to Excel downloads every matching part, read back with SheetJS', async ({ page, stack }) => {
  await page.goto('/app/component-hub/components');
  await waitForRows(page);
  const exportButton = page.getByRole('button', { name: 'Export to Excel' });

  // The server makes the file for the search in effect; its answer waits until 'Exporting...' has been seen.
  const exportPages: string[] = [];
  let release = () => {};
  const seen = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/components\/export\?/, async (route) => {
    exportPages.push(route.request().url());
    await seen;
    await route.continue();
  });
  const dir = await mkdtemp(path.join(tmpdir(), 'component-export-'));
  try {
    const downloaded = page.waitForEvent('download');
    await exportButton.click();
    await expect(page.getByRole('button', { name: /Exporting\.\.\./ }), "'Exporting...' while it runs").toBeVisible();
    release();
    const download = await downloaded;
    const today = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(download.suggestedFilename(), 'the file name').toBe(
      `component_export_${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}.xlsx`,
    );
    const file = path.join(dir, download.suggestedFilename());
    await download.saveAs(file);
    await expect(exportButton, "'Export to Excel' again after the export").toBeVisible();
    expect(exportPages.length, 'one export request for 300 parts').toBe(1);
    expect(new URL(exportPages[0]!).searchParams.get('format'), 'the format asked for').toBe('xlsx');
    // The same search as CSV, from the menu beside the button.
    const csv = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Other export formats' }).click();
    await page.getByRole('menuitem', { name: 'Export as CSV' }).click();
    const csvFile = path.join(dir, (await csv).suggestedFilename());
    await (await csv).saveAs(csvFile);
    expect(path.basename(csvFile), 'the CSV file name').toMatch(/^component_export_\d{4}-\d{2}-\d{2}\.csv$/);
    const csvText = await readFile(csvFile, 'utf8');
    expect(csvText.split('\n').filter(Boolean).length - 1, 'CSV rows').toBeGreaterThanOrEqual(CATALOGUE_SIZE);

    const workbook = XLSX.read(await readFile(file), { type: 'buffer' });
    expect(workbook.SheetNames.join(','), 'the sheet names').toBe('Components');
    const rows = XLSX.utils.sheet_to_json<unknown[]>(workbook.Sheets.Components!, { header: 1, defval: null });
    // A column per field, and per other catalogue language of a translatable one ('Description (de)'),
    // then a column per kind of link.
    const { languages } = (await (await page.request.get('/api/components/options')).json()) as { languages: string[] };
    expect(rows[0], 'the header row').toEqual([
      ...catalogueFields(languages).map(columnHeading),
      ...linkColumnKinds.map(linkColumnHeading),
    ]);
    expect(rows.length - 1, 'exported rows').toBe(CATALOGUE_SIZE);
    const column = (label: string) => (rows[0] as string[]).indexOf(label);
    const references = rows.slice(1).map((row) => row[column('Reference')]);
    expect(new Set(references).size, 'distinct references').toBe(CATALOGUE_SIZE);
    const datasheet = rows
      .slice(1)
      .map((row) => row[column('Data Sheet')])
      .find((value) => typeof value === 'string');
    expect(datasheet, "datasheet cells hold the file's full address").toEqual(
      expect.stringMatching(new RegExp(`^${stack.origin}/api/components/`)),
    );
    const width = rows
      .slice(1)
      .map((row) => row[column('Width (mm)')])
      .find((value) => value !== null);
    // Every value is a string cell, never run as a formula, holding the value unchanged.
    expect(typeof width, 'a width cell type').toBe('string');
    expect(Number(width), 'the width, a number written as text').not.toBeNaN();

    // The export follows the search in effect.
    await quickSearch(page).getByRole('combobox', { name: 'Field' }).selectOption({ label: 'Manufacturer' });
    await quickSearch(page).getByRole('searchbox', { name: 'Search term' }).fill('Harting');
    await quickSearch(page).getByRole('searchbox', { name: 'Search term' }).press('Enter');
    await expectEveryRow(page, 2, (text) => text === 'Harting', "manufacturer 'Harting'");
    const harting = await shownTotal(page);
    const second = page.waitForEvent('download');
    await exportButton.click();
    const filtered = path.join(dir, 'filtered.xlsx');
    await (await second).saveAs(filtered);
    const filteredRows = XLSX.utils.sheet_to_json<Record<string, unknown>>(
      XLSX.read(await readFile(filtered), { type: 'buffer' }).Sheets.Components!,
    );
    expect(filteredRows.length, 'rows of the filtered export').toBe(harting);
    expect(
      filteredRows.filter((row) => row.Manufacturer !== 'Harting'),
      'parts other than Harting in the filtered export',
    ).toEqual([]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("catalogue: from 1024 px the table keeps every part's actions in view; narrower, cards", async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 900 });
  await page.goto('/app/component-hub/components?query=relay');
  await waitForRows(page);
  // The refinements fold above the results, leaving the table the width of the card.
  await expect(page.getByRole('button', { name: 'Refine results' })).toBeVisible();
  const box = (await table(page).locator('xpath=..').boundingBox())!;
  const actions = tableRows(page).first().locator('td').last();
  const cell = (await actions.boundingBox())!;
  expect(cell.x + cell.width, 'the Actions cell ends inside the table box').toBeLessThanOrEqual(box.x + box.width + 1);
  expect(cell.x, 'the Actions cell starts inside the table box').toBeGreaterThanOrEqual(box.x);
  await expect(actions.getByRole('link', { name: /^View / })).toBeVisible();
  await page.setViewportSize({ width: 900, height: 900 });
  await expect(table(page), 'the table under 1024 px').toBeHidden();
  await expect(page.getByRole('list', { name: 'Components' }).getByRole('listitem').first()).toBeVisible();
});
