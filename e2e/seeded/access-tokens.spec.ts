import { request as playwrightRequest } from '@playwright/test';
import { expect, test } from '../fixtures.ts';

test.use({ role: 'user' });

test('access tokens: made in Settings, shown once, then used by a script without cookies until revoked', async ({
  page,
  baseURL,
  checkPage,
}) => {
  await page.goto('/app/component-hub/settings#security');
  const form = page.getByRole('form', { name: 'New access token' });
  await form.getByLabel('Name').fill('BOM export script');
  await form.getByRole('button', { name: 'Create token' }).click();
  const shown = page.getByTestId('new-token');
  await expect(shown).toHaveText(/^chub_/);
  const token = (await shown.textContent())!.trim();
  await checkPage('settings-access-tokens');

  // A script: its own HTTP client, no browser state at all.
  const script = await playwrightRequest.newContext({
    baseURL: baseURL!,
    extraHTTPHeaders: { authorization: `Bearer ${token}` },
  });
  try {
    const search = await script.get('/api/components?query=terminal&limit=3');
    expect(search.status()).toBe(200);
    expect(((await search.json()) as unknown[]).length).toBeGreaterThan(0);
    // A read token files nothing.
    expect((await script.post('/api/components', { data: { reference: 'X', class: 'Relay' } })).status()).toBe(403);

    await page.reload();
    const mine = page.getByRole('list', { name: 'Your tokens' });
    const item = mine.getByRole('listitem', { name: 'BOM export script' }).first();
    await expect(item).toContainText(/Last used: (?!never)/);
    await item.getByRole('button', { name: 'Revoke' }).click();
    await expect(item.getByText('Revoked')).toBeVisible();
    expect((await script.get('/api/components?limit=1')).status()).toBe(401);
  } finally {
    await script.dispose();
  }
});
