import { request as newRequest } from '@playwright/test';
import { apiCall, emailedToken, expect, inbox, test, toast } from './fixtures.ts';

test('profile edit: validation, save, still there after a reload', async ({ page, freshUserAt, checkPage }) => {
  const account = await freshUserAt('profile', '/app/component-hub/settings');
  await expect(page.getByRole('tab', { name: 'Profile', selected: true })).toBeVisible();
  await expect(page.getByLabel('Username'), 'the profile form with the account').toHaveValue(account.username);

  await page.getByLabel('Username').fill('ab');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await checkPage('settings-profile-errors');

  const username = `${account.username}-renamed`;
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('First Name').fill('Ada');
  await page.getByLabel('Last Name').fill('Lovelace');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Profile updated')).toBeVisible();
  await expect(
    page.getByRole('complementary').getByText(username, { exact: true }),
    'the new username in the sidebar footer',
  ).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Username'), 'username after reload').toHaveValue(username);
  await expect(page.getByLabel('First Name'), 'first name after reload').toHaveValue('Ada');
  await expect(page.getByLabel('Last Name'), 'last name after reload').toHaveValue('Lovelace');
  await checkPage('settings-profile');
});

test('email change asks for the current password, tells the old address, ends the other sessions, and applies once its link is followed', async ({
  page,
  stack,
  freshUser,
  checkPage,
}) => {
  const account = await freshUser('moving');
  // The same person signed in elsewhere too: that session ends with the change.
  const elsewhere = await newRequest.newContext({ baseURL: stack.origin });
  try {
    await apiCall(elsewhere, 'POST', '/login', { email: account.email, password: account.password });
    await page.goto('/app/component-hub/settings');
    await expect(page.getByLabel('Email'), 'the profile form with the account').toHaveValue(account.email);
    await expect(page.getByLabel('Current Password'), 'no password field while the email stays').toBeHidden();
    const newEmail = account.email.replace('@', '.moved@');
    await page.getByLabel('Email').fill(newEmail);
    await expect(page.getByLabel('Current Password'), 'the current-password field for a new email').toBeVisible();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Enter your current password to change your email address')).toBeVisible();
    await checkPage('settings-email-change');

    const since = new Date(Date.now() - 1000);
    await page.getByLabel('Current Password').fill(account.password);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Profile updated')).toBeVisible();
    await page.reload();
    // The account keeps its address until the link sent to the new one is followed.
    await expect(page.getByLabel('Email'), 'the old email after a reload, in the same session').toHaveValue(
      account.email,
    );
    await expect(page.getByText(`Waiting for confirmation: ${newEmail}`)).toBeVisible();
    await checkPage('settings-email-pending');
    expect((await elsewhere.get('/api/user')).status(), 'the other session after the change').toBe(401);
    await expect
      .poll(async () => (await inbox(stack, account.email, since)).map((email) => email.subject), {
        message: 'the notice to the old address',
        timeout: 20_000,
      })
      .toContain('A new email address was asked for your Component Hub account');

    const token = await emailedToken(stack, { to: newEmail, since, param: 'confirmEmail' });
    await page.goto(`/app/auth?confirmEmail=${encodeURIComponent(token)}`);
    await expect(page.getByRole('heading', { name: 'Confirm Email Address' })).toBeVisible();
    await checkPage('confirm-email');
    await page.getByRole('button', { name: 'Confirm my new email address' }).click();
    await expect(page.getByText('Email address confirmed')).toBeVisible();
    await page.goto('/app/component-hub/settings');
    await expect(page.getByLabel('Email'), 'the new email once confirmed').toHaveValue(newEmail);
  } finally {
    await elsewhere.dispose();
  }
});

test('password change: wrong current password, mismatch, success, log in with the new one', async ({
  page,
  freshUserAt,
  login,
  checkPage,
}) => {
  // Not named 'password': the new password below spells it, and a password holding the account's own name is refused.
  const account = await freshUserAt('rotation', '/app/component-hub/settings#security');
  await expect(page.getByRole('tab', { name: 'Security', selected: true })).toBeVisible();
  await expect(page.getByText('Password requirements')).toBeVisible();

  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Current password is required')).toBeVisible();

  const newPassword = 'Changed-Passw0rd$';
  await page.getByLabel('Current Password').fill('Wrong-Passw0rd!');
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm New Password').fill(`${newPassword}x`);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await checkPage('settings-security-errors');

  await page.getByLabel('Confirm New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(toast(page, 'Failed to change password')).toBeVisible();

  await page.getByLabel('Current Password').fill(account.password);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(toast(page, 'Password changed')).toBeVisible();
  await expect(page.getByLabel('Current Password'), 'the form after success').toHaveValue('');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/app\/auth$/);
  await login({ email: account.email, password: newPassword });
});
