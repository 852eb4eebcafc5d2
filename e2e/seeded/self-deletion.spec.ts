import { expect, submitLogin, test, toast } from '../fixtures.ts';

// On the seeded stack, where no journey promotes anybody: the seeded administrator is the only one.
test('self-deletion needs the exact phrase and the current password, then logs out; the last admin cannot delete themselves', async ({
  page,
  stack,
  freshUserAt,
  login,
  checkPage,
}) => {
  const account = await freshUserAt('deleteme', '/app/component-hub/settings');
  await page.getByRole('button', { name: 'Delete My Account' }).click();
  const dialog = page.getByRole('alertdialog');
  const confirm = dialog.getByRole('button', { name: 'Delete My Account' });
  await expect(confirm, 'the confirmation dialog').toBeVisible();
  // The dialog moves the focus to its first field once it has opened; typing before then can land elsewhere.
  await expect(dialog.getByLabel('Confirmation phrase'), 'the focus on the phrase').toBeFocused();
  await expect(confirm, 'confirm before the phrase').toBeDisabled();
  await dialog.getByLabel('Confirmation phrase').fill('Delete My Account');
  await expect(confirm, 'confirm for a phrase in other case').toBeDisabled();
  await dialog.getByLabel('Confirmation phrase').fill('delete my account');
  await expect(confirm, 'confirm without the current password').toBeDisabled();
  await dialog.getByLabel('Current Password').fill('Wrong-Passw0rd!');
  await expect(confirm, 'confirm with the exact phrase and a password').toBeEnabled();
  await confirm.click();
  await expect(dialog.getByText('Current password is incorrect'), 'the wrong-password message').toBeVisible();
  expect((await page.request.get('/api/user')).status(), 'the account after a wrong password').toBe(200);
  await dialog.getByLabel('Current Password').fill(account.password);
  await checkPage('delete-account-dialog');
  await confirm.click();
  await expect(page).toHaveURL(/\/app\/auth$/);

  await submitLogin(page, account);
  await expect(toast(page, 'Login failed'), "'Login failed' for the deleted account").toBeVisible();

  await login(stack.admin);
  await page.goto('/app/component-hub/settings');
  await page.getByRole('button', { name: 'Delete My Account' }).click();
  await expect(dialog.getByLabel('Confirmation phrase'), 'the focus on the phrase').toBeFocused();
  await dialog.getByLabel('Confirmation phrase').fill('delete my account');
  await dialog.getByLabel('Current Password').fill(stack.admin.password);
  await expect(dialog.getByLabel('Confirmation phrase'), 'the phrase as typed').toHaveValue('delete my account');
  await confirm.click();
  await expect(toast(page, 'Failed to delete account'), "'Failed to delete account' for the last admin").toBeVisible();
  // The last admin stays logged in: the session still answers, and a reload keeps the page.
  expect((await page.request.get('/api/user')).status(), 'the session after the refusal').toBe(200);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  expect(new URL(page.url()).pathname, 'the last admin stays logged in').toBe('/app/component-hub/settings');
});
