import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DataBatchReport } from '#shared/schemas/data-batches';
import type { ImageBatch } from '#shared/schemas/images';
import { csrfHandler, mockApi, type Handler, type MockResponse } from '#web/testing/mock-api.ts';
import { renderScreen } from '#web/testing/render.tsx';
import { ClassProtectedFieldsPanel } from './class-protected-fields';
import { DataBatchPanel, readSelection } from './data-batch';

const dataBatch = (extra: Partial<ImageBatch> = {}): ImageBatch => ({
  batchId: '01KB0000000000000000000000',
  provider: 'both',
  componentClass: 'Relay',
  status: 'completed',
  total: 4,
  processed: 4,
  success: 3,
  failed: 1,
  sources: { digikey: 2, mouser: 1 },
  startedAt: '2026-11-23T03:00:00.000Z',
  finishedAt: '2026-11-23T03:01:00.000Z',
  startedBy: 'admin',
  message: null,
  kind: 'data',
  ...extra,
});

const report: DataBatchReport = {
  batchId: '01KB0000000000000000000000',
  parts: [
    {
      componentId: 11,
      reference: '3RT2015-1BB41',
      outcome: 'filed',
      provider: 'digikey',
      requestId: 'r1',
      fields: ['lifecycle', 'voltage'],
      replacementRequestId: 'r2',
    },
    { componentId: 12, reference: 'G2R-1-E 24DC', outcome: 'unchanged', provider: 'mouser' },
    { componentId: 13, outcome: 'not-found', provider: null },
    {
      componentId: 14,
      reference: 'RT424024',
      outcome: 'skipped',
      provider: null,
      note: 'Digi-Key has reached its daily request limit for Component Hub.',
    },
  ],
  requestIds: ['r1', 'r2'],
};

const api = (extra: Record<string, Handler | MockResponse> = {}) =>
  mockApi({
    'GET /api/csrf-token': csrfHandler,
    'GET /api/admin/image-batch': { body: { batch: dataBatch() } },
    'GET /api/admin/data-batch/01KB0000000000000000000000/parts': { body: report },
    'GET /api/components/classes': { body: ['Relay', 'Terminal Block'] },
    ...extra,
  });

describe('part selection', () => {
  it('reads part ids separated by commas or spaces, once each, and names a word that is not one', () => {
    expect(readSelection('12, 15 31;12 #40')).toEqual({ ids: [12, 15, 31, 40] });
    expect(readSelection('  ')).toEqual({ error: 'Enter at least one part ID' });
    expect(readSelection('12, LM358')).toEqual({ error: '"LM358" is not a part ID' });
    expect(readSelection('0')).toEqual({ error: '"0" is not a part ID' });
  });
});

describe('Refresh lifecycle and data', () => {
  it("reports each part of the latest data batch and opens the batch's requests in the approval queue", async () => {
    const server = api();
    renderScreen(<DataBatchPanel />);
    const list = await screen.findByRole('list', { name: 'Parts refreshed' });
    expect(server.callsTo('GET /api/admin/data-batch/01KB0000000000000000000000/parts')).toHaveLength(1);
    const filed = within(list).getByTestId('data-batch-part-11');
    expect(within(filed).getByRole('link', { name: '3RT2015-1BB41' })).toHaveAttribute(
      'href',
      '/component-hub/components/11',
    );
    expect(within(filed).getByText('Proposed: Lifecycle, Voltage (V)')).toBeInTheDocument();
    expect(within(filed).getByText(/replacement in the catalogue is proposed as a link/)).toBeInTheDocument();
    expect(within(filed).getByText('Change filed')).toBeInTheDocument();
    expect(within(list).getByTestId('data-batch-part-12')).toHaveTextContent('Up to date');
    expect(within(list).getByRole('link', { name: 'Part #13' })).toBeInTheDocument();
    expect(within(list).getByTestId('data-batch-part-14')).toHaveTextContent('daily request limit');
    expect(screen.getByText('1 change filed · 1 up to date · 1 not found · 1 skipped')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review 2 requests together' })).toHaveAttribute(
      'href',
      '/component-hub/approval-queue?batch=01KB0000000000000000000000',
    );
  });

  it('starts over a class, or over the part ids typed, and refuses a selection that is not one', async () => {
    const server = api({
      'GET /api/admin/image-batch': { body: { batch: null } },
      'POST /api/admin/data-batch': { body: { componentsToProcess: 2, batchId: '01KB0000000000000000000001' } },
    });
    const user = userEvent.setup();
    renderScreen(<DataBatchPanel />);
    const start = await screen.findByRole('button', { name: 'Refresh lifecycle and data' });
    await user.click(start);
    expect(await screen.findByText('Choose the class to refresh')).toBeInTheDocument();
    expect(server.callsTo('POST /api/admin/data-batch')).toHaveLength(0);

    await screen.findByRole('option', { name: 'Terminal Block' });
    await user.selectOptions(screen.getByLabelText('Component class'), 'Terminal Block');
    await user.selectOptions(screen.getByLabelText('Distributors'), 'mouser');
    await user.click(start);
    await waitFor(() => expect(server.callsTo('POST /api/admin/data-batch')).toHaveLength(1));
    expect(server.callsTo('POST /api/admin/data-batch')[0]!.body).toEqual({
      provider: 'mouser',
      componentClass: 'Terminal Block',
    });

    await user.selectOptions(screen.getByLabelText('Refresh'), 'selection');
    await user.type(screen.getByLabelText('Part IDs'), '12, x');
    await user.click(start);
    expect(await screen.findByText('"x" is not a part ID')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Part IDs'));
    await user.type(screen.getByLabelText('Part IDs'), '12 31');
    await user.click(start);
    await waitFor(() => expect(server.callsTo('POST /api/admin/data-batch')).toHaveLength(2));
    expect(server.callsTo('POST /api/admin/data-batch')[1]!.body).toEqual({
      provider: 'mouser',
      componentIds: [12, 31],
    });
  });

  it('says when a refresh it watched ends', async () => {
    let answer = dataBatch({ status: 'running', processed: 1 });
    api({ 'GET /api/admin/image-batch': () => ({ body: { batch: answer } }) });
    renderScreen(<DataBatchPanel />);
    expect(await screen.findByTestId('data-batch-count')).toHaveTextContent('1 / 4');
    answer = dataBatch();
    expect(await screen.findByText('Refresh complete', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('4 of 4 parts read')).toBeInTheDocument();
  });

  it('waits while an image batch holds the batch slot', async () => {
    api({ 'GET /api/admin/image-batch': { body: { batch: dataBatch({ kind: undefined, status: 'running' }) } } });
    renderScreen(<DataBatchPanel />);
    expect(await screen.findByText(/An image batch is running/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh lifecycle and data' })).toBeDisabled();
  });
});

describe('Protected fields by class', () => {
  it("shows the class's protected fields ticked and saves the whole list", async () => {
    const server = api({
      'GET /api/admin/class-protected-fields': { body: { className: 'Relay', fields: ['voltage'] } },
      'PUT /api/admin/class-protected-fields': ({ body }) => ({ body }),
    });
    const user = userEvent.setup();
    renderScreen(<ClassProtectedFieldsPanel />);
    await screen.findByRole('option', { name: 'Relay' });
    await user.selectOptions(screen.getByLabelText('Component class'), 'Relay');
    const list = await screen.findByRole('list', { name: 'Protected fields of Relay' });
    await waitFor(() => expect(within(list).getByRole('checkbox', { name: 'Voltage (V)' })).toBeChecked());
    expect(server.callsTo('GET /api/admin/class-protected-fields')[0]!.path).toContain('className=Relay');
    expect(within(list).queryByRole('checkbox', { name: 'Reference' })).toBeNull();
    const save = screen.getByRole('button', { name: 'Save protected fields' });
    expect(save).toBeDisabled();
    await user.click(within(list).getByText('Lifecycle'));
    await user.click(save);
    await waitFor(() => expect(server.callsTo('PUT /api/admin/class-protected-fields')).toHaveLength(1));
    expect(server.callsTo('PUT /api/admin/class-protected-fields')[0]!.body).toEqual({
      className: 'Relay',
      fields: ['lifecycle', 'voltage'],
    });
  });
});
