import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalRequest, RecentComponentView } from '#shared/schemas/approvals';
import { csrfHandler, mockApi, type Handler, type MockResponse } from '#web/testing/mock-api.ts';
import { renderScreen } from '#web/testing/render.tsx';
import { DashboardRoute } from './dashboard';

afterEach(() => {
  vi.unstubAllGlobals();
});

const stats = {
  totalComponents: 1234,
  withDatasheets: 180,
  manufacturers: 9,
  pendingApprovals: 7,
  pendingApprovalsScope: 'all',
  lifecycle: { active: 980, nrnd: 12, 'last-time-buy': 3, obsolete: 41, unknown: 198 },
};

const person = (role: 'admin' | 'user', id = `${role}-1`) => ({
  id,
  email: `${id}@example.com`,
  username: id,
  name: '',
  firstName: '',
  lastName: '',
  role,
});

const aRequest = (
  id: number,
  requestType: ApprovalRequest['requestType'],
  extra: Partial<ApprovalRequest> = {},
): ApprovalRequest => ({
  id: `01JREQ${String(id).padStart(20, '0')}`,
  requestType,
  status: 'pending',
  username: `user${id}`,
  userId: `u${id}`,
  createdAt: '2025-03-01T10:00:00.000Z',
  requestData: {},
  componentId: requestType === 'new' ? null : id,
  previousData: null,
  reviewedBy: null,
  reviewNotes: null,
  reviewedAt: null,
  componentReference: `REF-${id}`,
  componentDeleted: false,
  currentData: null,
  staleFields: [],
  componentChanged: false,
  revertOf: null,
  overrideReason: null,
  ...extra,
});

const views: RecentComponentView[] = [
  { id: 12, componentReference: '3RT2015-1BB41', viewedAt: '2025-03-02T08:30:00.000Z' },
  { id: 40, componentReference: 'PKZM0-10-C', viewedAt: '2025-03-01T16:05:00.000Z', deleted: true },
];

const renderDashboard = (
  answers: {
    recent?: MockResponse;
    pending?: MockResponse | Handler;
    stats?: MockResponse;
    user?: ReturnType<typeof person>;
    extra?: Record<string, MockResponse | Handler>;
  } = {},
) => {
  const server = mockApi({
    'GET /api/user': { body: answers.user ?? person('admin') },
    'GET /api/csrf-token': csrfHandler,
    'GET /api/stats': answers.stats ?? { body: stats },
    'GET /api/recent-components': answers.recent ?? { body: views },
    'GET /api/drafts': { body: [] },
    'GET /api/approval-requests': answers.pending ?? {
      body: [
        aRequest(1, 'new'),
        aRequest(2, 'edit'),
        aRequest(3, 'attachment'),
        aRequest(4, 'delete'),
        aRequest(5, 'new'),
        aRequest(6, 'edit'),
      ],
    },
    ...answers.extra,
  });
  const result = renderScreen(<DashboardRoute />, '/component-hub', {
    '/component-hub/components': 'component list',
    '/component-hub/components/:id': 'component detail',
    '/component-hub/approval-queue': 'approval queue',
    '/component-hub/add-component': 'add component',
  });
  return { server, ...result };
};

describe('dashboard', () => {
  it('shows the title, the search card and the four counts from /api/stats', async () => {
    const { server } = renderDashboard();
    expect(screen.getByRole('heading', { level: 1, name: 'Component Database' })).toBeInTheDocument();
    expect(screen.getByText('Search, filter and manage electrical components')).toBeInTheDocument();
    for (const [label, value] of [
      ['Total Components', (1234).toLocaleString()],
      ['With Datasheets', '180'],
      ['Manufacturers', '9'],
      ['Pending Approvals', '7'],
    ]) {
      expect(await within(screen.getByRole('region', { name: label })).findByText(value!)).toBeInTheDocument();
    }
    expect(
      within(screen.getByRole('region', { name: 'Pending Approvals' })).getByText('All requests'),
    ).toBeInTheDocument();
    expect(server.calls.map((call) => call.path).sort()).toEqual([
      '/api/approval-requests?status=pending',
      '/api/drafts',
      '/api/recent-components?limit=5',
      '/api/stats',
      '/api/user',
    ]);
    await userEvent.click(screen.getByRole('link', { name: 'Go to Search' }));
    expect(await screen.findByText('component list')).toBeInTheDocument();
  });

  it("lists recent views with 'Viewed at' and a View link to the component; a deleted part says so, without a link", async () => {
    renderDashboard();
    const recent = screen.getByRole('region', { name: 'Recent Components' });
    const items = await within(recent).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('3RT2015-1BB41');
    expect(items[0]).toHaveTextContent(/Viewed at .*2025/);
    expect(within(items[0]!).getByRole('link', { name: 'View 3RT2015-1BB41' })).toHaveAttribute(
      'href',
      '/component-hub/components/12',
    );
    expect(items[1]).toHaveTextContent('This part has been deleted.');
    expect(within(items[1]!).getByText('Deleted')).toBeInTheDocument();
    expect(within(items[1]!).queryByRole('link')).not.toBeInTheDocument();
  });

  it('lists the first 5 pending requests by label and part, linking to the part, with Review links for an admin', async () => {
    renderDashboard({
      pending: {
        body: [
          aRequest(1, 'new'),
          aRequest(2, 'edit'),
          aRequest(3, 'attachment'),
          aRequest(4, 'delete', { componentDeleted: true }),
          aRequest(5, 'new'),
          aRequest(6, 'edit'),
        ],
      },
    });
    const pending = screen.getByRole('region', { name: 'Pending Approval Requests' });
    const items = await within(pending).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'New ComponentREF-1Submitted by user1Review',
      'Component EditREF-2Submitted by user2Review',
      'New AttachmentREF-3Submitted by user3Review',
      'Component DeletionREF-4 (this part was deleted)Submitted by user4Review',
      'New ComponentREF-5Submitted by user5Review',
    ]);
    expect(within(items[1]!).getByRole('link', { name: 'REF-2' })).toHaveAttribute(
      'href',
      '/component-hub/components/2',
    );
    expect(within(items[0]!).queryByRole('link', { name: 'REF-1' })).not.toBeInTheDocument();
    expect(within(items[3]!).queryByRole('link', { name: /REF-4/ })).not.toBeInTheDocument();
    await userEvent.click(within(items[1]!).getByRole('link', { name: 'Review' }));
    expect(await screen.findByText('approval queue')).toBeInTheDocument();
  });

  it('shows a user their own pending count and requests, without Review links, and lets them withdraw one', async () => {
    const me = person('user', 'u2');
    let withdrawn = false;
    const { server } = renderDashboard({
      user: me,
      stats: { body: { ...stats, pendingApprovals: 1, pendingApprovalsScope: 'own' } },
      pending: () => ({ body: withdrawn ? [] : [aRequest(2, 'edit', { userId: me.id })] }),
      extra: {
        [`POST /api/approval-requests/${aRequest(2, 'edit').id}/withdraw`]: () => {
          withdrawn = true;
          return { body: { ...aRequest(2, 'edit'), status: 'withdrawn' } };
        },
      },
    });
    const card = screen.getByRole('region', { name: 'Pending Approvals' });
    expect(await within(card).findByText('Your requests')).toBeInTheDocument();
    expect(within(card).getByText('1')).toBeInTheDocument();
    const pending = screen.getByRole('region', { name: 'Pending Approval Requests' });
    const [item] = await within(pending).findAllByRole('listitem');
    expect(within(item!).queryByRole('link', { name: 'Review' })).not.toBeInTheDocument();

    await userEvent.click(within(item!).getByRole('button', { name: 'Withdraw component edit request for REF-2' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Withdraw Request' });
    expect(dialog).toHaveTextContent('Withdraw your component edit request for REF-2?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Your request has been withdrawn.')).toBeInTheDocument();
    expect(await within(pending).findByText('No pending requests.')).toBeInTheDocument();
    expect(server.callsTo(`POST /api/approval-requests/${aRequest(2, 'edit').id}/withdraw`)).toHaveLength(1);
  });

  it('shows the empty texts when the lists are empty or their endpoints are missing', async () => {
    renderDashboard({ recent: { body: [] }, pending: { status: 404, body: { message: 'Not Found' } } });
    expect(await screen.findByText('No recent components.')).toBeInTheDocument();
    expect(await screen.findByText('No pending requests.')).toBeInTheDocument();
  });

  it('counts parts by lifecycle, each count leading to those parts in the list', async () => {
    const { router } = renderDashboard();
    const card = screen.getByRole('region', { name: 'Parts by Lifecycle' });
    for (const [name, href] of [
      ['Active: 980 parts', 'lifecycle=active'],
      ['NRND (not recommended for new designs): 12 parts', 'lifecycle=nrnd'],
      ['Last time buy: 3 parts', 'lifecycle=last-time-buy'],
      ['Obsolete: 41 parts', 'lifecycle=obsolete'],
      ['Unknown: 198 parts', 'lifecycle=unknown'],
    ])
      expect(await within(card).findByRole('link', { name })).toHaveAttribute(
        'href',
        `/component-hub/components?${href}`,
      );
    await userEvent.click(within(card).getByRole('link', { name: 'Obsolete: 41 parts' }));
    expect(await screen.findByText('component list')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?lifecycle=obsolete');
  });

  it('shows a dash for each lifecycle when the counts cannot be loaded', async () => {
    renderDashboard({ stats: { status: 500, body: { message: 'Internal Server Error' } } });
    const card = screen.getByRole('region', { name: 'Parts by Lifecycle' });
    await waitFor(() => expect(within(card).getAllByText('—')).toHaveLength(5));
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows the empty texts when recent views fail to load too', async () => {
    renderDashboard({ recent: { status: 404, body: { message: 'Not Found' } }, pending: { body: [] } });
    expect(await screen.findByText('No recent components.')).toBeInTheDocument();
    expect(await screen.findByText('No pending requests.')).toBeInTheDocument();
  });
});

describe('your drafts', () => {
  it("lists the person's drafts, named by reference, each continued in Add New Component", async () => {
    const draft = (id: string, reference?: string) => ({
      id,
      values: reference ? { reference, class: 'Relay' } : { class: 'Relay' },
      fileNames: {},
      revision: 1,
      createdAt: '2026-01-02T10:00:00Z',
      updatedAt: '2026-01-02T10:00:00Z',
    });
    const { router } = renderDashboard({
      extra: {
        'GET /api/drafts': {
          body: [draft('01JDRAFTA000000000000000AA', 'HALF-DONE'), draft('01JDRAFTB000000000000000BB')],
        },
      },
    });
    const list = await screen.findByRole('list', { name: 'Your drafts' });
    expect(within(list).getByText('HALF-DONE')).toBeInTheDocument();
    expect(within(list).getByText('Untitled draft')).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('link', { name: 'Continue draft HALF-DONE' }));
    await waitFor(() => expect(router.state.location.search).toBe('?draft=01JDRAFTA000000000000000AA'));
    expect(screen.getByText('add component')).toBeInTheDocument();
  });

  it('shows no drafts card to a person without drafts', async () => {
    renderDashboard();
    await screen.findByRole('list', { name: 'Recent Components' });
    expect(screen.queryByRole('heading', { name: 'Your drafts' })).toBeNull();
  });
});
