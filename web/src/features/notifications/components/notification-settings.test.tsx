import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { csrfHandler, mockApi } from '#web/testing/mock-api.ts';
import { renderScreen } from '#web/testing/render.tsx';
import { NotificationSettingsPanel } from './notification-settings';

const person = (role: 'user' | 'admin') => ({
  id: role,
  email: `${role}@example.com`,
  username: role,
  name: '',
  firstName: '',
  lastName: '',
  role,
});
const allOn = {
  emailRequestDigest: true,
  emailRequestDecision: true,
  emailWatched: true,
  appNewRequest: true,
  appRequestDecision: true,
  appWatched: true,
};

afterEach(() => vi.unstubAllGlobals());

describe('notification settings', () => {
  it('shows a user their own kinds, all on by default, and saves a switch as it is turned', async () => {
    let stored = { ...allOn };
    const server = mockApi({
      'GET /api/user': { body: person('user') },
      'GET /api/csrf-token': csrfHandler,
      'GET /api/notification-settings': () => ({ body: stored }),
      'PATCH /api/notification-settings': ({ body }) => {
        stored = { ...stored, ...(body as object) };
        return { body: stored };
      },
    });
    renderScreen(<NotificationSettingsPanel />, '/component-hub/settings#notifications');
    const email = await screen.findByRole('region', { name: 'Email' });
    const app = screen.getByRole('region', { name: 'In the app' });
    const decisionEmail = await within(email).findByLabelText('My requests approved or rejected');
    expect(decisionEmail).toBeChecked();
    expect(within(app).getByLabelText('My requests approved or rejected')).toBeChecked();
    // Requests waiting for review concern administrators only.
    expect(screen.queryByLabelText('Requests waiting for review')).not.toBeInTheDocument();

    await userEvent.click(decisionEmail);
    await waitFor(() => expect(server.callsTo('PATCH /api/notification-settings')).toHaveLength(1));
    expect(server.callsTo('PATCH /api/notification-settings')[0]!.body).toEqual({ emailRequestDecision: false });
    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
    expect(within(email).getByLabelText('My requests approved or rejected')).not.toBeChecked();
    expect(within(app).getByLabelText('My requests approved or rejected')).toBeChecked();
  });

  it('shows an administrator the review kinds too, and puts a switch back when saving fails', async () => {
    mockApi({
      'GET /api/user': { body: person('admin') },
      'GET /api/csrf-token': csrfHandler,
      'GET /api/notification-settings': { body: { ...allOn, appNewRequest: false } },
      'PATCH /api/notification-settings': { status: 503, body: { message: 'Try again in a moment.' } },
    });
    renderScreen(<NotificationSettingsPanel />, '/component-hub/settings#notifications');
    const email = await screen.findByRole('region', { name: 'Email' });
    const app = screen.getByRole('region', { name: 'In the app' });
    const digest = await within(email).findByLabelText('Requests waiting for review');
    expect(digest).toBeChecked();
    expect(within(app).getByLabelText('Requests waiting for review')).not.toBeChecked();
    await userEvent.click(digest);
    expect(await screen.findByText('Failed to update notification settings')).toBeInTheDocument();
    expect(screen.getByText('Try again in a moment.')).toBeInTheDocument();
    await waitFor(() => expect(within(email).getByLabelText('Requests waiting for review')).toBeChecked());
  });
});
