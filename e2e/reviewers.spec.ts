import { makeWorkbook } from '../scripts/test/workbooks.ts';
import { apiCall, DESKTOP, expect, test, toast } from './fixtures.ts';

/*
 * Who reviews what: a librarian's day (the queue, an import, the change log, and no user
 * management), and someone watching a part who is told when a change to it is requested.
 */

test("librarian's day: reviews a colleague's part, imports a workbook, reads the change log, manages nobody", async ({
  page,
  createAccount,
  freshUser,
  elsewhere,
  checkPage,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const reference = `E2E-LIB-${stamp}`;
  const colleague = await createAccount('colleague');
  const asker = await elsewhere(colleague);
  await apiCall(asker.request, 'POST', '/components', { reference, class: 'Relay', manufacturer: 'Siemens' });
  const librarian = await freshUser('librarian', 'librarian');

  await page.setViewportSize(DESKTOP);
  await page.goto('/app/component-hub');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Approval Queue' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Import Excel' })).toBeVisible();
  await expect(page.getByText('librarian', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Settings menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Profile Settings' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'User Management' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The queue: the colleague's new part, approved.
  await nav.getByRole('link', { name: 'Approval Queue' }).click();
  const card = page.getByRole('article').filter({ hasText: reference });
  await expect(card).toBeVisible();
  await checkPage('librarian-queue');
  await card.getByRole('button', { name: /^Approve/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve Request' });
  await dialog.getByLabel('Review Notes').fill('Checked against the datasheet');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(toast(page, 'Request Approved')).toBeVisible();

  // An import: a small workbook, previewed and committed.
  await nav.getByRole('link', { name: 'Import Excel' }).click();
  await page.getByLabel('Excel file').setInputFiles({
    name: 'librarian.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: makeWorkbook({
      headings: ['Reference', 'Class', 'Manufacturer'],
      rows: [
        [`${reference}-A`, 'Relay', 'ABB'],
        [`${reference}-B`, 'Relay', 'Eaton'],
      ],
    }),
  });
  await page.getByRole('button', { name: 'Upload and Import' }).click();
  await expect(page.getByTestId('total-create')).toContainText('2', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(toast(page, 'Upload successful')).toBeVisible({ timeout: 60_000 });

  // The change log shows the approval, with who proposed and who approved it.
  await nav.getByRole('link', { name: 'Change Log' }).click();
  await page.getByRole('button', { name: 'My changes' }).click();
  const row = page.getByRole('row').filter({ hasText: reference }).first();
  await expect(row).toContainText('New part');
  await expect(row.getByRole('button', { name: `Only changes by ${colleague.username}` })).toBeVisible();
  await expect(row.getByRole('button', { name: `Only changes by ${librarian.username}` })).toBeVisible();
  await checkPage('change-log');

  // No user management: not in Settings, not on the admin dashboard, refused by the API.
  await page.goto('/app/component-hub/settings#users');
  await expect(page.getByRole('tab', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'User Management' })).toHaveCount(0);
  await page.goto('/app/component-hub/admin');
  await expect(page.getByRole('tab', { name: 'Image Management' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'User Management' })).toHaveCount(0);
  await checkPage('librarian-admin-dashboard');
  const users = await page.request.get('/api/users');
  expect(users.status()).toBe(403);
});

test('watching a part: Watch on its page, told in the bell when a change is requested, listed in Settings', async ({
  page,
  adminApi,
  createAccount,
  freshUser,
  elsewhere,
  checkPage,
}) => {
  const reference = `E2E-WATCH-${Date.now().toString(36).toUpperCase()}`;
  const filed = await apiCall<{ requestId: string }>(adminApi, 'POST', '/components', {
    reference,
    class: 'Sensor',
    manufacturer: 'Eaton',
  });
  const { componentId } = await apiCall<{ componentId: number }>(
    adminApi,
    'PATCH',
    `/approval-requests/${filed.requestId}`,
    { status: 'approved' },
  );
  await freshUser('watcher');

  await page.setViewportSize(DESKTOP);
  await page.goto(`/app/component-hub/components/${componentId}`);
  await expect(page.getByRole('heading', { level: 1, name: reference })).toBeVisible();
  await page.getByRole('button', { name: 'Watch', exact: true }).click();
  await expect(toast(page, 'Watching')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stop watching', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await checkPage('watching-part');

  const editor = await elsewhere(await createAccount('editor'));
  await apiCall(editor.request, 'PATCH', `/components/${componentId}`, { description: 'Proximity sensor, M12' });

  await page.reload();
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const notices = page.getByRole('list', { name: 'Notifications' });
  await expect(notices.getByRole('listitem').filter({ hasText: reference }).first()).toContainText('Change requested');
  await page.keyboard.press('Escape');

  await page.goto('/app/component-hub/settings#notifications');
  const watching = page.getByRole('region', { name: 'Watching' });
  await expect(watching.getByRole('link', { name: reference })).toBeVisible();
  await checkPage('settings-watching');
  await watching.getByRole('button', { name: `Stop watching ${reference}` }).click();
  await expect(watching.getByText('You watch no parts or classes.', { exact: false })).toBeVisible();
});
