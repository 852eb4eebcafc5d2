import type { Locator, Page } from '@playwright/test';
import { apiCall, expect, logout, test, toast } from '../fixtures.ts';
import { pdf, requestIdIn, tab, upload } from '../support/component-page.ts';

/** The file input of one of the add form's file widgets. */
const fileInput = (page: Page, label: string) => page.locator(`input[type="file"][aria-label="${label}"]`);

/** The queue's card for one request. */
const requestCard = (page: Page, requestId: string): Locator =>
  page.getByRole('article').filter({ hasText: requestId });

/** The bell, whatever its unread count says. */
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ });

/*
 * On the seeded stack: the dashboard shows the five newest pending requests of everybody, so no
 * other journey may submit requests while this one counts its own there.
 */
test('approvals: a user submits a new component (with a datasheet and a draft), an edit, a deletion and an upload; the admin sees them on the dashboard and in the queue, approves the edit and the upload, rejects the others with notes; the user follows the notifications to the new version and the published file', async ({
  page,
  stack,
  freshUser,
  login,
  checkPage,
}) => {
  const account = await freshUser('submitter');
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
  const reference = `E2E-${stamp}`;

  // The user opens Add New Component; Reference and Class are required.
  await page.goto('/app/component-hub');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Add New Component' }).click();
  await expect(page).toHaveURL(/\/app\/component-hub\/add-component$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add New Component' })).toBeVisible();
  await expect(page.getByText('Submit a new component to the database'), 'the subtitle').toBeVisible();
  await expect(page.getByText(/Only Reference and Class are required\./), 'the yellow notice').toBeVisible();
  await page.getByRole('tab', { name: 'Tooling' }).click();
  await page.getByRole('button', { name: 'Submit for Review' }).click();
  await expect(page.getByText('Reference is required')).toBeVisible();
  await expect(page.getByText('Class is required')).toBeVisible();
  await expect(
    page.getByRole('tab', { name: /^Basic Information/, selected: true }),
    'the Basic Information tab, where the errors are',
  ).toBeVisible();
  await checkPage('add-component-required');

  await page.getByRole('textbox', { name: /^Reference/ }).fill(reference);
  await page.getByRole('combobox', { name: /^Class/ }).selectOption('Relay');
  await page.getByRole('combobox', { name: 'Manufacturer' }).selectOption('Siemens');
  await page.getByLabel('Description').fill('Auxiliary relay, 24 V DC coil, submitted by the browser test');
  await page.getByRole('tab', { name: 'Physical Properties' }).click();
  await expect(page.getByLabel('Weight (kg)'), "the weight input's step").toHaveAttribute('step', '0.001');
  await page.getByLabel('Width (mm)').fill('22.5');
  await page.getByLabel('Weight (kg)').fill('0.125');

  // Files: the datasheet takes PDFs only; a PDF goes up through the presigned upload.
  await page.getByRole('tab', { name: 'Files & Documents' }).click();
  await fileInput(page, 'Data Sheet').setInputFiles({
    name: 'photo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not really a png'),
  });
  await expect(toast(page, 'Invalid file type', 'Only PDF files are supported')).toBeVisible();
  await fileInput(page, 'Data Sheet').setInputFiles({
    name: 'relay-datasheet.pdf',
    mimeType: 'application/pdf',
    buffer: pdf,
  });
  await expect(toast(page, 'File selected', 'relay-datasheet.pdf has been selected successfully.')).toBeVisible();
  await checkPage('add-component-files');

  // Save as Draft, leave, come back and open it from the list: the form is as it was.
  await page.getByRole('button', { name: 'Save as Draft' }).click();
  await expect(toast(page, 'Draft Saved')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/app\/component-hub\/components$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Component Database' }),
    'the component list after Cancel',
  ).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Add New Component' }).click();
  await page
    .getByRole('list', { name: 'Your drafts' })
    .getByRole('link', { name: `Open draft ${reference}` })
    .click();
  await expect(page.getByRole('textbox', { name: /^Reference/ }), 'the restored Reference').toHaveValue(reference);
  await page.getByRole('tab', { name: 'Physical Properties' }).click();
  await expect(page.getByLabel('Weight (kg)'), 'the restored weight').toHaveValue('0.125');
  await page.getByRole('tab', { name: 'Files & Documents' }).click();
  await expect(page.getByText('relay-datasheet.pdf', { exact: true }), 'the restored datasheet name').toBeVisible();

  await page.getByRole('button', { name: 'Submit for Review' }).click();
  const submitted = page.getByRole('dialog', { name: 'Component Submitted Successfully' });
  await expect(submitted).toBeVisible();
  const newRequestId = await requestIdIn(submitted);
  await checkPage('add-component-submitted');
  await submitted.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('textbox', { name: /^Reference/ }), 'the form after submitting').toHaveValue('');

  // On an existing part's page: an edit, a deletion request and an upload.
  const [component] = await apiCall<{ id: number; reference: string; description: string | null; version: number }[]>(
    page.request,
    'GET',
    '/components?limit=1&offset=0',
  );
  expect(component, 'the demo catalogue has a component to edit').toBeDefined();
  const componentPath = `/component-hub/components/${component!.id}`;
  await page.goto(`/app${componentPath}`);
  await expect(
    page.getByRole('heading', { level: 1, name: component!.reference }),
    `the page of '${component!.reference}'`,
  ).toBeVisible();
  const proposed = `Checked by e2e ${stamp}`;
  await page.getByRole('tabpanel', { name: 'Details' }).getByRole('button', { name: 'Edit Description' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Description' });
  await edit.getByLabel('New value').fill(proposed);
  await edit.getByRole('button', { name: 'Submit for Approval' }).click();
  await expect(toast(page, 'Update Submitted', 'Your changes have been submitted for approval.')).toBeVisible();

  await page.getByRole('button', { name: 'Delete Component' }).click();
  await page
    .getByRole('alertdialog', { name: 'Confirm Deletion' })
    .getByRole('button', { name: 'Delete', exact: true })
    .click();
  const deleted = page.getByRole('dialog', { name: 'Delete Request Submitted' });
  const deleteRequestId = await requestIdIn(deleted);
  await deleted.getByRole('button', { name: 'Close' }).click();

  await tab(page, 'Attachments').click();
  const fileName = `wiring-${stamp.toLowerCase()}.pdf`;
  await upload(page, { name: fileName, mimeType: 'application/pdf', buffer: pdf });
  const fileSubmitted = page.getByRole('dialog', { name: 'File Submitted Successfully' });
  const uploadRequestId = await requestIdIn(fileSubmitted);
  await fileSubmitted.getByRole('button', { name: 'Close' }).click();
  const attachments = page.getByRole('tabpanel', { name: 'Attachments' });
  await expect(
    attachments
      .getByRole('list', { name: 'Pending Approval' })
      .getByRole('listitem')
      .filter({ hasText: fileName })
      .getByText('Pending', { exact: true }),
    `the 'Pending' badge on ${fileName}`,
  ).toBeVisible();
  await logout(page);

  // The admin: told by the bell, sees the four requests on the dashboard, reviews them in the queue.
  await login(stack.admin);
  await expect(
    page.getByRole('button', { name: /^Notifications, \d+ unread$/ }),
    'unread notifications for the admin',
  ).toBeVisible();
  const admin = await apiCall<{ username: string | null; email: string }>(page.request, 'GET', '/user');
  const reviewer = `Reviewed by: ${admin.username || admin.email}`;
  const pendingCard = page
    .getByRole('list', { name: 'Pending Approval Requests' })
    .getByRole('listitem')
    .filter({ hasText: `Submitted by ${account.username}` });
  await expect(pendingCard.first(), "the user's requests under 'Pending Approval Requests'").toBeVisible();
  await expect(pendingCard, "the user's pending requests on the dashboard").toHaveCount(4);
  // The request labels, and a deletion called what it is.
  for (const [label, count] of [
    ['New Component', 1],
    ['Component Edit', 1],
    ['New Attachment', 1],
    ['Component Deletion', 1],
  ] as const) {
    await expect(
      pendingCard.filter({ has: page.getByText(label, { exact: true }) }),
      `'${label}' on the dashboard`,
    ).toHaveCount(count);
  }
  await checkPage('dashboard-pending-requests');
  await pendingCard.first().getByRole('link', { name: 'Review' }).click();
  await expect(page).toHaveURL(/\/app\/component-hub\/approval-queue$/);
  await expect(page.getByText('Review and approve component change requests'), 'the queue subtitle').toBeVisible();

  const newCard = requestCard(page, newRequestId);
  const editCard = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: 'Component Edit' }) })
    .filter({ hasText: proposed });
  const deleteCard = requestCard(page, deleteRequestId);
  const uploadCard = requestCard(page, uploadRequestId);
  await expect(newCard.getByRole('heading', { name: 'New Component' }), 'the new component request').toBeVisible();
  // The card names the part twice: on its Part line and among the proposed component's details.
  await expect(
    newCard.getByRole('region', { name: 'Component details' }).getByText(reference, { exact: true }),
    'the new reference among the proposed details',
  ).toBeVisible();
  await expect(
    newCard.getByText(`Part: ${reference}`, { exact: true }),
    'the new reference on its Part line',
  ).toBeVisible();
  await expect(
    newCard.getByText('relay-datasheet.pdf', { exact: true }),
    'the datasheet on the new component card',
  ).toBeVisible();
  await expect(newCard.getByText(`Submitted by: ${account.username}`, { exact: true }), 'the submitter').toBeVisible();
  const changes = editCard.getByRole('region', { name: 'Proposed changes' });
  await expect(changes.getByText('Description', { exact: true }), 'the edited field').toBeVisible();
  await expect(changes.getByText(proposed, { exact: true }), 'the proposed value').toBeVisible();
  await expect(
    changes.getByText(component!.description ?? '(empty)', { exact: true }),
    'the current value',
  ).toBeVisible();
  await expect(deleteCard.getByRole('heading', { name: 'Component Deletion' }), 'the deletion request').toBeVisible();
  await expect(
    deleteCard.getByRole('region', { name: 'Deletion' }).getByText(component!.reference).first(),
    'the part the deletion would remove',
  ).toBeVisible();
  await expect(uploadCard.getByRole('heading', { name: 'New Attachment' }), 'the upload request').toBeVisible();
  const download = uploadCard.getByRole('region', { name: 'Attachment' }).getByRole('link', { name: fileName });
  await expect(download, 'the download link of the uploaded file').toBeVisible();
  const downloaded = await page.request.get(new URL((await download.getAttribute('href')) ?? '', stack.origin).href);
  expect(downloaded.ok(), 'the pending upload downloads for the admin').toBe(true);
  expect((await downloaded.body()).subarray(0, 5).toString(), 'the downloaded bytes').toBe('%PDF-');
  await checkPage('approval-queue-pending');

  // Approve the edit without notes and the upload with notes; reject the new component and the deletion with notes.
  const review = async (card: Locator, decision: 'Approve' | 'Reject', notes?: string) => {
    await card.getByRole('button', { name: new RegExp(`^${decision}`) }).click();
    const dialog =
      decision === 'Approve'
        ? page.getByRole('dialog', { name: 'Approve Request' })
        : page.getByRole('alertdialog', { name: 'Reject Request' });
    if (notes) await dialog.getByLabel('Review Notes').fill(notes);
    if (decision === 'Approve' && !notes) await checkPage('approval-queue-approve-dialog');
    await dialog.getByRole('button', { name: decision, exact: true }).click();
    const [title, description] =
      decision === 'Approve' ? ['Request Approved', 'approved'] : ['Request Rejected', 'rejected'];
    await expect(toast(page, title, `The request has been ${description} successfully.`)).toBeVisible();
    await expect(card, `the ${description} request in the pending list`).toBeHidden();
  };
  const uploadNotes = 'Wiring diagram checked against the panel drawings.';
  const newNotes = 'Duplicate of an existing part: please edit that one instead.';
  const deleteNotes = 'Still fitted in line 3: keep it in the catalogue.';
  await review(editCard, 'Approve');
  await review(uploadCard, 'Approve', uploadNotes);
  await review(newCard, 'Reject', newNotes);
  await review(deleteCard, 'Reject', deleteNotes);

  await page.getByRole('tab', { name: 'Approved' }).click();
  await expect(
    editCard.getByRole('region', { name: 'Review' }).getByText('No notes provided'),
    "'No notes provided' on the approved edit",
  ).toBeVisible();
  await expect(
    uploadCard.getByRole('region', { name: 'Review' }).getByText(uploadNotes),
    'the notes on the approved upload',
  ).toBeVisible();
  await expect(
    editCard.getByRole('region', { name: 'Proposed changes' }).getByText('Previous', { exact: true }),
    "the approved edit's old value called 'Previous'",
  ).toBeVisible();
  for (const card of [editCard, uploadCard]) {
    await expect(card.getByText(reviewer, { exact: true }), 'the reviewer on an approved request').toBeVisible();
    await expect(card.getByText('Approved', { exact: true }), 'the Approved badge').toBeVisible();
  }
  await checkPage('approval-queue-approved');
  await page.getByRole('tab', { name: 'Rejected' }).click();
  await expect(
    newCard.getByRole('region', { name: 'Review' }).getByText(newNotes),
    'the notes on the rejected new component',
  ).toBeVisible();
  await expect(
    deleteCard.getByRole('region', { name: 'Review' }).getByText(deleteNotes),
    'the notes on the rejected deletion',
  ).toBeVisible();
  for (const card of [newCard, deleteCard]) {
    await expect(card.getByText(reviewer, { exact: true }), 'the reviewer on a rejected request').toBeVisible();
    await expect(card.getByText('Rejected', { exact: true }), 'the Rejected badge').toBeVisible();
  }
  await checkPage('approval-queue-rejected');
  await logout(page);

  // The user: four unread notifications; the approved edit leads to the part, with the new version and the published file.
  await login(account);
  await expect(page.getByRole('button', { name: 'Notifications, 4 unread' }), "the bell's '4 unread'").toBeVisible();
  await bell(page).click();
  const list = page.getByRole('list', { name: 'Notifications' });
  const note = (title: string, text: string) =>
    list.getByRole('listitem').filter({ hasText: title }).filter({ hasText: text });
  const editNote = note('Request approved', 'Your edit request');
  const uploadNote = note(
    'Request approved',
    `Your attachment request for ${component!.reference} (${fileName}) was approved: ${uploadNotes}`,
  );
  const newNote = note('Request rejected', `Your new component request for ${reference} was rejected: ${newNotes}`);
  const deleteNote = note(
    'Request rejected',
    `Your deletion request for ${component!.reference} was rejected: ${deleteNotes}`,
  );
  await expect(editNote, 'the approved edit notification').toBeVisible();
  await expect(uploadNote, "the approved upload notification, with the reviewer's notes").toBeVisible();
  await expect(newNote, "the rejected new component notification, with the reviewer's notes").toBeVisible();
  await expect(deleteNote, "the rejected deletion notification, with the reviewer's notes").toBeVisible();
  await checkPage('notifications');

  await editNote
    .getByRole('button', { name: /Request approved/ })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/app${componentPath}$`));
  await expect(
    page.getByRole('button', { name: 'Notifications, 3 unread' }),
    "the bell's '3 unread' after reading one",
  ).toBeVisible();
  await expect(
    page.getByRole('tabpanel', { name: 'Details' }).getByText(proposed, { exact: true }),
    'the approved description on the page',
  ).toBeVisible();

  await tab(page, 'Version History').click();
  const history = page.getByRole('table', { name: 'Version History' });
  const version = component!.version + 1;
  await expect(
    history.locator('tbody tr').first().getByText(`v${version}`, { exact: true }),
    `the new version v${version} first in the history`,
  ).toBeVisible();
  await history.getByRole('button', { name: `Show changes of version ${version}` }).click();
  const changed = history.locator('tr[id$="-changes"]');
  await expect(changed.getByText('Description', { exact: true }), 'the changed field in the new version').toBeVisible();
  await expect(
    changed.getByText(component!.description ?? '(empty)', { exact: true }),
    'the previous value',
  ).toBeVisible();
  await expect(changed.getByText(proposed, { exact: true }), 'the new value').toBeVisible();
  await checkPage('component-history-approved-edit');

  await tab(page, 'Attachments').click();
  await expect(
    attachments
      .getByRole('list', { name: 'Documents & Datasheets' })
      .getByRole('listitem')
      .filter({ hasText: fileName }),
    'the approved upload among the documents',
  ).toBeVisible();
  await expect(
    attachments.getByRole('list', { name: 'Pending Approval' }).getByRole('listitem').filter({ hasText: fileName }),
    'the approved upload among the pending files',
  ).toHaveCount(0);
  await checkPage('component-attachments-approved');

  // Delete the rejected notifications; they stay gone after a reload.
  await bell(page).click();
  for (const rejected of [newNote, deleteNote]) {
    await rejected.getByRole('button', { name: 'Delete notification: Request rejected' }).click();
    await expect(rejected, 'a deleted notification').toBeHidden();
  }
  await expect(
    page.getByRole('button', { name: 'Notifications, 1 unread' }),
    "the bell's '1 unread' after deleting the unread rejections",
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await page.reload();
  await bell(page).click();
  await expect(editNote, 'the read notification after a reload').toBeVisible();
  await expect(
    list.getByRole('listitem').filter({ hasText: 'Request rejected' }),
    'the deleted notifications after a reload',
  ).toHaveCount(0);
});
