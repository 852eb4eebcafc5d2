import { apiCall, DESKTOP, expect, test, toast } from './fixtures.ts';

/*
 * The admin dashboard's Classes tab: two spellings of one class are shown as one class, a merge of
 * them is filed for review and waits in the approval queue saying what it would move, and a
 * rename to the same name is refused before it is sent. The journey rejects its merge: the shared
 * stack's other journeys choose default classes on the Add form, which an approved change would
 * replace with the kept list (the integration tests approve changes, the web tests show the Add
 * form offering the kept list).
 */
test.use({ role: 'admin' });

test('classes: spellings of one class grouped, a merge filed for review and rejected, a rename to the same name refused', async ({
  page,
  adminApi,
  checkPage,
}) => {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
  const kept = `${stamp} Signal lamp`;
  const variant = `${stamp.toLowerCase()}-signal-lamps`;
  for (const [index, componentClass] of [kept, variant].entries()) {
    const { requestId } = await apiCall<{ requestId: string }>(adminApi, 'POST', '/components', {
      reference: `CLS-${stamp}-${index}`,
      class: componentClass,
      manufacturer: 'Signal Works',
    });
    await apiCall(adminApi, 'PATCH', `/approval-requests/${requestId}`, { status: 'approved' });
  }

  await page.setViewportSize(DESKTOP);
  await page.goto('/app/component-hub/admin#classes');
  await expect(page.getByRole('tab', { name: 'Classes', selected: true })).toBeVisible();
  const all = page.getByRole('region', { name: /^All classes/ });
  await expect(all.getByText(kept, { exact: true })).toBeVisible();
  await expect(all.getByText(variant, { exact: true })).toBeVisible();

  // A rename to the name it has is refused in the dialog, and nothing is sent.
  await page.getByRole('button', { name: `Rename ${kept}` }).click();
  const rename = page.getByRole('dialog', { name: 'Rename Class' });
  await expect(rename.getByLabel(/^New name/)).toHaveValue(kept);
  await rename.getByRole('button', { name: 'Submit for Review' }).click();
  await expect(rename.getByText('The new name is the same as the old one')).toBeVisible();
  await rename.getByRole('button', { name: 'Cancel' }).click();
  await expect(rename).toBeHidden();

  const group = page.getByRole('region', { name: 'Likely the same class' });
  await group.getByRole('button', { name: new RegExp(`^Merge .*${stamp}`, 'i') }).click();
  const merge = page.getByRole('dialog', { name: 'Merge Classes' });
  await expect(merge.getByRole('list', { name: 'Classes to merge' }).getByRole('listitem')).toHaveCount(2);
  await merge.getByLabel(/^Name of the merged class/).fill(kept);
  await checkPage('admin-classes-merge');
  await merge.getByRole('button', { name: 'Submit for Review' }).click();
  const submitted = page.getByRole('dialog', { name: 'Class Change Submitted' });
  const requestId = (await submitted.getByTestId('request-id').textContent())!.trim();
  expect(requestId).toMatch(/^[0-9A-Z]{26}$/);
  await submitted.getByRole('button', { name: 'Close' }).first().click();
  const waiting = page.getByRole('region', { name: 'Waiting for review' });
  await expect(waiting.getByText(new RegExp(`^Merge the classes .*${stamp}.* into '${kept}'$`, 'i'))).toBeVisible();
  await checkPage('admin-classes');

  await page.goto('/app/component-hub/approval-queue');
  const card = page.getByRole('article', { name: 'Class Change' }).filter({ hasText: requestId });
  await expect(card.getByRole('region', { name: 'Proposed change' })).toContainText(`'${variant}': 1 part when filed`);
  await checkPage('queue-class-change');
  await card.getByRole('button', { name: `Reject class change request ${requestId}` }).click();
  await page.getByRole('alertdialog', { name: 'Reject Request' }).getByRole('button', { name: 'Reject' }).click();
  await expect(toast(page, 'Request Rejected')).toBeVisible();

  // Nothing moved: both spellings keep their part.
  const list = await apiCall<{ classes: { name: string; parts: number }[]; pending: { id: string }[] }>(
    adminApi,
    'GET',
    '/admin/classes',
  );
  expect(list.pending.map((request) => request.id)).not.toContain(requestId);
  expect(list.classes.filter((entry) => entry.name === kept || entry.name === variant)).toEqual([
    expect.objectContaining({ parts: 1 }),
    expect.objectContaining({ parts: 1 }),
  ]);
});
