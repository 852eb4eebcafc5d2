import type { Page } from '@playwright/test';
import { DESKTOP, MOBILE, closeToast, emailedToken, expect, logout, submitLogin, test, toast } from './fixtures.ts';

const usersRow = (page: Page, email: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: email }) });

// Both journeys log out and in as different people, so they sign in through the form.
test('users: admin invites a colleague, who accepts the emailed link and logs in; the admin promotes them, sets their password, deletes them', async ({
  page,
  stack,
  login,
  checkPage,
}) => {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `colleague-${stamp}@componenthub.test`;
  const username = `colleague-${stamp}`;
  const chosenPassword = 'Chosen-Passw0rd!';
  const adminPassword = 'Admin-Set-Passw0rd#';

  // The admin invites from Settings, User Management.
  await login(stack.admin);
  await page.goto('/app/component-hub/settings#users');
  await expect(page.getByRole('tab', { name: 'User Management', selected: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Active Users' })).toBeVisible();
  const inviteForm = page.getByRole('form', { name: 'Invite a user' });
  await inviteForm.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(inviteForm.getByText('Please enter a valid email address')).toBeVisible();
  await expect(inviteForm.getByText('Please select a role')).toBeVisible();
  await checkPage('settings-invite-errors');

  const since = new Date(Date.now() - 1000);
  await inviteForm.getByLabel('Email').fill(email);
  await inviteForm.getByLabel('Role').selectOption('user');
  await inviteForm.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(toast(page, 'Invitation sent')).toBeVisible();
  await expect(inviteForm.getByText(`An invitation email has been sent to ${email}`)).toBeVisible();
  await expect(usersRow(page, email).getByText('Pending'), "the new row, 'Pending'").toBeVisible();
  // The toast sits over the table's last row; close it to reach the row beneath.
  await closeToast(page, 'Invitation sent');
  const own = usersRow(page, stack.admin.email);
  await expect(own.getByRole('combobox'), 'own role select').toBeDisabled();
  // The tooltip closes when the page scrolls (the list grows while other journeys add people): hover again then.
  await expect(async () => {
    await page.mouse.move(0, 0);
    await own.getByRole('button', { name: `Delete ${stack.admin.email}` }).hover();
    await expect(page.getByText('Cannot delete your own account'), 'the tooltip').toBeVisible({ timeout: 3_000 });
  }, "the tooltip on hovering the own row's delete button").toPass();
  await checkPage('settings-users');

  // The colleague opens the emailed link, chooses a username and password, and is logged in.
  const token = await emailedToken(stack, { to: email, since, param: 'invite' });
  await logout(page);
  await page.goto(`/app/auth?invite=${encodeURIComponent(token)}`);
  await expect(page.getByRole('heading', { name: 'Accept Invitation' })).toBeVisible();
  await page.getByLabel('Username').fill('ab');
  await page.getByLabel('Password', { exact: true }).fill('weakpassword');
  await page.getByLabel('Confirm Password').fill('other');
  await page.getByRole('button', { name: 'Accept Invitation' }).click();
  await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
  await expect(page.getByText('Password must contain at least one uppercase letter')).toBeVisible();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await checkPage('accept-invitation-errors');

  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(chosenPassword);
  await page.getByLabel('Confirm Password').fill(chosenPassword);
  await page.getByRole('button', { name: 'Accept Invitation' }).click();
  await expect(page).toHaveURL(/\/app\/component-hub$/);
  await expect(toast(page, 'Invitation accepted', `Welcome to Component Hub, ${username}!`)).toBeVisible();
  await expect(
    page.getByRole('complementary').getByText(username, { exact: true }),
    'the username in the sidebar footer',
  ).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin Dashboard' }),
    'Admin Dashboard for a user',
  ).toBeHidden();
  await logout(page);

  // The link works once: used, it is explained before anything is typed. They log in with the
  // password they chose.
  await page.goto(`/app/auth?invite=${encodeURIComponent(token)}`);
  await expect(
    page.getByRole('alert').filter({ hasText: 'This invitation cannot be used' }),
    'the used-link message',
  ).toBeVisible();
  await expect(page.getByLabel('Username'), 'no form for a used link').toBeHidden();
  await checkPage('accept-invitation-used');
  await page.getByRole('button', { name: 'Back to login' }).click();
  await login({ email, password: chosenPassword });
  await logout(page);

  // The admin promotes them and sets a new password from the admin dashboard.
  await login(stack.admin);
  await page.goto('/app/component-hub/admin');
  await expect(page.getByRole('tab', { name: 'Overview', selected: true })).toBeVisible();
  await expect(page.getByText('Total Users')).toBeVisible();
  await checkPage('admin-overview');
  await page.getByRole('tab', { name: 'User Management' }).click();
  const row = usersRow(page, email);
  await expect(row.getByText('Active'), "the colleague 'Active'").toBeVisible();
  await row.getByRole('combobox', { name: `Role of ${email}` }).selectOption('admin');
  await expect(toast(page, 'Role updated')).toBeVisible();

  await row.getByRole('button', { name: `Change password for ${email}` }).click();
  const passwordDialog = page.getByRole('dialog', { name: 'Change Password' });
  await passwordDialog.getByLabel('New Password').fill('NoSpecial123');
  await passwordDialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(passwordDialog.getByText('Password must contain at least one special character')).toBeVisible();
  await checkPage('admin-change-password');
  await passwordDialog.getByLabel('New Password').fill(adminPassword);
  await passwordDialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(toast(page, 'Password updated')).toBeVisible();
  await expect(passwordDialog).toBeHidden();
  await logout(page);

  // The promotion holds from their next request; the old password no longer works.
  await submitLogin(page, { email, password: chosenPassword });
  await expect(toast(page, 'Login failed'), "'Login failed' with the old password").toBeVisible();
  await login({ email, password: adminPassword });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin Dashboard' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }),
    'the admin dashboard for the promoted colleague',
  ).toBeVisible();
  await logout(page);

  // The admin deletes them.
  await login(stack.admin);
  await page.goto('/app/component-hub/admin');
  await page.getByRole('tab', { name: 'User Management' }).click();
  await usersRow(page, email)
    .getByRole('button', { name: `Delete ${email}` })
    .click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete User' });
  await expect(confirm.getByText(email), 'the email in the confirmation').toBeVisible();
  await expect(confirm.getByText(username, { exact: true }), 'the username in the confirmation').toBeVisible();
  await expect(confirm.getByText('Admin', { exact: true }), 'the role in the confirmation').toBeVisible();
  await checkPage('admin-delete-user');
  await confirm.getByRole('button', { name: 'Delete User' }).click();
  await expect(toast(page, 'User deleted')).toBeVisible();
  await expect(usersRow(page, email), 'the deleted row').toBeHidden();
  await logout(page);
  await submitLogin(page, { email, password: adminPassword });
  await expect(toast(page, 'Login failed'), "'Login failed' for the deleted user").toBeVisible();
});

test("users: admin dashboard's Invite User and Add User dialogs and their messages; the cards at 375 px", async ({
  page,
  stack,
  login,
  createAccount,
  checkPage,
}) => {
  const existing = await createAccount('existing');
  const email = `added-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@componenthub.test`;
  await login(stack.admin);
  await page.goto('/app/component-hub/admin');
  await page.getByRole('tab', { name: 'User Management' }).click();
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();

  await page.getByRole('button', { name: 'Invite User' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite User' });
  await invite.getByLabel('Email').fill(existing.email);
  await invite.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(invite.getByText('Please select a role')).toBeVisible();
  await invite.getByLabel('Role').selectOption('user');
  await invite.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(
    toast(page, 'Failed to send invitation', 'A user with this email already has an active account'),
    "'Failed to send invitation' with the server's message",
  ).toBeVisible();
  await expect(invite.getByText('There was a problem sending the invitation. Please try again.')).toBeVisible();
  await checkPage('admin-invite-failed');
  await invite.getByRole('button', { name: 'Cancel' }).click();
  await expect(invite).toBeHidden();

  await page.getByRole('button', { name: 'Add User' }).click();
  const add = page.getByRole('dialog', { name: 'Add User' });
  await add.getByLabel('Email').fill('not-an-email');
  await add.getByLabel('Password').fill('short');
  await add.getByRole('button', { name: 'Add User' }).click();
  await expect(add.getByText('Please enter a valid email address')).toBeVisible();
  await expect(
    add.getByText('Password must be at least 8 characters long'),
    "the admin's password message",
  ).toBeVisible();
  await expect(add.getByText('Please select a role')).toBeVisible();
  await checkPage('admin-add-user-errors');
  await add.getByLabel('Email').fill(email);
  await add.getByLabel('Name').fill('Added Person');
  // Long enough but one class only: the same rule as every other path that sets a password.
  await add.getByLabel('Password').fill('longenough');
  await add.getByLabel('Role').selectOption('user');
  await add.getByRole('button', { name: 'Add User' }).click();
  await expect(add.getByText('Password must contain at least one uppercase letter')).toBeVisible();
  await add.getByLabel('Password').fill('Long-en0ugh');
  await add.getByRole('button', { name: 'Add User' }).click();
  await expect(toast(page, 'User created')).toBeVisible();
  await expect(add).toBeHidden();
  await expect(usersRow(page, email).getByText('Active'), 'the added user, active at once').toBeVisible();
  await checkPage('admin-users');
  await logout(page);
  await login({ email, password: 'Long-en0ugh' });
  await logout(page);

  // On a phone each user is a card; delete the added user from theirs.
  await login(stack.admin);
  await page.setViewportSize(MOBILE);
  await page.goto('/app/component-hub/admin');
  await page.getByRole('tab', { name: 'User Management' }).click();
  const card = page.getByRole('list', { name: 'Users' }).getByRole('listitem').filter({ hasText: email });
  await expect(card.getByRole('combobox', { name: `Role of ${email}` }), 'the role select on the card').toBeVisible();
  await card.getByRole('button', { name: `Delete ${email}` }).click();
  await page.getByRole('alertdialog', { name: 'Delete User' }).getByRole('button', { name: 'Delete User' }).click();
  await expect(toast(page, 'User deleted')).toBeVisible();
  await expect(card, 'the deleted card').toBeHidden();
  await page.setViewportSize(DESKTOP);
});
