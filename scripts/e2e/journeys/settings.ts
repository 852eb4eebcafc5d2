import { createAccount } from '../accounts.ts';
import { expectEqual, expectUrl, expectValue, expectVisible, toast, type Journey } from '../harness.ts';

export const settingsJourneys: Journey[] = [
  {
    name: 'profile edit: validation, save, still there after a reload',
    run: async ({ page, url, stack, login, checkPage }) => {
      const account = await createAccount(stack, 'profile');
      await login(account);
      await page.goto(url('/component-hub/settings'));
      await expectVisible(page.getByRole('tab', { name: 'Profile', selected: true }), 'the Profile tab');

      await page.getByLabel('Username').fill('ab');
      await page.getByLabel('Email').fill('not-an-email');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expectVisible(page.getByText('Username must be at least 3 characters'), 'the username message');
      await expectVisible(page.getByText('Invalid email address'), 'the email message');
      await checkPage('settings-profile-errors');

      const username = `${account.username}-renamed`;
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('First Name').fill('Ada');
      await page.getByLabel('Last Name').fill('Lovelace');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expectVisible(toast(page, 'Profile updated'), "the toast 'Profile updated'");
      await expectVisible(
        page.getByRole('complementary').getByText(username, { exact: true }),
        'the new username in the sidebar footer',
      );

      await page.reload();
      await expectVisible(page.getByLabel('Username'), 'the profile form after a reload');
      await expectValue(page.getByLabel('Username'), username, 'username after reload');
      await expectValue(page.getByLabel('First Name'), 'Ada', 'first name after reload');
      await expectValue(page.getByLabel('Last Name'), 'Lovelace', 'last name after reload');
      await checkPage('settings-profile');
    },
  },
  {
    name: 'email change asks for the current password, then keeps this session',
    run: async ({ page, url, stack, login, checkPage }) => {
      const account = await createAccount(stack, 'moving');
      await login(account);
      await page.goto(url('/component-hub/settings'));
      await expectVisible(page.getByLabel('Email'), 'the profile form');
      const newEmail = account.email.replace('@', '.moved@');
      await page.getByLabel('Email').fill(newEmail);
      await expectVisible(page.getByLabel('Current Password'), 'the current-password field for a new email');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expectVisible(
        page.getByText('Enter your current password to change your email address'),
        'the current-password message',
      );
      await checkPage('settings-email-change');
      await page.getByLabel('Current Password').fill(account.password);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expectVisible(toast(page, 'Profile updated'), "the toast 'Profile updated'");
      await page.reload();
      await expectValue(page.getByLabel('Email'), newEmail, 'the new email after a reload, in the same session');
    },
  },
  {
    name: 'password change: wrong current password, mismatch, success, log in with the new one',
    run: async ({ page, url, stack, login, checkPage }) => {
      const account = await createAccount(stack, 'password');
      await login(account);
      await page.goto(url('/component-hub/settings#security'));
      await expectVisible(page.getByRole('tab', { name: 'Security', selected: true }), 'the Security tab');
      await expectVisible(page.getByText('Password requirements'), 'the requirements notice');

      await page.getByRole('button', { name: 'Change Password' }).click();
      await expectVisible(page.getByText('Current password is required'), 'the current-password message');

      const newPassword = 'Changed-Passw0rd$';
      await page.getByLabel('Current Password').fill('Wrong-Passw0rd!');
      await page.getByLabel('New Password', { exact: true }).fill(newPassword);
      await page.getByLabel('Confirm New Password').fill(`${newPassword}x`);
      await page.getByRole('button', { name: 'Change Password' }).click();
      await expectVisible(page.getByText("Passwords don't match"), "'Passwords don't match'");
      await checkPage('settings-security-errors');

      await page.getByLabel('Confirm New Password').fill(newPassword);
      await page.getByRole('button', { name: 'Change Password' }).click();
      await expectVisible(toast(page, 'Failed to change password'), "the toast 'Failed to change password'");

      await page.getByLabel('Current Password').fill(account.password);
      await page.getByRole('button', { name: 'Change Password' }).click();
      await expectVisible(toast(page, 'Password changed'), "the toast 'Password changed'");
      await expectValue(page.getByLabel('Current Password'), '', 'the form after success');

      await page.getByRole('button', { name: 'Logout' }).click();
      await expectUrl(page, /\/app\/auth$/);
      await login({ email: account.email, password: newPassword });
    },
  },
  {
    name: 'self-deletion needs the exact phrase and the current password, then logs out; the last admin cannot delete themselves',
    run: async ({ page, url, stack, login, checkPage }) => {
      const account = await createAccount(stack, 'deleteme');
      await login(account);
      await page.goto(url('/component-hub/settings'));
      await page.getByRole('button', { name: 'Delete My Account' }).click();
      const dialog = page.getByRole('alertdialog');
      const confirm = dialog.getByRole('button', { name: 'Delete My Account' });
      await expectVisible(confirm, 'the confirmation dialog');
      expectEqual(await confirm.isDisabled(), true, 'confirm disabled before the phrase');
      await dialog.getByLabel('Confirmation phrase').fill('Delete My Account');
      expectEqual(await confirm.isDisabled(), true, 'confirm disabled for a phrase in other case');
      await dialog.getByLabel('Confirmation phrase').fill('delete my account');
      expectEqual(await confirm.isDisabled(), true, 'confirm disabled without the current password');
      await dialog.getByLabel('Current Password').fill('Wrong-Passw0rd!');
      expectEqual(await confirm.isDisabled(), false, 'confirm enabled by the exact phrase and a password');
      await confirm.click();
      await expectVisible(dialog.getByText('Current password is incorrect'), 'the wrong-password message');
      await dialog.getByLabel('Current Password').fill(account.password);
      await checkPage('delete-account-dialog');
      await confirm.click();
      await expectUrl(page, /\/app\/auth$/, 5000);

      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Password', { exact: true }).fill(account.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expectVisible(toast(page, 'Login failed'), "'Login failed' for the deleted account");

      await login(stack.admin);
      await page.goto(url('/component-hub/settings'));
      await page.getByRole('button', { name: 'Delete My Account' }).click();
      await page.getByRole('alertdialog').getByLabel('Confirmation phrase').fill('delete my account');
      await page.getByRole('alertdialog').getByLabel('Current Password').fill(stack.admin.password);
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete My Account' }).click();
      await expectVisible(toast(page, 'Failed to delete account'), "'Failed to delete account' for the last admin");
      await page.waitForTimeout(1500);
      expectEqual(new URL(page.url()).pathname, '/app/component-hub/settings', 'the last admin stays logged in');
    },
  },
];
