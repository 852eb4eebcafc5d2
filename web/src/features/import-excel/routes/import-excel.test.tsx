import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '#shared/messages';
import type { ImportJobResponse, ImportRowReport } from '#shared/schemas/import';
import { csrfHandler, mockApi } from '#web/testing/mock-api.ts';
import { renderScreen } from '#web/testing/render.tsx';
import { ImportExcelRoute } from './import-excel';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

const workbook = (name = 'parts.xlsx', size?: number) => {
  const file = new File(['PK\u0003\u0004 workbook bytes'], name, { type: '' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};

const ticket = {
  url: 'http://s3.local/bucket',
  fields: { key: 'uploads/u1/01J/parts.xlsx', Policy: 'p' },
  uploadKey: 'uploads/u1/01J/parts.xlsx',
  maxSize: 20 * 1024 * 1024,
  expiresAt: '',
};

const IMPORT_ID = '01JB0000000000000000000000';

const row = (fields: Partial<ImportRowReport> & Pick<ImportRowReport, 'row' | 'action'>): ImportRowReport => ({
  reference: `R-${fields.row}`,
  manufacturer: 'ABB',
  componentId: null,
  changes: [],
  reasons: [],
  warnings: [],
  outcome: null,
  outcomeMessage: null,
  ...fields,
});

const previewRows: ImportRowReport[] = [
  row({ row: 2, action: 'create' }),
  row({
    row: 3,
    action: 'update',
    reference: 'UIBIMP-005',
    manufacturer: 'Siemens',
    componentId: 7,
    changes: [{ field: 'description', from: 'Plug', to: 'Plug, 4 poles' }],
  }),
  row({ row: 4, action: 'unchanged', componentId: 8 }),
  row({
    row: 5,
    action: 'skip',
    reasons: [{ field: 'reference', message: messages.importDuplicateInFile(2) }],
  }),
  row({ row: 6, action: 'create', reference: 'NEW-6' }),
];

const job = (fields: Partial<ImportJobResponse> = {}): ImportJobResponse => ({
  importId: IMPORT_ID,
  fileName: 'parts.xlsx',
  state: 'previewed',
  createdAt: '2025-06-01T10:00:00.000Z',
  createdBy: 'admin',
  sheetName: 'Parts',
  headerRow: 1,
  emptyCellsClear: false,
  columns: [
    { index: 0, letter: 'A', heading: 'Reference', field: 'reference', suggested: 'reference' },
    { index: 1, letter: 'B', heading: 'Class', field: 'class', suggested: 'class' },
    { index: 2, letter: 'C', heading: 'Range', field: null, suggested: null },
  ],
  ignoredColumns: ['Range'],
  rowsTotal: 5,
  preview: { create: 2, update: 1, unchanged: 1, skip: 1 },
  warnings: 0,
  rowsDone: 0,
  written: { created: 0, updated: 0, unchanged: 0, skipped: 0, conflict: 0, excluded: 0 },
  excludedRows: [],
  commitStartedAt: null,
  finishedAt: null,
  message: null,
  rows: previewRows,
  rowsMatching: 5,
  offset: 0,
  limit: 50,
  ...fields,
});

const render = (path = '/component-hub/import-excel') => {
  const screenResult = renderScreen(<ImportExcelRoute />, path);
  return { ...screenResult, user: userEvent.setup({ applyAccept: false }) };
};

const noImports = { 'GET /api/imports': { body: { imports: [] } } };

describe('Import Components from Excel', () => {
  it("says 'No file selected' when nothing is chosen", async () => {
    const server = mockApi(noImports);
    const { user } = render();
    await user.click(screen.getByRole('button', { name: 'Upload and Import' }));
    expect(await screen.findByText(messages.noFileSelectedTitle)).toBeInTheDocument();
    expect(screen.getByText(messages.excelFileRequired)).toBeInTheDocument();
    expect(server.calls.map((call) => call.path)).toEqual(['/api/imports']);
  });

  it('refuses other file types before uploading', async () => {
    const server = mockApi(noImports);
    const { user } = render();
    await user.upload(screen.getByLabelText('Excel file'), workbook('parts.csv'));
    expect(await screen.findByText(messages.invalidFileTypeTitle)).toBeInTheDocument();
    expect(screen.getByText(messages.excelTypeInvalid)).toBeInTheDocument();
    expect(screen.getByText('No file chosen')).toBeInTheDocument();
    expect(server.calls.map((call) => call.path)).toEqual(['/api/imports']);
  });

  it('refuses a file over 20 MB before uploading', async () => {
    const server = mockApi(noImports);
    const { user } = render();
    await user.upload(screen.getByLabelText('Excel file'), workbook('huge.xlsx', 20 * 1024 * 1024 + 1));
    expect(await screen.findByText(messages.excelTooLarge)).toBeInTheDocument();
    expect(screen.getByText('No file chosen')).toBeInTheDocument();
    expect(server.calls.map((call) => call.path)).toEqual(['/api/imports']);
  });

  it('uploads to S3, previews, and shows the totals, the columns and each row with its changes highlighted', async () => {
    const server = mockApi({
      ...noImports,
      'GET /api/csrf-token': csrfHandler,
      'POST /api/uploads': { body: ticket },
      'POST /bucket': { status: 204 },
      'POST /api/import-excel': { body: job() },
      [`GET /api/imports/${IMPORT_ID}`]: { body: job() },
    });
    const { user, router } = render();
    await user.upload(screen.getByLabelText('Excel file'), workbook('parts.xlsx', 3 * 1024 * 1024));
    expect(screen.getByTestId('chosen-file')).toHaveTextContent('parts.xlsx (3.00 MB)');
    await user.click(screen.getByRole('button', { name: 'Upload and Import' }));

    expect(await screen.findByTestId('total-create')).toHaveTextContent('Create2');
    expect(server.callsTo('POST /api/import-excel')[0]!.body).toEqual({
      fileName: 'parts.xlsx',
      uploadKey: ticket.uploadKey,
      mode: 'preview',
    });
    expect(router.state.location.search).toBe(`?import=${IMPORT_ID}`);
    expect(screen.getByTestId('total-update')).toHaveTextContent('Update1');
    expect(screen.getByTestId('total-unchanged')).toHaveTextContent('Unchanged1');
    expect(screen.getByTestId('total-skip')).toHaveTextContent('Skip1');
    const update = screen.getByTestId('import-row-3');
    expect(within(update).getByText('Plug').tagName).toBe('DEL');
    expect(within(update).getByText('Plug, 4 poles').tagName).toBe('INS');
    expect(within(screen.getByTestId('import-row-5')).getByText(messages.importDuplicateInFile(2))).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Field for column C (Range)' })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Import 3 rows' })).toBeEnabled();
    // Skipped and unchanged rows have nothing to tick.
    expect(screen.queryByRole('checkbox', { name: 'Import row 5' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Import row 6' })).toBeChecked();
  });

  it("changes a column's field and previews again", async () => {
    const remapped = job({
      columns: job().columns.map((column) => (column.index === 2 ? { ...column, field: 'series' } : column)),
      ignoredColumns: [],
    });
    let current = job();
    const server = mockApi({
      'GET /api/csrf-token': csrfHandler,
      [`GET /api/imports/${IMPORT_ID}`]: () => ({ body: current }),
      [`PATCH /api/imports/${IMPORT_ID}`]: () => {
        current = remapped;
        return { body: remapped };
      },
    });
    const { user } = render(`/component-hub/import-excel?import=${IMPORT_ID}`);
    const select = await screen.findByRole('combobox', { name: 'Field for column C (Range)' });
    await user.selectOptions(select, 'series');
    await waitFor(() => expect(server.callsTo(`PATCH /api/imports/${IMPORT_ID}`)).toHaveLength(1));
    expect(server.callsTo(`PATCH /api/imports/${IMPORT_ID}`)[0]!.body).toEqual({ columns: { 2: 'series' } });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Field for column C (Range)' })).toHaveValue('series'),
    );
    expect(screen.queryByText(/Columns not imported/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Empty cells clear fields' }));
    await waitFor(() =>
      expect(server.callsTo(`PATCH /api/imports/${IMPORT_ID}`)[1]!.body).toEqual({ emptyCellsClear: true }),
    );
  });

  it('commits the ticked rows, shows the progress bar, then the result and the Upload successful toast', async () => {
    let current = job();
    const server = mockApi({
      'GET /api/csrf-token': csrfHandler,
      [`GET /api/imports/${IMPORT_ID}`]: () => ({ body: current }),
      [`POST /api/imports/${IMPORT_ID}/commit`]: () => {
        current = job({ state: 'committing', rowsDone: 2, commitStartedAt: '2025-06-01T10:01:00.000Z' });
        return { status: 202, body: current };
      },
    });
    const { user } = render(`/component-hub/import-excel?import=${IMPORT_ID}`);
    await user.click(await screen.findByRole('checkbox', { name: 'Import row 6' }));
    expect(screen.getByText('1 row left out')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import 2 rows' }));
    await waitFor(() =>
      expect(server.callsTo(`POST /api/imports/${IMPORT_ID}/commit`)[0]!.body).toEqual({ excludeRows: [6] }),
    );
    expect(await screen.findByTestId('import-progress-count')).toHaveTextContent('2 / 5 rows');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');

    current = job({
      state: 'completed',
      rowsDone: 5,
      commitStartedAt: '2025-06-01T10:01:00.000Z',
      written: { created: 1, updated: 1, unchanged: 1, skipped: 1, conflict: 0, excluded: 1 },
      excludedRows: [6],
      message: '1 components added, 1 updated, 1 unchanged, 1 skipped',
      rows: previewRows.map((item) => ({
        ...item,
        outcome: ({ create: 'created', update: 'updated', unchanged: 'unchanged', skip: 'skipped' } as const)[
          item.action
        ],
      })),
    });
    const result = await screen.findByTestId('import-result', {}, { timeout: 4000 });
    expect(screen.getByText(messages.importSucceededTitle)).toBeInTheDocument();
    expect(result).toHaveTextContent('1 component imported, 1 updated, 1 unchanged, 1 row skipped, 1 left out.');
    expect(await screen.findByText(messages.importUploadSucceededTitle)).toBeInTheDocument();
    expect(screen.getByText('1 components added, 1 updated, 1 unchanged, 1 skipped')).toBeInTheDocument();
  });

  it('opens the latest unfinished import when the admin comes back, with what the commit did so far', async () => {
    const stopped = job({
      state: 'failed',
      rowsDone: 2,
      commitStartedAt: '2025-06-01T10:01:00.000Z',
      written: { created: 2, updated: 0, unchanged: 0, skipped: 0, conflict: 0, excluded: 0 },
      message: messages.importStopped(2, 5, 3),
    });
    mockApi({
      'GET /api/imports': { body: { imports: [stopped] } },
      [`GET /api/imports/${IMPORT_ID}`]: { body: stopped },
    });
    const { router } = render();
    expect(await screen.findByRole('button', { name: 'Commit the rest' })).toBeEnabled();
    expect(router.state.location.search).toBe(`?import=${IMPORT_ID}`);
    expect(screen.getByRole('alert')).toHaveTextContent(messages.importStopped(2, 5, 3));
  });

  it('wraps a long new value inside its cell and says when the table scrolls sideways', async () => {
    const long = 'X'.repeat(400);
    const wide = job({
      rows: [
        row({ row: 3, action: 'update', componentId: 7, changes: [{ field: 'description', from: 'Plug', to: long }] }),
      ],
      rowsMatching: 1,
    });
    // jsdom lays nothing out: the rows' scroll area is made wider inside than outside, as at 375 px.
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.getAttribute('aria-label') === 'Rows (scrollable)' ? 900 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.getAttribute('aria-label') === 'Rows (scrollable)' ? 340 : 0;
    });
    mockApi({
      'GET /api/imports': { body: { imports: [wide] } },
      [`GET /api/imports/${IMPORT_ID}`]: { body: wide },
    });
    render(`/component-hub/import-excel?import=${IMPORT_ID}`);
    const value = await screen.findByText(long);
    expect(value.tagName).toBe('INS');
    expect(getComputedStyle(value).overflowWrap).toBe('anywhere');
    const hint = await screen.findByText('The table is wider than the screen: scroll it sideways to see every column.');
    expect(screen.getByRole('region', { name: 'Rows (scrollable)' })).toHaveAttribute('aria-describedby', hint.id);
  });

  it("shows the 'Upload failed' toast with the server's message", async () => {
    mockApi({
      ...noImports,
      'GET /api/csrf-token': csrfHandler,
      'POST /api/uploads': { body: ticket },
      'POST /bucket': { status: 204 },
      'POST /api/import-excel': { status: 400, body: { message: messages.importNotWorkbook('a PDF document') } },
    });
    const { user } = render();
    await user.upload(screen.getByLabelText('Excel file'), workbook('datasheet.xlsx'));
    await user.click(screen.getByRole('button', { name: 'Upload and Import' }));
    expect(await screen.findByText(messages.importUploadFailedTitle)).toBeInTheDocument();
    expect(screen.getByText(messages.importNotWorkbook('a PDF document'))).toBeInTheDocument();
  });
});
