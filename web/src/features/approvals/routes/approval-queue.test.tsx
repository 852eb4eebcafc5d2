import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import useSWR from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalRequest } from '#shared/schemas/approvals';
import { csrfHandler, mockApi } from '../../../testing/mock-api';
import { renderScreen } from '../../../testing/render';
import { ApprovalQueueRoute } from './approval-queue';

const admin = {
  id: 'a1',
  email: 'admin@example.com',
  username: 'admin',
  name: 'Admin',
  firstName: '',
  lastName: '',
  role: 'admin',
};

const request = (id: string, fields: Partial<ApprovalRequest>): ApprovalRequest => ({
  id,
  requestType: 'new',
  status: 'pending',
  username: 'jo',
  createdAt: '2026-03-01T10:00:00.000Z',
  requestData: {},
  componentId: null,
  previousData: null,
  reviewedBy: null,
  reviewNotes: null,
  reviewedAt: null,
  ...fields,
});

const newRequest = request('01JNEW0000000000000000000A', {
  requestData: {
    reference: '3RT2015-1BB41',
    class: 'Relay',
    manufacturer: 'Siemens',
    width: 45,
    dataSheet: 'uploads/u1/01J/relay.pdf',
    username: 'jo',
  },
});
const editRequest = request('01JEDIT000000000000000000B', {
  requestType: 'edit',
  username: 'sam',
  componentId: 7,
  requestData: { description: 'Contactor, 3 kW', username: 'sam' },
  previousData: { description: 'Contactor' },
});
const attachmentRequest = request('01JATT0000000000000000000C', {
  requestType: 'attachment',
  componentId: 7,
  requestData: { fileName: 'wiring.pdf', fileType: 'application/pdf', componentId: 7, attachmentId: '01JFILE' },
});

/** Reads the keys a review must refresh, as the component list and dashboard do. */
const CacheProbe = () => {
  useSWR('/components?limit=10&offset=0');
  useSWR('/stats');
  return null;
};

const queue = (
  <>
    <ApprovalQueueRoute />
    <CacheProbe />
  </>
);

afterEach(() => vi.unstubAllGlobals());

describe('approval queue', () => {
  it("says it is loading, then 'No pending requests found.'", async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    mockApi({
      'GET /api/user': { body: admin },
      'GET /api/approval-requests': () => new Promise((resolve) => (answer = resolve)),
    });
    renderScreen(<ApprovalQueueRoute />, '/component-hub/approval-queue');
    expect(await screen.findByRole('heading', { level: 1, name: 'Approval Queue' })).toBeInTheDocument();
    expect(screen.getByText('Review and approve component change requests')).toBeInTheDocument();
    expect(await screen.findByText('Loading approval requests...')).toBeInTheDocument();
    answer({ body: [] });
    expect(await screen.findByText('No pending requests found.')).toBeInTheDocument();
    expect(screen.queryByText('Loading approval requests...')).not.toBeInTheDocument();
  });

  it('shows each card with what it would change', async () => {
    const server = mockApi({
      'GET /api/user': { body: admin },
      'GET /api/approval-requests': { body: [newRequest, editRequest, attachmentRequest] },
    });
    renderScreen(<ApprovalQueueRoute />, '/component-hub/approval-queue');

    const created = await screen.findByRole('article', { name: 'New Component' });
    expect(server.calls.find((call) => call.path.startsWith('/api/approval-requests'))!.path).toBe(
      '/api/approval-requests?status=pending',
    );
    expect(within(created).getByText('Pending')).toBeInTheDocument();
    expect(within(created).getByText(newRequest.id)).toBeInTheDocument();
    expect(within(created).getByText('jo')).toBeInTheDocument();
    expect(within(created).getByText(new Date(newRequest.createdAt).toLocaleString())).toBeInTheDocument();
    const details = within(created).getByRole('region', { name: 'Component details' });
    expect(within(details).getByText('Reference').nextSibling).toHaveTextContent('3RT2015-1BB41');
    expect(within(details).getByText('Width (mm)').nextSibling).toHaveTextContent('45');
    expect(within(details).getByText('Data Sheet').nextSibling).toHaveTextContent('relay.pdf');
    expect(within(details).queryByText('Username')).not.toBeInTheDocument();

    const edit = screen.getByRole('article', { name: 'Component Edit' });
    const changes = within(edit).getByRole('region', { name: 'Proposed changes' });
    expect(within(changes).getByText('Description')).toBeInTheDocument();
    expect(within(changes).getByText('Current').parentElement).toHaveTextContent('Contactor');
    expect(within(changes).getByText('Proposed').parentElement).toHaveTextContent('Contactor, 3 kW');
    expect(within(changes).queryByText('Username')).not.toBeInTheDocument();
    expect(within(edit).getByRole('link', { name: 'View component 7' })).toHaveAttribute(
      'href',
      '/component-hub/components/7',
    );

    const upload = screen.getByRole('article', { name: 'New Attachment' });
    expect(within(upload).getByRole('link', { name: 'wiring.pdf' })).toHaveAttribute(
      'href',
      '/api/attachments/01JFILE/download',
    );
    expect(within(upload).getByText('application/pdf')).toBeInTheDocument();
  });

  it('approves with notes, then refreshes the lists and the component caches', async () => {
    let pending = [newRequest, editRequest];
    const server = mockApi({
      'GET /api/user': { body: admin },
      'GET /api/csrf-token': csrfHandler,
      'GET /api/approval-requests': ({ query }) => ({ body: query.get('status') === 'pending' ? pending : [] }),
      'GET /api/components': { body: [] },
      'GET /api/stats': { body: { totalComponents: 0, withDatasheets: 0, manufacturers: 0, pendingApprovals: 2 } },
      [`PATCH /api/approval-requests/${newRequest.id}`]: ({ body }) => {
        pending = pending.filter((r) => r.id !== newRequest.id);
        return { body: { ...newRequest, ...(body as object), reviewedBy: 'admin' } };
      },
    });
    renderScreen(queue, '/component-hub/approval-queue');
    const card = await screen.findByRole('article', { name: 'New Component' });
    const reads = (path: string) => server.callsTo(`GET /api/${path}`).length;
    const before = { list: reads('approval-requests'), components: reads('components'), stats: reads('stats') };

    await userEvent.click(within(card).getByRole('button', { name: /^Approve/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Request' });
    await userEvent.type(within(dialog).getByLabelText('Review Notes'), 'Checked against the datasheet');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('Request Approved')).toBeInTheDocument();
    expect(screen.getByText('The request has been approved successfully.')).toBeInTheDocument();
    expect(server.callsTo(`PATCH /api/approval-requests/${newRequest.id}`)[0]!.body).toMatchObject({
      status: 'approved',
      reviewNotes: 'Checked against the datasheet',
      reviewedBy: 'admin',
    });
    await vi.waitFor(() => expect(screen.queryByRole('article', { name: 'New Component' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Component Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Approve Request' })).not.toBeInTheDocument();
    expect(reads('approval-requests')).toBeGreaterThan(before.list);
    expect(reads('components')).toBeGreaterThan(before.components);
    expect(reads('stats')).toBeGreaterThan(before.stats);
  });

  it("rejects without notes (sent as null); a conflict shows the server's message", async () => {
    const server = mockApi({
      'GET /api/user': { body: admin },
      'GET /api/csrf-token': csrfHandler,
      'GET /api/approval-requests': { body: [editRequest] },
      [`PATCH /api/approval-requests/${editRequest.id}`]: {
        status: 409,
        body: { message: 'This request has already been reviewed' },
      },
    });
    renderScreen(<ApprovalQueueRoute />, '/component-hub/approval-queue');
    await userEvent.click(
      within(await screen.findByRole('article', { name: 'Component Edit' })).getByRole('button', { name: /^Reject/ }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Reject Request' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(
      await screen.findByText('Failed to process request: This request has already been reviewed'),
    ).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(server.callsTo(`PATCH /api/approval-requests/${editRequest.id}`)[0]!.body).toMatchObject({
      status: 'rejected',
      reviewNotes: null,
    });
  });

  it("shows reviewed requests with their notes, or 'No notes provided', reviewer and time", async () => {
    const reviewedAt = '2026-03-02T09:30:00.000Z';
    mockApi({
      'GET /api/user': { body: admin },
      'GET /api/approval-requests': ({ query }) => ({
        body:
          query.get('status') === 'approved'
            ? [{ ...newRequest, status: 'approved', reviewedBy: 'chief', reviewedAt, reviewNotes: null }]
            : query.get('status') === 'rejected'
              ? [
                  { ...editRequest, status: 'rejected', reviewedBy: 'chief', reviewedAt, reviewNotes: 'Wrong rating' },
                  {
                    ...attachmentRequest,
                    status: 'rejected',
                    reviewedBy: 'chief',
                    reviewedAt,
                    reviewNotes: 'Wrong drawing',
                  },
                ]
              : [],
      }),
    });
    renderScreen(<ApprovalQueueRoute />, '/component-hub/approval-queue');
    expect(await screen.findByText('No pending requests found.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Approved' }));
    const approved = await screen.findByRole('article', { name: 'New Component' });
    expect(within(approved).getByText('Approved')).toBeInTheDocument();
    expect(within(approved).getByText('No notes provided')).toBeInTheDocument();
    expect(within(approved).getByText('chief')).toBeInTheDocument();
    expect(within(approved).getByText(new Date(reviewedAt).toLocaleString())).toBeInTheDocument();
    expect(within(approved).queryByRole('button', { name: /Approve|Reject/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Rejected' }));
    const rejected = await screen.findByRole('article', { name: 'Component Edit' });
    expect(within(rejected).getByText('Rejected')).toBeInTheDocument();
    expect(within(rejected).getByText('Wrong rating')).toBeInTheDocument();
    // Once reviewed, the value the edit was proposed against is no longer called current.
    expect(within(rejected).getByText('Previous')).toBeInTheDocument();
    expect(within(rejected).queryByText('Current')).not.toBeInTheDocument();
    // A rejected upload's file is deleted: its name stays, the download link goes.
    const rejectedUpload = screen.getByRole('article', { name: 'New Attachment' });
    expect(within(rejectedUpload).getByText('wiring.pdf')).toBeInTheDocument();
    expect(within(rejectedUpload).queryByRole('link', { name: 'wiring.pdf' })).not.toBeInTheDocument();
  });

  it("says 'Failed to load approval requests: {status} {text}' when the list cannot be read", async () => {
    mockApi({
      'GET /api/user': { body: admin },
      'GET /api/approval-requests': { status: 500, body: { message: 'Internal Server Error' } },
    });
    renderScreen(<ApprovalQueueRoute />, '/component-hub/approval-queue');
    expect(await screen.findByText('Failed to load approval requests: 500 Internal Server Error')).toBeInTheDocument();
  });
});
