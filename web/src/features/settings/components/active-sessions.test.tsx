import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '#shared/messages';
import type { SessionSummary } from '#shared/schemas/sessions';
import { csrfHandler, mockApi } from '#web/testing/mock-api.ts';
import { renderScreen } from '#web/testing/render.tsx';
import { SettingsRoute } from '../routes/settings';
import { aUser } from '#web/testing/user-fixture.ts';

const member = aUser({ id: '2', username: 'jo-smith', name: 'Jo Smith', firstName: 'Jo', lastName: 'Smith' });

const here: SessionSummary = {
  id: 'here-id',
  browser: 'Firefox 128',
  device: 'Linux (Desktop)',
  clientIp: '203.0.113.7',
  createdAt: '2026-03-12T08:00:00.000Z',
  lastSeenAt: '2026-03-12T09:30:00.000Z',
  current: true,
};
const phone: SessionSummary = {
  id: 'phone-id',
  browser: 'Safari 17',
  device: 'iOS 17.5 (Mobile)',
  clientIp: '198.51.100.4',
  createdAt: '2026-03-13T08:00:00.000Z',
  lastSeenAt: '2026-03-13T08:05:00.000Z',
  current: false,
};
/** A session from before sessions recorded where they came from. */
const older: SessionSummary = {
  id: 'older-id',
  browser: null,
  device: null,
  clientIp: null,
  createdAt: '2026-03-01T08:00:00.000Z',
  lastSeenAt: '2026-03-02T08:00:00.000Z',
  current: false,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

const openSecurityTab = () =>
  renderScreen(<SettingsRoute userManagement={<p>users</p>} />, '/component-hub/settings#security');

const sessionList = async () => screen.findByRole('list', { name: 'Active sessions' });

describe('Settings → Security: active sessions', () => {
  it('lists each session with browser, device, address and dates, this one marked and not offered to sign out', async () => {
    mockApi({ 'GET /api/user': { body: member }, 'GET /api/sessions': { body: [phone, here, older] } });
    openSecurityTab();
    const list = await sessionList();
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);

    const current = within(list).getByRole('listitem', { name: 'Firefox 128 on Linux (Desktop)' });
    expect(within(current).getByText('This device')).toBeInTheDocument();
    expect(within(current).getByText('Address: 203.0.113.7')).toBeInTheDocument();
    expect(within(current).getByText(/Signed in/)).toBeInTheDocument();
    expect(within(current).getByText(/Last active/)).toBeInTheDocument();
    expect(within(current).queryByRole('button')).not.toBeInTheDocument();

    const other = within(list).getByRole('listitem', { name: 'Safari 17 on iOS 17.5 (Mobile)' });
    expect(within(other).queryByText('This device')).not.toBeInTheDocument();
    expect(within(other).getByRole('button', { name: 'Sign out Safari 17 on iOS 17.5 (Mobile)' })).toBeEnabled();

    // Recorded before browsers and addresses were: listed with what is known.
    const unknown = within(list).getByRole('listitem', { name: 'Unknown browser on unknown device' });
    expect(within(unknown).getByText('Address: not recorded')).toBeInTheDocument();
  });

  it('signs out one other session and takes it off the list', async () => {
    let sessions = [here, phone, older];
    const server = mockApi({
      'GET /api/user': { body: member },
      'GET /api/csrf-token': csrfHandler,
      'GET /api/sessions': () => ({ body: sessions }),
      'DELETE /api/sessions/phone-id': () => {
        sessions = sessions.filter((session) => session.id !== 'phone-id');
        return { body: { message: messages.sessionEnded } };
      },
    });
    openSecurityTab();
    await sessionList();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out Safari 17 on iOS 17.5 (Mobile)' }));
    expect(await screen.findByText(messages.sessionEnded)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Safari 17 on iOS 17.5 (Mobile)' })).not.toBeInTheDocument(),
    );
    expect(server.callsTo('DELETE /api/sessions/phone-id')).toHaveLength(1);
    expect(within(await sessionList()).getAllByRole('listitem')).toHaveLength(2);
  });

  it('signs out every other session at once, keeping this one', async () => {
    let sessions = [here, phone, older];
    const server = mockApi({
      'GET /api/user': { body: member },
      'GET /api/csrf-token': csrfHandler,
      'GET /api/sessions': () => ({ body: sessions }),
      'POST /api/sessions/end-others': () => {
        sessions = [here];
        return { body: { message: messages.otherSessionsEnded } };
      },
    });
    openSecurityTab();
    await sessionList();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out all other sessions' }));
    expect(await screen.findByText(messages.otherSessionsEnded)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Active sessions' })).getAllByRole('listitem')).toHaveLength(1),
    );
    expect(screen.getByText('This device')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out all other sessions' })).not.toBeInTheDocument();
    expect(server.callsTo('POST /api/sessions/end-others')).toHaveLength(1);
  });

  it("says why signing out failed, with the server's message, and keeps the session listed", async () => {
    mockApi({
      'GET /api/user': { body: member },
      'GET /api/csrf-token': csrfHandler,
      'GET /api/sessions': { body: [here, phone] },
      'DELETE /api/sessions/phone-id': { status: 404, body: { message: messages.sessionNotFound } },
    });
    openSecurityTab();
    await sessionList();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out Safari 17 on iOS 17.5 (Mobile)' }));
    expect(await screen.findByText('Failed to sign out')).toBeInTheDocument();
    expect(screen.getByText(messages.sessionNotFound)).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Safari 17 on iOS 17.5 (Mobile)' })).toBeInTheDocument();
  });
});

describe('Settings → Security: a refused password', () => {
  it("shows the server's reason on the New Password field", async () => {
    mockApi({
      'GET /api/user': { body: member },
      'GET /api/csrf-token': csrfHandler,
      'GET /api/sessions': { body: [here] },
      'POST /api/change-password': {
        status: 400,
        body: { message: messages.passwordCommon, fields: { newPassword: messages.passwordCommon } },
      },
    });
    openSecurityTab();
    await userEvent.type(await screen.findByLabelText('Current Password'), 'Old-Passw0rd');
    await userEvent.type(screen.getByLabelText('New Password'), 'P@ssw0rd');
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'P@ssw0rd');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    await waitFor(() =>
      expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription(messages.passwordCommon),
    );
    expect(screen.getByLabelText('New Password')).toHaveAttribute('aria-invalid', 'true');
  });
});
