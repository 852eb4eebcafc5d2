import { createAccount } from '../accounts.ts';
import {
  DESKTOP,
  MOBILE,
  expectEqual,
  expectHidden,
  expectUrl,
  expectValue,
  expectVisible,
  type Journey,
} from '../harness.ts';

const hubScreens = [
  { link: 'Components', path: '/app/component-hub/components', heading: 'Component Database' },
  { link: 'Add New Component', path: '/app/component-hub/add-component', heading: 'Add New Component' },
  { link: 'Import Excel', path: '/app/component-hub/import-excel', heading: 'Import Components from Excel' },
  { link: 'Approval Queue', path: '/app/component-hub/approval-queue', heading: 'Approval Queue' },
  { link: 'Admin Dashboard', path: '/app/component-hub/admin', heading: 'Admin Dashboard' },
  { link: 'Settings', path: '/app/component-hub/settings', heading: 'Settings' },
  { link: 'Dashboard', path: '/app/component-hub', heading: 'Component Database' },
];

export const shellJourneys: Journey[] = [
  {
    name: 'shell: every sidebar link, quick search, settings menu anchors, mobile drawer',
    run: async ({ page, stack, login, checkPage }) => {
      await login(stack.admin);
      const sidebar = page.getByRole('navigation', { name: 'Main' });
      for (const screen of hubScreens) {
        await sidebar.getByRole('link', { name: screen.link, exact: true }).click();
        await expectUrl(page, new RegExp(`${screen.path}$`));
        await expectVisible(
          page.getByRole('heading', { level: 1, name: screen.heading }),
          `the heading '${screen.heading}'`,
        );
        await checkPage(`hub-${screen.link.toLowerCase().replace(/\s+/g, '-')}`);
      }

      await page.getByRole('textbox', { name: 'Search components' }).fill('  3RT2015  ');
      await page.getByRole('textbox', { name: 'Search components' }).press('Enter');
      // The list takes the trimmed text from headerSearchQuery once, into its URL, and removes the key.
      await expectUrl(page, /\/app\/component-hub\/components\?query=3RT2015$/);
      expectEqual(
        await page.evaluate(() => sessionStorage.getItem('headerSearchQuery')),
        null,
        'headerSearchQuery after the list used it',
      );
      await sidebar.getByRole('link', { name: 'Dashboard', exact: true }).click();
      await expectValue(
        page.getByRole('textbox', { name: 'Search components' }),
        '',
        'the search box after leaving the list',
      );

      for (const [item, tab] of [
        ['Security Settings', 'Security'],
        ['User Management', 'User Management'],
        ['Notification Settings', 'Notifications'],
        ['Profile Settings', 'Profile'],
      ] as const) {
        await page.getByRole('button', { name: 'Settings menu' }).click();
        await page.getByRole('menuitem', { name: item }).click();
        await expectUrl(page, /\/app\/component-hub\/settings(#\w+)?$/);
        await expectVisible(page.getByRole('tab', { name: tab, selected: true }), `the ${tab} tab after '${item}'`);
      }

      await page.getByRole('button', { name: 'Collapse sidebar' }).click();
      await page.waitForTimeout(300);
      const folded = await page.locator('aside').boundingBox();
      if (!folded || folded.width > 80)
        throw new Error(`expected the folded sidebar to be icons only, it is ${folded?.width}px wide`);
      await sidebar.getByRole('link', { name: 'Approval Queue' }).click();
      await expectUrl(page, /\/approval-queue$/);
      await checkPage('sidebar-collapsed');
      await page.getByRole('button', { name: 'Expand sidebar' }).click();

      await page.setViewportSize(MOBILE);
      await page.getByRole('button', { name: 'Open menu' }).click();
      const drawer = page.getByRole('dialog');
      await expectVisible(drawer.getByRole('link', { name: 'Approval Queue' }), 'the drawer links');
      await checkPage('mobile-drawer');
      await page.setViewportSize(MOBILE);
      await drawer.getByRole('link', { name: 'Add New Component' }).click();
      await expectUrl(page, /\/add-component$/);
      await expectHidden(drawer, 'the drawer after following a link');
      await page.setViewportSize(DESKTOP);
    },
  },
  {
    name: 'a user sees Access Denied on admin routes and no admin links',
    run: async ({ page, url, stack, login, checkPage }) => {
      const account = await createAccount(stack, 'plainuser');
      await login(account);
      const sidebar = page.getByRole('navigation', { name: 'Main' });
      for (const link of ['Admin Dashboard', 'Import Excel', 'Approval Queue'])
        await expectHidden(sidebar.getByRole('link', { name: link }), `the ${link} link`);
      await expectVisible(page.getByText(account.username, { exact: true }), 'the username in the sidebar footer');

      for (const target of ['/component-hub/admin', '/component-hub/approval-queue', '/component-hub/import-excel']) {
        await page.goto(url(target));
        await expectVisible(page.getByRole('heading', { name: 'Access Denied' }), `'Access Denied' on ${target}`);
        await expectVisible(
          page.getByText("You don't have the required permissions to access this page."),
          'the explanation',
        );
      }
      await checkPage('access-denied');
      await page.getByRole('button', { name: 'Settings menu' }).click();
      await expectHidden(
        page.getByRole('menuitem', { name: 'User Management' }),
        'User Management in the settings menu',
      );
      await page.keyboard.press('Escape');
      await page.getByRole('link', { name: 'Go back home' }).click();
      await expectUrl(page, /\/app\/component-hub$/);
    },
  },
];
