import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '#shared/schemas/users';
import { messages } from '#shared/messages';
import { csrfHandler, mockApi, type Handler, type MockResponse } from '#web/testing/mock-api.ts';
import { renderScreen } from '#web/testing/render.tsx';
import { AdminUserManagement } from './admin-user-management';
import { SettingsUserManagement } from './settings-user-management';
import { TotalUsersCard } from './total-users-card';
import { rootAdmin } from '#web/testing/user-fixture.ts';
import { weakPasswords } from '#web/testing/password-rule.ts';

const me: AdminUser = {
  ...rootAdmin,
  id: 'u1',
  invitedAt: null,
  acceptedInviteAt: '2025-01-02T10:00:00.000Z',
  createdAt: '2025-01-02T10:00:00.000Z',
};
const colleague: AdminUser = {
  ...me,
  id: 'u2',
  email: 'jo@example.com',
  username: 'jo',
  name: 'Jo Smith',
  role: 'user',
  invitedAt: '2025-02-01T09:00:00.000Z',
  acceptedInviteAt: '2025-02-03T09:00:00.000Z',
  createdAt: '2025-02-01T09:00:00.000Z',
};
const pending: AdminUser = {
  ...colleague,
  id: 'u3',
  email: 'new@example.com',
  username: 'new',
  name: '',
  acceptedInviteAt: null,
};

const { invitedAt: _i, acceptedInviteAt: _a, createdAt: _c, ...session } = me;

/**
 * The API an admin's screen talks to: the session and a small users store that the writes change
 * (the screens reload the list after each change), plus whatever the test adds or overrides.
 */
type Handlers = Record<string, Handler | MockResponse>;

const adminApi = (
  extra: Handlers | ((store: Record<string, Handler>) => Handlers) = {},
  initial: AdminUser[] = [me, colleague, pending],
) => {
  let users = [...initial];
  const put = (user: AdminUser) => {
    users = users.some((u) => u.id === user.id) ? users.map((u) => (u.id === user.id ? user : u)) : [...users, user];
    return user;
  };
  const byPath = (path: string) => users.find((u) => path.includes(`/${u.id}/`) || path.endsWith(`/${u.id}`))!;
  let nextId = 100;
  const store: Record<string, Handler> = {
    'GET /api/users': () => ({ body: users }),
    'POST /api/invites': ({ body }) => {
      const { email, role } = body as Pick<AdminUser, 'email' | 'role'>;
      const user = put({ ...pending, id: `u${(nextId += 1)}`, email, username: email.split('@')[0]!, role });
      return { status: 201, body: { message: 'Invitation sent', user } };
    },
    'POST /api/users': ({ body }) => {
      const { email, name = '', role } = body as Pick<AdminUser, 'email' | 'name' | 'role'>;
      return {
        status: 201,
        body: put({ ...colleague, id: `u${(nextId += 1)}`, email, name, username: email.split('@')[0]!, role }),
      };
    },
    ...Object.fromEntries(
      initial.flatMap((u) => [
        [
          `PATCH /api/users/${u.id}/role`,
          (({ path, body }) => ({ body: put({ ...byPath(path), ...(body as object) }) })) as Handler,
        ],
        [`PATCH /api/users/${u.id}/password`, (() => ({ body: { message: 'Password updated' } })) as Handler],
        [
          `DELETE /api/users/${u.id}`,
          (({ path }) => {
            const gone = byPath(path);
            users = users.filter((x) => x !== gone);
            return { body: { message: 'User deleted' } };
          }) as Handler,
        ],
      ]),
    ),
  };
  return mockApi({
    'GET /api/user': { body: session },
    'GET /api/csrf-token': csrfHandler,
    ...store,
    ...(typeof extra === 'function' ? extra(store) : extra),
  });
};

/** A toast shown after another: it waits for the one before it to leave (one toast at a time). */
const findNextToast = (title: string) => screen.findByText(title, undefined, { timeout: 4000 });

const rowOf = async (email: string) => {
  const cell = await screen.findByRole('cell', { name: new RegExp(`^${email}`) });
  return cell.closest('tr')!;
};

describe('settings: User Management tab', () => {
  it("shows 'Active Users' with its columns, 'Pending' for an unaccepted invitation", async () => {
    adminApi();
    renderScreen(<SettingsUserManagement />);
    const table = await screen.findByRole('table', { name: 'Active Users' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Email', 'Username', 'Role', 'Invited At', 'Accepted At', 'Joined', 'Actions']);
    expect(within(await rowOf('new@example.com')).getByText('Pending')).toBeInTheDocument();
    expect(within(await rowOf('jo@example.com')).queryByText('Pending')).not.toBeInTheDocument();
    expect(within(await rowOf('jo@example.com')).getByRole('combobox', { name: 'Role of jo@example.com' })).toHaveValue(
      'user',
    );
  });

  it('invite form: the email and role messages, and nothing sent', async () => {
    const server = adminApi();
    renderScreen(<SettingsUserManagement />);
    const form = await screen.findByRole('form', { name: 'Invite a user' });
    await userEvent.type(within(form).getByLabelText('Email'), 'not-an-email');
    await userEvent.click(within(form).getByRole('button', { name: 'Send Invitation' }));
    expect(await within(form).findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(within(form).getByText('Please select a role')).toBeInTheDocument();
    expect(server.callsTo('POST /api/invites')).toHaveLength(0);
  });

  it("invite form: error state with the inline alert and the server's message, success on the next try", async () => {
    let emailDown = true;
    const server = adminApi((store) => ({
      'POST /api/invites': (request) =>
        emailDown ? { status: 503, body: { message: 'Email is unavailable' } } : store['POST /api/invites']!(request),
    }));
    renderScreen(<SettingsUserManagement />);
    const form = await screen.findByRole('form', { name: 'Invite a user' });
    await userEvent.type(within(form).getByLabelText('Email'), ' Ann@Example.com ');
    await userEvent.selectOptions(within(form).getByLabelText('Role'), 'admin');
    await userEvent.click(within(form).getByRole('button', { name: 'Send Invitation' }));

    expect(
      await within(form).findByText('There was a problem sending the invitation. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Failed to send invitation')).toBeInTheDocument();
    expect(screen.getByText('Email is unavailable')).toBeInTheDocument();

    emailDown = false;
    await userEvent.click(within(form).getByRole('button', { name: 'Send Invitation' }));
    expect(await findNextToast('Invitation sent')).toBeInTheDocument();
    expect(
      within(form).queryByText('There was a problem sending the invitation. Please try again.'),
    ).not.toBeInTheDocument();
    expect(within(form).getByText(/An invitation email has been sent to ann@example.com/)).toBeInTheDocument();
    expect(server.callsTo('POST /api/invites').map((call) => call.body)).toEqual([
      { email: 'ann@example.com', role: 'admin' },
      { email: 'ann@example.com', role: 'admin' },
    ]);
    expect(within(form).getByLabelText('Email')).toHaveValue('');
    expect(await rowOf('ann@example.com')).toBeInTheDocument();
  });

  it('own row: role select and delete disabled, the tooltip says why, no dialog opens', async () => {
    const server = adminApi();
    renderScreen(<SettingsUserManagement />);
    const own = await rowOf('root@example.com');
    expect(within(own).getByText('You')).toBeInTheDocument();
    expect(within(own).getByRole('combobox', { name: 'Role of root@example.com' })).toBeDisabled();
    const remove = within(own).getByRole('button', { name: 'Delete root@example.com' });
    expect(remove).toHaveAttribute('aria-disabled', 'true');

    await userEvent.hover(remove);
    expect(await screen.findByText('Cannot delete your own account')).toBeInTheDocument();
    await userEvent.click(remove);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(server.callsTo('DELETE /api/users/u1')).toHaveLength(0);

    const other = await rowOf('jo@example.com');
    expect(within(other).getByRole('combobox', { name: 'Role of jo@example.com' })).toBeEnabled();
    expect(within(other).getByRole('button', { name: 'Delete jo@example.com' })).not.toHaveAttribute('aria-disabled');
  });

  it("changes a role inline: 'Role updated', or 'Failed to update role' with the server's message", async () => {
    let fail = false;
    const server = adminApi((store) => ({
      'PATCH /api/users/u2/role': (request) =>
        fail
          ? { status: 409, body: { message: 'The user was changed by someone else. Reload and try again.' } }
          : store['PATCH /api/users/u2/role']!(request),
    }));
    renderScreen(<SettingsUserManagement />);
    const select = within(await rowOf('jo@example.com')).getByRole('combobox', { name: 'Role of jo@example.com' });
    await userEvent.selectOptions(select, 'admin');
    expect(await screen.findByText('Role updated')).toBeInTheDocument();
    expect(server.callsTo('PATCH /api/users/u2/role')[0]!.body).toEqual({ role: 'admin' });
    expect(select).toHaveValue('admin');

    fail = true;
    await userEvent.selectOptions(select, 'user');
    expect(await findNextToast('Failed to update role')).toBeInTheDocument();
    expect(screen.getByText('The user was changed by someone else. Reload and try again.')).toBeInTheDocument();
    expect(select).toHaveValue('admin');
  });

  it("delete: the dialog names email, username and role; 'User deleted' and the row goes", async () => {
    const server = adminApi();
    renderScreen(<SettingsUserManagement />);
    await userEvent.click(within(await rowOf('jo@example.com')).getByRole('button', { name: 'Delete jo@example.com' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete User' });
    expect(within(dialog).getByText('jo@example.com')).toBeInTheDocument();
    expect(within(dialog).getByText('jo')).toBeInTheDocument();
    expect(within(dialog).getByText('User')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete User' }));
    expect(await screen.findByText('User deleted')).toBeInTheDocument();
    expect(server.callsTo('DELETE /api/users/u2')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'jo@example.com' })).not.toBeInTheDocument());
  });

  it("delete failure: the dialog closes, 'Failed to delete user' with the server's message", async () => {
    adminApi({
      'DELETE /api/users/u2': { status: 409, body: { message: 'The last administrator cannot be deleted.' } },
    });
    renderScreen(<SettingsUserManagement />);
    await userEvent.click(within(await rowOf('jo@example.com')).getByRole('button', { name: 'Delete jo@example.com' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete User' }));
    expect(await screen.findByText('Failed to delete user')).toBeInTheDocument();
    expect(screen.getByText('The last administrator cannot be deleted.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });
});

describe('signing a user out everywhere', () => {
  it('asks first, naming the user; Cancel sends nothing; confirming ends their sessions', async () => {
    const server = adminApi({
      'DELETE /api/users/u2/sessions': { body: { message: messages.userSessionsEnded } },
    });
    renderScreen(<AdminUserManagement />);
    const signOut = within(await rowOf('jo@example.com')).getByRole('button', {
      name: 'Sign out jo@example.com everywhere',
    });
    await userEvent.click(signOut);
    let dialog = await screen.findByRole('alertdialog', { name: 'Sign Out Everywhere' });
    expect(within(dialog).getByText(/jo@example\.com will be signed out of every browser/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(server.callsTo('DELETE /api/users/u2/sessions')).toHaveLength(0);

    await userEvent.click(signOut);
    dialog = await screen.findByRole('alertdialog', { name: 'Sign Out Everywhere' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign Out Everywhere' }));
    expect(await screen.findByText(messages.userSessionsEnded)).toBeInTheDocument();
    expect(server.callsTo('DELETE /api/users/u2/sessions')).toHaveLength(1);
  });

  it('is not offered for one own row: the tooltip points to Settings, Security', async () => {
    adminApi();
    renderScreen(<SettingsUserManagement />);
    const own = within(await rowOf('root@example.com')).getByRole('button', {
      name: 'Sign out root@example.com everywhere',
    });
    expect(own).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(own);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('admin dashboard: User Management tab', () => {
  it('shows Status Active/Pending, the username or else the name, and the admin columns', async () => {
    adminApi({}, [me, colleague, { ...pending, username: '', name: 'Nameless Invitee' }]);
    renderScreen(<AdminUserManagement />);
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Email', 'Username', 'Role', 'Status', 'Groups', 'Joined', 'Actions']);
    expect(within(await rowOf('jo@example.com')).getByText('Active')).toBeInTheDocument();
    const invitee = await rowOf('new@example.com');
    expect(within(invitee).getByText('Pending')).toBeInTheDocument();
    expect(within(invitee).getByText('Nameless Invitee')).toBeInTheDocument();
    const own = await rowOf('root@example.com');
    expect(within(own).getByRole('button', { name: 'Delete root@example.com' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    // Setting one's own password here would end one's own session: Settings, Security is the place.
    const ownPassword = within(own).getByRole('button', { name: 'Change password for root@example.com' });
    expect(ownPassword).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(ownPassword);
    expect(screen.queryByRole('dialog', { name: 'Change Password' })).not.toBeInTheDocument();
  });

  it("Invite User dialog: 'Please select a role', then sends and closes", async () => {
    const server = adminApi();
    renderScreen(<AdminUserManagement />);
    await userEvent.click(await screen.findByRole('button', { name: 'Invite User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite User' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await within(dialog).findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(within(dialog).getByText('Please select a role')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText('Email'), 'zed@example.com');
    await userEvent.selectOptions(within(dialog).getByLabelText('Role'), 'user');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText('Invitation sent')).toBeInTheDocument();
    expect(server.callsTo('POST /api/invites')[0]!.body).toEqual({ email: 'zed@example.com', role: 'user' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite User' })).not.toBeInTheDocument());
  });

  it("Add User dialog: the full password rule with the admin's length wording, the server's refusal, then 'User created'", async () => {
    let taken = true;
    const server = adminApi((store) => ({
      'POST /api/users': (request) =>
        taken
          ? {
              status: 409,
              body: {
                message: 'An account with this email already exists',
                fields: { email: 'An account with this email already exists' },
              },
            }
          : store['POST /api/users']!(request),
    }));
    renderScreen(<AdminUserManagement />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    const submit = within(dialog).getByRole('button', { name: 'Add User' });
    // The hint states the whole rule the server enforces, not only its length.
    expect(within(dialog).getByLabelText('Password')).toHaveAccessibleDescription(
      'At least 8 characters, with an uppercase letter, a lowercase letter, a number and a special character (such as !@#$%^&*). Common passwords, and passwords containing your name, username or email, are refused.',
    );
    await userEvent.type(within(dialog).getByLabelText('Email'), 'kim@');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'short');
    await userEvent.click(submit);
    expect(await within(dialog).findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(within(dialog).getByText('Password must be at least 8 characters long')).toBeInTheDocument();
    expect(within(dialog).getByText('Please select a role')).toBeInTheDocument();
    expect(server.callsTo('POST /api/users')).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Email'), 'example.com');
    // Long enough is not enough: the same character classes as every other password.
    await userEvent.type(within(dialog).getByLabelText('Password'), 'enough');
    await userEvent.selectOptions(within(dialog).getByLabelText('Role'), 'user');
    await userEvent.click(submit);
    expect(await within(dialog).findByText('Password must contain at least one uppercase letter')).toBeInTheDocument();
    expect(server.callsTo('POST /api/users')).toHaveLength(0);
    await userEvent.clear(within(dialog).getByLabelText('Password'));
    await userEvent.type(within(dialog).getByLabelText('Password'), 'Short-en0ugh');
    await userEvent.click(submit);
    expect(await screen.findByText('Failed to create user')).toBeInTheDocument();
    expect(within(dialog).getByText('An account with this email already exists')).toBeInTheDocument();

    taken = false;
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Kim Lee');
    await userEvent.click(submit);
    expect(await findNextToast('User created')).toBeInTheDocument();
    expect(server.callsTo('POST /api/users').at(-1)!.body).toEqual({
      email: 'kim@example.com',
      password: 'Short-en0ugh',
      name: 'Kim Lee',
      role: 'user',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add User' })).not.toBeInTheDocument());
    expect(await rowOf('kim@example.com')).toBeInTheDocument();
  });

  it.each(weakPasswords)('change password refuses %s with "%s"', async (password, message) => {
    const server = adminApi();
    renderScreen(<AdminUserManagement />);
    await userEvent.click(
      within(await rowOf('jo@example.com')).getByRole('button', { name: 'Change password for jo@example.com' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
    await userEvent.type(within(dialog).getByLabelText('New Password'), password);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change Password' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(server.callsTo('PATCH /api/users/u2/password')).toHaveLength(0);
  });

  it('change password: sends the new password for that user and closes', async () => {
    const server = adminApi();
    renderScreen(<AdminUserManagement />);
    await userEvent.click(
      within(await rowOf('jo@example.com')).getByRole('button', { name: 'Change password for jo@example.com' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
    await userEvent.type(within(dialog).getByLabelText('New Password'), 'Fresh-Passw0rd!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password updated')).toBeInTheDocument();
    expect(server.callsTo('PATCH /api/users/u2/password')[0]!.body).toEqual({ newPassword: 'Fresh-Passw0rd!' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change Password' })).not.toBeInTheDocument());
  });
});

describe('resetting a second factor', () => {
  it('is offered only for users who have one; the dialog warns, then the reset is sent and the action goes', async () => {
    let secondFactor = true;
    const server = adminApi((store) => ({
      'GET /api/users': async (request) => {
        const answer = await store['GET /api/users']!(request);
        const users = (answer as { body: AdminUser[] }).body;
        return { body: users.map((u) => (u.id === 'u2' && secondFactor ? { ...u, secondFactor: true } : u)) };
      },
      'DELETE /api/users/u2/second-factor': () => {
        secondFactor = false;
        return { body: { message: 'Second factor reset: the user was signed out everywhere and told by email' } };
      },
    }));
    renderScreen(<AdminUserManagement />);
    const row = await rowOf('jo@example.com');
    expect(within(await rowOf('new@example.com')).queryByRole('button', { name: /Reset second factor/ })).toBeNull();
    await userEvent.click(within(row).getByRole('button', { name: 'Reset second factor of jo@example.com' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reset Second Factor' });
    expect(within(dialog).getByText(/signed out everywhere and is told by email/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset Second Factor' }));
    expect(await screen.findByText('Second factor reset')).toBeInTheDocument();
    expect(server.callsTo('DELETE /api/users/u2/second-factor')).toHaveLength(1);
    await waitFor(() =>
      expect(within(row).queryByRole('button', { name: 'Reset second factor of jo@example.com' })).toBeNull(),
    );
  });
});

describe('on a phone', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows each user as a card with the same fields, role select and actions', async () => {
    const matchMedia = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
      ...matchMedia(query),
      matches: query === '(max-width: 47.99em)',
    }));
    adminApi();
    renderScreen(<AdminUserManagement />);
    const list = await screen.findByRole('list', { name: 'Users' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    const jo = cards.find((card) => within(card).queryByText('jo@example.com'))!;
    expect(within(jo).getByText('Status')).toBeInTheDocument();
    expect(within(jo).getByText('Active')).toBeInTheDocument();
    expect(within(jo).getByRole('combobox', { name: 'Role of jo@example.com' })).toBeEnabled();
    await userEvent.click(within(jo).getByRole('button', { name: 'Delete jo@example.com' }));
    expect(await screen.findByRole('alertdialog', { name: 'Delete User' })).toBeInTheDocument();
  });
});

describe('admin dashboard: Overview', () => {
  it("'Total Users' counts the active users and their admins, and pending invitations apart", async () => {
    adminApi({}, [
      me,
      colleague,
      pending,
      { ...colleague, id: 'u6', email: 'b@example.com', role: 'admin' },
      { ...pending, id: 'u7', email: 'invited-admin@example.com', role: 'admin' },
      { ...pending, id: 'u8', email: 'invited-admin2@example.com', role: 'admin' },
    ]);
    renderScreen(<TotalUsersCard />);
    const card = await screen.findByRole('region', { name: 'Total Users' });
    expect(await within(card).findByText('3')).toBeInTheDocument();
    expect(card).toHaveTextContent('2 active admins');
    expect(card).toHaveTextContent('3 invitations pending (2 admins)');
  });
});

describe('admin: a user’s groups', () => {
  it('shows hub and single sign-on groups, and saves the hub groups typed with commas', async () => {
    const grouped: AdminUser = { ...colleague, hubGroups: ['Relays'], ssoGroups: ['Provider Team'] };
    const server = adminApi(
      (store) => ({
        'PATCH /api/users/u2/groups': ({ body }) => ({
          body: { ...grouped, hubGroups: (body as { groups: string[] }).groups },
        }),
        'GET /api/users': store['GET /api/users']!,
      }),
      [me, grouped, pending],
    );
    renderScreen(<AdminUserManagement />);
    const row = await rowOf('jo@example.com');
    expect(row).toHaveTextContent('Relays, Provider Team');
    await userEvent.click(within(row).getByRole('button', { name: 'Edit groups of jo@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Groups' });
    expect(within(dialog).getByText('From single sign-on: Provider Team')).toBeInTheDocument();
    const field = within(dialog).getByLabelText('Hub groups');
    expect(field).toHaveValue('Relays');
    await userEvent.clear(field);
    await userEvent.type(field, ' Relays , Fuses,');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Groups' }));
    expect(await screen.findByText('Groups saved')).toBeInTheDocument();
    expect(server.callsTo('PATCH /api/users/u2/groups')[0]!.body).toEqual({ groups: ['Relays', 'Fuses'] });
  });

  it('refuses a group name over 64 characters before sending', async () => {
    const server = adminApi();
    renderScreen(<AdminUserManagement />);
    await userEvent.click(
      within(await rowOf('jo@example.com')).getByRole('button', { name: 'Edit groups of jo@example.com' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Groups' });
    await userEvent.type(within(dialog).getByLabelText('Hub groups'), 'x'.repeat(65));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Groups' }));
    expect(await within(dialog).findByText('Group names have at most 64 characters')).toBeInTheDocument();
    expect(server.callsTo('PATCH /api/users/u2/groups')).toHaveLength(0);
  });
});
