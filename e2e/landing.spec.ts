import { expect, test, toast } from './fixtures.ts';

// The journey ends with a logout, which ends the session: it signs in through the form, not with
// the setup project's shared administrator session.
test('welcome toolbox: greeting, external tools, coming-soon progress, Component Hub tile', async ({
  page,
  context,
  stack,
  login,
  checkPage,
}) => {
  await login(stack.admin);
  await page.goto('/app/landing');
  await expect(page.getByRole('heading', { name: 'Welcome Administrator' })).toBeVisible();
  await checkPage('landing');

  const tiles = page.getByRole('main').getByRole('button');
  const firstTool = (await tiles.first().locator('h2').textContent()) ?? '';
  const [popup] = await Promise.all([context.waitForEvent('page'), tiles.first().click()]);
  await popup.close();
  await expect(toast(page, `${firstTool} opened`)).toBeVisible();

  await page.getByRole('button', { name: /Voltage Drop Calculator/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Coming Soon' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('progressbar'), 'the progress bar full').toHaveAttribute('aria-valuenow', '100');
  await checkPage('coming-soon');
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: /^Component Hub/ }).click();
  await expect(page).toHaveURL(/\/app\/component-hub$/);

  await page.goto('/app/landing');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/app\/auth$/);
});
