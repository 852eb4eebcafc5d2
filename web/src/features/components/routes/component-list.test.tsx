import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOTAL_COUNT_HEADER, headerJson, type Component } from '#shared/schemas/component';
import { mockApi, type MockResponse } from '#web/testing/mock-api.ts';
import { renderRoutes } from '#web/testing/render.tsx';
import { aComponent } from '#web/testing/component-fixture.ts';
import { ComponentListRoute, HEADER_SEARCH_KEY } from './component-list';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const LIST = '/component-hub/components';

const catalogue: Component[] = Array.from({ length: 42 }, (_, i) =>
  aComponent({
    id: i + 1,
    reference: `PART-${String(i + 1).padStart(3, '0')}`,
    manufacturer: i % 2 ? 'Siemens' : 'ABB',
    type: 'Contactor',
    description: `Part number ${i + 1}`,
    dataSheet: i === 0 ? '/api/components/1/files/dataSheet' : null,
  }),
);

/** The API's search over `catalogue`: the manufacturer and query filters, a page, and the total header. */
const searchApi = (rows: Component[] = catalogue, before?: (query: URLSearchParams) => Promise<void>) =>
  mockApi({
    'GET /api/components': async ({ query }): Promise<MockResponse> => {
      await before?.(query);
      const text = query.get('query')?.toLowerCase();
      const maker = query.get('manufacturer')?.toLowerCase();
      const matches = rows.filter(
        (row) =>
          (!text || row.reference.toLowerCase().includes(text)) &&
          (!maker || row.manufacturer?.toLowerCase().includes(maker)),
      );
      const offset = Number(query.get('offset'));
      const limit = Number(query.get('limit'));
      return { body: matches.slice(offset, offset + limit), headers: { [TOTAL_COUNT_HEADER]: String(matches.length) } };
    },
    // The server makes the export and says where it put it.
    'GET /api/components/export': async ({ query }): Promise<MockResponse> => {
      await before?.(query);
      const day = query.get('day');
      return {
        body: {
          url: 'https://bucket.example/exports/file',
          fileName: `component_export_${day}.${query.get('format')}`,
          count: 21,
        },
      };
    },
  });

const renderList = (entry = LIST) =>
  renderRoutes(
    [
      { path: LIST, element: <ComponentListRoute /> },
      { path: `${LIST}/:id`, element: <p>detail page</p> },
    ],
    entry,
  );

/*
 * jsdom applies no media queries, so the page renders as on a phone: the table (768 px and up)
 * and the wide pager are display:none there, and queries for them ask for hidden elements.
 */
const hidden = { hidden: true } as const;
const table = () => screen.getByRole('table', { name: 'Components', ...hidden });
const bodyRows = () => within(table()).getAllByRole('row', hidden).slice(1);
/** The wide pager; hidden elements have no accessible name in jsdom, so it and its buttons are found by their labels. */
const widePager = () => {
  const nav = [...document.querySelectorAll<HTMLElement>('nav[aria-label="Pagination"]')].find((el) =>
    el.querySelector('button[aria-label^="Page "]'),
  )!;
  const button = (label: string) =>
    nav.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`) ??
    within(nav).getByText(label, { selector: 'button' });
  return {
    button,
    pageNumbers: () => [...nav.querySelectorAll('button[aria-label^="Page "]')].map((el) => el.textContent),
  };
};

describe('component list', () => {
  it('shows 5 skeleton rows while loading, then the first page with the real total', async () => {
    let answer: (value: MockResponse) => void = () => undefined;
    const server = mockApi({ 'GET /api/components': () => new Promise<MockResponse>((resolve) => (answer = resolve)) });
    renderList();
    expect(await screen.findAllByTestId('skeleton-row')).toHaveLength(5);
    expect(screen.getAllByTestId('skeleton-card')).toHaveLength(5);
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]!.path).toBe('/api/components?limit=10&offset=0&facets=true');

    act(() => answer({ body: catalogue.slice(0, 10), headers: { [TOTAL_COUNT_HEADER]: '42' } }));
    expect(await screen.findByText('Showing 1 to 10 of 42 results')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(10);
    expect(
      within(bodyRows()[0]!)
        .getAllByRole('cell', hidden)
        .map((cell) => cell.textContent),
    ).toEqual(['PART-001', 'ABB', 'Part number 1', 'Relay', 'Contactor', expect.stringContaining('PDF')]);
    expect(
      within(table())
        .getAllByRole('columnheader', hidden)
        .map((cell) => cell.textContent),
    ).toEqual(['Reference', 'Manufacturer', 'Description', 'Class', 'Type', 'Actions']);
    // The cards for narrow screens hold the same page.
    expect(within(screen.getByRole('list', { name: 'Components' })).getAllByRole('listitem')).toHaveLength(10);
  });

  it('pages forward through the URL, with Previous disabled on page 1 and Next on the last page, and Back restores', async () => {
    const server = searchApi();
    const { router } = renderList();
    expect(await screen.findByText('Showing 1 to 10 of 42 results')).toBeInTheDocument();
    const nav = widePager();
    expect(nav.button('Previous')).toBeDisabled();
    expect(nav.pageNumbers()).toEqual(['1', '2', '3', '4', '5']);
    expect(nav.button('Page 1')).toHaveAttribute('aria-current', 'page');

    await userEvent.click(nav.button('Next'));
    expect(await screen.findByText('Showing 11 to 20 of 42 results')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(server.calls.at(-1)!.path).toBe('/api/components?limit=10&offset=10&facets=true');

    await userEvent.click(nav.button('Page 5'));
    expect(await screen.findByText('Showing 41 to 42 of 42 results')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(2);
    expect(nav.button('Next')).toBeDisabled();
    expect(nav.button('Previous')).toBeEnabled();
    // The phone's pager: Previous, 'N of M', Next.
    const phone = within(screen.getByRole('navigation', { name: 'Pagination' }));
    expect(phone.getByText('5 of 5')).toBeInTheDocument();
    expect(phone.getByRole('button', { name: 'Next' })).toBeDisabled();

    await act(() => router.navigate(-1));
    expect(await screen.findByText('Showing 11 to 20 of 42 results')).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Pagination' })).getByText('2 of 5')).toBeInTheDocument();
  });

  it('searches from the panel: the URL holds the search, page 1, and the API gets it', async () => {
    const server = searchApi();
    const { router } = renderList(`${LIST}?page=3`);
    expect(await screen.findByText('Showing 21 to 30 of 42 results')).toBeInTheDocument();
    const quick = within(screen.getByRole('search', { name: 'Quick Search' }));
    await userEvent.selectOptions(quick.getByRole('combobox', { name: 'Field' }), 'Manufacturer');
    await userEvent.type(quick.getByRole('searchbox', { name: 'Search term' }), 'siemens{Enter}');
    expect(await screen.findByText('Showing 1 to 10 of 21 results')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?manufacturer=siemens');
    expect(server.calls.at(-1)!.path).toBe('/api/components?manufacturer=siemens&limit=10&offset=0&facets=true');
    expect(within(screen.getByRole('list', { name: 'Search in effect' })).getByText('siemens')).toBeInTheDocument();
  });

  it('uses the sidebar’s headerSearchQuery once, removes it and starts at the first page', async () => {
    sessionStorage.setItem(HEADER_SEARCH_KEY, 'PART-04');
    const server = searchApi();
    const { router } = renderList(`${LIST}?page=3`);
    expect(await screen.findByText('Showing 1 to 3 of 3 results')).toBeInTheDocument();
    expect(sessionStorage.getItem(HEADER_SEARCH_KEY)).toBeNull();
    expect(router.state.location.search).toBe('?query=PART-04');
    expect(server.calls.map((call) => call.path)).toEqual([
      '/api/components?query=PART-04&limit=10&offset=0&facets=true',
    ]);
    expect(
      within(screen.getByRole('search', { name: 'Quick Search' })).getByRole('searchbox', { name: 'Search term' }),
    ).toHaveValue('PART-04');

    // Coming back to the list without a new hand-over keeps what the URL says.
    await act(() => router.navigate(`${LIST}?query=PART-042`));
    expect(await screen.findByText('Showing 1 to 1 of 1 results')).toBeInTheDocument();
  });

  it('pre-fills the quick search from ?query=', async () => {
    const server = searchApi();
    renderList(`${LIST}?query=PART-00`);
    expect(await screen.findByText('Showing 1 to 9 of 9 results')).toBeInTheDocument();
    expect(
      within(screen.getByRole('search', { name: 'Quick Search' })).getByRole('searchbox', { name: 'Search term' }),
    ).toHaveValue('PART-00');
    expect(server.calls[0]!.path).toBe('/api/components?query=PART-00&limit=10&offset=0&facets=true');
  });

  it('shows the empty text and no pager when nothing matches', async () => {
    searchApi();
    renderList(`${LIST}?query=nothing`);
    expect(await screen.findByText('No components found matching your search criteria.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the last page for a page past the end', async () => {
    searchApi();
    const { router } = renderList(`${LIST}?page=99`);
    // Two round trips: page 99 comes back empty, then the last page.
    expect(await screen.findByText('Showing 41 to 42 of 42 results', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=5');
  });

  it('shows a number that is not one as a hint on its input, and lists the rest of the search', async () => {
    const server = searchApi();
    renderList(`${LIST}?widthMin=wide&widthMax=60&manufacturer=siemens`);
    expect(await screen.findByText('Width (mm) from must be a number')).toBeInTheDocument();
    expect(screen.getByLabelText('Width (mm) from')).toHaveValue('wide');
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]!.path).toBe(
      '/api/components?manufacturer=siemens&widthMax=60&limit=10&offset=0&facets=true',
    );
    expect(screen.queryByText('Failed to load components')).toBeNull();
  });

  it('opens the detail page from a row, from View and Edit, and the datasheet in a new tab', async () => {
    searchApi();
    const { router } = renderList();
    await screen.findByText('Showing 1 to 10 of 42 results');
    const pdf = within(table()).getByRole('link', {
      name: 'PDF datasheet of PART-001 (opens in a new tab)',
      ...hidden,
    });
    expect(pdf).toHaveAttribute('href', '/api/components/1/files/dataSheet');
    expect(pdf).toHaveAttribute('target', '_blank');
    expect(pdf).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(within(table()).getAllByRole('link', { name: /^PDF/, ...hidden })).toHaveLength(1);
    expect(within(table()).getByRole('link', { name: 'View PART-002', ...hidden })).toHaveAttribute(
      'href',
      '/component-hub/components/2',
    );
    expect(within(table()).getByRole('link', { name: 'Edit PART-002', ...hidden })).toHaveAttribute(
      'href',
      '/component-hub/components/2',
    );

    await userEvent.click(within(bodyRows()[2]!).getByText('Part number 3'));
    expect(await screen.findByText('detail page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/component-hub/components/3');
  });

  it("exports every match: 'Exporting...' while the server makes the file for the search in effect, then downloads it", async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const server = searchApi(catalogue, async (query) => {
      if (query.has('format')) await held;
    });
    const downloads: { download: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push({ download: this.download, href: this.href });
    });
    renderList(`${LIST}?manufacturer=abb`);
    await screen.findByText('Showing 1 to 10 of 21 results');
    await userEvent.click(screen.getByRole('button', { name: 'Export to Excel' }));
    expect(await screen.findByText('Exporting...')).toBeInTheDocument();
    expect(downloads).toEqual([]);
    release();
    await waitFor(() => expect(downloads).toHaveLength(1), { timeout: 5000 });
    expect(downloads[0]!.download).toMatch(/^component_export_\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(downloads[0]!.href).toBe('https://bucket.example/exports/file');
    const asked = server.calls.at(-1)!.path;
    expect(asked).toMatch(/^\/api\/components\/export\?manufacturer=abb&format=xlsx&day=\d{4}-\d{2}-\d{2}$/);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export to Excel' })).toBeEnabled());

    await userEvent.click(screen.getByRole('button', { name: 'Other export formats' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Export as CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(2));
    expect(downloads[1]!.download).toMatch(/\.csv$/);
  });

  it('exports the parts changed since the last export from the menu', async () => {
    const server = searchApi();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderList();
    await screen.findByText('Showing 1 to 10 of 42 results');
    const asked = () =>
      server.calls.some((call) => /\/api\/components\/export\?format=xlsx&day=.*&since=last$/.test(call.path));
    // Chosen by keyboard, as a person without a mouse would: a pointer's press and release can be
    // taken for a drag-to-select while the menu is still opening on a busy machine.
    screen.getByRole('button', { name: 'Other export formats' }).focus();
    await userEvent.keyboard('{Enter}');
    const item = await screen.findByRole('menuitem', { name: 'Excel: changed since my last export' });
    for (let step = 0; step < 3 && !item.hasAttribute('data-highlighted'); step++)
      await userEvent.keyboard('{ArrowDown}');
    expect(item).toHaveAttribute('data-highlighted');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(asked()).toBe(true));
  });

  it('exports the workbook for SOLIDWORKS Electrical from the menu', async () => {
    const server = searchApi();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderList();
    await screen.findByText('Showing 1 to 10 of 42 results');
    const asked = () =>
      server.calls.some((call) => /\/api\/components\/export\?format=swe&day=[\d-]+$/.test(call.path));
    screen.getByRole('button', { name: 'Other export formats' }).focus();
    await userEvent.keyboard('{Enter}');
    const item = await screen.findByRole('menuitem', { name: 'Export for SOLIDWORKS Electrical' });
    for (let step = 0; step < 5 && !item.hasAttribute('data-highlighted'); step++)
      await userEvent.keyboard('{ArrowDown}');
    expect(item).toHaveAttribute('data-highlighted');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(asked()).toBe(true));
  });

  it('only logs a failed export', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = searchApi();
    renderList();
    await screen.findByText('Showing 1 to 10 of 42 results');
    mockApi({ 'GET /api/components/export': { status: 503, body: { message: 'down' } } });
    await userEvent.click(screen.getByRole('button', { name: 'Export to Excel' }));
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Export failed', expect.any(Error)));
    expect(screen.getByRole('button', { name: 'Export to Excel' })).toBeEnabled();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(server.calls).toHaveLength(1);
  });

  it('shows the counts beside the results in groups; values of a field combine, a range sets from–to, all kept in the address', async () => {
    const facets = {
      class: [{ value: 'Relay', count: 42 }],
      manufacturer: [
        { value: 'ABB', count: 21 },
        { value: 'Weidmüller', count: 21 },
      ],
      type: [{ value: 'Contactor', count: 42 }],
      series: [],
      terminalType: [],
      circuitType: [],
      orientation: [],
      wireTerminationType: [],
      numbers: [
        {
          field: 'voltage',
          min: 24,
          max: 230,
          ranges: [
            { min: 24, max: 24, count: 30 },
            { min: 230, max: 230, count: 12 },
          ],
        },
      ],
    };
    const server = mockApi({
      'GET /api/components': (): MockResponse => ({
        body: catalogue.slice(0, 10),
        headers: { [TOTAL_COUNT_HEADER]: '42', 'X-Search-Facets': headerJson(facets) },
      }),
    });
    const { router } = renderList();
    const refine = await screen.findByRole('navigation', { name: 'Refine results' });
    // jsdom renders the phone layout, where the groups open in a sheet.
    await userEvent.click(
      within(refine)
        .getAllByRole('button', { name: /Refine results/, ...hidden })
        .at(-1)!,
    );
    const sheet = await screen.findByRole('dialog', { name: 'Refine results' });
    const choice = within(sheet).getByRole('button', { name: /^Weidmüller\W+21 results$/ });
    expect(choice).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(choice);
    await waitFor(() => expect(router.state.location.search).toBe('?manufacturerIs=Weidm%C3%BCller'));
    expect(server.calls.at(-1)!.path).toBe(
      '/api/components?manufacturerIs=Weidm%C3%BCller&limit=10&offset=0&facets=true',
    );
    await userEvent.click(within(sheet).getByRole('button', { name: /^ABB\W+21 results$/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?manufacturerIs=Weidm%C3%BCller%7CABB'));
    // A numeric filter's ranges are a group of their own, closed at first.
    await userEvent.click(within(sheet).getByRole('button', { name: 'Voltage (V)' }));
    await userEvent.click(await within(sheet).findByRole('button', { name: /^230 V\W+12 results$/ }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('voltageMin')).toBe('230'));
    expect(new URLSearchParams(router.state.location.search).get('voltageMax')).toBe('230');
    await userEvent.click(within(sheet).getByRole('button', { name: /^Weidmüller\W+21 results$/ }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('manufacturerIs')).toBe('ABB'));
  });

  it('marks each part with its lifecycle in the table and the cards, and nothing for an unknown one', async () => {
    // Siemens discontinued the 3RT1 contactors for the 3RT2 ones; NRND and last time buy are given for the badges' sake.
    const parts = [
      aComponent({ id: 1, reference: '3RT1015-1BB41', manufacturer: 'Siemens', lifecycle: 'obsolete' }),
      aComponent({ id: 2, reference: '3RT2015-1BB41', manufacturer: 'Siemens', lifecycle: 'active' }),
      aComponent({ id: 3, reference: '3RT2016-1BB41', manufacturer: 'Siemens', lifecycle: 'nrnd' }),
      aComponent({ id: 4, reference: '3RT2017-1BB41', manufacturer: 'Siemens', lifecycle: 'last-time-buy' }),
      aComponent({ id: 5, reference: '3RT2018-1BB41', manufacturer: 'Siemens', lifecycle: 'unknown' }),
    ];
    searchApi(parts);
    renderList();
    const cards = await screen.findAllByRole('listitem');
    // What a screen reader says of each badge: the text not hidden from it.
    const badgeOf = (element: HTMLElement) => {
      const badge = element.querySelector<HTMLElement>('[data-lifecycle]');
      if (!badge) return null;
      const copy = badge.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('[aria-hidden="true"]').forEach((node) => node.remove());
      return copy.textContent;
    };
    const expected = ['Obsolete', 'Active', 'NRND (not recommended for new designs)', 'Last time buy', null];
    expect(cards.map(badgeOf)).toEqual(expected);
    expect(bodyRows().map(badgeOf)).toEqual(expected);
    // NRND shows short, with its meaning for those who hover, and is read out in full.
    const nrnd = cards[2]!.querySelector('[data-lifecycle]')!;
    expect(nrnd).toHaveAttribute('title', 'NRND (not recommended for new designs)');
    expect(within(nrnd as HTMLElement).getByText('NRND')).toHaveAttribute('aria-hidden', 'true');
  });

  it('counts lifecycles beside the results by their labels and chooses them by code in the address', async () => {
    const facets = {
      class: [],
      manufacturer: [],
      type: [],
      series: [],
      terminalType: [],
      circuitType: [],
      orientation: [],
      wireTerminationType: [],
      lifecycle: [
        { value: 'active', count: 30 },
        { value: 'obsolete', count: 9 },
        { value: 'unknown', count: 3 },
      ],
      numbers: [],
    };
    const server = mockApi({
      'GET /api/components': (): MockResponse => ({
        body: catalogue.slice(0, 10),
        headers: { [TOTAL_COUNT_HEADER]: '42', 'X-Search-Facets': headerJson(facets) },
      }),
    });
    const { router } = renderList();
    const refine = await screen.findByRole('navigation', { name: 'Refine results' });
    await userEvent.click(
      within(refine)
        .getAllByRole('button', { name: /Refine results/, ...hidden })
        .at(-1)!,
    );
    const sheet = await screen.findByRole('dialog', { name: 'Refine results' });
    await userEvent.click(within(sheet).getByRole('button', { name: /^Obsolete\W+9 results$/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?lifecycle=obsolete'));
    expect(server.calls.at(-1)!.path).toBe('/api/components?lifecycle=obsolete&limit=10&offset=0&facets=true');
    await userEvent.click(within(sheet).getByRole('button', { name: /^Unknown\W+3 results$/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?lifecycle=obsolete%2Cunknown'));
    expect(within(sheet).getByRole('button', { name: /^Obsolete\W+9 results$/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // The search in effect names the choices as people read them.
    // (behind the open sheet, so hidden from the accessibility tree meanwhile)
    expect(screen.getByRole('list', { name: 'Search in effect', ...hidden })).toHaveTextContent(
      'Lifecycle: Obsolete, Unknown',
    );
  });

  it("offers 'Did you mean' links when nothing is found", async () => {
    mockApi({
      'GET /api/components': ({ query }): MockResponse =>
        query.get('query') === 'weidmuler'
          ? {
              body: [],
              headers: {
                [TOTAL_COUNT_HEADER]: '0',
                'X-Search-Suggestions': headerJson([{ field: 'query', text: 'Weidmüller' }]),
              },
            }
          : { body: catalogue.slice(0, 1), headers: { [TOTAL_COUNT_HEADER]: '1' } },
    });
    const { router } = renderList(`${LIST}?query=weidmuler&manufacturer=x`);
    expect(await screen.findByText('No components found matching your search criteria.')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Weidmüller' });
    expect(screen.getByTestId('did-you-mean')).toHaveTextContent('Did you mean Weidmüller?');
    await userEvent.click(link);
    await waitFor(() => expect(router.state.location.search).toBe('?query=Weidm%C3%BCller&manufacturer=x'));
  });

  it('names the correction a misspelt search was answered with, and links to the search as typed', async () => {
    const server = mockApi({
      'GET /api/components': ({ query }): MockResponse =>
        query.get('asTyped') === 'true'
          ? { body: [], headers: { [TOTAL_COUNT_HEADER]: '0' } }
          : {
              body: catalogue.slice(0, 1),
              headers: {
                [TOTAL_COUNT_HEADER]: '1',
                'X-Search-Corrected': headerJson({
                  field: 'query',
                  text: 'Siemens 3RT2015',
                  original: 'siemns 3RT2015',
                }),
              },
            },
    });
    const { router } = renderList(`${LIST}?query=siemns+3RT2015`);
    expect(await screen.findByTestId('corrected-search')).toHaveTextContent(
      'Showing results for Siemens 3RT2015 — search instead for siemns 3RT2015',
    );
    await userEvent.click(screen.getByRole('link', { name: 'siemns 3RT2015' }));
    await waitFor(() => expect(router.state.location.search).toBe('?query=siemns+3RT2015&asTyped=true'));
    expect(await screen.findByText('No components found matching your search criteria.')).toBeInTheDocument();
    expect(screen.queryByTestId('corrected-search')).not.toBeInTheDocument();
    expect(server.calls.at(-1)!.path).toBe(
      '/api/components?query=siemns+3RT2015&asTyped=true&limit=10&offset=0&facets=true',
    );
    // The search in effect shows the text, not the flag.
    expect(screen.getByRole('list', { name: 'Search in effect' })).toHaveTextContent(/^All Fields: siemns 3RT2015$/);
  });

  it('sorts by a column: the header on wide screens, a choice on phones; a new search goes back to relevance', async () => {
    const server = searchApi();
    const { router } = renderList(`${LIST}?query=part`);
    await screen.findByText('Showing 1 to 10 of 42 results');
    const header = within(table()).getByText('Manufacturer', { selector: 'button' });
    expect(header.closest('th')).toHaveAttribute('aria-sort', 'none');
    await userEvent.click(header);
    await waitFor(() => expect(router.state.location.search).toBe('?query=part&sort=manufacturer'));
    expect(server.calls.at(-1)!.path).toBe(
      '/api/components?query=part&sort=manufacturer&limit=10&offset=0&facets=true',
    );
    await waitFor(() =>
      expect(within(table()).getByText('Manufacturer', { selector: 'button' }).closest('th')).toHaveAttribute(
        'aria-sort',
        'ascending',
      ),
    );
    await userEvent.click(within(table()).getByText('Manufacturer', { selector: 'button' }));
    await waitFor(() => expect(router.state.location.search).toBe('?query=part&sort=manufacturer&order=desc'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Reference (A–Z)');
    await waitFor(() => expect(router.state.location.search).toBe('?query=part&sort=reference'));
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search term' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search term' }), 'siemens{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?query=siemens'));
  });
});
