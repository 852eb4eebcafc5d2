import { DESKTOP, MOBILE, expect, test } from './fixtures.ts';

const hubScreens = [
  { link: 'Components', path: '/app/component-hub/components', heading: 'Component Database' },
  { link: 'Add New Component', path: '/app/component-hub/add-component', heading: 'Add New Component' },
  { link: 'Import Excel', path: '/app/component-hub/import-excel', heading: 'Import Components from Excel' },
  { link: 'Approval Queue', path: '/app/component-hub/approval-queue', heading: 'Approval Queue' },
  { link: 'Admin Dashboard', path: '/app/component-hub/admin', heading: 'Admin Dashboard' },
  { link: 'Settings', path: '/app/component-hub/settings', heading: 'Settings' },
  { link: 'Dashboard', path: '/app/component-hub', heading: 'Component Database' },
];

test.describe('as the administrator', () => {
  test.use({ role: 'admin' });

  test('shell: every sidebar link, quick search, settings menu anchors, mobile drawer', async ({ page, checkPage }) => {
    await page.goto('/app/component-hub');
    const sidebar = page.getByRole('navigation', { name: 'Main' });
    for (const screen of hubScreens) {
      await sidebar.getByRole('link', { name: screen.link, exact: true }).click();
      // The import screen keeps the administrator's last import in its address (?import=).
      await expect(page).toHaveURL(new RegExp(`${screen.path}(\\?import=[0-9A-Z]{26})?$`));
      const heading = page.getByRole('heading', { level: 1, name: screen.heading });
      await expect(heading).toBeVisible();
      // The heading takes the focus for screen readers, without a focus ring: it is not a control.
      await expect(heading).toBeFocused();
      await expect(heading).toHaveCSS('outline-style', 'none');
      await checkPage(`hub-${screen.link.toLowerCase().replace(/\s+/g, '-')}`);
    }
    // By keyboard too (where browsers show focus rings), the heading takes the focus without one.
    await sidebar.getByRole('link', { name: 'Settings', exact: true }).press('Enter');
    const settings = page.getByRole('heading', { level: 1, name: 'Settings' });
    await expect(settings).toBeFocused();
    await expect(settings).toHaveCSS('outline-style', 'none');

    await page.getByRole('textbox', { name: 'Search components' }).fill('  3RT2015  ');
    await page.getByRole('textbox', { name: 'Search components' }).press('Enter');
    // The list takes the trimmed text from headerSearchQuery once, into its URL, and removes the key.
    await expect(page).toHaveURL(/\/app\/component-hub\/components\?query=3RT2015$/);
    await expect
      .poll(() => page.evaluate(() => sessionStorage.getItem('headerSearchQuery')), {
        message: 'headerSearchQuery after the list used it',
      })
      .toBeNull();
    await sidebar.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(
      page.getByRole('textbox', { name: 'Search components' }),
      'the search box after leaving the list',
    ).toHaveValue('');

    for (const [item, tab] of [
      ['Security Settings', 'Security'],
      ['User Management', 'User Management'],
      ['Notification Settings', 'Notifications'],
      ['Profile Settings', 'Profile'],
    ] as const) {
      await page.getByRole('button', { name: 'Settings menu' }).click();
      await page.getByRole('menuitem', { name: item }).click();
      await expect(page).toHaveURL(/\/app\/component-hub\/settings(#\w+)?$/);
      await expect(
        page.getByRole('tab', { name: tab, selected: true }),
        `the ${tab} tab after '${item}'`,
      ).toBeVisible();
    }

    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect
      .poll(async () => (await page.locator('aside').boundingBox())?.width, {
        message: 'the folded sidebar is icons only (at most 80 px wide)',
      })
      .toBeLessThanOrEqual(80);
    await sidebar.getByRole('link', { name: 'Approval Queue' }).click();
    await expect(page).toHaveURL(/\/approval-queue$/);
    await checkPage('sidebar-collapsed');
    await page.getByRole('button', { name: 'Expand sidebar' }).click();

    await page.setViewportSize(MOBILE);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('link', { name: 'Approval Queue' }), 'the drawer links').toBeVisible();
    await checkPage('mobile-drawer');
    await page.setViewportSize(MOBILE);
    await drawer.getByRole('link', { name: 'Add New Component' }).click();
    await expect(page).toHaveURL(/\/add-component$/);
    await expect(drawer, 'the drawer after following a link').toBeHidden();
    await page.setViewportSize(DESKTOP);
  });
});

test.describe('as a user', () => {
  test.use({ role: 'user' });

  test('a user sees Access Denied on admin routes and no admin links', async ({ page, user, checkPage }) => {
    await page.goto('/app/component-hub');
    const sidebar = page.getByRole('navigation', { name: 'Main' });
    await expect(sidebar.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Admin Dashboard' }), 'the Admin Dashboard link').toBeHidden();
    await expect(page.getByText(user.username, { exact: true }), 'the username in the sidebar footer').toBeVisible();

    for (const target of ['/component-hub/admin', '/component-hub/approval-queue', '/component-hub/import-excel']) {
      await page.goto(`/app${target}`);
      await expect(page.getByRole('heading', { name: 'Access Denied' }), `'Access Denied' on ${target}`).toBeVisible();
      await expect(page.getByText("You don't have the required permissions to access this page.")).toBeVisible();
    }
    await checkPage('access-denied');
    await page.getByRole('button', { name: 'Settings menu' }).click();
    await expect(page.getByRole('menuitem').first(), 'the settings menu open').toBeVisible();
    await expect(
      page.getByRole('menuitem', { name: 'User Management' }),
      'User Management in the settings menu',
    ).toBeHidden();
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Go back home' }).click();
    await expect(page).toHaveURL(/\/app\/component-hub$/);
  });
});
