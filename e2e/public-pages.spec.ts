import { expect, test } from './fixtures.ts';

test('health page and 404 page', async ({ page, checkPage }) => {
  await page.goto('/app/health');
  await expect(page.getByRole('heading', { name: 'App Health Check' })).toBeVisible();
  await expect(page.getByText('Status: OK')).toBeVisible();
  await expect(page.getByText(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/), 'the current ISO time').toBeVisible();
  await checkPage('health');

  await page.goto('/app/no-such-page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  await checkPage('not-found');
  await page.getByRole('link', { name: 'Go back home' }).click();
  // Home is the hub, which sends a visitor who is not logged in to the login page.
  await expect(page).toHaveURL(/\/app\/auth$/);
});

test('guard sends a visitor who is not logged in to the login page', async ({ page, checkPage }) => {
  for (const target of ['/component-hub/settings', '/landing', '/component-hub/admin', '/', '/components/7']) {
    await page.goto(`/app${target}`);
    await expect(page, `${target} leads to the login page`).toHaveURL(/\/app\/auth$/);
  }
  await expect(page.getByRole('heading', { name: 'Component Hub' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await checkPage('login');
});
