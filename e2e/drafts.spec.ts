import type { Page } from '@playwright/test';
import { expect, logout, test, toast } from './fixtures.ts';

const addForm = (page: Page) => page.getByRole('form', { name: 'Add New Component' });
const leaveQuestion = (page: Page) => page.getByRole('alertdialog', { name: 'Leave without saving?' });

test('add component: leaving by a link, Back or a reload keeps what was typed, and asks first', async ({
  page,
  freshUserAt,
  checkPage,
}) => {
  await freshUserAt('keeper', '/app/component-hub');
  await page.getByRole('navigation').getByRole('link', { name: 'Add New Component' }).click();
  const reference = `E2E-KEEP-${Date.now().toString(36).toUpperCase()}`;
  await addForm(page)
    .getByLabel(/^Reference/)
    .fill(reference);

  // A sidebar link: asked; staying keeps the input.
  await page.getByRole('navigation').getByRole('link', { name: 'Components', exact: true }).click();
  await expect(leaveQuestion(page)).toBeVisible();
  await checkPage('add-component-leave-question');
  await leaveQuestion(page).getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/add-component$/);
  await expect(addForm(page).getByLabel(/^Reference/)).toHaveValue(reference);

  // Back: asked the same way.
  await page.goBack();
  await expect(leaveQuestion(page)).toBeVisible();
  await leaveQuestion(page).getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/add-component$/);
  await expect(addForm(page).getByLabel(/^Reference/)).toHaveValue(reference);

  // A reload: the browser asks (beforeunload), and after it the input is back.
  const asked: string[] = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog.type());
    void dialog.accept();
  });
  await page.reload();
  expect(asked).toEqual(['beforeunload']);
  await expect(toast(page, 'Unsaved input restored')).toBeVisible();
  await expect(addForm(page).getByLabel(/^Reference/)).toHaveValue(reference);

  // Leaving after all: the input is still kept in this browser for the next visit.
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
  await leaveQuestion(page).getByRole('button', { name: 'Leave', exact: true }).click();
  await expect(page).toHaveURL(/\/component-hub$/);
  await page.getByRole('navigation').getByRole('link', { name: 'Add New Component' }).click();
  await expect(addForm(page).getByLabel(/^Reference/)).toHaveValue(reference);
});

test('add component: a draft survives signing out and in, and is submitted from the list', async ({
  page,
  freshUserAt,
  login,
  checkPage,
}) => {
  const account = await freshUserAt('drafter', '/app/component-hub/add-component');
  const reference = `E2E-DRAFT-${Date.now().toString(36).toUpperCase()}`;
  await addForm(page)
    .getByLabel(/^Reference/)
    .fill(reference);
  await addForm(page)
    .getByLabel(/^Class/)
    .selectOption('Relay');
  await addForm(page).getByRole('tab', { name: 'Physical Properties' }).click();
  await addForm(page).getByLabel('Weight (kg)').fill('0.125');
  await page.getByRole('button', { name: 'Save as Draft' }).click();
  await expect(toast(page, 'Draft Saved')).toBeVisible();
  await expect(page).toHaveURL(/\/add-component\?draft=[0-9A-Z]{26}$/);

  await logout(page);
  await login(account);
  const onDashboard = page.getByRole('list', { name: 'Your drafts' });
  await expect(onDashboard.getByText(reference)).toBeVisible();
  await checkPage('dashboard-your-drafts');

  await page.getByRole('navigation').getByRole('link', { name: 'Add New Component' }).click();
  const list = page.getByRole('list', { name: 'Your drafts' });
  await list.getByRole('link', { name: `Open draft ${reference}` }).click();
  await expect(addForm(page).getByLabel(/^Reference/)).toHaveValue(reference);
  await addForm(page).getByRole('tab', { name: 'Physical Properties' }).click();
  await expect(addForm(page).getByLabel('Weight (kg)')).toHaveValue('0.125');
  await checkPage('add-component-draft-open');

  await page.getByRole('button', { name: 'Submit for Review' }).click();
  const submitted = page.getByRole('dialog', { name: 'Component Submitted Successfully' });
  await expect(submitted).toBeVisible();
  await submitted.getByRole('button', { name: 'Close' }).first().click();
  await expect(page).toHaveURL(/\/add-component$/);
  await expect(page.getByRole('list', { name: 'Your drafts' })).toBeHidden();
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('list', { name: 'Pending Approval Requests' }).getByText(reference)).toBeVisible();
});

test('detail: the field-edit dialog asks before a click outside or Escape discards a changed value', async ({
  page,
  freshUserAt,
  checkPage,
}) => {
  await freshUserAt('editor', '/app/component-hub/components');
  const first = page.getByRole('table', { name: 'Components' }).locator('tbody tr').first();
  await first.getByRole('link', { name: /^View / }).click();
  await expect(page).toHaveURL(/\/components\/\d+$/);
  const details = page.getByRole('tabpanel', { name: 'Details' });

  await details.getByRole('button', { name: 'Edit Description' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Description' });
  await edit.getByLabel('New value').fill('Typed, not yet sent');
  // A click outside the dialog: asked, and staying keeps the value.
  await page.mouse.click(5, 5);
  const question = page.getByRole('alertdialog', { name: 'Discard your change?' });
  await expect(question).toBeVisible();
  await checkPage('edit-dialog-discard-question');
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(question).toBeHidden();
  await expect(edit.getByLabel('New value')).toHaveValue('Typed, not yet sent');

  // Escape: asked the same way; discarding closes the dialog.
  await edit.getByLabel('New value').press('Escape');
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Discard' }).click();
  await expect(edit).toBeHidden();

  // Nothing changed: Escape closes at once.
  await details.getByRole('button', { name: 'Edit Description' }).click();
  await expect(edit).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();
  await expect(question).toBeHidden();
});
