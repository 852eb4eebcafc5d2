import type { Page } from '@playwright/test';
import { DESKTOP, MOBILE, closeToast, expect, test, toast } from './fixtures.ts';
import { messages } from '../shared/messages.ts';
import { pdf, png, requestIdIn, tab, upload } from './support/component-page.ts';

const table = (page: Page) => page.getByRole('table', { name: 'Components' });

/** Opens the list with this search and clicks the row of the nth result (0-based); answers the part's reference. */
const openFromList = async (page: Page, search: string, nth = 0): Promise<string> => {
  await page.goto(`/app/component-hub/components?${search}`);
  const row = table(page).locator('tbody tr').nth(nth);
  await expect(row.getByRole('link', { name: /^View / }), 'the loaded results table').toBeVisible();
  const reference = ((await row.locator('td').first().textContent()) ?? '').trim();
  await row.locator('td').nth(2).click();
  await expect(page).toHaveURL(/\/app\/component-hub\/components\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: reference })).toBeVisible();
  return reference;
};

test('detail: open a connector from the list, its tabs, propose an edit, request deletion, upload a PDF and an image, comment, history, related parts, recent on the dashboard', async ({
  page,
  freshUser,
  checkPage,
}) => {
  const account = await freshUser('detail');
  const reference = await openFromList(page, 'class=Connector', 1);
  const detailUrl = page.url();

  // Header, notice, tabs; a connector has the special Details layout.
  await expect(
    page.getByTestId('component-summary').getByText(/Connector/),
    'manufacturer, class and type under the reference',
  ).toBeVisible();
  await expect(
    page.getByText('Component edits require approval before they are published to the database.'),
    'the yellow notice',
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to List' })).toBeVisible();
  for (const name of ['Details', 'Technical Specs', 'Attachments', 'Version History'])
    await expect(tab(page, name), `the '${name}' tab`).toBeVisible();
  const details = page.getByRole('tabpanel', { name: 'Details' });
  for (const section of ['Description', 'Tooling', 'Technical Specifications']) {
    await expect(
      details.getByRole('heading', { name: section, exact: true }),
      `the '${section}' section of a connector`,
    ).toBeVisible();
  }
  await expect(
    details.getByText('Mating Connector P/N'),
    "'Mating Connector P/N' for class 'Connector' (only 'Connectors' shows it)",
  ).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Find Images & Datasheets' })).toBeVisible();
  await expect(page.getByText('Fast, reliable search'), "the Digi-Key button's 'Fast, reliable search'").toBeVisible();
  await expect(page.getByText('Specialized components'), "the Mouser button's 'Specialized components'").toBeVisible();
  await expect(page.getByText('No image available for this component'), 'the empty image area').toBeVisible();
  await checkPage('component-detail');

  // Propose an edit: empty is refused, a value becomes a request.
  await details.getByRole('button', { name: 'Edit Description' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Description' });
  await expect(edit).toBeVisible();
  await edit.getByLabel('New value').fill('   ');
  await edit.getByRole('button', { name: 'Submit for Approval' }).click();
  await expect(toast(page, 'Error', 'Please enter a value')).toBeVisible();
  await checkPage('component-detail-edit');
  const proposed = `Connector checked by the detail journey ${Date.now().toString(36)}`;
  await edit.getByLabel('New value').fill(proposed);
  await edit.getByRole('button', { name: 'Submit for Approval' }).click();
  await expect(toast(page, 'Update Submitted', 'Your changes have been submitted for approval.')).toBeVisible();
  await expect(edit, 'the edit dialog after submitting').toBeHidden();
  await expect(details.getByText(proposed), 'the proposed value on the page before approval').toBeHidden();

  // The Technical tab's five groups.
  await tab(page, 'Technical Specs').click();
  const technical = page.getByRole('tabpanel', { name: 'Technical Specs' });
  for (const group of [
    'Physical Properties',
    'Electrical Specifications',
    'Electrical Properties',
    'Wire Specifications',
    'Tooling',
  ]) {
    await expect(technical.getByRole('heading', { name: group, exact: true }), `the '${group}' group`).toBeVisible();
  }
  await expect(technical.getByRole('button', { name: 'Edit Width (mm)' }), 'a pencil on Width').toBeVisible();

  // Request deletion.
  await page.getByRole('button', { name: 'Delete Component' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Confirm Deletion' });
  await expect(
    confirm.getByText('Are you sure you want to delete this component? This action requires approval.'),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  const deleted = page.getByRole('dialog', { name: 'Delete Request Submitted' });
  await expect(deleted).toBeVisible();
  await requestIdIn(deleted);
  await checkPage('component-detail-delete-submitted');
  await deleted.getByRole('button', { name: 'Close' }).click();
  await expect(deleted, 'the delete dialog after Close').toBeHidden();

  // Uploads: checked in the browser first, then a PDF and a PNG through the presigned flow.
  await tab(page, 'Attachments').click();
  const attachments = page.getByRole('tabpanel', { name: 'Attachments' });
  await upload(page);
  await expect(toast(page, 'No file selected', 'Please select a file to upload')).toBeVisible();
  await upload(page, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('plain text') });
  await expect(toast(page, 'Invalid file type', messages.attachmentTypeInvalid)).toBeVisible();
  await upload(page, {
    name: 'huge.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0x20),
  });
  await expect(toast(page, 'File too large', 'The file size must be less than 10MB')).toBeVisible();
  await checkPage('component-detail-upload-dialog');

  await upload(page, { name: 'wiring-diagram.pdf', mimeType: 'application/pdf', buffer: pdf });
  const fileSubmitted = page.getByRole('dialog', { name: 'File Submitted Successfully' });
  await expect(fileSubmitted).toBeVisible();
  await requestIdIn(fileSubmitted);
  await expect(toast(page, 'Upload Submitted', 'Your file has been submitted for approval.')).toBeVisible();
  await fileSubmitted.getByRole('button', { name: 'Close' }).click();
  await upload(page, { name: 'front-view.png', mimeType: 'image/png', buffer: png });
  await expect(fileSubmitted, "the 'File Submitted Successfully' dialog for the image").toBeVisible();
  await fileSubmitted.getByRole('button', { name: 'Close' }).click();

  const pending = attachments.getByRole('list', { name: 'Pending Approval' }).getByRole('listitem');
  for (const name of ['wiring-diagram.pdf', 'front-view.png']) {
    const item = pending.filter({ hasText: name });
    await expect(item.getByText('Pending', { exact: true }), `the 'Pending' badge on ${name}`).toBeVisible();
    await expect(item.getByText('Awaiting approval'), `'Awaiting approval' on ${name}`).toBeVisible();
  }
  await expect(
    page.getByText('No image available for this component'),
    'no image until the upload is approved',
  ).toBeVisible();
  await checkPage('component-detail-attachments');

  // The uploader may withdraw a pending file.
  await pending.filter({ hasText: 'front-view.png' }).getByRole('button', { name: 'Delete front-view.png' }).click();
  const confirmDelete = page.getByRole('alertdialog', { name: 'Delete Attachment' });
  await expect(
    confirmDelete.getByText('Delete front-view.png? It has not been approved yet; its approval request is closed.'),
    'the confirmation of a pending file',
  ).toBeVisible();
  await confirmDelete.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toast(page, 'Attachment Deleted', 'The attachment has been deleted.')).toBeVisible();
  await expect(pending.filter({ hasText: 'front-view.png' }), 'the deleted attachment').toBeHidden();
  await expect(pending, 'pending attachments after deleting one').toHaveCount(1);

  // Comments: the author defaults to the user's name; an empty comment is refused.
  const comments = page.getByRole('region', { name: 'Comments' });
  await expect(comments.getByLabel('Your name'), 'the default author name').toHaveValue(account.name);
  await comments.getByRole('button', { name: 'Add Comment' }).click();
  await expect(toast(page, 'Empty Comment', 'Please enter a comment before submitting.')).toBeVisible();
  // The toast sits over the card's button (bottom right) and stays while the pointer rests on it.
  await closeToast(page, 'Empty Comment');
  await comments.getByLabel('Your name').fill('Line 3 team');
  await comments
    .getByRole('textbox', { name: 'Comment', exact: true })
    .fill('Used on the line 3 control cabinet; the crimp tool is in drawer 4.');
  await comments.getByRole('button', { name: 'Add Comment' }).click();
  await expect(toast(page, 'Comment Added', 'Your comment has been added successfully.')).toBeVisible();
  const comment = comments.getByRole('listitem').filter({ hasText: 'drawer 4' });
  await expect(comment.getByText('Line 3 team', { exact: true }), 'the comment with its author').toBeVisible();
  await expect(
    comments.getByRole('textbox', { name: 'Comment', exact: true }),
    'the comment box after adding',
  ).toHaveValue('');

  // History: version 1, expandable.
  await tab(page, 'Version History').click();
  const history = page.getByRole('table', { name: 'Version History' });
  await expect(history.getByText('Component created'), 'version 1 in the history').toBeVisible();
  await history.getByRole('button', { name: 'Show changes of version 1' }).click();
  await expect(history.getByText('Reference', { exact: true }), 'the fields of version 1').toBeVisible();
  await expect(
    history.getByText(reference, { exact: true }).first(),
    'the reference among the values of version 1',
  ).toBeVisible();
  await checkPage('component-detail-history');

  // A related part opens its own page; the dashboard lists both, newest first.
  const related = page.getByRole('region', { name: 'Related Components' }).getByRole('link');
  await expect(related.first(), 'a related component').toBeVisible();
  const relatedReference = ((await related.first().textContent()) ?? '').trim();
  await related.first().click();
  await expect(
    page.getByRole('heading', { level: 1, name: relatedReference }),
    `the related part '${relatedReference}'`,
  ).toBeVisible();
  expect(page.url(), 'the related link leads to another part').not.toBe(detailUrl);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  const recent = page.getByRole('region', { name: 'Recent Components' }).getByRole('listitem');
  await expect(
    recent.filter({ hasText: relatedReference }),
    'the related part among the recent components',
  ).toBeVisible();
  await expect(recent.filter({ hasText: reference }), 'the first part among the recent components').toBeVisible();
  await expect(recent.first(), 'the last viewed part first').toContainText(relatedReference);
  await recent
    .filter({ hasText: reference })
    .getByRole('link', { name: `View ${reference}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`${new URL(detailUrl).pathname}$`));
  await page.getByRole('link', { name: 'Back to List' }).click();
  await expect(page).toHaveURL(/\/app\/component-hub\/components$/);
});

test('detail: Digi-Key and Mouser buttons find a photo and a datasheet for a part (local emulator), at 375 px too', async ({
  page,
  freshUser,
  checkPage,
}) => {
  await freshUser('distributor');
  const reference = await openFromList(page, 'query=PKZM0', 2);
  await expect(page.getByText('No image available for this component'), 'no image before the search').toBeVisible();

  const digikey = page.getByRole('button', { name: /^Search Digi-Key|^Digi-Key:/ });
  await digikey.click();
  await expect(
    page.getByRole('button', { name: /^Digi-Key: Searching\.\.\./ }),
    "the Digi-Key button 'Searching...'",
  ).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Digi-Key search progress' }), 'the progress bar').toBeVisible();
  await expect(
    toast(page, 'Digi-Key search completed', `Found and downloaded result for ${reference} (with datasheet)`),
    "'Digi-Key search completed' with the datasheet",
  ).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: /^Digi-Key: Search complete/ }), 'the success state').toBeVisible();
  await expect(
    page.getByRole('img', { name: new RegExp(`^${reference}: `) }),
    "the part's photo in the image area",
  ).toBeVisible();
  await expect(
    page.getByRole('button', { name: /^Search Digi-Key/ }),
    'the Digi-Key button idle again 2 s later',
  ).toBeVisible();
  await checkPage('component-detail-distributor-image');

  await page.getByRole('tab', { name: /^Attachments/ }).click();
  const attachments = page.getByRole('tabpanel', { name: 'Attachments' });
  await expect(
    attachments.getByRole('list', { name: 'Images' }).getByRole('listitem').first(),
    'the photo among the images',
  ).toBeVisible();
  await expect(
    attachments.getByRole('list', { name: 'Documents & Datasheets' }).getByRole('link', { name: /datasheet\.pdf$/ }),
    'the datasheet among the documents',
  ).toBeVisible();

  // Mouser on a phone: the same flow.
  await page.setViewportSize(MOBILE);
  await page.getByRole('button', { name: /^Search Mouser/ }).click();
  await expect(
    toast(page, 'Mouser search completed').or(toast(page, `No results found for ${reference}`)),
    "the Mouser search's result",
  ).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: /^Search Mouser/ }), 'the Mouser button idle again').toBeVisible();
  await page.setViewportSize(DESKTOP);
});
