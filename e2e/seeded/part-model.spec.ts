import type { Page } from '@playwright/test';
import { apiCall, DESKTOP, expect, test, toast } from '../fixtures.ts';

test.use({ role: 'user' });

/** The total the pager reports, once the list has loaded. */
const shownTotal = async (page: Page): Promise<number> => {
  const summary = page.getByText(/^Showing \d+ to \d+ of \d+ results$/).first();
  await expect(summary, "the 'Showing X to Y of Z results' line").toBeVisible();
  return Number(/of (\d+) results/.exec((await summary.textContent()) ?? '')?.[1]);
};

test('part model: terminals that take a 2.5 mm² wire, narrowed by a class and a maker facet whose counts are what they show', async ({
  page,
  checkPage,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/app/component-hub/components');
  await page.getByRole('tab', { name: 'Advanced Search' }).click();
  const advanced = page.getByRole('search', { name: 'Advanced Search' });
  await advanced.getByRole('button', { name: 'Wire Specifications' }).click();
  // Typed the way German datasheets write it: read as 2.5 mm².
  await advanced.getByLabel('Takes Wire Section (mm²)').fill('2,5 qmm');
  await advanced.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page).toHaveURL(/wireSection=2%2C5\+qmm|wireSection=2%2C5%20qmm/);
  // Every part found says so in its own words: its range, read from the text, holds 2.5 mm².
  const answer = await page.request.get('/api/components?wireSection=2.5&limit=1000');
  const parts = (await answer.json()) as { reference: string; wireSectionMin: number; wireSectionMax: number }[];
  expect(parts.length, 'parts whose wire range holds 2.5 mm²').toBeGreaterThan(0);
  await expect
    .poll(() => shownTotal(page), { message: 'the list shows the parts taking 2.5 mm²', timeout: 30_000 })
    .toBe(parts.length);
  for (const part of parts) expect(part.wireSectionMin <= 2.5 && part.wireSectionMax >= 2.5, part.reference).toBe(true);

  // The class facet: the count beside a class is the number of parts shown after choosing it.
  const refine = page.getByRole('navigation', { name: 'Refine results' });
  await refine.getByRole('button', { name: 'Refine results' }).click();
  const sheet = page.getByRole('dialog', { name: 'Refine results' });
  const firstClass = sheet.getByRole('region', { name: 'Class' }).getByRole('button').first();
  const classChoice = (await firstClass.textContent()) ?? '';
  const [, className, classCount] = /^(.*?)([\d,]+)$/.exec(classChoice.replace(/, \d+ results$/, '')) ?? [];
  await firstClass.click();
  await expect(page).toHaveURL(/classIs=/);
  await expect
    .poll(() => shownTotal(page), { message: `the parts shown after choosing ${className}`, timeout: 30_000 })
    .toBe(Number(classCount!.replace(/,/g, '')));

  // A maker on top: fields combine with AND, and the maker's count is again what it shows.
  const firstMaker = sheet.getByRole('region', { name: 'Manufacturer' }).getByRole('button').first();
  const makerCount = /([\d,]+)(?:, \d+ results)?$/.exec((await firstMaker.textContent()) ?? '')?.[1] ?? '';
  await firstMaker.click();
  await expect(page).toHaveURL(/manufacturerIs=/);
  await expect
    .poll(() => shownTotal(page), { message: 'the parts shown after choosing a maker too', timeout: 30_000 })
    .toBe(Number(makerCount.replace(/,/g, '')));
  await checkPage('component-list-facets-sheet');

  // The choice is in the address: a reload shows the same parts.
  const before = await shownTotal(page);
  await page.reload();
  await expect.poll(() => shownTotal(page), { message: 'the same parts after a reload', timeout: 30_000 }).toBe(before);
});

test.describe('a reader whose browser prefers German', () => {
  test.use({ locale: 'de-DE' });

  test('part model: reads a part in German, switches language, and proposes the missing French text', async ({
    page,
    adminApi,
    checkPage,
  }) => {
    // Phoenix Contact's PT 2,5 (3209510) as its English and German catalogues describe it.
    const reference = `PT 2,5-E2E-${Date.now().toString(36).toUpperCase()}`;
    const filed = await apiCall<{ requestId: string }>(adminApi, 'POST', '/components', {
      reference,
      class: 'Terminal Block',
      manufacturer: 'Phoenix Contact',
      description: 'Feed-through terminal block, nom. voltage: 800 V, nominal current: 24 A',
      description_de: 'Durchgangsreihenklemme, Nennspannung: 800 V, Nennstrom: 24 A',
    });
    await apiCall(adminApi, 'PATCH', `/approval-requests/${filed.requestId}`, { status: 'approved' });
    const [part] = await apiCall<{ id: number }[]>(
      adminApi,
      'GET',
      `/components?reference=${encodeURIComponent(reference)}`,
    );

    // The quick search finds it by its German words.
    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto(`/app/component-hub/components?query=${encodeURIComponent('Durchgangsreihenklemme Nennstrom')}`);
    await expect(page.getByRole('link', { name: reference }).first()).toBeVisible({ timeout: 30_000 });

    await page.goto(`/app/component-hub/components/${part!.id}`);
    const languages = page.getByRole('group', { name: 'Language' });
    await expect(languages.getByRole('button', { name: 'Deutsch' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Durchgangsreihenklemme, Nennspannung: 800 V, Nennstrom: 24 A')).toBeVisible();
    await checkPage('component-detail-german');

    await languages.getByRole('button', { name: 'English' }).click();
    await expect(page.getByText('Feed-through terminal block, nom. voltage: 800 V')).toBeVisible();
    await languages.getByRole('button', { name: 'Français' }).click();
    await expect(page.getByText(/not yet in French; shown in English/)).toBeVisible();

    await page.getByRole('button', { name: 'Edit Description (French)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Description (French)' });
    await dialog.getByLabel('New value').fill('Borne de passage, tension nominale : 800 V, courant nominal : 24 A');
    await dialog.getByRole('button', { name: 'Submit for Approval' }).click();
    await expect(toast(page, 'Update Submitted')).toBeVisible();

    // Once an administrator approves it, the French text is the part's.
    const pending = await apiCall<{ id: string; componentId: number | null; requestData: Record<string, unknown> }[]>(
      adminApi,
      'GET',
      '/approval-requests?status=pending',
    );
    const french = pending.find(
      (request) => request.componentId === part!.id && 'description_fr' in request.requestData,
    );
    expect(french, 'the French edit waits for review on its own').toBeTruthy();
    await apiCall(adminApi, 'PATCH', `/approval-requests/${french!.id}`, { status: 'approved' });
    await page.reload();
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Français' }).click();
    await expect(page.getByText('Borne de passage, tension nominale : 800 V, courant nominal : 24 A')).toBeVisible();
  });
});

test.describe('as the administrator', () => {
  test.use({ role: 'admin' });

  test('part model: the Catalogue Data tab lists the current and wire texts no number was read from', async ({
    page,
    checkPage,
  }) => {
    const unread = await page.request.get('/api/admin/unread-values');
    expect(unread.status()).toBe(200);
    const rows = (await unread.json()) as { value: string; count: number }[];
    await page.goto('/app/component-hub/admin#data');
    await expect(page.getByRole('tab', { name: 'Catalogue Data', selected: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Values not read as numbers' })).toBeVisible();
    if (rows.length === 0) await expect(page.getByText('Every current and wire size was read.')).toBeVisible();
    else await expect(page.getByText(`“${rows[0]!.value}”`)).toBeVisible();
    await checkPage('admin-catalogue-data');
  });
});
