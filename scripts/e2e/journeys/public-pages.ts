import { expectUrl, expectVisible, type Journey } from '../harness.ts';

export const publicPages: Journey[] = [
  {
    name: 'health page and 404 page',
    run: async ({ page, url, checkPage }) => {
      await page.goto(url('/health'));
      await expectVisible(page.getByRole('heading', { name: 'App Health Check' }), "the heading 'App Health Check'");
      await expectVisible(page.getByText('Status: OK'), "'Status: OK'");
      await expectVisible(page.getByText(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/), 'the current ISO time');
      await checkPage('health');

      await page.goto(url('/no-such-page'));
      await expectVisible(page.getByRole('heading', { name: '404 Page Not Found' }), "'404 Page Not Found'");
      await expectVisible(page.getByText('Did you forget to add the page to the router?'), 'the not-found hint');
      await checkPage('not-found');
      await page.getByRole('link', { name: 'Go back home' }).click();
      // Home is the hub, which sends a visitor who is not logged in to the login page.
      await expectUrl(page, /\/app\/auth$/);
    },
  },
  {
    name: 'guard sends a visitor who is not logged in to the login page',
    run: async ({ page, url, checkPage }) => {
      for (const target of ['/component-hub/settings', '/landing', '/component-hub/admin', '/', '/components/7']) {
        await page.goto(url(target));
        await expectUrl(page, /\/app\/auth$/);
      }
      await expectVisible(page.getByRole('heading', { name: 'Component Hub' }), "the heading 'Component Hub'");
      await expectVisible(page.getByRole('heading', { name: 'Login' }), "the heading 'Login'");
      await checkPage('login');
    },
  },
];
