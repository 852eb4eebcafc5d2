import { emulatorControl } from '../../local/distributor-emulator.ts';
import { expectEqual, expectUrl, expectVisible, toast, type Journey } from '../harness.ts';

/** How long a Smart Search batch of the Switch class may take here (Mouser's 30 calls a minute, the local state machine). */
const BATCH_TIMEOUT_MS = 180_000;
const DAILY_LIMIT =
  /Digi-Key has reached its daily request limit for Component Hub\. Digi-Key searches resume at \d\d:\d\d UTC\./;

export const distributorLimitJourneys: Journey[] = [
  {
    name: 'distributors: under a Digi-Key daily limit the toast says why, the dashboard says so, and a Smart Search batch finishes at Mouser',
    run: async ({ page, url, stack, login, checkPage }) => {
      // The local emulator answers as Digi-Key does once its daily limit is reached (429, Retry-After of hours).
      const emulatorUrl = /the local emulator \((http:\/\/[^)]+)\)/.exec(stack.output())?.[1];
      if (!emulatorUrl) throw new Error('the local stack did not say where its distributor emulator listens');
      const emulator = emulatorControl(emulatorUrl, 'local-emulator');
      await emulator.fault({ kind: 'daily-limit', provider: 'digikey', endpoint: 'search', times: 1000 });
      try {
        await login(stack.admin);
        await page.goto(url('/component-hub/components?query=XB5BD42'));
        const row = page.getByRole('table', { name: 'Components' }).locator('tbody tr').first();
        await expectVisible(row.getByRole('link', { name: /^View / }), 'the part in the results');
        await row.locator('td').nth(2).click();
        await expectUrl(page, /\/app\/component-hub\/components\/\d+$/);

        await page.getByRole('button', { name: /^Search Digi-Key/ }).click();
        const failed = toast(page, 'Digi-Key search failed');
        await expectVisible(failed, "the 'Digi-Key search failed' toast", 30_000);
        const text = (await failed.textContent()) ?? '';
        if (!DAILY_LIMIT.test(text) || !text.includes('Error searching for XB5BD42.'))
          throw new Error(`expected the toast to give Digi-Key's daily limit in words, it says: ${text}`);
        // The toast waits while the pointer is on it.
        await failed.hover();
        await checkPage('detail-digikey-daily-limit-toast');

        await page.goto(url('/component-hub/admin'));
        await page.getByRole('tab', { name: 'Image Management' }).click();
        const today = page.getByRole('region', { name: 'Distributors Today' });
        await expectVisible(today.getByText('Daily limit reached'), "Digi-Key's 'Daily limit reached' badge");
        await expectVisible(today.getByText(DAILY_LIMIT), 'the reason in words on the dashboard');

        await page.getByLabel('Component class').selectOption('Switch');
        await page.getByRole('button', { name: 'Smart Search (Both)' }).click();
        await expectVisible(toast(page, 'Image processing started'), 'the start toast');
        await expectVisible(toast(page, 'Image processing complete'), 'the completion toast', BATCH_TIMEOUT_MS);
        const summary = page.getByText(/Digi-Key stopped: .* Mouser was asked for every remaining part\./).first();
        await expectVisible(summary, 'the batch summary saying why Digi-Key stopped');
        expectEqual(DAILY_LIMIT.test((await summary.textContent()) ?? ''), true, "the summary's reason");
        await checkPage('admin-images-digikey-daily-limit');
      } finally {
        await emulator.reset();
      }
    },
  },
];
