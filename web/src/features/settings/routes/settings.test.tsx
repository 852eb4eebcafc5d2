import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { csrfHandler, mockApi } from '#web/testing/mock-api.ts';
import { renderScreen } from '#web/testing/render.tsx';
import { SettingsRoute } from './settings';
import { aUser } from '#web/testing/user-fixture.ts';

const member = aUser({ id: '2', username: 'jo-smith', name: 'Jo Smith', firstName: 'Jo', lastName: 'Smith' });
const admin = { ...member, id: '1', role: 'admin' };
/** The tab's content comes from the users feature (composed in by the app's route). */
const usersTab = <p>users feature</p>;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('settings tabs', () => {
  it('opens the profile for #users when the person is not an admin', async () => {
    mockApi({ 'GET /api/user': { body: member } });
    renderScreen(<SettingsRoute userManagement={usersTab} />, '/component-hub/settings#users');
    expect(await screen.findByRole('tab', { name: 'Profile', selected: true })).toBeInTheDocument();
    expect(screen.queryByText('users feature')).not.toBeInTheDocument();
  });

  it('shows User Management only to admins', async () => {
    mockApi({ 'GET /api/user': { body: member } });
    const view = renderScreen(<SettingsRoute userManagement={usersTab} />, '/component-hub/settings');
    expect(await screen.findByRole('tab', { name: 'Profile', selected: true })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'User Management' })).not.toBeInTheDocument();
    view.unmount();

    mockApi({ 'GET /api/user': { body: admin } });
    renderScreen(<SettingsRoute userManagement={usersTab} />, '/component-hub/settings#users');
    expect(await screen.findByRole('tab', { name: 'User Management', selected: true })).toBeInTheDocument();
    expect(screen.getByText('users feature')).toBeInTheDocument();
  });
});

describe('notifications tab', () => {
  it("opens at #notifications (the settings menu's 'Notification Settings') with the notifications feature", async () => {
    mockApi({ 'GET /api/user': { body: member } });
    renderScreen(
      <SettingsRoute userManagement={usersTab} notifications={<p>notifications feature</p>} />,
      '/component-hub/settings#notifications',
    );
    expect(await screen.findByRole('tab', { name: 'Notifications', selected: true })).toBeInTheDocument();
    expect(screen.getByText('notifications feature')).toBeInTheDocument();
  });
});

describe('profile tab', () => {
  it('shows the username and email messages, then saves the four fields', async () => {
    const server = mockApi({
      'GET /api/user': { body: member },
      'GET /api/csrf-token': csrfHandler,
      'PATCH /api/user': ({ body }) => ({ body: { user: { ...member, ...(body as object) } } }),
    });
    renderScreen(<SettingsRoute userManagement={usersTab} />, '/component-hub/settings');
    const username = await screen.findByLabelText('Username');
    expect(username).toHaveValue('jo-smith');

    await userEvent.clear(username);
    await userEvent.type(username, 'jo');
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'jo@');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(server.callsTo('PATCH /api/user')).toHaveLength(0);

    await userEvent.type(username, 'anna');
    await userEvent.type(screen.getByLabelText('Email'), 'example.com');
    await userEvent.clear(screen.getByLabelText('Last Name'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(server.callsTo('PATCH /api/user')[0]!.body).toEqual({
      username: 'joanna',
      firstName: 'Jo',
      lastName: '',
      email: 'jo@example.com',
    });
  });

  it('asks for the current password when the email changes, and sends it only then', async () => {
    const server = mockApi({
      'GET /api/user': { body: member },
      'GET /api/csrf-token': csrfHandler,
      'PATCH /api/user': ({ body }) => {
        const { currentPassword, ...profile } = body as { currentPassword?: string };
        if (currentPassword !== 'Right-Passw0rd') {
          return {
            status: 400,
            body: {
              message: 'Current password is incorrect',
              fields: { currentPassword: 'Current password is incorrect' },
            },
          };
        }
        const { email: asked, ...rest } = profile as { email: string };
        // The server keeps the address until the link sent to the new one is followed.
        return { body: { ...member, ...rest, pendingEmail: asked } };
      },
    });
    renderScreen(<SettingsRoute userManagement={usersTab} />, '/component-hub/settings');
    const email = await screen.findByLabelText('Email');
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();

    await userEvent.clear(email);
    await userEvent.type(email, 'jo.new@example.com');
    expect(screen.getByText(/signs out your other sessions and tells your current address/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Enter your current password to change your email address')).toBeInTheDocument();
    expect(server.callsTo('PATCH /api/user')).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Current Password'), 'Wrong-Passw0rd');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update profile')).toBeInTheDocument();
    const field = screen.getByLabelText('Current Password');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText('Current password is incorrect').length).toBeGreaterThan(0);

    await userEvent.clear(field);
    await userEvent.type(field, 'Right-Passw0rd');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    // Saved: the account keeps its address until the link is followed, and the form says so.
    await waitFor(() => expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Email')).toHaveValue('jo@example.com');
    expect(await screen.findByText('Waiting for confirmation: jo.new@example.com')).toBeInTheDocument();
    expect(screen.getAllByText(/We sent a confirmation link to jo.new@example.com/).length).toBeGreaterThan(0);
    expect(server.callsTo('PATCH /api/user').at(-1)!.body).toEqual({
      username: 'jo-smith',
      firstName: 'Jo',
      lastName: 'Smith',
      email: 'jo.new@example.com',
      currentPassword: 'Right-Passw0rd',
    });
  });

  it("shows 'Failed to update profile' with the server's message", async () => {
    mockApi({
      'GET /api/user': { body: member },
      'GET /api/csrf-token': csrfHandler,
      'PATCH /api/user': { status: 409, body: { message: 'An account with this email already exists' } },
    });
    renderScreen(<SettingsRoute userManagement={usersTab} />, '/component-hub/settings');
    await userEvent.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update profile')).toBeInTheDocument();
    expect(screen.getByText('An account with this email already exists')).toBeInTheDocument();
  });
});

describe('danger zone', () => {
  it('enables the confirm button only for the exact phrase, deletes, then loads /app/auth after 1 second', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const server = mockApi({
      'GET /api/user': { body: member },
      'GET /api/csrf-token': csrfHandler,
      'DELETE /api/user': { status: 204 },
    });
    renderScreen(<SettingsRoute userManagement={usersTab} />, '/component-hub/settings');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete My Account' }));

    const dialog = await screen.findByRole('alertdialog');
    const confirm = within(dialog).getByRole('button', { name: 'Delete My Account' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Current Password'), 'Str0ng!Passw0rd');
    const phrase = within(dialog).getByLabelText('Confirmation phrase');
    for (const attempt of ['delete my accoun', 'Delete my account', 'delete my account ']) {
      await userEvent.clear(phrase);
      await userEvent.type(phrase, attempt);
      expect(confirm).toBeDisabled();
    }
    await userEvent.clear(phrase);
    await userEvent.type(phrase, 'delete my account');
    expect(confirm).toBeEnabled();

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(confirm);
    expect(await screen.findByText('Account deleted')).toBeInTheDocument();
    expect(server.callsTo('DELETE /api/user').map((call) => call.body)).toEqual([
      { currentPassword: 'Str0ng!Passw0rd' },
    ]);
    expect(assign).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(assign).toHaveBeenCalledWith('/app/auth');
  });

  it('keeps the last admin logged in and says why', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    mockApi({
      'GET /api/user': { body: admin },
      'GET /api/csrf-token': csrfHandler,
      'DELETE /api/user': { status: 409, body: { message: 'You are the last administrator' } },
    });
    renderScreen(<SettingsRoute userManagement={usersTab} />, '/component-hub/settings');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete My Account' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.type(within(dialog).getByLabelText('Confirmation phrase'), 'delete my account');
    await userEvent.type(within(dialog).getByLabelText('Current Password'), 'Str0ng!Passw0rd');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete My Account' }));
    expect(await screen.findByText('Failed to delete account')).toBeInTheDocument();
    expect(screen.getByText('You are the last administrator')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('says a wrong password beside its field and keeps the dialog open to try again', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const server = mockApi({
      'GET /api/user': { body: member },
      'GET /api/csrf-token': csrfHandler,
      'DELETE /api/user': ({ body }) =>
        (body as { currentPassword?: string }).currentPassword === 'Right-Passw0rd'
          ? { status: 204 }
          : {
              status: 400,
              body: {
                message: 'Current password is incorrect',
                fields: { currentPassword: 'Current password is incorrect' },
              },
            },
    });
    renderScreen(<SettingsRoute userManagement={usersTab} />, '/component-hub/settings');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete My Account' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.type(within(dialog).getByLabelText('Confirmation phrase'), 'delete my account');
    const password = within(dialog).getByLabelText('Current Password');
    await userEvent.type(password, 'Wrong-Passw0rd');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete My Account' }));
    expect(await within(dialog).findByText('Current password is incorrect')).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();

    await userEvent.clear(password);
    await userEvent.type(password, 'Right-Passw0rd');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete My Account' }));
    expect(await screen.findByText('Account deleted')).toBeInTheDocument();
    expect(server.callsTo('DELETE /api/user')).toHaveLength(2);
  });
});

describe('security tab', () => {
  it("checks the fields, shows 'Passwords don't match', then changes the password", async () => {
    const server = mockApi({
      'GET /api/user': { body: member },
      'GET /api/csrf-token': csrfHandler,
      'POST /api/change-password': { body: {} },
      'GET /api/sessions': { body: [] },
      'GET /api/second-factor': {
        body: { available: true, required: false, totp: { enabled: false, recoveryCodesLeft: 0 }, passkeys: [] },
      },
    });
    renderScreen(<SettingsRoute userManagement={usersTab} />, '/component-hub/settings#security');
    expect(await screen.findByRole('heading', { name: 'Second Factor' })).toBeInTheDocument();
    expect(await screen.findByText('Password requirements')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Current Password'), 'Old-Passw0rd');
    await userEvent.type(screen.getByLabelText('New Password'), 'New-Passw0rd');
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'New-Passw0rd!');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(server.callsTo('POST /api/change-password')).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('New Password'), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(server.callsTo('POST /api/change-password')[0]!.body).toEqual({
      currentPassword: 'Old-Passw0rd',
      newPassword: 'New-Passw0rd!',
    });
    expect(screen.getByLabelText('Current Password')).toHaveValue('');
  });
});

describe('an account made by single sign-on', () => {
  const ssoMember = { ...member, noPassword: true };
  const ssoOptions = { body: { sso: { label: 'Contoso', startUrl: '/api/sso/start' }, passwordLogin: 'on' } };

  it('offers to confirm with the provider first, and no current password field', async () => {
    mockApi({ 'GET /api/user': { body: ssoMember }, 'GET /api/sso/options': ssoOptions });
    renderScreen(<SettingsRoute userManagement={usersTab} />, '/component-hub/settings#security');
    const confirm = await screen.findByRole('link', { name: 'Confirm with Contoso' });
    expect(confirm).toHaveAttribute(
      'href',
      `/api/sso/reauthenticate?returnTo=${encodeURIComponent('/app/component-hub/settings#security')}`,
    );
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
  });

  it('after the fresh sign-in, sets the password without a current one', async () => {
    const server = mockApi({
      'GET /api/user': { body: ssoMember },
      'GET /api/sso/options': ssoOptions,
      'GET /api/csrf-token': csrfHandler,
      'POST /api/change-password': { body: { message: 'Password changed' } },
    });
    renderScreen(<SettingsRoute userManagement={usersTab} />, '/component-hub/settings?reauthenticated=1#security');
    expect(await screen.findByText(/You confirmed it is you with Contoso/)).toBeInTheDocument();
    const [password, confirmation] = screen.getAllByLabelText(/Password/, { selector: 'input' });
    await userEvent.type(password!, 'Str0ng!Passw0rd');
    await userEvent.type(confirmation!, 'Str0ng!Passw0rd');
    await userEvent.click(screen.getByRole('button', { name: 'Set Password' }));
    await waitFor(() => expect(server.callsTo('POST /api/change-password')).toHaveLength(1));
    expect(server.callsTo('POST /api/change-password')[0]!.body).toEqual({ newPassword: 'Str0ng!Passw0rd' });
  });

  it('explains a fresh sign-in the provider did not confirm', async () => {
    mockApi({ 'GET /api/user': { body: ssoMember }, 'GET /api/sso/options': ssoOptions });
    renderScreen(
      <SettingsRoute userManagement={usersTab} />,
      '/component-hub/settings?sso_error=reauthentication_other_person#security',
    );
    expect(
      await screen.findByText(/You signed in at your identity provider as someone other than the person/),
    ).toBeInTheDocument();
  });
});
