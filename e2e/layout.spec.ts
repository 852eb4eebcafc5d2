import type { Page } from '@playwright/test';
import { DESKTOP, expect, settle, test } from './fixtures.ts';

/** Every width from a small phone to a laptop, in steps, and the tablet widths where the sidebar appears. */
const WIDTHS = [...Array.from({ length: 15 }, (_, step) => 320 + step * 80), 768, 800, 840, 885];

/** Fails when the page scrolls sideways at any of the widths. */
const sweep = async (page: Page, screen: string) => {
  const overflowing: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await settle(page);
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    if (scrollWidth > clientWidth) overflowing.push(`${width} px: scrollWidth ${scrollWidth} > ${clientWidth}`);
  }
  await page.setViewportSize(DESKTOP);
  expect(overflowing, `${screen} scrolls sideways`).toEqual([]);
};

test.describe('as the administrator', () => {
  test.use({ role: 'admin' });

  test('layout: no screen scrolls sideways from 320 to 1440 px', async ({ page }) => {
    const screens: { path: string; heading: string | RegExp }[] = [
      { path: '/app/component-hub', heading: 'Component Database' },
      { path: '/app/component-hub/components', heading: 'Component Database' },
      { path: '/app/component-hub/add-component', heading: 'Add New Component' },
      { path: '/app/component-hub/import-excel', heading: 'Import Components from Excel' },
      { path: '/app/component-hub/approval-queue', heading: 'Approval Queue' },
      { path: '/app/component-hub/admin', heading: 'Admin Dashboard' },
      { path: '/app/component-hub/settings', heading: 'Settings' },
      { path: '/app/component-hub/no-such-page', heading: '404 Page Not Found' },
      { path: '/app/landing', heading: /^Welcome/ },
      { path: '/app/health', heading: 'App Health Check' },
    ];
    for (const screen of screens) {
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
      await sweep(page, screen.path);
    }

    // A part's page, opened from the list.
    await page.goto('/app/component-hub/components');
    const row = page.getByRole('table', { name: 'Components' }).locator('tbody tr').first();
    await row.locator('td').nth(2).click();
    await expect(page).toHaveURL(/\/components\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await sweep(page, 'component detail');
  });

  test('layout: an unknown hub address shows the 404 inside the shell', async ({ page }) => {
    await page.goto('/app/component-hub/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Settings menu' })).toBeVisible();
  });
});

test('layout: the login page does not scroll sideways', async ({ page }) => {
  await page.goto('/app/auth');
  await expect(page.getByRole('heading', { level: 2, name: 'Login' })).toBeVisible();
  await sweep(page, '/app/auth');
});
