import { DESKTOP, apiCall, expect, test, toast } from './fixtures.ts';
import { requestIdIn } from './support/component-page.ts';

/*
 * A part proposed again, written another way: the Add form shows the part the catalogue has
 * before anything is filed, the reviewer sees "Possible duplicate of" and confirms before
 * approving, and once the two are merged the proposed part's address leads to the one kept.
 */
test('duplicates: a user proposes a part the catalogue has, written another way, and sees it; the reviewer confirms before approving; merged, its address leads to the part kept', async ({
  page,
  browser,
  stack,
  freshUserAt,
  createAccount,
  adminApi,
  checkPage,
  checkOtherPage,
}) => {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
  const reference = `3RT2015-1BB41-${stamp}`;
  const { requestId: firstId } = await apiCall<{ requestId: string }>(adminApi, 'POST', '/components', {
    reference,
    class: 'Relay',
    manufacturer: 'Siemens',
  });
  const existing = await apiCall<{ componentId: number }>(adminApi, 'PATCH', `/approval-requests/${firstId}`, {
    status: 'approved',
  });

  // The user types the reference as a label shows it: the panel names the part already there.
  await freshUserAt('duplicate', '/app/component-hub/add-component');
  const typed = `3rt2015 1bb41 ${stamp.toLowerCase()}`;
  await page.getByRole('textbox', { name: /^Reference/ }).fill(typed);
  await expect(page.getByText('Possible duplicates'), 'the panel under the reference').toBeVisible();
  await expect(page.getByRole('link', { name: reference }), 'the part the catalogue has').toHaveAttribute(
    'href',
    `/app/component-hub/components/${existing.componentId}`,
  );
  await expect(page.getByText('Same part', { exact: true })).toBeVisible();
  await checkPage('add-component-possible-duplicate');

  // It only informs: the part can still be submitted.
  await page.getByRole('combobox', { name: /^Class/ }).selectOption('Relay');
  await page.getByRole('combobox', { name: 'Manufacturer' }).selectOption('Siemens');
  await page.getByRole('button', { name: 'Submit for Review' }).click();
  const submitted = page.getByRole('dialog', { name: 'Component Submitted Successfully' });
  const requestId = await requestIdIn(submitted);
  await submitted.getByRole('button', { name: 'Close' }).click();

  // The reviewer, in a browser of their own.
  const reviewer = await createAccount('dup-reviewer', 'admin');
  const context = await browser.newContext({ baseURL: stack.origin, viewport: DESKTOP, locale: 'en-GB' });
  try {
    const admin = await context.newPage();
    await apiCall(admin.request, 'POST', '/login', { email: reviewer.email, password: reviewer.password });
    await admin.goto('/app/component-hub/approval-queue');
    const card = admin.getByRole('article').filter({ hasText: requestId });
    await expect(card.getByText('Possible duplicate of:'), 'the warning on the card').toBeVisible();
    await expect(card.getByRole('link', { name: reference })).toHaveAttribute(
      'href',
      `/app/component-hub/components/${existing.componentId}`,
    );
    await checkOtherPage(admin, 'approval-queue-possible-duplicate');
    await card.getByRole('button', { name: /^Approve/ }).click();
    const approving = admin.getByRole('dialog', { name: 'Approve Request' });
    await approving.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(
      approving.getByText('Tick this box to approve: the new part may already be in the catalogue or the queue.'),
      'the confirmation asked for',
    ).toBeVisible();
    await approving.getByText('I checked: this new part is not one of these').click();
    await approving.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(toast(admin, 'Request Approved')).toBeVisible();
  } finally {
    await context.close();
  }

  // They turn out to be one part: merged, the new part's address leads to the one kept.
  const [twin] = (
    await apiCall<{ kind: string; id: number }[]>(adminApi, 'GET', `/components/duplicates?reference=${reference}`)
  ).filter((candidate) => candidate.kind === 'part' && candidate.id !== existing.componentId);
  await apiCall(adminApi, 'POST', `/components/${twin!.id}/merge`, { intoId: existing.componentId });
  await page.goto(`/app/component-hub/components/${twin!.id}`);
  await expect(page).toHaveURL(new RegExp(`/app/component-hub/components/${existing.componentId}$`));
  await expect(page.getByRole('heading', { level: 1, name: reference })).toBeVisible();
  await page.getByRole('tab', { name: 'Version History' }).click();
  await expect(page.getByText(`Merged ${typed} (#${twin!.id}) into this part`)).toBeVisible();
});
