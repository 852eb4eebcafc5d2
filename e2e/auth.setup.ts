/**
 * Signs in once per role on each stack and keeps the browser state, so a journey that only needs
 * a signed-in administrator or user starts there (`test.use({ role: 'admin' })`).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { authFile, expect, test as setup } from './fixtures.ts';

setup('sign in as the administrator', async ({ page, stack, login }) => {
  await login(stack.admin);
  await expect(page.getByRole('heading', { name: 'Component Database' })).toBeVisible();
  await mkdir(path.dirname(authFile(stack.name, 'admin')), { recursive: true });
  await page.context().storageState({ path: authFile(stack.name, 'admin') });
});

setup('sign in as a user', async ({ page, stack, login, createAccount }) => {
  const account = await createAccount('shared-user');
  await login(account);
  await expect(page.getByRole('heading', { name: 'Component Database' })).toBeVisible();
  await mkdir(path.dirname(authFile(stack.name, 'user')), { recursive: true });
  await page.context().storageState({ path: authFile(stack.name, 'user') });
  await writeFile(authFile(stack.name, 'user', 'account'), JSON.stringify(account));
});
