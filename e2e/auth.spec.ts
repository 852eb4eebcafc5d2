import { emailedToken, expect, submitLogin, test, toast } from './fixtures.ts';

// Not 'Reset-…': the account is named 'reset', and a password holding its own name is refused.
const NEW_PASSWORD = 'Fresh-Gr0ve#2';

test('login form: validation messages, then wrong password shows Login failed with the server message', async ({
  page,
  stack,
  checkPage,
}) => {
  await page.goto('/app/auth');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await checkPage('login-validation');

  await submitLogin(page, { email: stack.admin.email, password: 'Not-The-Passw0rd!' });
  await expect(toast(page, 'Login failed', 'Invalid email or password')).toBeVisible();
  await page.keyboard.press('F8');
  await expect
    .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[data-scope="toast"]'))), {
      message: 'F8 moves focus to the toasts',
    })
    .toBe(true);
  await checkPage('login-failed');
  expect(new URL(page.url()).pathname, 'still on the login page').toBe('/app/auth');
});

test('admin logs in, is welcomed, is kept away from /auth and logs out', async ({ page, stack, login, checkPage }) => {
  await login(stack.admin);
  await expect(toast(page, 'Login successful', 'Welcome back, Administrator!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Component Database' }), 'the dashboard').toBeVisible();
  await checkPage('dashboard');

  await page.goto('/app/auth');
  await expect(page).toHaveURL(/\/app\/component-hub$/);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/app\/auth$/);
  await expect(page.getByRole('button', { name: 'Sign In' }), 'the login form after logout').toBeVisible();
  await page.goto('/app/component-hub');
  await expect(page).toHaveURL(/\/app\/auth$/);
});

test('forgot password, reset from the emailed link, log in with the new password', async ({
  page,
  stack,
  login,
  createAccount,
  checkPage,
}) => {
  const account = await createAccount('reset');
  const since = new Date(Date.now() - 1000);

  await page.goto('/app/auth');
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await checkPage('forgot-password');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(
    toast(page, 'Reset email sent', 'If an account with that email exists, a password reset link has been sent.'),
  ).toBeVisible();

  const token = await emailedToken(stack, { to: account.email, since, param: 'token' });

  await page.goto(`/app/auth?token=${encodeURIComponent(token)}`);
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await expect(page.getByLabel('Reset Token'), 'the prefilled token').toHaveValue(token);
  await page.getByLabel('New Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm New Password').fill('different');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await checkPage('reset-password');

  await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(
    toast(
      page,
      'Password reset successful',
      'Your password has been reset. You can now log in with your new password.',
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/app\/auth$/);
  await expect(page.getByRole('heading', { name: 'Login' }), 'the login form after the reset').toBeVisible();

  await login({ email: account.email, password: NEW_PASSWORD });
});
