import { createAccount } from '../accounts.ts';
import { expectEqual, expectUrl, expectValue, expectVisible, toast, type Journey } from '../harness.ts';
import { emailedToken } from '../mail.ts';

const NEW_PASSWORD = 'Reset-Passw0rd#2';

export const authJourneys: Journey[] = [
  {
    name: 'login form: validation messages, then wrong password shows Login failed with the server message',
    run: async ({ page, url, stack, checkPage }) => {
      await page.goto(url('/auth'));
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expectVisible(page.getByText('Please enter a valid email address'), 'the email message');
      await expectVisible(page.getByText('Password is required'), 'the password message');
      await checkPage('login-validation');

      await page.getByLabel('Email').fill(stack.admin.email);
      await page.getByLabel('Password', { exact: true }).fill('Not-The-Passw0rd!');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expectVisible(
        toast(page, 'Login failed', 'Invalid email or password'),
        "the toast 'Login failed' / 'Invalid email or password'",
      );
      await page.keyboard.press('F8');
      const focusInToasts = await page.evaluate(() => Boolean(document.activeElement?.closest('[data-scope="toast"]')));
      expectEqual(focusInToasts, true, 'F8 moves focus to the toasts');
      await checkPage('login-failed');
      expectEqual(new URL(page.url()).pathname, '/app/auth', 'still on the login page');
    },
  },
  {
    name: 'admin logs in, is welcomed, is kept away from /auth and logs out',
    run: async ({ page, url, stack, login, checkPage }) => {
      await login(stack.admin);
      await expectVisible(
        toast(page, 'Login successful', 'Welcome back, Administrator!'),
        "the toast 'Welcome back, Administrator!'",
      );
      await expectVisible(page.getByRole('heading', { name: 'Component Database' }), 'the dashboard');
      await checkPage('dashboard');

      await page.goto(url('/auth'));
      await expectUrl(page, /\/app\/component-hub$/);

      await page.getByRole('button', { name: 'Logout' }).click();
      await expectUrl(page, /\/app\/auth$/);
      await expectVisible(page.getByRole('button', { name: 'Sign In' }), 'the login form after logout');
      await page.goto(url('/component-hub'));
      await expectUrl(page, /\/app\/auth$/);
    },
  },
  {
    name: 'forgot password, reset from the emailed link, log in with the new password',
    run: async ({ page, url, stack, login, checkPage }) => {
      const account = await createAccount(stack, 'reset');
      const since = new Date(Date.now() - 1000);

      await page.goto(url('/auth'));
      await page.getByRole('button', { name: 'Forgot your password?' }).click();
      await expectVisible(page.getByRole('heading', { name: 'Forgot Password' }), 'the forgot-password form');
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await expectVisible(page.getByText('Please enter a valid email address'), 'the email message');
      await page.getByLabel('Email').fill(account.email);
      await checkPage('forgot-password');
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await expectVisible(
        toast(page, 'Reset email sent', 'If an account with that email exists, a password reset link has been sent.'),
        "the toast 'Reset email sent'",
      );

      const token = await emailedToken(stack, { to: account.email, since, param: 'token' });

      await page.goto(url(`/auth?token=${encodeURIComponent(token)}`));
      await expectVisible(page.getByRole('heading', { name: 'Reset Password' }), 'the reset form');
      await expectValue(page.getByLabel('Reset Token'), token, 'the prefilled token');
      await page.getByLabel('New Password', { exact: true }).fill('short');
      await page.getByLabel('Confirm New Password').fill('different');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await expectVisible(page.getByText('Password must be at least 8 characters'), 'the password rule message');
      await expectVisible(page.getByText("Passwords don't match"), "'Passwords don't match'");
      await checkPage('reset-password');

      await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await expectVisible(
        toast(
          page,
          'Password reset successful',
          'Your password has been reset. You can now log in with your new password.',
        ),
        "the toast 'Password reset successful'",
      );
      await expectUrl(page, /\/app\/auth$/);
      await expectVisible(page.getByRole('heading', { name: 'Login' }), 'the login form after the reset');

      await login({ email: account.email, password: NEW_PASSWORD });
    },
  },
];
