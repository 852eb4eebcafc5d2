import type { BrowserContext, Locator, Page } from 'playwright-core';
import { createAccount } from '../accounts.ts';
import { expectEqual, expectHidden, expectUrl, expectValue, expectVisible, toast, type Journey } from '../harness.ts';

const logout = async (page: Page) => {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expectUrl(page, /\/app\/auth$/);
};

/** A small real PDF, for the datasheet widget. */
const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** The file input of one of the add form's file widgets. */
const fileInput = (page: Page, label: string) => page.locator(`input[type="file"][aria-label="${label}"]`);

/** An API call in the browser's session (its cookies), with the CSRF token the way the SPA sends it. */
const apiCall = async <T>(context: BrowserContext, origin: string, method: 'GET' | 'PATCH', path: string, data?: unknown): Promise<T> => {
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
const requestCard = (page: Page, requestId: string): Locator => page.getByRole('article').filter({ hasText: requestId });

/** The bell, whatever its unread count says. */
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ });

export const approvalsJourneys: Journey[] = [
  {
    name: 'approvals: a user submits a new component (with a datasheet and a draft) and an edit; the admin approves one and rejects one with notes; the user reads and deletes the notifications',
    run: async ({ page, context, stack, login, checkPage }) => {
      const account = await createAccount(stack, 'submitter');
      const stamp = Date.now().toString(36).toUpperCase();
      const reference = `E2E-${stamp}`;

      // The user opens Add New Component; Reference and Class are required.
      await login(account);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Add New Component' }).click();
      await expectUrl(page, /\/app\/component-hub\/add-component$/);
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Add New Component' }), "the heading 'Add New Component'");
      await expectVisible(page.getByText('Submit a new component to the database'), 'the subtitle');
      await expectVisible(page.getByText(/Only Reference and Class are required\./), 'the yellow notice');
      await page.getByRole('tab', { name: 'Tooling' }).click();
      await page.getByRole('button', { name: 'Submit for Review' }).click();
      await expectVisible(page.getByText('Reference is required'), "'Reference is required'");
      await expectVisible(page.getByText('Class is required'), "'Class is required'");
      await expectVisible(page.getByRole('tab', { name: /^Basic Information/, selected: true }), 'the Basic Information tab, where the errors are');
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
      await fileInput(page, 'Data Sheet').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') });
      await expectVisible(toast(page, 'Invalid file type', 'Only PDF files are supported'), "'Invalid file type' / 'Only PDF files are supported'");
      await fileInput(page, 'Data Sheet').setInputFiles({ name: 'relay-datasheet.pdf', mimeType: 'application/pdf', buffer: pdf });
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
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Component Database' }), 'the component list after Cancel');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Add New Component' }).click();
      await expectVisible(toast(page, 'Draft Restored', 'Your saved draft has been restored.'), "the toast 'Draft Restored'");
      await expectValue(page.getByRole('textbox', { name: /^Reference/ }), reference, 'the restored Reference');
      await page.getByRole('tab', { name: 'Physical Properties' }).click();
      await expectValue(page.getByLabel('Weight (kg)'), '0.125', 'the restored weight');
      await page.getByRole('tab', { name: 'Files & Documents' }).click();
      await expectVisible(page.getByText('relay-datasheet.pdf', { exact: true }), 'the restored datasheet name');

      await page.getByRole('button', { name: 'Submit for Review' }).click();
      const submitted = page.getByRole('dialog', { name: 'Component Submitted Successfully' });
      await expectVisible(submitted, "the dialog 'Component Submitted Successfully'");
      const newRequestId = ((await submitted.getByTestId('request-id').textContent()) ?? '').trim();
      if (!/^[0-9A-Z]{26}$/.test(newRequestId)) throw new Error(`expected a request id in the dialog, got '${newRequestId}'`);
      await checkPage('add-component-submitted');
      await submitted.getByRole('button', { name: 'Close' }).click();
      await expectValue(page.getByRole('textbox', { name: /^Reference/ }), '', 'the form after submitting');

      // The edit: through the API, as the detail page would send it.
      const [component] = await apiCall<{ id: number; reference: string; userData4: string | null }[]>(context, stack.origin, 'GET', '/components?limit=1&offset=0');
      if (!component) throw new Error('expected the demo catalogue to have a component to edit');
      const proposed = `Checked by e2e ${stamp}`;
      const { requestId: editRequestId } = await apiCall<{ requestId: string }>(context, stack.origin, 'PATCH', `/components/${component.id}`, {
        userData4: proposed,
        username: account.username,
      });
      await logout(page);

      // The admin: told by the bell, reviews in the queue.
      await login(stack.admin);
      await expectVisible(page.getByRole('button', { name: /^Notifications, \d+ unread$/ }), 'unread notifications for the admin');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Approval Queue' }).click();
      await expectVisible(page.getByText('Review and approve component change requests'), 'the queue subtitle');
      const newCard = requestCard(page, newRequestId);
      const editCard = requestCard(page, editRequestId);
      await expectVisible(newCard.getByRole('heading', { name: 'New Component' }), 'the new component request');
      await expectVisible(newCard.getByText(reference, { exact: true }), 'the new reference on its card');
      await expectVisible(newCard.getByText('relay-datasheet.pdf', { exact: true }), 'the datasheet on the new component card');
      await expectVisible(newCard.getByText(`Submitted by: ${account.username}`, { exact: true }), 'the submitter');
      await expectVisible(editCard.getByRole('heading', { name: 'Component Edit' }), 'the edit request');
      const changes = editCard.getByRole('region', { name: 'Proposed changes' });
      await expectVisible(changes.getByText('User Data 4', { exact: true }), 'the edited field');
      await expectVisible(changes.getByText(proposed, { exact: true }), 'the proposed value');
      await expectVisible(changes.getByText(component.userData4 ?? '(empty)', { exact: true }), 'the current value');
      await checkPage('approval-queue-pending');

      await editCard.getByRole('button', { name: /^Approve/ }).click();
      const approve = page.getByRole('dialog', { name: 'Approve Request' });
      await expectVisible(approve.getByLabel('Review Notes'), "the optional 'Review Notes'");
      await checkPage('approval-queue-approve-dialog');
      await approve.getByRole('button', { name: 'Approve', exact: true }).click();
      await expectVisible(toast(page, 'Request Approved', 'The request has been approved successfully.'), "the toast 'Request Approved'");
      await expectHidden(editCard, 'the approved request in the pending list');

      const notes = 'Duplicate of an existing part: please edit that one instead.';
      await newCard.getByRole('button', { name: /^Reject/ }).click();
      const reject = page.getByRole('alertdialog', { name: 'Reject Request' });
      await reject.getByLabel('Review Notes').fill(notes);
      await reject.getByRole('button', { name: 'Reject', exact: true }).click();
      await expectVisible(toast(page, 'Request Rejected', 'The request has been rejected successfully.'), "the toast 'Request Rejected'");
      await expectHidden(newCard, 'the rejected request in the pending list');

      await page.getByRole('tab', { name: 'Approved' }).click();
      await expectVisible(editCard.getByText('No notes provided'), "'No notes provided' on the approved edit");
      await expectVisible(editCard.getByText('Reviewed by:'), 'the reviewer');
      await expectVisible(editCard.getByText('Approved', { exact: true }), 'the Approved badge');
      await checkPage('approval-queue-approved');
      await page.getByRole('tab', { name: 'Rejected' }).click();
      await expectVisible(newCard.getByText(notes), 'the review notes on the rejected request');
      await checkPage('approval-queue-rejected');

      const edited = await apiCall<{ userData4: string | null }>(context, stack.origin, 'GET', `/components/${component.id}`);
      expectEqual(edited.userData4, proposed, 'the approved edit applied to the component');
      await logout(page);

      // The user: two unread notifications, one followed, one deleted.
      await login(account);
      await expectVisible(page.getByRole('button', { name: 'Notifications, 2 unread' }), "the bell's '2 unread'");
      await bell(page).click();
      const list = page.getByRole('list', { name: 'Notifications' });
      const approvedNote = list.getByRole('listitem').filter({ hasText: 'Request approved' });
      const rejectedNote = list.getByRole('listitem').filter({ hasText: 'Request rejected' });
      await expectVisible(approvedNote, "the 'Request approved' notification");
      await expectVisible(rejectedNote.getByText(notes, { exact: false }), "the reviewer's notes in the 'Request rejected' notification");
      await checkPage('notifications');

      await approvedNote.getByRole('button', { name: /Request approved/ }).first().click();
      await expectUrl(page, new RegExp(`/app/component-hub/components/${component.id}$`));
      await expectVisible(page.getByRole('button', { name: 'Notifications, 1 unread' }), "the bell's '1 unread' after reading one");

      await bell(page).click();
      await rejectedNote.getByRole('button', { name: 'Delete notification: Request rejected' }).click();
      await expectHidden(rejectedNote, 'the deleted notification');
      await expectVisible(page.getByRole('button', { name: 'Notifications', exact: true }), 'the bell without unread notifications');
      await page.keyboard.press('Escape');
      await page.reload();
      await bell(page).click();
      await expectVisible(list.getByRole('listitem').filter({ hasText: 'Request approved' }), 'the read notification after a reload');
      expectEqual(await list.getByRole('listitem').filter({ hasText: 'Request rejected' }).count(), 0, 'the deleted notification after a reload');
    },
  },
];
