import { apiCall, expect, test } from './fixtures.ts';

/*
 * A misspelt maker, on the shared stack: Weidmüller's WDU 2.5 feed-through terminal (order
 * number 1020000000), filed for this journey with its stamp. Typed as 'weidmuler', the search
 * finds nothing as typed, so the list answers its one clear correction and says so; the link
 * back searches the text exactly as typed, which finds nothing and offers the correction.
 */
test('search: a misspelt maker is answered with its correction, and the link searches the text as typed', async ({
  page,
  adminApi,
  freshUserAt,
  checkPage,
}) => {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
  const filed = await apiCall<{ requestId: string }>(adminApi, 'POST', '/components', {
    reference: 'WDU 2.5',
    manufacturer: 'Weidmüller',
    class: 'Terminal Block',
    articleNumber: '1020000000',
    description: `Feed-through terminal, 2.5 mm², 24 A (search journey ${stamp})`,
  });
  await apiCall(adminApi, 'PATCH', `/approval-requests/${filed.requestId}`, { status: 'approved' });
  await freshUserAt('search', '/app/component-hub/components');

  const typed = `weidmuler ${stamp}`;
  const searchbox = page.getByRole('searchbox', { name: 'Search term' });
  await searchbox.fill(typed);
  await searchbox.press('Enter');
  const corrected = page.getByTestId('corrected-search');
  await expect(corrected).toHaveText(`Showing results for Weidmüller ${stamp} — search instead for ${typed}`);
  await expect(page.getByText('WDU 2.5').first()).toBeVisible();
  await checkPage('search-corrected');

  await corrected.getByRole('link', { name: typed }).click();
  await expect(page).toHaveURL(/[?&]asTyped=true/);
  expect(new URL(page.url()).searchParams.get('query')).toBe(typed);
  await expect(page.getByText('No components found matching your search criteria.')).toBeVisible();
  await expect(corrected).toBeHidden();
  await expect(page.getByTestId('did-you-mean')).toHaveText(`Did you mean Weidmüller ${stamp}?`);
});
