import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import useSWR from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalRequest } from '#shared/schemas/approvals';
import { csrfHandler, mockApi } from '#web/testing/mock-api.ts';
import { renderScreen } from '#web/testing/render.tsx';
import { ApprovalQueueRoute } from './approval-queue';
import { formatDateTime } from '#web/lib/dates.ts';

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
  userId: 'u-jo',
  componentReference: null,
  componentDeleted: false,
  currentData: null,
  staleFields: [],
  componentChanged: false,
  revertOf: null,
  overrideReason: null,
  ...fields,
});

const newRequest = request('01JNEW0000000000000000000A', {
  componentReference: '3RT2015-1BB41',
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
  componentReference: 'PKZM0-10',
  requestData: { description: 'Contactor, 3 kW', username: 'sam' },
  previousData: { description: 'Contactor' },
  currentData: { description: 'Contactor' },
});
const attachmentRequest = request('01JATT0000000000000000000C', {
  requestType: 'attachment',
  componentId: 7,
  componentReference: 'PKZM0-10',
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
    expect(within(created).getByText(formatDateTime(newRequest.createdAt))).toBeInTheDocument();
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
    expect(within(edit).getByRole('link', { name: 'PKZM0-10' })).toHaveAttribute('href', '/component-hub/components/7');

    const upload = screen.getByRole('article', { name: 'New Attachment' });
    expect(within(upload).getByRole('link', { name: 'wiring.pdf' })).toHaveAttribute(
      'href',
      '/api/attachments/01JFILE/download',
    );
    expect(within(upload).getByText('application/pdf')).toBeInTheDocument();
  });

  it('shows a class change with the parts it moves, and approving it reads the class list and the options again', async () => {
    const classRequest = request('01JCLASS00000000000000000D', {
      requestType: 'class',
      username: 'ada',
      requestData: {
        action: 'merge',
        classes: ['Relay', 'relay', 'Relays'],
        into: 'Relay',
        parts: { Relay: 40, relay: 3, Relays: 1 },
      },
    });
    const ClassListProbe = () => {
      useSWR('/admin/classes');
      useSWR('/components/options');
      return null;
    };
    const server = mockApi({
      'GET /api/user': { body: admin },
      'GET /api/csrf-token': csrfHandler,
      'GET /api/approval-requests': ({ query }) => ({ body: query.get('status') === 'pending' ? [classRequest] : [] }),
      'GET /api/admin/classes': {
        body: { managed: false, classes: [], variantGroups: [], applying: null, pending: [] },
      },
      'GET /api/components/options': { body: { manufacturers: [], classes: [], types: [] } },
      [`PATCH /api/approval-requests/${classRequest.id}`]: { body: { ...classRequest, status: 'approved' } },
    });
    renderScreen(
      <>
        <ApprovalQueueRoute />
        <ClassListProbe />
      </>,
      '/component-hub/approval-queue',
    );
    const card = await screen.findByRole('article', { name: 'Class Change' });
    const change = within(card).getByRole('region', { name: 'Proposed change' });
    expect(within(change).getByText("Merge the classes 'Relay', 'relay', 'Relays' into 'Relay'.")).toBeInTheDocument();
    expect(
      within(change)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(["'relay': 3 parts when filed", "'Relays': 1 part when filed"]);
    expect(
      within(change).getByText(/Approving gives every part of these classes the class 'Relay'/),
    ).toBeInTheDocument();
    expect(within(card).queryByText(/^Part:/)).not.toBeInTheDocument();

    const reads = (path: string) => server.callsTo(`GET /api/${path}`).length;
    const before = { classes: reads('admin/classes'), options: reads('components/options') };
    await userEvent.click(within(card).getByRole('button', { name: /^Approve/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Request' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Request Approved')).toBeInTheDocument();
    await vi.waitFor(() => expect(reads('admin/classes')).toBeGreaterThan(before.classes));
    expect(reads('components/options')).toBeGreaterThan(before.options);
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
    expect(within(approved).getByText(formatDateTime(reviewedAt))).toBeInTheDocument();
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

  it('warns on the card and in the Approve dialog when the part changed since the edit was proposed, showing its value now', async () => {
    const stale = request('01JSTALE00000000000000000D', {
      requestType: 'edit',
      componentId: 9,
      componentReference: '3RT2015-1BB41',
      requestData: { description: 'Mine' },
      previousData: { description: 'Original' },
      currentData: { description: 'Theirs' },
      staleFields: ['description'],
      componentChanged: true,
    });
    const merging = request('01JMERGE00000000000000000E', {
      requestType: 'edit',
      componentId: 9,
      componentReference: '3RT2015-1BB41',
      requestData: { series: 'S2' },
      previousData: { series: null },
      currentData: { series: null },
      componentChanged: true,
    });
    mockApi({ 'GET /api/user': { body: admin }, 'GET /api/approval-requests': { body: [stale, merging] } });
    renderScreen(<ApprovalQueueRoute />, '/component-hub/approval-queue');
    const [staleCard, mergingCard] = await screen.findAllByRole('article', { name: 'Component Edit' });
    expect(within(staleCard!).getByText('The part changed since this edit was proposed')).toBeInTheDocument();
    expect(
      within(staleCard!).getByText(
        'Description: Original when proposed, Theirs now. It cannot be approved as it stands: reject it, or open the part to review its values now and propose a new edit from them.',
      ),
    ).toBeInTheDocument();
    const changes = within(staleCard!).getByRole('region', { name: 'Proposed changes' });
    expect(within(changes).getByText('Current').parentElement).toHaveTextContent('Theirs');
    expect(within(changes).getByText('When proposed: Original')).toBeInTheDocument();
    expect(within(changes).getByText('Proposed').parentElement).toHaveTextContent('Mine');
    expect(within(mergingCard!).getByText('The part changed since this request was made')).toBeInTheDocument();

    // Approve is not offered; the notice says why and offers what works.
    const approve = within(staleCard!).getByRole('button', { name: /^Approve/ });
    expect(approve).toBeDisabled();
    expect(approve).toHaveAccessibleDescription(/It cannot be approved as it stands/);
    expect(within(staleCard!).getByRole('link', { name: "Review the part's values now" })).toHaveAttribute(
      'href',
      '/component-hub/components/9',
    );
    expect(within(mergingCard!).getByRole('button', { name: /^Approve/ })).toBeEnabled();
    await userEvent.click(within(staleCard!).getByRole('button', { name: 'Reject this edit' }));
    expect(await screen.findByRole('alertdialog', { name: 'Reject Request' })).toBeInTheDocument();
  });

  it('shows a link request as a sentence naming both parts', async () => {
    mockApi({
      'GET /api/user': { body: admin },
      'GET /api/approval-requests': {
        body: [
          request('01JLINK000000000000000000C', {
            requestType: 'link',
            componentId: 7,
            componentReference: '1-480700-0',
            requestData: {
              action: 'add',
              linkId: 'uses-tool.7.9',
              kind: 'uses-tool',
              fromId: 7,
              toId: 9,
              fromReference: '1-480700-0',
              toReference: '90546-1',
              role: 'crimp',
            },
          }),
        ],
      },
    });
    renderScreen(<ApprovalQueueRoute />, '/component-hub/approval-queue');
    const card = await screen.findByRole('article', { name: 'Part Link' });
    expect(within(card).getByTestId('link-change')).toHaveTextContent('1-480700-0 uses the tool (crimp tool) 90546-1.');
    expect(within(card).getByRole('link', { name: '90546-1' })).toHaveAttribute('href', '/component-hub/components/9');
  });

  it('names a deleted part without a link', async () => {
    mockApi({
      'GET /api/user': { body: admin },
      'GET /api/approval-requests': ({ query }) => ({
        body:
          query.get('status') === 'rejected'
            ? [{ ...editRequest, status: 'rejected', componentDeleted: true, reviewNotes: 'Closed automatically' }]
            : [],
      }),
    });
    renderScreen(<ApprovalQueueRoute />, '/component-hub/approval-queue');
    await userEvent.click(await screen.findByRole('tab', { name: 'Rejected' }));
    const card = await screen.findByRole('article', { name: 'Component Edit' });
    expect(card).toHaveTextContent('Part: PKZM0-10 (this part was deleted)');
    expect(within(card).queryByRole('link', { name: 'PKZM0-10' })).not.toBeInTheDocument();
  });

  it('approves the selected requests together with one note, and shows what was applied and what was not', async () => {
    let pending = [newRequest, editRequest, attachmentRequest];
    const server = mockApi({
      'GET /api/user': { body: admin },
      'GET /api/csrf-token': csrfHandler,
      'GET /api/approval-requests': ({ query }) => ({ body: query.get('status') === 'pending' ? pending : [] }),
      'POST /api/approval-requests/bulk-review': ({ body }) => {
        const { ids } = body as { ids: string[] };
        pending = pending.filter((r) => !ids.includes(r.id));
        return {
          body: {
            status: 'approved',
            applied: [{ id: newRequest.id, componentReference: '3RT2015-1BB41' }],
            failed: [
              {
                id: editRequest.id,
                componentReference: 'PKZM0-10',
                message:
                  'The component changed since this edit was proposed: description. Reject it, or ask for a new edit.',
              },
            ],
          },
        };
      },
    });
    renderScreen(<ApprovalQueueRoute />, '/component-hub/approval-queue');
    const approveSelected = await screen.findByRole('button', { name: 'Approve selected' });
    expect(approveSelected).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select new component request for 3RT2015-1BB41' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select component edit request for PKZM0-10' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await userEvent.click(approveSelected);
    const dialog = await screen.findByRole('dialog', { name: 'Approve 2 requests' });
    await userEvent.type(within(dialog).getByLabelText('Review Notes'), 'Checked in the weekly review');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));

    const summary = await screen.findByRole('dialog', { name: 'Bulk Review Summary' });
    expect(summary).toHaveTextContent('Approved 1 request; 1 request not applied.');
    // Each line says which request it was: its kind, its part and who sent it.
    expect(within(summary).getByRole('region', { name: 'Approved' })).toHaveTextContent(
      `New Component for 3RT2015-1BB41 by ${newRequest.username}`,
    );
    expect(within(summary).getByRole('region', { name: 'Not applied' })).toHaveTextContent(
      `Component Edit (Description) for PKZM0-10 by ${editRequest.username}: The component changed since this edit was proposed`,
    );
    expect(server.callsTo('POST /api/approval-requests/bulk-review')[0]!.body).toEqual({
      ids: [newRequest.id, editRequest.id],
      status: 'approved',
      reviewNotes: 'Checked in the weekly review',
    });
    await userEvent.click(within(summary).getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.getByText('Select all')).toBeInTheDocument();
  });

  it('lists withdrawn requests under their own tab', async () => {
    mockApi({
      'GET /api/user': { body: admin },
      'GET /api/approval-requests': ({ query }) => ({
        body:
          query.get('status') === 'withdrawn'
            ? [{ ...editRequest, status: 'withdrawn', reviewedBy: 'sam', reviewNotes: 'Withdrawn by the submitter' }]
            : [],
      }),
    });
    renderScreen(<ApprovalQueueRoute />, '/component-hub/approval-queue');
    await userEvent.click(await screen.findByRole('tab', { name: 'Withdrawn' }));
    const card = await screen.findByRole('article', { name: 'Component Edit' });
    expect(within(card).getByText('Withdrawn by the submitter')).toBeInTheDocument();
    expect(card).toHaveTextContent('Withdrawn by: sam');
    expect(within(card).queryByRole('checkbox')).not.toBeInTheDocument();
  });
});

describe('a new part that may be a duplicate', () => {
  const twin = request('01JTWIN000000000000000000D', {
    username: 'sam',
    componentReference: '3RT2015 1BB41',
    requestData: { reference: '3RT2015 1BB41', class: 'Relay', manufacturer: 'SIEMENS' },
  });
  const doubtful = {
    ...newRequest,
    possibleDuplicates: [
      { kind: 'part' as const, id: 8, reference: '3RT2015-1BB41', manufacturer: 'Siemens', exact: true },
      { kind: 'request' as const, id: twin.id, reference: '3RT2015 1BB41', manufacturer: 'SIEMENS', exact: true },
      { kind: 'part' as const, id: 9, reference: '3RT2016-1BB41', manufacturer: 'Siemens', exact: false },
    ],
  };

  it('says what of on its card, with links to the part and to the other request', async () => {
    mockApi({
      'GET /api/user': { body: admin },
      'GET /api/approval-requests': { body: [doubtful, twin, editRequest] },
    });
    renderScreen(<ApprovalQueueRoute />, '/component-hub/approval-queue');
    const cards = await screen.findAllByRole('article', { name: 'New Component' });
    const first = cards.find((article) => within(article).queryByText(doubtful.id))!;
    expect(within(first).getByText('Possible duplicate of:')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: '3RT2015-1BB41' })).toHaveAttribute(
      'href',
      '/component-hub/components/8',
    );
    expect(within(first).getByRole('link', { name: '3RT2016-1BB41' })).toHaveAttribute(
      'href',
      '/component-hub/components/9',
    );
    // The other request is a card of this page: the link leads to it.
    const other = within(first).getByRole('link', { name: '3RT2015 1BB41' });
    expect(other).toHaveAttribute('href', `#request-${twin.id}`);
    expect(document.getElementById(`request-${twin.id}`)).toHaveTextContent('New Component');
    expect(within(first).getAllByText('Same part')).toHaveLength(2);
    expect(within(first).getByText('Similar')).toBeInTheDocument();
    // Requests with nothing alike say nothing of it.
    const second = cards.find((article) => article !== first)!;
    expect(within(second).queryByText('Possible duplicate of:')).toBeNull();
    expect(within(screen.getByRole('article', { name: 'Component Edit' })).queryByText(/duplicate/i)).toBeNull();
  });

  it('is approved only once the reviewer confirms it is another part', async () => {
    const server = mockApi({
      'GET /api/user': { body: admin },
      'GET /api/csrf-token': csrfHandler,
      'GET /api/approval-requests': { body: [doubtful] },
      [`PATCH /api/approval-requests/${doubtful.id}`]: { body: { ...doubtful, status: 'approved' } },
    });
    renderScreen(<ApprovalQueueRoute />, '/component-hub/approval-queue');
    const card = await screen.findByRole('article', { name: 'New Component' });
    await userEvent.click(within(card).getByRole('button', { name: /^Approve/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Request' });
    expect(within(dialog).getByText('Possible duplicate of:')).toBeInTheDocument();
    const confirmation = within(dialog).getByRole('checkbox', { name: 'I checked: this new part is not one of these' });
    expect(confirmation).not.toBeChecked();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(
      await within(dialog).findByText(
        'Tick this box to approve: the new part may already be in the catalogue or the queue.',
      ),
    ).toBeInTheDocument();
    expect(server.callsTo(`PATCH /api/approval-requests/${doubtful.id}`)).toHaveLength(0);

    await userEvent.click(confirmation);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Request Approved')).toBeInTheDocument();
    expect(server.callsTo(`PATCH /api/approval-requests/${doubtful.id}`)[0]!.body).toMatchObject({
      status: 'approved',
    });
  });

  it('is rejected without being asked, and approved with others only once confirmed', async () => {
    const server = mockApi({
      'GET /api/user': { body: admin },
      'GET /api/csrf-token': csrfHandler,
      'GET /api/approval-requests': { body: [doubtful, editRequest] },
      [`PATCH /api/approval-requests/${doubtful.id}`]: { body: { ...doubtful, status: 'rejected' } },
      'POST /api/approval-requests/bulk-review': ({ body }) => ({
        body: {
          status: 'approved',
          applied: (body as { ids: string[] }).ids.map((id) => ({ id, componentReference: null })),
          failed: [],
        },
      }),
    });
    renderScreen(<ApprovalQueueRoute />, '/component-hub/approval-queue');
    const card = await screen.findByRole('article', { name: 'New Component' });
    await userEvent.click(within(card).getByRole('button', { name: /^Reject/ }));
    const rejecting = await screen.findByRole('alertdialog', { name: 'Reject Request' });
    expect(within(rejecting).queryByRole('checkbox')).toBeNull();
    await userEvent.click(within(rejecting).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Request Rejected')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select new component request for 3RT2015-1BB41' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select component edit request for PKZM0-10' }));
    await userEvent.click(screen.getByRole('button', { name: 'Approve selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve 2 requests' });
    expect(dialog).toHaveTextContent('1 of the selected new parts may be duplicates (each card names what of).');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(
      await within(dialog).findByText(
        'Tick this box to approve: the new part may already be in the catalogue or the queue.',
      ),
    ).toBeInTheDocument();
    expect(server.callsTo('POST /api/approval-requests/bulk-review')).toHaveLength(0);
    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: 'I checked: this new part is not one of these' }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('dialog', { name: 'Bulk Review Summary' })).toHaveTextContent(
      'Approved 2 requests.',
    );
    expect(server.callsTo('POST /api/approval-requests/bulk-review')[0]!.body).toMatchObject({
      ids: [doubtful.id, editRequest.id],
      status: 'approved',
    });
  });
});

describe('four eyes in the queue', () => {
  it("shows a librarian's own request without Approve and Reject, saying why, and leaves it out of bulk picks", async () => {
    mockApi({
      'GET /api/user': { body: { ...admin, role: 'librarian' } },
      'GET /api/approval-requests': { body: [{ ...newRequest, selfReview: 'own' }, editRequest] },
    });
    renderScreen(<ApprovalQueueRoute />, '/component-hub/approval-queue');
    const own = await screen.findByRole('article', { name: 'New Component' });
    expect(within(own).queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
    expect(within(own).queryByRole('button', { name: /^Reject/ })).not.toBeInTheDocument();
    expect(within(own).queryByRole('button', { name: 'Override as administrator' })).not.toBeInTheDocument();
    expect(within(own).getByRole('note', { name: 'Your own request' })).toHaveTextContent(
      'You filed this request: another reviewer must approve or reject it.',
    );
    expect(within(own).queryByRole('checkbox')).not.toBeInTheDocument();
    const theirs = screen.getByRole('article', { name: 'Component Edit' });
    expect(within(theirs).getByRole('button', { name: /^Approve/ })).toBeInTheDocument();
  });

  it('lets an administrator decide their own request only after writing why, and sends the reason', async () => {
    const server = mockApi({
      'GET /api/user': { body: admin },
      'GET /api/csrf-token': csrfHandler,
      'GET /api/approval-requests': { body: [{ ...newRequest, selfReview: 'override' }] },
      [`PATCH /api/approval-requests/${newRequest.id}`]: ({ body }) => ({
        body: { ...newRequest, ...(body as object), status: 'approved' },
      }),
    });
    renderScreen(<ApprovalQueueRoute />, '/component-hub/approval-queue');
    const card = await screen.findByRole('article', { name: 'New Component' });
    expect(within(card).queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Override as administrator' }));
    await userEvent.click(within(card).getByRole('button', { name: /^Approve/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Request' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('Write why you are reviewing your own request')).toBeInTheDocument();
    expect(server.callsTo(`PATCH /api/approval-requests/${newRequest.id}`)).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText(/Override reason/), 'Nobody else on duty');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Request Approved')).toBeInTheDocument();
    expect(server.callsTo(`PATCH /api/approval-requests/${newRequest.id}`)[0]!.body).toMatchObject({
      status: 'approved',
      overrideReason: 'Nobody else on duty',
    });
  });

  it('shows the override reason on a decided card', async () => {
    mockApi({
      'GET /api/user': { body: admin },
      'GET /api/approval-requests': {
        body: [
          {
            ...newRequest,
            status: 'approved',
            reviewedBy: 'admin',
            reviewedAt: '2026-03-02T10:00:00.000Z',
            overrideReason: 'Nobody else on duty',
          },
        ],
      },
    });
    renderScreen(<ApprovalQueueRoute />, '/component-hub/approval-queue#approved');
    const card = await screen.findByRole('article', { name: 'New Component' });
    expect(within(card).getByText('Nobody else on duty')).toBeInTheDocument();
  });
});
