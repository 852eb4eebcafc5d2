import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalRequest, RecentComponentView } from '#shared/schemas/approvals';
import { mockApi, type MockResponse } from '../../../testing/mock-api';
import { renderScreen } from '../../../testing/render';
import { DashboardRoute } from './dashboard';

afterEach(() => {
  vi.unstubAllGlobals();
});

const stats = { totalComponents: 1234, withDatasheets: 180, manufacturers: 9, pendingApprovals: 7 };

const aRequest = (id: number, requestType: ApprovalRequest['requestType']): ApprovalRequest => ({
  id: `01JREQ${String(id).padStart(20, '0')}`,
  requestType,
  status: 'pending',
  username: `user${id}`,
  createdAt: '2025-03-01T10:00:00.000Z',
  requestData: {},
  componentId: id,
  previousData: null,
  reviewedBy: null,
  reviewNotes: null,
  reviewedAt: null,
});

const views: RecentComponentView[] = [
  { id: 12, componentReference: '3RT2015-1BB41', viewedAt: '2025-03-02T08:30:00.000Z' },
  { id: 40, componentReference: 'PKZM0-10-C', viewedAt: '2025-03-01T16:05:00.000Z' },
];

const renderDashboard = (answers: { recent?: MockResponse; pending?: MockResponse } = {}) => {
  const server = mockApi({
    'GET /api/stats': { body: stats },
    'GET /api/recent-components': answers.recent ?? { body: views },
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
  });
  const result = renderScreen(<DashboardRoute />, '/component-hub', {
    '/component-hub/components': 'component list',
    '/component-hub/components/:id': 'component detail',
    '/component-hub/approval-queue': 'approval queue',
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
    expect(server.calls.map((call) => call.path).sort()).toEqual([
      '/api/approval-requests?status=pending',
      '/api/recent-components?limit=5',
      '/api/stats',
    ]);
    await userEvent.click(screen.getByRole('link', { name: 'Go to Search' }));
    expect(await screen.findByText('component list')).toBeInTheDocument();
  });

  it("lists recent views with 'Viewed at' and a View link to the component", async () => {
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
  });

  it("lists the first 5 pending requests with the spec's labels, the submitter and a Review link", async () => {
    renderDashboard();
    const pending = screen.getByRole('region', { name: 'Pending Approval Requests' });
    const items = await within(pending).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'New ComponentSubmitted by user1Review',
      'Component EditSubmitted by user2Review',
      'New AttachmentSubmitted by user3Review',
      'New AttachmentSubmitted by user4Review',
      'New ComponentSubmitted by user5Review',
    ]);
    await userEvent.click(within(items[1]!).getByRole('link', { name: 'Review' }));
    expect(await screen.findByText('approval queue')).toBeInTheDocument();
  });

  it('shows the empty texts when the lists are empty or their endpoints are missing', async () => {
    renderDashboard({ recent: { body: [] }, pending: { status: 404, body: { message: 'Not Found' } } });
    expect(await screen.findByText('No recent components.')).toBeInTheDocument();
    expect(await screen.findByText('No pending requests.')).toBeInTheDocument();
  });

  it('shows the empty texts when recent views fail to load too', async () => {
    renderDashboard({ recent: { status: 404, body: { message: 'Not Found' } }, pending: { body: [] } });
    expect(await screen.findByText('No recent components.')).toBeInTheDocument();
    expect(await screen.findByText('No pending requests.')).toBeInTheDocument();
  });
});
