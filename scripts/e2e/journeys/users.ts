import type { Page } from 'playwright-core';
import { createAccount } from '../accounts.ts';
import {
  DESKTOP,
  MOBILE,
  expectEqual,
  expectHidden,
  expectUrl,
  expectVisible,
  toast,
  type Journey,
} from '../harness.ts';
import { emailedToken } from '../mail.ts';

const INVALID_INVITATION =
  'This invitation link is invalid, has already been used or has expired. Ask an administrator to send you a new invitation.';

const logout = async (page: Page) => {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expectUrl(page, /\/app\/auth$/);
};

const usersRow = (page: Page, email: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: email }) });

export const usersJourneys: Journey[] = [
  {
    name: 'users: admin invites a colleague, who accepts the emailed link and logs in; the admin promotes them, sets their password, deletes them',
    run: async ({ page, url, stack, login, checkPage }) => {
      const stamp = Date.now().toString(36);
      const email = `colleague-${stamp}@componenthub.test`;
      const username = `colleague-${stamp}`;
      const chosenPassword = 'Chosen-Passw0rd!';
      const adminPassword = 'Admin-Set-Passw0rd#';

      // The admin invites from Settings, User Management.
      await login(stack.admin);
      await page.goto(url('/component-hub/settings#users'));
      await expectVisible(
        page.getByRole('tab', { name: 'User Management', selected: true }),
        'the User Management tab',
      );
      await expectVisible(page.getByRole('table', { name: 'Active Users' }), "the 'Active Users' table");
      const inviteForm = page.getByRole('form', { name: 'Invite a user' });
      await inviteForm.getByRole('button', { name: 'Send Invitation' }).click();
      await expectVisible(inviteForm.getByText('Please enter a valid email address'), 'the email message');
      await expectVisible(inviteForm.getByText('Please select a role'), 'the role message');
      await checkPage('settings-invite-errors');

      const since = new Date(Date.now() - 1000);
      await inviteForm.getByLabel('Email').fill(email);
      await inviteForm.getByLabel('Role').selectOption('user');
      await inviteForm.getByRole('button', { name: 'Send Invitation' }).click();
      await expectVisible(toast(page, 'Invitation sent'), "the toast 'Invitation sent'");
      await expectVisible(
        inviteForm.getByText(`An invitation email has been sent to ${email}`),
        'the inline success message',
      );
      await expectVisible(usersRow(page, email).getByText('Pending'), "the new row, 'Pending'");
      // The toast sits over the table's last row; close it to reach the row beneath.
      await toast(page, 'Invitation sent').getByRole('button', { name: 'Close notification' }).click();
      await expectHidden(toast(page, 'Invitation sent'), "the toast 'Invitation sent'");
      const own = usersRow(page, stack.admin.email);
      expectEqual(await own.getByRole('combobox').isDisabled(), true, 'own role select disabled');
      await own.getByRole('button', { name: `Delete ${stack.admin.email}` }).hover();
      await expectVisible(
        page.getByText('Cannot delete your own account'),
        "the tooltip 'Cannot delete your own account'",
      );
      await checkPage('settings-users');

      // The colleague opens the emailed link, chooses a username and password, and is logged in.
      const token = await emailedToken(stack, { to: email, since, param: 'invite' });
      await logout(page);
      await page.goto(url(`/auth?invite=${encodeURIComponent(token)}`));
      await expectVisible(page.getByRole('heading', { name: 'Accept Invitation' }), "the 'Accept Invitation' form");
      await page.getByLabel('Username').fill('ab');
      await page.getByLabel('Password', { exact: true }).fill('weakpassword');
      await page.getByLabel('Confirm Password').fill('other');
      await page.getByRole('button', { name: 'Accept Invitation' }).click();
      await expectVisible(page.getByText('Username must be at least 3 characters'), 'the username message');
      await expectVisible(
        page.getByText('Password must contain at least one uppercase letter'),
        'the password rule message',
      );
      await expectVisible(page.getByText("Passwords don't match"), "'Passwords don't match'");
      await checkPage('accept-invitation-errors');

      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Password', { exact: true }).fill(chosenPassword);
      await page.getByLabel('Confirm Password').fill(chosenPassword);
      await page.getByRole('button', { name: 'Accept Invitation' }).click();
      await expectUrl(page, /\/app\/component-hub$/);
      await expectVisible(
        toast(page, 'Invitation accepted', `Welcome to Component Hub, ${username}!`),
        "the toast 'Invitation accepted'",
      );
      await expectVisible(
        page.getByRole('complementary').getByText(username, { exact: true }),
        'the username in the sidebar footer',
      );
      await expectHidden(
        page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin Dashboard' }),
        'Admin Dashboard for a user',
      );
      await logout(page);

      // The link works once; they log in with the password they chose.
      await page.goto(url(`/auth?invite=${encodeURIComponent(token)}`));
      await page.getByLabel('Username').fill(`${username}-again`);
      await page.getByLabel('Password', { exact: true }).fill(chosenPassword);
      await page.getByLabel('Confirm Password').fill(chosenPassword);
      await page.getByRole('button', { name: 'Accept Invitation' }).click();
      await expectVisible(page.getByText(INVALID_INVITATION), 'the used-link message');
      await checkPage('accept-invitation-used');
      await page.getByRole('button', { name: 'Back to login' }).click();
      await login({ email, password: chosenPassword });
      await logout(page);

      // The admin promotes them and sets a new password from the admin dashboard.
      await login(stack.admin);
      await page.goto(url('/component-hub/admin'));
      await expectVisible(page.getByRole('tab', { name: 'Overview', selected: true }), 'the Overview tab');
      await expectVisible(page.getByText('Total Users'), "the 'Total Users' card");
      await checkPage('admin-overview');
      await page.getByRole('tab', { name: 'User Management' }).click();
      const row = usersRow(page, email);
      await expectVisible(row.getByText('Active'), "the colleague 'Active'");
      await row.getByRole('combobox', { name: `Role of ${email}` }).selectOption('admin');
      await expectVisible(toast(page, 'Role updated'), "the toast 'Role updated'");

      await row.getByRole('button', { name: `Change password for ${email}` }).click();
      const passwordDialog = page.getByRole('dialog', { name: 'Change Password' });
      await passwordDialog.getByLabel('New Password').fill('NoSpecial123');
      await passwordDialog.getByRole('button', { name: 'Change Password' }).click();
      await expectVisible(
        passwordDialog.getByText('Password must contain at least one special character'),
        'the password rule message',
      );
      await checkPage('admin-change-password');
      await passwordDialog.getByLabel('New Password').fill(adminPassword);
      await passwordDialog.getByRole('button', { name: 'Change Password' }).click();
      await expectVisible(toast(page, 'Password updated'), "the toast 'Password updated'");
      await expectHidden(passwordDialog, 'the change-password dialog');
      await logout(page);

      // The promotion holds from their next request; the old password no longer works.
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(chosenPassword);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expectVisible(toast(page, 'Login failed'), "'Login failed' with the old password");
      await login({ email, password: adminPassword });
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin Dashboard' }).click();
      await expectVisible(
        page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }),
        'the admin dashboard for the promoted colleague',
      );
      await logout(page);

      // The admin deletes them.
      await login(stack.admin);
      await page.goto(url('/component-hub/admin'));
      await page.getByRole('tab', { name: 'User Management' }).click();
      await usersRow(page, email)
        .getByRole('button', { name: `Delete ${email}` })
        .click();
      const confirm = page.getByRole('alertdialog', { name: 'Delete User' });
      await expectVisible(confirm.getByText(email), 'the email in the confirmation');
      await expectVisible(confirm.getByText(username, { exact: true }), 'the username in the confirmation');
      await expectVisible(confirm.getByText('Admin', { exact: true }), 'the role in the confirmation');
      await checkPage('admin-delete-user');
      await confirm.getByRole('button', { name: 'Delete User' }).click();
      await expectVisible(toast(page, 'User deleted'), "the toast 'User deleted'");
      await expectHidden(usersRow(page, email), 'the deleted row');
      await logout(page);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(adminPassword);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expectVisible(toast(page, 'Login failed'), "'Login failed' for the deleted user");
    },
  },
  {
    name: "users: admin dashboard's Invite User and Add User dialogs and their messages; the cards at 375 px",
    run: async ({ page, url, stack, login, checkPage }) => {
      const existing = await createAccount(stack, 'existing');
      const email = `added-${Date.now().toString(36)}@componenthub.test`;
      await login(stack.admin);
      await page.goto(url('/component-hub/admin'));
      await page.getByRole('tab', { name: 'User Management' }).click();
      await expectVisible(page.getByRole('table', { name: 'Users' }), 'the users table');

      await page.getByRole('button', { name: 'Invite User' }).click();
      const invite = page.getByRole('dialog', { name: 'Invite User' });
      await invite.getByLabel('Email').fill(existing.email);
      await invite.getByRole('button', { name: 'Send Invitation' }).click();
      await expectVisible(invite.getByText('Please select a role'), "'Please select a role'");
      await invite.getByLabel('Role').selectOption('user');
      await invite.getByRole('button', { name: 'Send Invitation' }).click();
      await expectVisible(
        toast(page, 'Failed to send invitation', 'A user with this email already has an active account'),
        "'Failed to send invitation' with the server's message",
      );
      await expectVisible(
        invite.getByText('There was a problem sending the invitation. Please try again.'),
        'the inline alert',
      );
      await checkPage('admin-invite-failed');
      await invite.getByRole('button', { name: 'Cancel' }).click();
      await expectHidden(invite, 'the invite dialog');

      await page.getByRole('button', { name: 'Add User' }).click();
      const add = page.getByRole('dialog', { name: 'Add User' });
      await add.getByLabel('Email').fill('not-an-email');
      await add.getByLabel('Password').fill('short');
      await add.getByRole('button', { name: 'Add User' }).click();
      await expectVisible(add.getByText('Please enter a valid email address'), 'the email message');
      await expectVisible(add.getByText('Password must be at least 8 characters long'), "the admin's password message");
      await expectVisible(add.getByText('Please select a role'), 'the role message');
      await checkPage('admin-add-user-errors');
      await add.getByLabel('Email').fill(email);
      await add.getByLabel('Name').fill('Added Person');
      // Long enough but one class only: the same rule as every other path that sets a password.
      await add.getByLabel('Password').fill('longenough');
      await add.getByLabel('Role').selectOption('user');
      await add.getByRole('button', { name: 'Add User' }).click();
      await expectVisible(
        add.getByText('Password must contain at least one uppercase letter'),
        'the password rule message',
      );
      await add.getByLabel('Password').fill('Long-en0ugh');
      await add.getByRole('button', { name: 'Add User' }).click();
      await expectVisible(toast(page, 'User created'), "the toast 'User created'");
      await expectHidden(add, 'the add dialog');
      await expectVisible(usersRow(page, email).getByText('Active'), 'the added user, active at once');
      await checkPage('admin-users');
      await logout(page);
      await login({ email, password: 'Long-en0ugh' });
      await logout(page);

      // On a phone each user is a card; delete the added user from theirs.
      await login(stack.admin);
      await page.setViewportSize(MOBILE);
      await page.goto(url('/component-hub/admin'));
      await page.getByRole('tab', { name: 'User Management' }).click();
      const card = page.getByRole('list', { name: 'Users' }).getByRole('listitem').filter({ hasText: email });
      await expectVisible(card.getByRole('combobox', { name: `Role of ${email}` }), 'the role select on the card');
      await card.getByRole('button', { name: `Delete ${email}` }).click();
      await page.getByRole('alertdialog', { name: 'Delete User' }).getByRole('button', { name: 'Delete User' }).click();
      await expectVisible(toast(page, 'User deleted'), "the toast 'User deleted'");
      await expectHidden(card, 'the deleted card');
      await page.setViewportSize(DESKTOP);
    },
  },
];
