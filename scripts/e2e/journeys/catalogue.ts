import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import * as XLSX from 'xlsx';
import { componentFieldLabels, componentFields } from '../../../shared/schemas/component.ts';
import {
  DESKTOP,
  MOBILE,
  expectEqual,
  expectHidden,
  expectUrl,
  expectValue,
  expectVisible,
  type Journey,
} from '../harness.ts';

/** `npm start` seeds this many demo parts (functions/src/services/seed-catalogue.ts); no journey adds any. */
const CATALOGUE_SIZE = 300;
const PAGE_SIZE = 10;
const PAGES = Math.ceil(CATALOGUE_SIZE / PAGE_SIZE);

const showing = (page: Page, from: number, to: number, total: number | string) =>
  page.getByText(`Showing ${from} to ${to} of ${total} results`, { exact: true });

/** The total the pager reports, once the list has loaded. */
const shownTotal = async (page: Page): Promise<number> => {
  const summary = page.getByText(/^Showing \d+ to \d+ of \d+ results$/);
  await expectVisible(summary, "the 'Showing X to Y of Z results' line");
  return Number(/of (\d+) results/.exec((await summary.first().textContent()) ?? '')?.[1]);
};

const table = (page: Page) => page.getByRole('table', { name: 'Components' });
const tableRows = (page: Page) => table(page).locator('tbody tr');

/** The texts of one column of the results table (1-based, as in the header). */
const columnTexts = async (page: Page, column: number): Promise<string[]> =>
  tableRows(page).locator(`td:nth-child(${column})`).allTextContents();

/** Waits (the results may still be loading) until every row of the table passes the test. */
const expectEveryRow = async (
  page: Page,
  column: number,
  test: (text: string) => boolean,
  what: string,
  timeout = 10_000,
) => {
  const deadline = Date.now() + timeout;
  for (;;) {
    const texts = await columnTexts(page, column);
    const wrong = texts.filter((text) => !test(text));
    if (texts.length > 0 && wrong.length === 0) return;
    if (Date.now() > deadline) {
      throw new Error(
        texts.length === 0
          ? `expected rows for ${what}, the table is empty`
          : `expected every row to have ${what}; these do not: ${wrong.join(', ')}`,
      );
    }
    await page.waitForTimeout(100);
  }
};

/** Waits until the table shows loaded rows (not the skeleton). */
const waitForRows = async (page: Page) => {
  await expectVisible(
    tableRows(page)
      .locator('td')
      .getByRole('link', { name: /^View / }),
    'the loaded results table',
  );
};

const quickSearch = (page: Page) => page.getByRole('search', { name: 'Quick Search' });
const advancedSearch = (page: Page) => page.getByRole('search', { name: 'Advanced Search' });
const pagination = (page: Page) => page.getByRole('navigation', { name: 'Pagination' });

const expectDisabled = async (button: Locator, disabled: boolean, what: string) =>
  expectEqual(await button.isDisabled(), disabled, `${what} ${disabled ? 'disabled' : 'enabled'}`);

export const catalogueJourneys: Journey[] = [
  {
    name: 'catalogue: dashboard cards and counts, Go to Search',
    run: async ({ page, stack, login, checkPage }) => {
      await login(stack.admin);
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Component Database' }), 'the dashboard heading');
      await expectVisible(page.getByText('Search, filter and manage electrical components'), 'the subtitle');
      await expectVisible(page.getByRole('heading', { name: 'Component Search' }), "the 'Component Search' card");
      const card = (label: string) => page.getByRole('region', { name: label });
      await expectVisible(
        card('Total Components').getByText(CATALOGUE_SIZE.toLocaleString('en-GB'), { exact: true }),
        `Total Components ${CATALOGUE_SIZE}`,
      );
      for (const label of ['With Datasheets', 'Manufacturers', 'Pending Approvals']) {
        await expectVisible(card(label).getByText(/^\d[\d,]*$/), `a count on '${label}'`);
      }
      // The recent views and pending requests come from endpoints other changes build; until they
      // have data the cards show their empty texts, and they always show one or the other.
      for (const [title, empty] of [
        ['Recent Components', 'No recent components.'],
        ['Pending Approval Requests', 'No pending requests.'],
      ] as const) {
        const region = page.getByRole('region', { name: title });
        await expectVisible(region.getByText(empty).or(region.getByRole('listitem')), `'${title}' loaded`);
      }
      await checkPage('dashboard');

      await page.getByRole('link', { name: 'Go to Search' }).click();
      await expectUrl(page, /\/app\/component-hub\/components$/);
      await expectVisible(
        showing(page, 1, PAGE_SIZE, CATALOGUE_SIZE),
        `'Showing 1 to 10 of ${CATALOGUE_SIZE} results'`,
      );
    },
  },
  {
    name: 'catalogue: quick search (all fields, one field, Enter), the sidebar hand-over, ?query=, advanced filters, reset, opening a part',
    run: async ({ page, url, stack, login, checkPage }) => {
      await login(stack.admin);
      await page.goto(url('/component-hub/components'));
      await waitForRows(page);
      expectEqual(await shownTotal(page), CATALOGUE_SIZE, 'the whole catalogue at first');

      // All Fields, with Enter: a fragment of a part number, in lower case.
      const box = quickSearch(page).getByRole('searchbox', { name: 'Search term' });
      await box.fill('3rt20');
      await box.press('Enter');
      await expectUrl(page, /[?&]query=3rt20(&|$)/);
      await expectValue(box, '', 'the quick search box after searching');
      await expectVisible(
        page.getByRole('list', { name: 'Search in effect' }).getByText('3rt20'),
        'the search in effect',
      );
      await waitForRows(page);
      await expectEveryRow(page, 1, (text) => text.toUpperCase().includes('3RT20'), "'3RT20' in the reference");
      const contactors = await shownTotal(page);
      if (!(contactors > 0 && contactors < CATALOGUE_SIZE))
        throw new Error(`expected some contactors, got ${contactors}`);

      // One field, with the Search button.
      await quickSearch(page).getByRole('combobox', { name: 'Field' }).selectOption({ label: 'Manufacturer' });
      await box.fill('harting');
      await quickSearch(page).getByRole('button', { name: 'Search' }).click();
      await expectUrl(page, /[?&]manufacturer=harting(&|$)/);
      await waitForRows(page);
      await expectEveryRow(page, 2, (text) => text === 'Harting', "manufacturer 'Harting'");
      const harting = await shownTotal(page);
      await checkPage('component-list-quick-search');

      // Reset: All Fields again and the whole catalogue.
      await quickSearch(page).getByRole('button', { name: 'Reset' }).click();
      await expectVisible(showing(page, 1, PAGE_SIZE, CATALOGUE_SIZE), 'the whole catalogue after Reset');
      expectEqual(
        await quickSearch(page).getByRole('combobox', { name: 'Field' }).inputValue(),
        'query',
        'the field after Reset',
      );
      expectEqual(new URL(page.url()).search, '', 'the query string after Reset');

      // Advanced: two groups' filters, Enter-free, with Apply Filters.
      await page.getByRole('tab', { name: 'Advanced Search' }).click();
      const advanced = advancedSearch(page);
      await advanced.getByLabel('Manufacturer', { exact: true }).fill('Siemens');
      await advanced.getByLabel('Class', { exact: true }).fill('relay');
      await advanced.getByRole('button', { name: 'Technical Details' }).click();
      await advanced.getByLabel('Number of Terminals', { exact: true }).fill('10');
      await advanced.getByLabel('Terminal Type', { exact: true }).fill('   ');
      await advanced.getByRole('button', { name: 'Apply Filters' }).click();
      await expectUrl(page, /manufacturer=Siemens/);
      const search = new URL(page.url()).searchParams;
      expectEqual(search.get('class'), 'relay', 'the class filter in the URL');
      expectEqual(search.get('numberOfTerminals'), '10', 'the terminals filter in the URL');
      expectEqual(search.has('terminalType'), false, 'an empty filter left out');
      await waitForRows(page);
      await expectEveryRow(page, 2, (text) => text === 'Siemens', "manufacturer 'Siemens'");
      await expectEveryRow(page, 4, (text) => text === 'Relay', "class 'Relay'");
      const relays = await shownTotal(page);
      if (!(relays > 0 && relays < CATALOGUE_SIZE))
        throw new Error(`expected a few Siemens relays with 10 terminals, got ${relays}`);
      await checkPage('component-list-advanced');

      // A filter nothing matches shows the empty text.
      await advanced.getByLabel('Manufacturer', { exact: true }).fill('No Such Maker');
      await advanced.getByRole('button', { name: 'Apply Filters' }).click();
      await expectVisible(page.getByText('No components found matching your search criteria.'), 'the empty text');
      await expectHidden(page.getByRole('navigation', { name: 'Pagination' }), 'the pager for no results');
      await checkPage('component-list-empty');

      await advanced.getByRole('button', { name: 'Reset All Filters' }).click();
      await expectVisible(showing(page, 1, PAGE_SIZE, CATALOGUE_SIZE), 'the whole catalogue after Reset All Filters');
      expectEqual(
        await advanced.getByLabel('Manufacturer', { exact: true }).inputValue(),
        '',
        'the Manufacturer filter after Reset All Filters',
      );

      // The sidebar's search: handed over once through session storage, offset back to 0.
      await page.goto(url('/component-hub/components?page=4'));
      await expectVisible(showing(page, 31, 40, CATALOGUE_SIZE), 'page 4');
      await page.getByRole('textbox', { name: 'Search components' }).fill('  harting ');
      await page.getByRole('textbox', { name: 'Search components' }).press('Enter');
      await expectUrl(page, /\/components\?query=harting$/);
      await expectVisible(page.getByText(/^Showing 1 to \d+ of \d+ results$/), 'page 1 of the handed-over search');
      expectEqual(
        await page.evaluate(() => sessionStorage.getItem('headerSearchQuery')),
        null,
        'headerSearchQuery after use',
      );
      await page.getByRole('tab', { name: 'Quick Search' }).click();
      await expectValue(box, 'harting', 'the quick search box filled by the hand-over');
      if ((await shownTotal(page)) < harting) throw new Error('expected All Fields to find at least the Harting parts');

      // ?query= in a link pre-fills the search.
      await page.goto(url('/component-hub/components?query=PKZM0'));
      await expectValue(box, 'PKZM0', 'the quick search box from ?query=');
      await waitForRows(page);
      await expectEveryRow(page, 1, (text) => text.includes('PKZM0'), "'PKZM0' in the reference");

      // A datasheet opens in a new tab, and it is a PDF.
      const pdf = table(page)
        .getByRole('link', { name: /^PDF datasheet of / })
        .first();
      await expectVisible(pdf, 'a PDF link');
      expectEqual(await pdf.getAttribute('target'), '_blank', 'the PDF link target');
      const href = (await pdf.getAttribute('href')) ?? '';
      const answer = await page.request.get(new URL(href, page.url()).href);
      expectEqual(answer.headers()['content-type'], 'application/pdf', 'the datasheet type');
      const [popup] = await Promise.all([page.waitForEvent('popup'), pdf.click()]);
      await popup.close();
      expectEqual(
        new URL(page.url()).pathname,
        '/app/component-hub/components',
        'the list stays open behind the PDF tab',
      );

      // A row click and the Edit icon open the part.
      const firstReference = (await columnTexts(page, 1))[0] ?? '';
      await tableRows(page).first().locator('td').nth(2).click();
      await expectUrl(page, /\/app\/component-hub\/components\/\d+$/);
      await page.goBack();
      await waitForRows(page);
      await table(page)
        .getByRole('link', { name: `Edit ${firstReference}` })
        .click();
      await expectUrl(page, /\/app\/component-hub\/components\/\d+$/);
    },
  },
  {
    name: 'catalogue: paging forward and back, with the browser Back button and a shared link',
    run: async ({ page, url, stack, login, checkPage }) => {
      await login(stack.admin);
      await page.goto(url('/component-hub/components'));
      await waitForRows(page);
      const pager = pagination(page);
      await expectDisabled(pager.getByRole('button', { name: 'Previous' }), true, 'Previous on page 1');
      for (const n of [1, 2, 3, 4, 5, PAGES])
        await expectVisible(pager.getByRole('button', { name: `Page ${n}`, exact: true }), `the 'Page ${n}' button`);
      await expectHidden(pager.getByRole('button', { name: 'Page 6', exact: true }), 'a sixth numbered page');
      const firstPage = await columnTexts(page, 1);

      await pager.getByRole('button', { name: 'Next' }).click();
      await expectVisible(showing(page, 11, 20, CATALOGUE_SIZE), 'page 2');
      await expectUrl(page, /[?&]page=2$/);
      await waitForRows(page);
      const secondPage = await columnTexts(page, 1);
      if (secondPage.some((reference) => firstPage.includes(reference)))
        throw new Error('page 2 repeats parts of page 1');

      await pager.getByRole('button', { name: 'Page 5', exact: true }).click();
      await expectVisible(showing(page, 41, 50, CATALOGUE_SIZE), 'page 5');
      expectEqual(
        await pager.getByRole('button', { name: 'Page 5', exact: true }).getAttribute('aria-current'),
        'page',
        'page 5 marked current',
      );
      await pager.getByRole('button', { name: `Page ${PAGES}`, exact: true }).click();
      await expectVisible(
        showing(page, CATALOGUE_SIZE - PAGE_SIZE + 1, CATALOGUE_SIZE, CATALOGUE_SIZE),
        'the last page',
      );
      await expectDisabled(pager.getByRole('button', { name: 'Next' }), true, 'Next on the last page');
      await expectDisabled(pager.getByRole('button', { name: 'Previous' }), false, 'Previous on the last page');
      await checkPage('component-list-last-page');

      await page.goBack();
      await expectVisible(showing(page, 41, 50, CATALOGUE_SIZE), 'page 5 after Back');
      await page.goBack();
      await expectVisible(showing(page, 11, 20, CATALOGUE_SIZE), 'page 2 after Back');
      await waitForRows(page);
      expectEqual((await columnTexts(page, 1)).join(','), secondPage.join(','), 'page 2 after Back');
      await page.goBack();
      await expectVisible(showing(page, 1, 10, CATALOGUE_SIZE), 'page 1 after Back');
      await expectDisabled(pager.getByRole('button', { name: 'Previous' }), true, 'Previous back on page 1');
      await page.goForward();
      await expectVisible(showing(page, 11, 20, CATALOGUE_SIZE), 'page 2 after Forward');

      // A shared link brings back the search and the page.
      await page.goto(url('/component-hub/components?manufacturer=Phoenix%20Contact&page=2'));
      await expectVisible(page.getByText(/^Showing 11 to \d+ of \d+ results$/), 'page 2 of the shared search');
      await waitForRows(page);
      await expectEveryRow(page, 2, (text) => text === 'Phoenix Contact', "manufacturer 'Phoenix Contact'");
      await page.getByRole('tab', { name: 'Advanced Search' }).click();
      await expectValue(
        advancedSearch(page).getByLabel('Manufacturer', { exact: true }),
        'Phoenix Contact',
        'the Manufacturer filter from the link',
      );

      // A page past the end shows the last page.
      await page.goto(url('/component-hub/components?page=999'));
      await expectVisible(
        showing(page, CATALOGUE_SIZE - PAGE_SIZE + 1, CATALOGUE_SIZE, CATALOGUE_SIZE),
        'the last page for page=999',
      );
      await expectUrl(page, new RegExp(`[?&]page=${PAGES}$`));
    },
  },
  {
    name: 'catalogue: cards, pager and navigation at 375 px',
    run: async ({ page, url, stack, login, checkPage }) => {
      await login(stack.admin);
      await page.setViewportSize(MOBILE);
      await page.goto(url('/component-hub/components'));
      const cards = page.getByRole('list', { name: 'Components' }).getByRole('listitem');
      await expectVisible(cards, 'the result cards');
      expectEqual(await cards.count(), PAGE_SIZE, 'cards on a page');
      await expectHidden(table(page), 'the table under 768 px');
      const pager = pagination(page);
      await expectVisible(pager.getByText(`1 of ${PAGES}`, { exact: true }), `'1 of ${PAGES}'`);
      await expectHidden(pager.getByRole('button', { name: 'Page 2', exact: true }), 'numbered pages on a phone');
      await expectDisabled(pager.getByRole('button', { name: 'Previous' }), true, 'Previous on page 1');
      await checkPage('component-list-mobile');
      await page.setViewportSize(MOBILE);

      const firstCardText = await cards.first().getByRole('heading').textContent();
      await pager.getByRole('button', { name: 'Next' }).click();
      await expectVisible(pager.getByText(`2 of ${PAGES}`, { exact: true }), `'2 of ${PAGES}'`);
      await expectVisible(showing(page, 11, 20, CATALOGUE_SIZE), 'page 2 on a phone');
      if ((await cards.first().getByRole('heading').textContent()) === firstCardText)
        throw new Error('the cards did not change with the page');

      // The quick search works the same on a phone.
      await quickSearch(page).getByRole('searchbox', { name: 'Search term' }).fill('PKZM0');
      await quickSearch(page).getByRole('searchbox', { name: 'Search term' }).press('Enter');
      await expectVisible(pager.getByText(/^1 of \d+$/), 'page 1 of the search');
      await expectVisible(cards.first().getByRole('heading', { name: /PKZM0/ }), 'a PKZM0 card');

      await cards.first().getByText(/PKZM0/).first().click();
      await expectUrl(page, /\/app\/component-hub\/components\/\d+$/);
      await page.goBack();
      await expectVisible(cards.first(), 'the cards after Back');
      await page.setViewportSize(DESKTOP);
    },
  },
  {
    name: 'catalogue: Export to Excel downloads every matching part, read back with SheetJS',
    run: async ({ page, url, stack, login }) => {
      await login(stack.admin);
      await page.goto(url('/component-hub/components'));
      await waitForRows(page);
      const exportButton = page.getByRole('button', { name: 'Export to Excel' });

      // The export asks for 1000 at a time; slow those answers down to see 'Exporting...'.
      const exportPages: string[] = [];
      await page.route(/\/api\/components\?.*limit=1000/, async (route) => {
        exportPages.push(route.request().url());
        await new Promise((resolve) => setTimeout(resolve, 600));
        await route.continue();
      });
      const dir = await mkdtemp(path.join(tmpdir(), 'component-export-'));
      try {
        const downloaded = page.waitForEvent('download', { timeout: 20_000 });
        await exportButton.click();
        await expectVisible(page.getByRole('button', { name: /Exporting\.\.\./ }), "'Exporting...' while it runs");
        const download = await downloaded;
        const today = new Date();
        const pad = (n: number) => String(n).padStart(2, '0');
        expectEqual(
          download.suggestedFilename(),
          `component_export_${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}.xlsx`,
          'the file name',
        );
        const file = path.join(dir, download.suggestedFilename());
        await download.saveAs(file);
        await expectVisible(exportButton, "'Export to Excel' again after the export");
        expectEqual(exportPages.length, 1, 'export requests for 300 parts');
        expectEqual(new URL(exportPages[0]!).searchParams.get('offset'), '0', 'the first export page offset');

        const workbook = XLSX.read(await readFile(file), { type: 'buffer' });
        expectEqual(workbook.SheetNames.join(','), 'Components', 'the sheet names');
        const rows = XLSX.utils.sheet_to_json<unknown[]>(workbook.Sheets.Components!, { header: 1, defval: null });
        expectEqual(
          JSON.stringify(rows[0]),
          JSON.stringify(componentFields.map((field) => componentFieldLabels[field])),
          'the header row',
        );
        expectEqual(rows.length - 1, CATALOGUE_SIZE, 'exported rows');
        const column = (label: string) => (rows[0] as string[]).indexOf(label);
        const references = rows.slice(1).map((row) => row[column('Reference')]);
        expectEqual(new Set(references).size, CATALOGUE_SIZE, 'distinct references');
        const datasheet = rows
          .slice(1)
          .map((row) => row[column('Data Sheet')])
          .find((value) => typeof value === 'string');
        if (typeof datasheet !== 'string' || !datasheet.startsWith(`${stack.origin}/api/components/`)) {
          throw new Error(`expected datasheet cells to hold the file's full address, got ${String(datasheet)}`);
        }
        const width = rows
          .slice(1)
          .map((row) => row[column('Width (mm)')])
          .find((value) => value !== null);
        expectEqual(typeof width, 'number', 'a width cell type');

        // The export follows the search in effect.
        await quickSearch(page).getByRole('combobox', { name: 'Field' }).selectOption({ label: 'Manufacturer' });
        await quickSearch(page).getByRole('searchbox', { name: 'Search term' }).fill('Harting');
        await quickSearch(page).getByRole('searchbox', { name: 'Search term' }).press('Enter');
        await expectEveryRow(page, 2, (text) => text === 'Harting', "manufacturer 'Harting'");
        const harting = await shownTotal(page);
        const second = page.waitForEvent('download', { timeout: 20_000 });
        await exportButton.click();
        const filtered = path.join(dir, 'filtered.xlsx');
        await (await second).saveAs(filtered);
        const filteredRows = XLSX.utils.sheet_to_json<Record<string, unknown>>(
          XLSX.read(await readFile(filtered), { type: 'buffer' }).Sheets.Components!,
        );
        expectEqual(filteredRows.length, harting, 'rows of the filtered export');
        expectEqual(
          filteredRows.every((row) => row.Manufacturer === 'Harting'),
          true,
          'only Harting parts in the filtered export',
        );
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  },
];
