import type { ImageStats } from '#shared/schemas/images';
import { expectEqual, expectVisible, toast, type Journey } from '../harness.ts';

/** How long a Smart Search batch of one demo class may take on this machine (the local state machine, the emulator). */
const BATCH_TIMEOUT_MS = 120_000;

export const imagesJourneys: Journey[] = [
  {
    name: 'images: admin starts a Smart Search batch on one class, watches the progress bar reach the end, and sees the recent images',
    run: async ({ page, url, stack, login, checkPage }) => {
      await login(stack.admin);
      await page.goto(url('/component-hub/admin'));
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }), 'the admin dashboard');
      await expectVisible(
        page.getByRole('region', { name: 'Components with Images' }).getByText(/% coverage$/),
        "the 'Components with Images' card",
      );
      await expectVisible(
        page.getByRole('region', { name: 'Image Success Rate' }).getByText('From distributor APIs'),
        "the 'Image Success Rate' card",
      );
      await expectVisible(page.getByRole('heading', { name: 'Image coverage by class' }), 'the coverage chart');
      await checkPage('admin-overview');

      // The smallest demo class that still makes a batch worth watching.
      const stats = (await (await page.request.get(`${stack.origin}/api/admin/image-stats`)).json()) as ImageStats;
      const chosen = stats.byClass
        .filter((row) => row.total - row.withImages >= 3)
        .sort((a, b) => a.total - b.total)[0];
      if (!chosen) throw new Error(`no demo class with parts needing images: ${JSON.stringify(stats.byClass)}`);
      const toProcess = chosen.total - chosen.withImages;

      await page.getByRole('tab', { name: 'Image Management' }).click();
      await expectVisible(page.getByRole('heading', { name: 'Batch Image Retrieval' }), 'the batch panel');
      await expectVisible(page.getByText('No recent images found'), "'No recent images found' before any batch");
      await checkPage('admin-images-empty');

      await page.getByLabel('Component class').selectOption(chosen.componentClass);
      await page.getByRole('button', { name: 'Smart Search (Both)' }).click();
      await expectVisible(
        toast(
          page,
          'Image processing started',
          `Processing ${toProcess} components with Smart Search (Digi-Key, then Mouser)`,
        ),
        'the start toast with the count',
      );
      // One batch at a time: the other actions wait.
      expectEqual(
        await page.getByRole('button', { name: 'Digi-Key Only' }).isDisabled(),
        true,
        "'Digi-Key Only' disabled while the batch runs",
      );
      expectEqual(
        await page.getByRole('button', { name: 'Mouser Only' }).isDisabled(),
        true,
        "'Mouser Only' disabled while the batch runs",
      );
      await expectVisible(page.getByRole('progressbar', { name: 'Batch progress' }), 'the progress bar');
      await checkPage('admin-images-running');

      await expectVisible(
        page.getByTestId('batch-progress-count').getByText(`${toProcess} / ${toProcess}`),
        'the progress bar at the end',
        BATCH_TIMEOUT_MS,
      );
      await expectVisible(
        toast(page, 'Image processing complete'),
        'the completion toast with the counts',
        BATCH_TIMEOUT_MS,
      );
      expectEqual(
        await page.getByRole('progressbar', { name: 'Batch progress' }).getAttribute('aria-valuenow'),
        '100',
        'progress value',
      );
      expectEqual(
        await page.getByRole('button', { name: 'Digi-Key Only' }).isDisabled(),
        false,
        "'Digi-Key Only' enabled again",
      );

      const recent = page.getByRole('region', { name: 'Recently Added Images (By Accuracy)' });
      await expectVisible(recent.getByRole('link').first(), 'a recent image linking to its part');
      await expectVisible(recent.getByText(chosen.componentClass).first(), 'a recent image of the chosen class');
      await expectVisible(
        page.getByRole('region', { name: 'Recently Processed' }).getByText('Success').first(),
        "a 'Success' badge among the processed parts",
      );
      await checkPage('admin-images-done');
    },
  },
];
