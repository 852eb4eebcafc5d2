import type { BrowserContext, Locator, Page } from 'playwright-core';
import { createAccount } from '../accounts.ts';
import { expectEqual, expectHidden, expectUrl, expectValue, expectVisible, toast, type Journey } from '../harness.ts';
import { pdf, requestIdIn, tab, upload } from './detail.ts';

const logout = async (page: Page) => {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expectUrl(page, /\/app\/auth$/);
};

/** The file input of one of the add form's file widgets. */
const fileInput = (page: Page, label: string) => page.locator(`input[type="file"][aria-label="${label}"]`);

/** An API call in the browser's session (its cookies), with the CSRF token the way the SPA sends it. */
export const apiCall = async <T>(
  context: BrowserContext,
  origin: string,
  method: 'GET' | 'PATCH' | 'POST',
  path: string,
  data?: unknown,
): Promise<T> => {
  const headers: Record<string, string> = {};
  if (method !== 'GET') {
    const csrf = await context.request.get(`${origin}/api/csrf-token`);
    headers['x-csrf-token'] = ((await csrf.json()) as { token: string }).token;
  }
  const response = await context.request.fetch(`${origin}/api${path}`, { method, headers, data });
  if (!response.ok()) throw new Error(`${method} /api${path} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
};

/** The queue's card for one request. */
export const requestCard = (page: Page, requestId: string): Locator =>
  page.getByRole('article').filter({ hasText: requestId });

/** The bell, whatever its unread count says. */
export const bell = (page: Page) => page.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ });

export const approvalsJourneys: Journey[] = [
  {
    name: 'approvals: a user submits a new component (with a datasheet and a draft), an edit, a deletion and an upload; the admin sees them on the dashboard and in the queue, approves the edit and the upload, rejects the others with notes; the user follows the notifications to the new version and the published file',
    run: async ({ page, context, stack, url, login, checkPage }) => {
      const account = await createAccount(stack, 'submitter');
      const stamp = Date.now().toString(36).toUpperCase();
      const reference = `E2E-${stamp}`;

      // The user opens Add New Component; Reference and Class are required.
      await login(account);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Add New Component' }).click();
      await expectUrl(page, /\/app\/component-hub\/add-component$/);
      await expectVisible(
        page.getByRole('heading', { level: 1, name: 'Add New Component' }),
        "the heading 'Add New Component'",
      );
      await expectVisible(page.getByText('Submit a new component to the database'), 'the subtitle');
      await expectVisible(page.getByText(/Only Reference and Class are required\./), 'the yellow notice');
      await page.getByRole('tab', { name: 'Tooling' }).click();
      await page.getByRole('button', { name: 'Submit for Review' }).click();
      await expectVisible(page.getByText('Reference is required'), "'Reference is required'");
      await expectVisible(page.getByText('Class is required'), "'Class is required'");
      await expectVisible(
        page.getByRole('tab', { name: /^Basic Information/, selected: true }),
        'the Basic Information tab, where the errors are',
      );
      await checkPage('add-component-required');

      await page.getByRole('textbox', { name: /^Reference/ }).fill(reference);
      await page.getByRole('combobox', { name: /^Class/ }).selectOption('Relay');
      await page.getByRole('combobox', { name: 'Manufacturer' }).selectOption('Siemens');
      await page.getByLabel('Description').fill('Auxiliary relay, 24 V DC coil, submitted by the browser test');
      await page.getByRole('tab', { name: 'Physical Properties' }).click();
      expectEqual(await page.getByLabel('Weight (kg)').getAttribute('step'), '0.001', "the weight input's step");
      await page.getByLabel('Width (mm)').fill('22.5');
      await page.getByLabel('Weight (kg)').fill('0.125');

      // Files: the datasheet takes PDFs only; a PDF goes up through the presigned upload.
      await page.getByRole('tab', { name: 'Files & Documents' }).click();
      await fileInput(page, 'Data Sheet').setInputFiles({
        name: 'photo.png',
        mimeType: 'image/png',
        buffer: Buffer.from('not really a png'),
      });
      await expectVisible(
        toast(page, 'Invalid file type', 'Only PDF files are supported'),
        "'Invalid file type' / 'Only PDF files are supported'",
      );
      await fileInput(page, 'Data Sheet').setInputFiles({
        name: 'relay-datasheet.pdf',
        mimeType: 'application/pdf',
        buffer: pdf,
      });
      await expectVisible(
        toast(page, 'File selected', 'relay-datasheet.pdf has been selected successfully.'),
        "'File selected' / 'relay-datasheet.pdf has been selected successfully.'",
      );
      await checkPage('add-component-files');

      // Save as Draft, leave, come back: the form is as it was.
      await page.getByRole('button', { name: 'Save as Draft' }).click();
      await expectVisible(toast(page, 'Draft Saved'), "the toast 'Draft Saved'");
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expectUrl(page, /\/app\/component-hub\/components$/);
      await expectVisible(
        page.getByRole('heading', { level: 1, name: 'Component Database' }),
        'the component list after Cancel',
      );
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Add New Component' }).click();
      await expectVisible(
        toast(page, 'Draft Restored', 'Your saved draft has been restored.'),
        "the toast 'Draft Restored'",
      );
      await expectValue(page.getByRole('textbox', { name: /^Reference/ }), reference, 'the restored Reference');
      await page.getByRole('tab', { name: 'Physical Properties' }).click();
      await expectValue(page.getByLabel('Weight (kg)'), '0.125', 'the restored weight');
      await page.getByRole('tab', { name: 'Files & Documents' }).click();
      await expectVisible(page.getByText('relay-datasheet.pdf', { exact: true }), 'the restored datasheet name');

      await page.getByRole('button', { name: 'Submit for Review' }).click();
      const submitted = page.getByRole('dialog', { name: 'Component Submitted Successfully' });
      await expectVisible(submitted, "the dialog 'Component Submitted Successfully'");
      const newRequestId = ((await submitted.getByTestId('request-id').textContent()) ?? '').trim();
      if (!/^[0-9A-Z]{26}$/.test(newRequestId))
        throw new Error(`expected a request id in the dialog, got '${newRequestId}'`);
      await checkPage('add-component-submitted');
      await submitted.getByRole('button', { name: 'Close' }).click();
      await expectValue(page.getByRole('textbox', { name: /^Reference/ }), '', 'the form after submitting');

      // On an existing part's page: an edit, a deletion request and an upload.
      const [component] = await apiCall<
        { id: number; reference: string; description: string | null; version: number }[]
      >(context, stack.origin, 'GET', '/components?limit=1&offset=0');
      if (!component) throw new Error('expected the demo catalogue to have a component to edit');
      const componentPath = `/component-hub/components/${component.id}`;
      await page.goto(url(componentPath));
      await expectVisible(
        page.getByRole('heading', { level: 1, name: component.reference }),
        `the page of '${component.reference}'`,
      );
      const proposed = `Checked by e2e ${stamp}`;
      await page.getByRole('tabpanel', { name: 'Details' }).getByRole('button', { name: 'Edit Description' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Description' });
      await edit.getByLabel('New value').fill(proposed);
      await edit.getByRole('button', { name: 'Submit for Approval' }).click();
      await expectVisible(
        toast(page, 'Update Submitted', 'Your changes have been submitted for approval.'),
        "'Update Submitted'",
      );

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
      await expectVisible(
        attachments
          .getByRole('list', { name: 'Pending Approval' })
          .getByRole('listitem')
          .filter({ hasText: fileName })
          .getByText('Pending', { exact: true }),
        `the 'Pending' badge on ${fileName}`,
      );
      await logout(page);

      // The admin: told by the bell, sees the four requests on the dashboard, reviews them in the queue.
      await login(stack.admin);
      await expectVisible(
        page.getByRole('button', { name: /^Notifications, \d+ unread$/ }),
        'unread notifications for the admin',
      );
      const admin = await apiCall<{ username: string | null; email: string }>(context, stack.origin, 'GET', '/user');
      const reviewer = `Reviewed by: ${admin.username || admin.email}`;
      const pendingCard = page
        .getByRole('list', { name: 'Pending Approval Requests' })
        .getByRole('listitem')
        .filter({ hasText: `Submitted by ${account.username}` });
      await expectVisible(pendingCard, "the user's requests under 'Pending Approval Requests'");
      expectEqual(await pendingCard.count(), 4, "the user's pending requests on the dashboard");
      // Spec §2's labels, and a deletion called what it is.
      for (const [label, count] of [
        ['New Component', 1],
        ['Component Edit', 1],
        ['New Attachment', 1],
        ['Component Deletion', 1],
      ] as const) {
        expectEqual(
          await pendingCard.filter({ has: page.getByText(label, { exact: true }) }).count(),
          count,
          `'${label}' on the dashboard`,
        );
      }
      await checkPage('dashboard-pending-requests');
      await pendingCard.first().getByRole('link', { name: 'Review' }).click();
      await expectUrl(page, /\/app\/component-hub\/approval-queue$/);
      await expectVisible(page.getByText('Review and approve component change requests'), 'the queue subtitle');

      const newCard = requestCard(page, newRequestId);
      const editCard = page
        .getByRole('article')
        .filter({ has: page.getByRole('heading', { name: 'Component Edit' }) })
        .filter({ hasText: proposed });
      const deleteCard = requestCard(page, deleteRequestId);
      const uploadCard = requestCard(page, uploadRequestId);
      await expectVisible(newCard.getByRole('heading', { name: 'New Component' }), 'the new component request');
      await expectVisible(newCard.getByText(reference, { exact: true }), 'the new reference on its card');
      await expectVisible(
        newCard.getByText('relay-datasheet.pdf', { exact: true }),
        'the datasheet on the new component card',
      );
      await expectVisible(newCard.getByText(`Submitted by: ${account.username}`, { exact: true }), 'the submitter');
      const changes = editCard.getByRole('region', { name: 'Proposed changes' });
      await expectVisible(changes.getByText('Description', { exact: true }), 'the edited field');
      await expectVisible(changes.getByText(proposed, { exact: true }), 'the proposed value');
      await expectVisible(changes.getByText(component.description ?? '(empty)', { exact: true }), 'the current value');
      await expectVisible(deleteCard.getByRole('heading', { name: 'Component Deletion' }), 'the deletion request');
      await expectVisible(
        deleteCard.getByRole('region', { name: 'Deletion' }).getByText(component.reference),
        'the part the deletion would remove',
      );
      await expectVisible(uploadCard.getByRole('heading', { name: 'New Attachment' }), 'the upload request');
      const download = uploadCard.getByRole('region', { name: 'Attachment' }).getByRole('link', { name: fileName });
      await expectVisible(download, 'the download link of the uploaded file');
      const downloaded = await context.request.get(
        new URL((await download.getAttribute('href')) ?? '', stack.origin).href,
      );
      expectEqual(downloaded.ok(), true, 'the pending upload downloads for the admin');
      expectEqual((await downloaded.body()).subarray(0, 5).toString(), '%PDF-', 'the downloaded bytes');
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
        await expectVisible(
          toast(page, title, `The request has been ${description} successfully.`),
          `the toast '${title}'`,
        );
        await expectHidden(card, `the ${description} request in the pending list`);
      };
      const uploadNotes = 'Wiring diagram checked against the panel drawings.';
      const newNotes = 'Duplicate of an existing part: please edit that one instead.';
      const deleteNotes = 'Still fitted in line 3: keep it in the catalogue.';
      await review(editCard, 'Approve');
      await review(uploadCard, 'Approve', uploadNotes);
      await review(newCard, 'Reject', newNotes);
      await review(deleteCard, 'Reject', deleteNotes);

      await page.getByRole('tab', { name: 'Approved' }).click();
      await expectVisible(
        editCard.getByRole('region', { name: 'Review' }).getByText('No notes provided'),
        "'No notes provided' on the approved edit",
      );
      await expectVisible(
        uploadCard.getByRole('region', { name: 'Review' }).getByText(uploadNotes),
        'the notes on the approved upload',
      );
      await expectVisible(
        editCard.getByRole('region', { name: 'Proposed changes' }).getByText('Previous', { exact: true }),
        "the approved edit's old value called 'Previous'",
      );
      for (const card of [editCard, uploadCard]) {
        await expectVisible(card.getByText(reviewer, { exact: true }), 'the reviewer on an approved request');
        await expectVisible(card.getByText('Approved', { exact: true }), 'the Approved badge');
      }
      await checkPage('approval-queue-approved');
      await page.getByRole('tab', { name: 'Rejected' }).click();
      await expectVisible(
        newCard.getByRole('region', { name: 'Review' }).getByText(newNotes),
        'the notes on the rejected new component',
      );
      await expectVisible(
        deleteCard.getByRole('region', { name: 'Review' }).getByText(deleteNotes),
        'the notes on the rejected deletion',
      );
      for (const card of [newCard, deleteCard]) {
        await expectVisible(card.getByText(reviewer, { exact: true }), 'the reviewer on a rejected request');
        await expectVisible(card.getByText('Rejected', { exact: true }), 'the Rejected badge');
      }
      await checkPage('approval-queue-rejected');
      await logout(page);

      // The user: four unread notifications; the approved edit leads to the part, with the new version and the published file.
      await login(account);
      await expectVisible(page.getByRole('button', { name: 'Notifications, 4 unread' }), "the bell's '4 unread'");
      await bell(page).click();
      const list = page.getByRole('list', { name: 'Notifications' });
      const note = (title: string, text: string) =>
        list.getByRole('listitem').filter({ hasText: title }).filter({ hasText: text });
      const editNote = note('Request approved', 'Your edit request');
      const uploadNote = note(
        'Request approved',
        `Your attachment request for ${component.reference} (${fileName}) was approved: ${uploadNotes}`,
      );
      const newNote = note('Request rejected', `Your new component request for ${reference} was rejected: ${newNotes}`);
      const deleteNote = note(
        'Request rejected',
        `Your deletion request for ${component.reference} was rejected: ${deleteNotes}`,
      );
      await expectVisible(editNote, 'the approved edit notification');
      await expectVisible(uploadNote, "the approved upload notification, with the reviewer's notes");
      await expectVisible(newNote, "the rejected new component notification, with the reviewer's notes");
      await expectVisible(deleteNote, "the rejected deletion notification, with the reviewer's notes");
      await checkPage('notifications');

      await editNote
        .getByRole('button', { name: /Request approved/ })
        .first()
        .click();
      await expectUrl(page, new RegExp(`/app${componentPath}$`));
      await expectVisible(
        page.getByRole('button', { name: 'Notifications, 3 unread' }),
        "the bell's '3 unread' after reading one",
      );
      await expectVisible(
        page.getByRole('tabpanel', { name: 'Details' }).getByText(proposed, { exact: true }),
        'the approved description on the page',
      );

      await tab(page, 'Version History').click();
      const history = page.getByRole('table', { name: 'Version History' });
      const version = component.version + 1;
      await expectVisible(
        history.locator('tbody tr').first().getByText(`v${version}`, { exact: true }),
        `the new version v${version} first in the history`,
      );
      await history.getByRole('button', { name: `Show changes of version ${version}` }).click();
      const changed = history.locator('tr[id$="-changes"]');
      await expectVisible(changed.getByText('Description', { exact: true }), 'the changed field in the new version');
      await expectVisible(changed.getByText(component.description ?? '(empty)', { exact: true }), 'the previous value');
      await expectVisible(changed.getByText(proposed, { exact: true }), 'the new value');
      await checkPage('component-history-approved-edit');

      await tab(page, 'Attachments').click();
      await expectVisible(
        attachments
          .getByRole('list', { name: 'Documents & Datasheets' })
          .getByRole('listitem')
          .filter({ hasText: fileName }),
        'the approved upload among the documents',
      );
      expectEqual(
        await attachments
          .getByRole('list', { name: 'Pending Approval' })
          .getByRole('listitem')
          .filter({ hasText: fileName })
          .count(),
        0,
        'the approved upload among the pending files',
      );
      await checkPage('component-attachments-approved');

      // Delete the rejected notifications; they stay gone after a reload.
      await bell(page).click();
      for (const rejected of [newNote, deleteNote]) {
        await rejected.getByRole('button', { name: 'Delete notification: Request rejected' }).click();
        await expectHidden(rejected, 'a deleted notification');
      }
      await expectVisible(
        page.getByRole('button', { name: 'Notifications, 1 unread' }),
        "the bell's '1 unread' after deleting the unread rejections",
      );
      await page.keyboard.press('Escape');
      await page.reload();
      await bell(page).click();
      await expectVisible(editNote, 'the read notification after a reload');
      expectEqual(
        await list.getByRole('listitem').filter({ hasText: 'Request rejected' }).count(),
        0,
        'the deleted notifications after a reload',
      );
    },
  },
];
