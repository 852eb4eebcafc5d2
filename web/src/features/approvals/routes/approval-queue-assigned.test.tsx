import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '#shared/schemas/approvals';
import { mockApi } from '#web/testing/mock-api.ts';
import { renderScreen } from '#web/testing/render.tsx';
import { aUser } from '#web/testing/user-fixture.ts';
import { ApprovalQueueRoute } from './approval-queue';

const librarian = aUser({
  id: 'l1',
  email: 'librarian@example.com',
  username: 'librarian',
  name: 'Librarian',
  role: 'librarian',
});

const assignedRequest: ApprovalRequest = {
  id: '01KBNEW0000000000000000000',
  requestType: 'new',
  status: 'pending',
  username: 'someone',
  createdAt: '2026-03-01T10:00:00.000Z',
  requestData: { reference: 'G5V-1-DC24', class: 'Relays' },
  componentId: null,
  previousData: null,
  reviewedBy: null,
  reviewNotes: null,
  reviewedAt: null,
  userId: 'u1',
  componentReference: 'G5V-1-DC24',
  componentDeleted: false,
  currentData: null,
  staleFields: [],
  componentChanged: false,
  revertOf: null,
  overrideReason: null,
  assignedGroups: ['Relay team', 'Safety'],
};

describe('approval queue: assigned to me', () => {
  it('asks for the requests assigned to the viewer when ticked, and shows whom a request is assigned to', async () => {
    const server = mockApi({
      'GET /api/user': { body: librarian },
      'GET /api/approval-requests': ({ query }) => ({ body: query.get('assigned') === 'me' ? [assignedRequest] : [] }),
    });
    renderScreen(<ApprovalQueueRoute />, '/component-hub/approval-queue');
    expect(await screen.findByText('No pending requests found.')).toBeInTheDocument();
    expect(server.callsTo('GET /api/approval-requests')[0]!.path).toBe('/api/approval-requests?status=pending');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Assigned to me' }));
    expect(await screen.findByText('Relay team, Safety')).toBeInTheDocument();
    expect(screen.getByText(/Assigned to:/)).toBeInTheDocument();
    await waitFor(() =>
      expect(server.callsTo('GET /api/approval-requests').map((call) => call.path)).toContain(
        '/api/approval-requests?status=pending&assigned=me',
      ),
    );
  });

  it('opens filtered from ?assigned=me and says when nothing is assigned', async () => {
    mockApi({
      'GET /api/user': { body: librarian },
      'GET /api/approval-requests': { body: [] },
    });
    renderScreen(<ApprovalQueueRoute />, '/component-hub/approval-queue?assigned=me');
    expect(await screen.findByText('No pending requests assigned to you found.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Assigned to me' })).toBeChecked();
  });
});
