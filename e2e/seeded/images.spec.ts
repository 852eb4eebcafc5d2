import type { ImageStats } from '#shared/schemas/images';
import { emulatorControl } from '../../scripts/local/distributor-emulator.ts';
import { expect, test, toast } from '../fixtures.ts';

/** How long a Smart Search batch of one demo class may take on this machine (the local state machine, the emulator). */
const BATCH_TIMEOUT_MS = 120_000;

/** The reason in words the product gives once Digi-Key has refused for the day. */
const DAILY_LIMIT =
  /Digi-Key has reached its daily request limit for Component Hub\. Digi-Key searches resume at \d\d:\d\d UTC\./;

test.use({ role: 'admin' });
// In this order, one after the other: the first batch sees no image yet, and Digi-Key's daily
// limit (which lasts for the stack's life once reached) comes after it.
test.describe.configure({ mode: 'default' });

// On the seeded stack: the first image batch of the product, before any part has an image.
test('images: admin starts a Smart Search batch on one class, watches the progress bar reach the end, and sees the recent images', async ({
  page,
  checkPage,
}) => {
  await page.goto('/app/component-hub/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Components with Images' }).getByText(/% coverage$/),
    "the 'Components with Images' card",
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Image Success Rate' }).getByText('From distributor APIs'),
    "the 'Image Success Rate' card",
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Image coverage by class' }), 'the coverage chart').toBeVisible();
  await checkPage('admin-overview');

  // The smallest demo class that still makes a batch worth watching.
  const stats = (await (await page.request.get('/api/admin/image-stats')).json()) as ImageStats;
  const chosen = stats.byClass.filter((row) => row.total - row.withImages >= 3).sort((a, b) => a.total - b.total)[0];
  expect(chosen, `a demo class with parts needing images: ${JSON.stringify(stats.byClass)}`).toBeDefined();
  const toProcess = chosen!.total - chosen!.withImages;

  await page.getByRole('tab', { name: 'Image Management' }).click();
  await expect(page.getByRole('heading', { name: 'Batch Image Retrieval' }), 'the batch panel').toBeVisible();
  await expect(page.getByText('No recent images found'), "'No recent images found' before any batch").toBeVisible();
  await checkPage('admin-images-empty');

  // After the first progress read (which sees the batch running), the reads wait until the
  // running batch has been checked, so a small batch cannot end before it is seen running.
  let reads = 0;
  let release = () => {};
  const checked = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/admin\/image-batch$/, async (route) => {
    reads += 1;
    if (reads > 1) await checked;
    await route.continue();
  });
  await page.getByLabel('Component class').selectOption(chosen!.componentClass);
  await page.getByRole('button', { name: 'Smart Search (Both)' }).click();
  await expect(
    toast(
      page,
      'Image processing started',
      `Processing ${toProcess} components with Smart Search (Digi-Key, then Mouser)`,
    ),
    'the start toast with the count',
  ).toBeVisible();
  // One batch at a time: the other actions wait.
  await expect(
    page.getByRole('button', { name: 'Digi-Key Only' }),
    "'Digi-Key Only' while the batch runs",
  ).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Mouser Only' }), "'Mouser Only' while the batch runs").toBeDisabled();
  await expect(page.getByRole('progressbar', { name: 'Batch progress' }), 'the progress bar').toBeVisible();
  await checkPage('admin-images-running');
  release();

  await expect(
    page.getByTestId('batch-progress-count').getByText(`${toProcess} / ${toProcess}`),
    'the progress bar at the end',
  ).toBeVisible({ timeout: BATCH_TIMEOUT_MS });
  await expect(toast(page, 'Image processing complete'), 'the completion toast with the counts').toBeVisible({
    timeout: BATCH_TIMEOUT_MS,
  });
  await expect(page.getByRole('progressbar', { name: 'Batch progress' }), 'progress value').toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await expect(page.getByRole('button', { name: 'Digi-Key Only' }), "'Digi-Key Only' enabled again").toBeEnabled();

  const recent = page.getByRole('region', { name: 'Recently Added Images (By Accuracy)' });
  await expect(recent.getByRole('link').first(), 'a recent image linking to its part').toBeVisible();
  await expect(recent.getByText(chosen!.componentClass).first(), 'a recent image of the chosen class').toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Recently Processed' }).getByText('Success').first(),
    "a 'Success' badge among the processed parts",
  ).toBeVisible();
  await checkPage('admin-images-done');
});

// After the first batch: Digi-Key's daily limit stops every later Digi-Key call of this stack.
test('distributors: under a Digi-Key daily limit the search toast and the Image Management tab say why', async ({
  page,
  stack,
  checkPage,
}) => {
  // The local emulator answers as Digi-Key does once its daily limit is reached (429, a Retry-After of hours).
  const emulator = emulatorControl(`http://127.0.0.1:${stack.distributorEmulatorPort}`, 'local-emulator');
  await emulator.fault({ kind: 'daily-limit', provider: 'digikey', endpoint: 'search', times: 1000 });
  try {
    await page.goto('/app/component-hub/components?query=XB5BD42');
    const row = page.getByRole('table', { name: 'Components' }).locator('tbody tr').first();
    await expect(row.getByRole('link', { name: /^View / }), 'the part in the results').toBeVisible();
    await row.locator('td').nth(2).click();
    await expect(page).toHaveURL(/\/app\/component-hub\/components\/\d+$/);

    await page.getByRole('button', { name: /^Search Digi-Key/ }).click();
    const failed = toast(page, 'Digi-Key search failed');
    await expect(failed, "the 'Digi-Key search failed' toast").toBeVisible({ timeout: 30_000 });
    await expect(failed, 'the part and the reason in words').toContainText('Error searching for XB5BD42.');
    await expect(failed, "Digi-Key's daily limit and when it resumes").toContainText(DAILY_LIMIT);
    // The toast stays while the pointer is on it.
    await failed.hover();
    // The button goes back to idle 2 s after its toast; the page is checked once its colours settled.
    await expect(page.getByRole('button', { name: /^Search Digi-Key/ })).toHaveAttribute('data-phase', 'idle');
    await checkPage('detail-digikey-daily-limit-toast');

    await page.goto('/app/component-hub/admin');
    await page.getByRole('tab', { name: 'Image Management' }).click();
    const today = page.getByRole('region', { name: 'Distributors Today' });
    await expect(today.getByText('Daily limit reached'), "Digi-Key's 'Daily limit reached' badge").toBeVisible();
    await expect(today.getByText(DAILY_LIMIT), 'the reason in words on the dashboard').toBeVisible();
    await checkPage('admin-images-digikey-daily-limit');
  } finally {
    await emulator.reset();
  }
});
