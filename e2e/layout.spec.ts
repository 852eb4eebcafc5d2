import type { Page } from '@playwright/test';
import { DESKTOP, MOBILE, expect, settle, test, toast } from './fixtures.ts';
import { addFormTabLabels } from '../web/src/testing/field-groups.ts';

/** Every width from a small phone to a laptop, in steps, and the tablet widths where the sidebar appears. */
const WIDTHS = [...Array.from({ length: 15 }, (_, step) => 320 + step * 80), 375, 768, 800, 840, 885];
/** Widths whose screenshots the sweep keeps beside the report, to look at. */
const SHOWN = new Set([320, 375, 768, 1280]);

/** The elements that reach furthest past the right edge, to name the culprit when a sweep fails. */
const widest = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : '';
      const classes = [...element.classList]
        .slice(0, 3)
        .map((name) => `.${name}`)
        .join('');
      const label = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30) ?? '';
      return `${element.tagName.toLowerCase()}${id}${classes} "${label}"`;
    };
    // An element inside a scroll box that fits is not the culprit: the box scrolls, not the page.
    const clippedInside = (element: Element) => {
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
        if (getComputedStyle(box).overflowX !== 'visible' && box.getBoundingClientRect().right <= innerWidth)
          return true;
      }
      return false;
    };
    return [...document.body.querySelectorAll('*')]
      .map((element) => ({ element, right: element.getBoundingClientRect().right }))
      .filter(({ element, right }) => right > innerWidth && !clippedInside(element))
      .sort((a, b) => b.right - a.right)
      .slice(0, 5)
      .map(({ element, right }) => `${describe(element)} right ${Math.round(right)}`)
      .join('; ');
  });

/** The widths at which the page scrolls sideways, each with the elements that stick out. */
const sweep = async (page: Page, screen: string): Promise<string[]> => {
  const overflowing: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await settle(page);
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    if (SHOWN.has(width)) {
      const name = screen.replace(/^\/app\//, '').replace(/[^a-z0-9]+/gi, '-');
      await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
    }
    if (scrollWidth > clientWidth) {
      overflowing.push(`${screen} at ${width} px: scrollWidth ${scrollWidth} > ${clientWidth}: ${await widest(page)}`);
    }
  }
  await page.setViewportSize(DESKTOP);
  return overflowing;
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
    // Every screen is swept before the verdict, so one run names all that scroll sideways.
    const overflowing: string[] = [];
    for (const screen of screens) {
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
      overflowing.push(...(await sweep(page, screen.path)));
    }

    // A part's page, opened from the list.
    await page.goto('/app/component-hub/components');
    const row = page.getByRole('table', { name: 'Components' }).locator('tbody tr').first();
    await row.locator('td').nth(2).click();
    await expect(page).toHaveURL(/\/components\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    overflowing.push(...(await sweep(page, 'component detail')));
    expect(overflowing, 'screens that scroll sideways').toEqual([]);
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
  expect(await sweep(page, '/app/auth'), 'the login page scrolls sideways').toEqual([]);
});

test.describe('as the administrator, tabs and toasts', () => {
  test.use({ role: 'admin' });

  test.describe('on a touch screen', () => {
    test.use({ hasTouch: true });

    test('layout: at 375 px every tab of the admin dashboard, the part page and the Add form is in sight, reached by tap and by keyboard', async ({
      page,
      checkPage,
    }) => {
      await page.setViewportSize(MOBILE);
      /** Every tab of the row is on screen at once, a tap opens each, and the arrow keys walk them all. */
      // A tab's name may go on with a count ('Attachments (1 pending)').
      const tab = (name: string, selected?: boolean) =>
        page.getByRole('tab', { name: new RegExp(`^${name}`), ...(selected && { selected }) });
      const everyTabReachable = async (names: readonly string[]) => {
        const row = page.getByRole('tablist').filter({ has: tab(names[0]!) });
        await row.scrollIntoViewIfNeeded();
        expect(
          await row.evaluate((list) => list.scrollWidth - list.clientWidth),
          'no tab hidden past the row',
        ).toBeLessThanOrEqual(1);
        for (const name of names) await expect(tab(name), `the '${name}' tab in sight`).toBeInViewport({ ratio: 1 });
        for (const name of [...names].reverse()) {
          await tab(name).tap();
          await expect(tab(name, true)).toBeVisible();
        }
        await tab(names[0]!).focus();
        for (const name of names.slice(1)) {
          await page.keyboard.press('ArrowRight');
          await expect(tab(name, true)).toBeFocused();
        }
      };

      await page.goto('/app/component-hub/admin');
      await everyTabReachable(['Overview', 'Image Management', 'Catalogue Data', 'Classes', 'User Management']);
      await expect(page).toHaveURL(/\/admin#users$/);

      const [part] = (await (await page.request.get('/api/components?limit=1')).json()) as { id: number }[];
      await page.goto(`/app/component-hub/components/${part!.id}`);
      await everyTabReachable(['Details', 'Technical Specs', 'Attachments', 'Version History']);
      await checkPage('part-tabs-narrow');

      await page.goto('/app/component-hub/add-component');
      await everyTabReachable(addFormTabLabels);
      await checkPage('add-form-tabs-narrow');
    });
  });

  test('layout: a toast leaves the button under the pointer free, and is announced politely', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/app/component-hub/components');
    await page.getByRole('table', { name: 'Components' }).locator('tbody tr').first().locator('td').nth(2).click();
    await expect(page).toHaveURL(/\/components\/\d+$/);

    // An empty comment only raises an error toast: nothing is written.
    const addComment = page.getByRole('form', { name: 'Add a comment' }).getByRole('button', { name: 'Add Comment' });
    await addComment.click();
    const shown = toast(page, 'Empty Comment');
    await expect(shown).toBeVisible();
    await expect(shown).toHaveAttribute('role', 'status');
    await expect(page.getByRole('region', { name: /^Notifications/ })).toHaveAttribute('aria-live', 'polite');

    await page.screenshot({ path: test.info().outputPath('toast-1280.png') });
    const button = (await addComment.boundingBox())!;
    const box = (await shown.boundingBox())!;
    const overlaps =
      box.x < button.x + button.width &&
      button.x < box.x + box.width &&
      box.y < button.y + button.height &&
      button.y < box.y + box.height;
    expect(overlaps, `the toast ${JSON.stringify(box)} covers Add Comment ${JSON.stringify(button)}`).toBe(false);
    // Still under the pointer, the button takes a second click.
    await addComment.click({ timeout: 5000 });
  });

  test('layout: the folded sidebar keeps a search icon that opens the search box', async ({ page }) => {
    await page.goto('/app/component-hub');
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await sidebar.getByRole('button', { name: 'Collapse sidebar' }).click();
    await sidebar.getByRole('button', { name: 'Search components' }).click();
    const box = page.getByRole('textbox', { name: 'Search components' });
    await expect(box).toBeFocused();
    await page.screenshot({ path: test.info().outputPath('folded-search-1280.png') });
    await box.fill('relay');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/components$/);
    await expect(page.getByRole('textbox', { name: 'Search components' })).toBeHidden();
  });
});
