import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import useSWR from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '#shared/schemas/approvals';
import { csrfHandler, mockApi } from '#web/testing/mock-api.ts';
import { renderScreen } from '#web/testing/render.tsx';
import { NOTIFICATIONS_POLL_MS } from '../api/get-notifications';
import { NotificationBell, notificationKind, notificationRoute } from './notification-bell';
import { aUser } from '#web/testing/user-fixture.ts';

const user = aUser();

const note = (id: string, fields: Partial<Notification> = {}): Notification => ({
  id,
  type: 'success',
  title: `Title ${id}`,
  message: `Message ${id}`,
  read: false,
  linkTo: null,
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  ...fields,
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('notification kinds and links', () => {
  it('shows success, error and warning as themselves and anything else as info', () => {
    expect(['success', 'error', 'warning', 'info', 'other', ''].map(notificationKind)).toEqual([
      'success',
      'error',
      'warning',
      'info',
      'info',
      'info',
    ]);
  });

  it('follows only links inside the app, with or without the /app base', () => {
    expect(notificationRoute('/component-hub/components/7')).toBe('/component-hub/components/7');
    expect(notificationRoute('/app/component-hub/approval-queue')).toBe('/component-hub/approval-queue');
    expect(notificationRoute('https://evil.example/x')).toBeUndefined();
    expect(notificationRoute('//evil.example/x')).toBeUndefined();
    expect(notificationRoute(null)).toBeUndefined();
  });
});

describe('notification bell', () => {
  it('shows the unread count, marks a notification read on click and goes to its link', async () => {
    let notifications = [
      note('01A', { title: 'Request approved', linkTo: '/component-hub/components/42' }),
      note('01B', {
        type: 'error',
        title: 'Request rejected',
        message: 'Your edit request for X was rejected: Wrong value',
      }),
      note('01C', { type: 'info', title: 'Old news', read: true }),
    ];
    const server = mockApi({
      'GET /api/user': { body: user },
      'GET /api/csrf-token': csrfHandler,
      'GET /api/notifications': () => ({ body: notifications }),
      'PATCH /api/notifications/01A': () => {
        notifications = notifications.map((n) => (n.id === '01A' ? { ...n, read: true } : n));
        return { status: 204 };
      },
    });
    renderScreen(<NotificationBell />, '/component-hub', { '/component-hub/components/:id': 'component page' });

    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(screen.getByTestId('unread-count')).toHaveTextContent('2');
    expect(server.calls.find((call) => call.path.startsWith('/api/notifications'))!.path).toBe(
      '/api/notifications?username=jo',
    );

    await userEvent.click(bell);
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getByText('Your edit request for X was rejected: Wrong value')).toBeInTheDocument();
    expect(within(list).getAllByRole('img', { name: 'Error' })).toHaveLength(1);
    expect(within(list).getAllByRole('img', { name: 'Info' })).toHaveLength(1);

    await userEvent.click(within(list).getByRole('button', { name: /^Success Request approved/ }));
    expect(await screen.findByText('component page')).toBeInTheDocument();
    expect(server.callsTo('PATCH /api/notifications/01A')).toHaveLength(1);
    expect(server.callsTo('PATCH /api/notifications/01A')[0]!.headers.get('x-csrf-token')).toBe('csrf-token-1');
  });

  it('counts down as notifications are read, and does not mark a read one again', async () => {
    const server = mockApi({
      'GET /api/user': { body: user },
      'GET /api/csrf-token': csrfHandler,
      'GET /api/notifications': { body: [note('01A'), note('01B', { read: true, title: 'Seen' })] },
      'PATCH /api/notifications/01A': { status: 204 },
    });
    renderScreen(<NotificationBell />, '/component-hub');
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await userEvent.click(
      within(await screen.findByRole('list', { name: 'Notifications' })).getByRole('button', {
        name: /^Success Title 01A/,
      }),
    );
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('unread-count')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    await userEvent.click(
      within(await screen.findByRole('list', { name: 'Notifications' })).getByRole('button', { name: /^Success Seen/ }),
    );
    expect(server.calls.filter((call) => call.method === 'PATCH')).toHaveLength(1);
  });

  it('deletes a notification', async () => {
    let notifications = [note('01A'), note('01B', { title: 'Keep me' })];
    const server = mockApi({
      'GET /api/user': { body: user },
      'GET /api/csrf-token': csrfHandler,
      'GET /api/notifications': () => ({ body: notifications }),
      'DELETE /api/notifications/01A': () => {
        notifications = notifications.filter((n) => n.id !== '01A');
        return { status: 204 };
      },
    });
    renderScreen(<NotificationBell />, '/component-hub');
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete notification: Title 01A' }));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(screen.queryByText('Title 01A')).not.toBeInTheDocument();
    expect(screen.getByText('Keep me')).toBeInTheDocument();
    expect(server.callsTo('DELETE /api/notifications/01A')).toHaveLength(1);
  });

  it("'Mark all as read' clears the count; a notice whose request was decided says so and is not unread", async () => {
    let notifications = [
      note('01A', { type: 'info', title: 'New approval request', requestId: 'R1' }),
      note('01B', { type: 'info', title: 'Decided one', requestId: 'R2', read: true, decision: 'rejected' }),
      note('01C'),
    ];
    const server = mockApi({
      'GET /api/user': { body: user },
      'GET /api/csrf-token': csrfHandler,
      'GET /api/notifications': () => ({ body: notifications }),
      'POST /api/notifications/read': () => {
        notifications = notifications.map((n) => ({ ...n, read: true }));
        return { body: { marked: 2 } };
      },
    });
    renderScreen(<NotificationBell />, '/component-hub');
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getByText('Decided: rejected')).toBeInTheDocument();
    expect(within(list).getAllByTestId('notice-decision')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('unread-count')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
    expect(server.callsTo('POST /api/notifications/read')).toHaveLength(1);
  });

  it('says so when there are none', async () => {
    mockApi({ 'GET /api/user': { body: user }, 'GET /api/notifications': { body: [] } });
    renderScreen(<NotificationBell />, '/component-hub');
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notifications')).toBeInTheDocument();
  });

  it('asks the server again every 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let notifications: Notification[] = [];
    const server = mockApi({
      'GET /api/user': { body: user },
      'GET /api/notifications': () => ({ body: notifications }),
    });
    renderScreen(<NotificationBell />, '/component-hub');
    await screen.findByRole('button', { name: 'Notifications' });
    const polls = () => server.callsTo('GET /api/notifications').length;
    const first = polls();
    expect(first).toBe(1);

    notifications = [note('01N', { title: 'New approval request' })];
    await act(() => vi.advanceTimersByTimeAsync(NOTIFICATIONS_POLL_MS - 1000));
    expect(polls()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(polls()).toBe(2);
  });

  it('has the pages beside it read their requests and counts again when news arrives, not at every poll', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let notifications: Notification[] = [note('01A', { read: true })];
    const server = mockApi({
      'GET /api/user': { body: user },
      'GET /api/notifications': () => ({ body: notifications }),
      'GET /api/stats': { body: {} },
    });
    const Dashboard = () => {
      useSWR('/stats');
      return null;
    };
    renderScreen(
      <>
        <NotificationBell />
        <Dashboard />
      </>,
      '/component-hub',
    );
    await screen.findByRole('button', { name: 'Notifications' });
    const statsReads = () => server.callsTo('GET /api/stats').length;
    await vi.waitFor(() => expect(statsReads()).toBe(1));

    await act(() => vi.advanceTimersByTimeAsync(NOTIFICATIONS_POLL_MS));
    expect(server.callsTo('GET /api/notifications')).toHaveLength(2);
    expect(statsReads()).toBe(1);

    notifications = [note('01B', { title: 'Request approved' }), ...notifications];
    await act(() => vi.advanceTimersByTimeAsync(NOTIFICATIONS_POLL_MS));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    await vi.waitFor(() => expect(statsReads()).toBe(2));
  });
});
