import { expect, test, toast } from './fixtures.ts';

test('sessions: signed in twice, both listed in Security, the other one signed out from here', async ({
  page,
  freshUser,
  elsewhere,
  checkPage,
  checkOtherPage,
}) => {
  const account = await freshUser('sessions');
  // The same person in a second browser (its own cookies), signed in the same way.
  const otherPage = await elsewhere(account);
  await otherPage.goto('/app/component-hub/settings#security');
  await expect(otherPage.getByRole('heading', { name: 'Active Sessions' })).toBeVisible();

  await page.goto('/app/component-hub/settings#security');
  await expect(page.getByRole('tab', { name: 'Security', selected: true })).toBeVisible();
  const sessions = page.getByRole('list', { name: 'Active sessions' }).getByRole('listitem');
  await expect(sessions, 'both browsers listed').toHaveCount(2);
  const current = sessions.filter({ hasText: 'This device' });
  await expect(current, 'exactly one marked as this device').toHaveCount(1);
  await expect(current.getByText(/^Address: /)).toBeVisible();
  await expect(current.getByText(/^Signed in /)).toBeVisible();
  await expect(current.getByText(/^Last active /)).toBeVisible();
  await expect(current.getByRole('button'), 'no sign-out for the session in use').toHaveCount(0);
  const other = sessions.filter({ hasNotText: 'This device' });
  await expect(other.getByText(/Chrom/).first(), 'the browser named from its User-Agent').toBeVisible();
  await checkPage('settings-security-sessions');

  await other.getByRole('button', { name: /^Sign out / }).click();
  await expect(toast(page, 'Session ended')).toBeVisible();
  await expect(sessions, 'only this browser left').toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Sign out all other sessions' })).toBeHidden();

  // The other browser is signed out: its next request finds no session and it goes to login.
  await otherPage.reload();
  await expect(otherPage).toHaveURL(/\/app\/auth/);
  await expect(otherPage.getByRole('heading', { name: 'Login' })).toBeVisible();
  await checkOtherPage(otherPage, 'signed-out-elsewhere');

  // This one still works.
  await page.reload();
  await expect(sessions).toHaveCount(1);
});

test.describe('an administrator', () => {
  test.use({ role: 'admin' });

  test('signs a user out everywhere from User Management, after confirming', async ({
    page,
    createAccount,
    elsewhere,
    checkPage,
  }) => {
    const account = await createAccount('everywhere');
    const theirPage = await elsewhere(account);
    await theirPage.goto('/app/component-hub/settings#security');
    await expect(theirPage.getByRole('heading', { name: 'Active Sessions' })).toBeVisible();

    await page.goto('/app/component-hub/settings#users');
    const row = page.getByRole('row').filter({ hasText: account.email });
    await row.getByRole('button', { name: `Sign out ${account.email} everywhere` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Sign Out Everywhere' });
    await expect(dialog.getByText(`${account.email} will be signed out of every browser`)).toBeVisible();
    await checkPage('admin-sign-out-everywhere');
    await dialog.getByRole('button', { name: 'Sign Out Everywhere' }).click();
    await expect(toast(page, 'Every session of this user was signed out')).toBeVisible();

    await theirPage.reload();
    await expect(theirPage).toHaveURL(/\/app\/auth/);
  });
});
