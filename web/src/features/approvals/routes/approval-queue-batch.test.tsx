import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalRequest } from '#shared/schemas/approvals';
import { csrfHandler } from '#web/testing/mock-api.ts';
import { mockApi } from '#web/testing/mock-api.ts';
import { renderScreen } from '#web/testing/render.tsx';
import { aUser } from '#web/testing/user-fixture.ts';
import { ApprovalQueueRoute } from './approval-queue';

const admin = aUser({ id: 'a1', email: 'admin@example.com', username: 'admin', name: 'Admin', role: 'admin' });

const edit = (id: string, componentId: number, reference: string): ApprovalRequest => ({
  id,
  requestType: 'edit',
  status: 'pending',
  username: 'admin',
  createdAt: '2026-03-01T10:00:00.000Z',
  requestData: { lifecycle: 'active', username: 'admin' },
  componentId,
  previousData: null,
  reviewedBy: null,
  reviewNotes: null,
  reviewedAt: null,
  userId: 'a1',
  componentReference: reference,
  componentDeleted: false,
  currentData: { lifecycle: 'unknown' },
  staleFields: [],
  componentChanged: false,
  revertOf: null,
  overrideReason: null,
  distributorSource: {
    provider: 'digikey',
    productNumber: `DK-${reference}`,
    manufacturerPartNumber: reference,
    confidence: 1,
    readAt: '2026-03-01T09:00:00.000Z',
    batchId: '01KB0000000000000000000000',
  },
});

afterEach(() => vi.unstubAllGlobals());

describe('approval queue of one data batch', () => {
  it('asks for the requests the batch filed alone, says so, and offers the whole queue', async () => {
    const server = mockApi({
      'GET /api/user': { body: admin },
      'GET /api/approval-requests': { body: [] },
    });
    renderScreen(<ApprovalQueueRoute />, '/component-hub/approval-queue?batch=01KB0000000000000000000000');
    expect(await screen.findByText("Showing one data batch's requests")).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('GET /api/approval-requests')).toHaveLength(1));
    expect(server.callsTo('GET /api/approval-requests')[0]!.path).toBe(
      '/api/approval-requests?status=pending&batch=01KB0000000000000000000000',
    );
    expect(screen.getByRole('link', { name: 'Show all requests' })).toHaveAttribute(
      'href',
      '/component-hub/approval-queue',
    );
  });

  it('lists the whole queue without a batch', async () => {
    const server = mockApi({
      'GET /api/user': { body: admin },
      'GET /api/approval-requests': { body: [] },
    });
    renderScreen(<ApprovalQueueRoute />, '/component-hub/approval-queue');
    expect(await screen.findByText('No pending requests found.')).toBeInTheDocument();
    expect(server.callsTo('GET /api/approval-requests')[0]!.path).toBe('/api/approval-requests?status=pending');
    expect(screen.queryByText("Showing one data batch's requests")).toBeNull();
  });

  it("approves the batch's requests together and says what was applied, though none is left to show", async () => {
    let pending = [
      edit('01KBEDIT00000000000000000A', 11, 'LM358BAIPWR'),
      edit('01KBEDIT00000000000000000B', 12, 'BAT54SLT1G'),
    ];
    const server = mockApi({
      'GET /api/csrf-token': csrfHandler,
      'GET /api/user': { body: admin },
      'GET /api/approval-requests': () => ({ body: pending }),
      'POST /api/approval-requests/bulk-review': ({ body }) => {
        const ids = (body as { ids: string[] }).ids;
        const applied = pending.filter((request) => ids.includes(request.id));
        pending = [];
        return {
          body: {
            status: 'approved',
            applied: applied.map((request) => ({ id: request.id, componentReference: request.componentReference })),
            failed: [],
          },
        };
      },
    });
    const user = userEvent.setup();
    renderScreen(<ApprovalQueueRoute />, '/component-hub/approval-queue?batch=01KB0000000000000000000000');
    await screen.findAllByRole('article', { name: /Component Edit/ });
    expect(
      screen.getAllByText(/Digi-Key DK-LM358BAIPWR \(100% match, read .*\), filed by a data refresh batch/),
    ).toHaveLength(1);
    await user.click(screen.getByText('Select all'));
    await user.click(screen.getByRole('button', { name: 'Approve selected' }));
    const confirm = await screen.findByRole('dialog', { name: 'Approve 2 requests' });
    await user.click(within(confirm).getByRole('button', { name: /^Approve$/ }));
    const summary = await screen.findByRole('dialog', { name: 'Bulk Review Summary' });
    expect(within(summary).getByText('Approved 2 requests.')).toBeInTheDocument();
    expect(within(summary).getByText(/for LM358BAIPWR by admin/)).toBeInTheDocument();
    expect(server.callsTo('POST /api/approval-requests/bulk-review')[0]!.body).toMatchObject({
      ids: ['01KBEDIT00000000000000000A', '01KBEDIT00000000000000000B'],
      status: 'approved',
    });
    expect(screen.getByText('No pending requests found.')).toBeInTheDocument();
  });
});
