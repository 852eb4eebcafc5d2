import { expect, test } from './fixtures.ts';

test.describe('as a user', () => {
  test.use({ role: 'user' });

  test('API reference: from the settings menu, an operation opened, the description it reads', async ({
    page,
    checkPage,
  }) => {
    await page.goto('/app/component-hub');
    await page.getByRole('button', { name: 'Settings menu' }).click();
    await page.getByRole('menuitem', { name: 'API Reference' }).click();
    await expect(page).toHaveURL(/\/app\/component-hub\/api$/);
    await expect(page.getByRole('heading', { level: 1, name: 'API Reference' })).toBeVisible();
    await checkPage('api-reference');

    const datasheet = /^GET \/api\/components\/\{id\}\/files\/\{field\} /;
    await page.getByRole('searchbox', { name: 'Filter operations' }).fill('files/');
    await page.getByRole('button', { name: datasheet }).click();
    const details = page.getByRole('region', { name: datasheet });
    await expect(details.getByText(/one of "dataSheet"/)).toBeVisible();
    await expect(details.getByText('To a short-lived download address of the file.')).toBeVisible();
    await expect(details.getByText(/an access token \(Authorization: Bearer\), scope read or wider/)).toBeVisible();
    await checkPage('api-reference-operation');

    // The page reads what scripts read: the served description, for this signed-in user.
    const served = await page.request.get('/api/openapi.json');
    expect(served.status()).toBe(200);
    const description = (await served.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(description.openapi).toBe('3.1.0');
    expect(Object.keys(description.paths)).toContain('/api/components/{id}/files/{field}');
  });
});
