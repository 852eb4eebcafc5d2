import { expect, submitLogin, test, toast } from './fixtures.ts';

test('a deep link survives the login, and the logout is said on the login page after the reload', async ({
  page,
  createAccount,
  checkPage,
}) => {
  const account = await createAccount('deep-link');

  await page.goto('/app/component-hub/settings#security');
  await expect(page).toHaveURL(/\/app\/auth$/);
  await submitLogin(page, account);
  await expect(page, 'back on the page the link named').toHaveURL(/\/app\/component-hub\/settings#security$/);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/app\/auth$/);
  await expect(toast(page, 'Logged out', 'Redirecting to login.'), 'said after the reload').toBeVisible();
  await checkPage('logged-out');
});
