import { apiCall, approvedPart, expect, test, toast } from './fixtures.ts';

interface ApprovalRequest {
  id: string;
  requestType: string;
  componentId: number | null;
}

/*
 * A part's lifecycle, on the shared stack: Siemens's 3RT1015-1BB41, a SIRIUS 3RT1 contactor
 * Siemens discontinued (3RT2015-1BB41 follows it), filed for this journey and marked obsolete
 * through an edit a user proposes and an administrator approves. Found by its id and its
 * journey's stamp, as other journeys add parts beside it.
 */
test('lifecycle: a user marks a discontinued contactor obsolete; once approved its badge and confirmation show on its page, in the list and on the dashboard', async ({
  page,
  freshUser,
  adminApi,
  checkPage,
}) => {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
  const id = await approvedPart(adminApi, {
    reference: '3RT1015-1BB41',
    manufacturer: 'Siemens',
    class: 'Relay',
    type: 'Contactor',
    description: `SIRIUS 3RT1 contactor, 3 kW / 400 V, 24 V DC (lifecycle journey ${stamp})`,
  });
  const account = await freshUser('lifecycle');

  // Unknown: no badge; the user proposes Obsolete from the list of lifecycles.
  await page.goto(`/app/component-hub/components/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: '3RT1015-1BB41' })).toBeVisible();
  await expect(page.getByTestId('lifecycle-summary'), 'no badge while the lifecycle is unknown').toBeHidden();
  await page.getByRole('button', { name: 'Edit Lifecycle' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Lifecycle' });
  await edit.getByLabel('New value').selectOption({ label: 'Obsolete' });
  await edit.getByRole('button', { name: 'Submit for Approval' }).click();
  await expect(toast(page, 'Update Submitted', 'Your changes have been submitted for approval.')).toBeVisible();

  // The administrator approves it.
  const pending = await apiCall<ApprovalRequest[]>(adminApi, 'GET', '/approval-requests?status=pending');
  const request = pending.find((candidate) => candidate.componentId === id && candidate.requestType === 'edit');
  expect(request, 'the lifecycle edit in the queue').toBeDefined();
  await apiCall(adminApi, 'PATCH', `/approval-requests/${request!.id}`, { status: 'approved' });

  // Its page: the badge beside the title, confirmed by the user who proposed it.
  await page.reload();
  const summary = page.getByTestId('lifecycle-summary');
  await expect(summary.getByText('Obsolete', { exact: true })).toBeVisible();
  await expect(summary).toContainText(`by ${account.username}`);
  await checkPage('lifecycle-detail');

  // The list: the badge beside the reference (a table at 1280 px, cards at 375 px).
  await page.goto(`/app/component-hub/components?query=${stamp}`);
  const row = page.getByRole('table', { name: 'Components' }).locator('tbody tr').first();
  await expect(row.locator('td').first()).toContainText('3RT1015-1BB41');
  await expect(row.locator('[data-lifecycle="obsolete"]')).toHaveText('Obsolete');
  await checkPage('lifecycle-list');

  // The dashboard counts it among the obsolete parts, and its count leads to them.
  await page.goto('/app/component-hub');
  const card = page.getByRole('region', { name: 'Parts by Lifecycle' });
  const obsolete = card.getByRole('link', { name: /^Obsolete: [\d,]+ parts?$/ });
  await expect(obsolete).toBeVisible();
  await checkPage('lifecycle-dashboard');
  await obsolete.click();
  await expect(page).toHaveURL(/\/app\/component-hub\/components\?lifecycle=obsolete$/);
  await expect(page.getByRole('list', { name: 'Search in effect' })).toContainText('Lifecycle: Obsolete');
});
