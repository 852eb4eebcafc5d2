import { expectUrl, expectVisible, toast, type Journey } from '../harness.ts';

export const landingJourneys: Journey[] = [
  {
    name: 'welcome toolbox: greeting, external tools, coming-soon progress, Component Hub tile',
    run: async ({ page, context, url, stack, login, checkPage }) => {
      await login(stack.admin);
      await page.goto(url('/landing'));
      await expectVisible(page.getByRole('heading', { name: 'Welcome Administrator' }), "'Welcome Administrator'");
      await checkPage('landing');

      const tiles = page.getByRole('main').getByRole('button');
      const firstTool = (await tiles.first().locator('h2').textContent()) ?? '';
      const [popup] = await Promise.all([context.waitForEvent('page'), tiles.first().click()]);
      await popup.close();
      await expectVisible(toast(page, `${firstTool} opened`), `the toast '${firstTool} opened'`);

      await page.getByRole('button', { name: /Voltage Drop Calculator/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Coming Soon' });
      await expectVisible(dialog, "the 'Coming Soon' dialog");
      const bar = dialog.getByRole('progressbar');
      await page.waitForFunction((el) => el?.getAttribute('aria-valuenow') === '100', await bar.elementHandle(), {
        timeout: 5000,
      });
      await checkPage('coming-soon');
      await dialog.getByRole('button', { name: 'Close' }).click();

      await page.getByRole('button', { name: /^Component Hub/ }).click();
      await expectUrl(page, /\/app\/component-hub$/);

      await page.goto(url('/landing'));
      await page.getByRole('button', { name: 'Logout' }).click();
      await expectUrl(page, /\/app\/auth$/);
    },
  },
];
