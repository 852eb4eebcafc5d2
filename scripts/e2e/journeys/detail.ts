import type { Locator, Page } from 'playwright-core';
import { createAccount } from '../accounts.ts';
import {
  DESKTOP,
  MOBILE,
  expectEqual,
  expectHidden,
  expectUrl,
  expectValue,
  expectVisible,
  toast,
  type Journey,
} from '../harness.ts';

/** A small real PDF and a 1×1 PNG: the server sniffs the bytes, so they must be what they say. */
export const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const table = (page: Page) => page.getByRole('table', { name: 'Components' });

/** Opens the list with this search and clicks the row of the nth result (0-based); answers the part's reference. */
const openFromList = async (page: Page, url: (path: string) => string, search: string, nth = 0): Promise<string> => {
  await page.goto(url(`/component-hub/components?${search}`));
  const row = table(page).locator('tbody tr').nth(nth);
  await expectVisible(row.getByRole('link', { name: /^View / }), 'the loaded results table');
  const reference = ((await row.locator('td').first().textContent()) ?? '').trim();
  await row.locator('td').nth(2).click();
  await expectUrl(page, /\/app\/component-hub\/components\/\d+$/);
  await expectVisible(page.getByRole('heading', { level: 1, name: reference }), `the heading '${reference}'`);
  return reference;
};

export const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });
export const requestIdIn = async (dialog: Locator): Promise<string> => {
  const id = ((await dialog.getByTestId('request-id').textContent()) ?? '').trim();
  if (!/^[0-9A-Z]{26}$/.test(id)) throw new Error(`expected a request id in the dialog, got '${id}'`);
  return id;
};

/** Closes a toast with its close button and waits for it to go. */
const closeToast = async (page: Page, title: string) => {
  await toast(page, title).getByRole('button', { name: 'Close notification' }).click();
  await expectHidden(toast(page, title), `the toast '${title}'`);
};

const uploadDialog = (page: Page) => page.getByRole('dialog', { name: 'Upload Attachment' });

/** Opens the upload dialog from the Attachments tab, picks the file (if any) and presses Upload. */
export const upload = async (page: Page, file?: { name: string; mimeType: string; buffer: Buffer }) => {
  const dialog = uploadDialog(page);
  if (!(await dialog.isVisible())) await page.getByRole('button', { name: 'Upload File' }).click();
  await expectVisible(dialog, "the 'Upload Attachment' dialog");
  if (file) await dialog.getByLabel('File').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
};

export const detailJourneys: Journey[] = [
  {
    name: 'detail: open a connector from the list, its tabs, propose an edit, request deletion, upload a PDF and an image, comment, history, related parts, recent on the dashboard',
    run: async ({ page, url, stack, login, checkPage }) => {
      const account = await createAccount(stack, 'detail');
      await login(account);
      const reference = await openFromList(page, url, 'class=Connector', 1);
      const detailUrl = page.url();

      // Header, notice, tabs; a connector has the special Details layout.
      await expectVisible(
        page.getByTestId('component-summary').getByText(/Connector/),
        'manufacturer, class and type under the reference',
      );
      await expectVisible(
        page.getByText('Component edits require approval before they are published to the database.'),
        'the yellow notice',
      );
      await expectVisible(page.getByRole('link', { name: 'Back to List' }), "'Back to List'");
      for (const name of ['Details', 'Technical Specs', 'Attachments', 'Version History'])
        await expectVisible(tab(page, name), `the '${name}' tab`);
      const details = page.getByRole('tabpanel', { name: 'Details' });
      for (const section of ['Description', 'Tooling', 'Technical Specifications']) {
        await expectVisible(
          details.getByRole('heading', { name: section, exact: true }),
          `the '${section}' section of a connector`,
        );
      }
      await expectHidden(
        details.getByText('Mating Connector P/N'),
        "'Mating Connector P/N' for class 'Connector' (only 'Connectors' shows it)",
      );
      await expectVisible(
        page.getByRole('heading', { name: 'Find Images & Datasheets' }),
        "the 'Find Images & Datasheets' panel",
      );
      await expectVisible(page.getByText('Fast, reliable search'), "the Digi-Key button's 'Fast, reliable search'");
      await expectVisible(page.getByText('Specialized components'), "the Mouser button's 'Specialized components'");
      await expectVisible(page.getByText('No image available for this component'), 'the empty image area');
      await checkPage('component-detail');

      // Propose an edit: empty is refused, a value becomes a request.
      await details.getByRole('button', { name: 'Edit Description' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Description' });
      await expectVisible(edit, "the 'Edit Description' dialog");
      await edit.getByLabel('New value').fill('   ');
      await edit.getByRole('button', { name: 'Submit for Approval' }).click();
      await expectVisible(toast(page, 'Error', 'Please enter a value'), "'Error' / 'Please enter a value'");
      await checkPage('component-detail-edit');
      const proposed = `Connector checked by the detail journey ${Date.now().toString(36)}`;
      await edit.getByLabel('New value').fill(proposed);
      await edit.getByRole('button', { name: 'Submit for Approval' }).click();
      await expectVisible(
        toast(page, 'Update Submitted', 'Your changes have been submitted for approval.'),
        "'Update Submitted'",
      );
      await expectHidden(edit, 'the edit dialog after submitting');
      await expectHidden(details.getByText(proposed), 'the proposed value on the page before approval');

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
        await expectVisible(technical.getByRole('heading', { name: group, exact: true }), `the '${group}' group`);
      }
      await expectVisible(technical.getByRole('button', { name: 'Edit Width (mm)' }), 'a pencil on Width');

      // Request deletion.
      await page.getByRole('button', { name: 'Delete Component' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Confirm Deletion' });
      await expectVisible(
        confirm.getByText('Are you sure you want to delete this component? This action requires approval.'),
        'the confirmation text',
      );
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      const deleted = page.getByRole('dialog', { name: 'Delete Request Submitted' });
      await expectVisible(deleted, "the 'Delete Request Submitted' dialog");
      await requestIdIn(deleted);
      await checkPage('component-detail-delete-submitted');
      await deleted.getByRole('button', { name: 'Close' }).click();
      await expectHidden(deleted, 'the delete dialog after Close');

      // Uploads: checked in the browser first, then a PDF and a PNG through the presigned flow.
      await tab(page, 'Attachments').click();
      const attachments = page.getByRole('tabpanel', { name: 'Attachments' });
      await upload(page);
      await expectVisible(toast(page, 'No file selected', 'Please select a file to upload'), "'No file selected'");
      await upload(page, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('plain text') });
      await expectVisible(
        toast(page, 'Invalid file type', 'Only PDF, JPEG, PNG, and GIF files are supported'),
        "'Invalid file type'",
      );
      await upload(page, {
        name: 'huge.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0x20),
      });
      await expectVisible(toast(page, 'File too large', 'The file size must be less than 10MB'), "'File too large'");
      await checkPage('component-detail-upload-dialog');

      await upload(page, { name: 'wiring-diagram.pdf', mimeType: 'application/pdf', buffer: pdf });
      const fileSubmitted = page.getByRole('dialog', { name: 'File Submitted Successfully' });
      await expectVisible(fileSubmitted, "the 'File Submitted Successfully' dialog");
      await requestIdIn(fileSubmitted);
      await expectVisible(
        toast(page, 'Upload Submitted', 'Your file has been submitted for approval.'),
        "'Upload Submitted'",
      );
      await fileSubmitted.getByRole('button', { name: 'Close' }).click();
      await upload(page, { name: 'front-view.png', mimeType: 'image/png', buffer: png });
      await expectVisible(fileSubmitted, "the 'File Submitted Successfully' dialog for the image");
      await fileSubmitted.getByRole('button', { name: 'Close' }).click();

      const pending = attachments.getByRole('list', { name: 'Pending Approval' }).getByRole('listitem');
      for (const name of ['wiring-diagram.pdf', 'front-view.png']) {
        const item = pending.filter({ hasText: name });
        await expectVisible(item.getByText('Pending', { exact: true }), `the 'Pending' badge on ${name}`);
        await expectVisible(item.getByText('Awaiting approval'), `'Awaiting approval' on ${name}`);
      }
      await expectVisible(
        page.getByText('No image available for this component'),
        'no image until the upload is approved',
      );
      await checkPage('component-detail-attachments');

      // The uploader may withdraw a pending file.
      await pending
        .filter({ hasText: 'front-view.png' })
        .getByRole('button', { name: 'Delete front-view.png' })
        .click();
      await page
        .getByRole('alertdialog', { name: 'Delete Attachment' })
        .getByRole('button', { name: 'Delete', exact: true })
        .click();
      await expectVisible(
        toast(page, 'Attachment Deleted', 'The attachment has been deleted.'),
        "'Attachment Deleted'",
      );
      await expectHidden(pending.filter({ hasText: 'front-view.png' }), 'the deleted attachment');
      expectEqual(await pending.count(), 1, 'pending attachments after deleting one');

      // Comments: the author defaults to the user's name; an empty comment is refused.
      const comments = page.getByRole('region', { name: 'Comments' });
      await expectValue(comments.getByLabel('Your name'), account.name, 'the default author name');
      await comments.getByRole('button', { name: 'Add Comment' }).click();
      await expectVisible(toast(page, 'Empty Comment', 'Please enter a comment before submitting.'), "'Empty Comment'");
      // The toast sits over the card's button (bottom right) and stays while the pointer rests on it.
      await closeToast(page, 'Empty Comment');
      await comments.getByLabel('Your name').fill('Line 3 team');
      await comments
        .getByRole('textbox', { name: 'Comment', exact: true })
        .fill('Used on the line 3 control cabinet; the crimp tool is in drawer 4.');
      await comments.getByRole('button', { name: 'Add Comment' }).click();
      await expectVisible(toast(page, 'Comment Added', 'Your comment has been added successfully.'), "'Comment Added'");
      const comment = comments.getByRole('listitem').filter({ hasText: 'drawer 4' });
      await expectVisible(comment.getByText('Line 3 team', { exact: true }), 'the comment with its author');
      await expectValue(
        comments.getByRole('textbox', { name: 'Comment', exact: true }),
        '',
        'the comment box after adding',
      );

      // History: version 1, expandable.
      await tab(page, 'Version History').click();
      const history = page.getByRole('table', { name: 'Version History' });
      await expectVisible(history.getByText('Component created'), 'version 1 in the history');
      await history.getByRole('button', { name: 'Show changes of version 1' }).click();
      await expectVisible(history.getByText('Reference', { exact: true }), 'the fields of version 1');
      await expectVisible(history.getByText(reference, { exact: true }), 'the reference among the values of version 1');
      await checkPage('component-detail-history');

      // A related part opens its own page; the dashboard lists both, newest first.
      const related = page.getByRole('region', { name: 'Related Components' }).getByRole('link');
      await expectVisible(related, 'a related component');
      const relatedReference = ((await related.first().textContent()) ?? '').trim();
      await related.first().click();
      await expectVisible(
        page.getByRole('heading', { level: 1, name: relatedReference }),
        `the related part '${relatedReference}'`,
      );
      if (page.url() === detailUrl) throw new Error('the related link stayed on the same part');

      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
      const recent = page.getByRole('region', { name: 'Recent Components' }).getByRole('listitem');
      await expectVisible(recent.filter({ hasText: relatedReference }), 'the related part among the recent components');
      await expectVisible(recent.filter({ hasText: reference }), 'the first part among the recent components');
      expectEqual(
        ((await recent.first().textContent()) ?? '').includes(relatedReference),
        true,
        'the last viewed part first',
      );
      await recent
        .filter({ hasText: reference })
        .getByRole('link', { name: `View ${reference}` })
        .click();
      await expectUrl(page, new RegExp(`${new URL(detailUrl).pathname}$`));
      await page.getByRole('link', { name: 'Back to List' }).click();
      await expectUrl(page, /\/app\/component-hub\/components$/);
    },
  },
  {
    name: 'detail: Digi-Key and Mouser buttons find a photo and a datasheet for a part (local emulator), at 375 px too',
    run: async ({ page, url, stack, login, checkPage }) => {
      const account = await createAccount(stack, 'distributor');
      await login(account);
      const reference = await openFromList(page, url, 'query=PKZM0', 2);
      await expectVisible(page.getByText('No image available for this component'), 'no image before the search');

      const digikey = page.getByRole('button', { name: /^Search Digi-Key|^Digi-Key:/ });
      await digikey.click();
      await expectVisible(
        page.getByRole('button', { name: /^Digi-Key: Searching\.\.\./ }),
        "the Digi-Key button 'Searching...'",
        5000,
      );
      await expectVisible(page.getByRole('progressbar', { name: 'Digi-Key search progress' }), 'the progress bar');
      await expectVisible(
        toast(page, 'Digi-Key search completed', `Found and downloaded result for ${reference} (with datasheet)`),
        "'Digi-Key search completed' with the datasheet",
        30_000,
      );
      await expectVisible(page.getByRole('button', { name: /^Digi-Key: Search complete/ }), 'the success state');
      await expectVisible(
        page.getByRole('img', { name: new RegExp(`^${reference}: `) }),
        "the part's photo in the image area",
      );
      await expectVisible(
        page.getByRole('button', { name: /^Search Digi-Key/ }),
        'the Digi-Key button idle again 2 s later',
        5000,
      );
      await checkPage('component-detail-distributor-image');

      await page.getByRole('tab', { name: /^Attachments/ }).click();
      const attachments = page.getByRole('tabpanel', { name: 'Attachments' });
      await expectVisible(
        attachments.getByRole('list', { name: 'Images' }).getByRole('listitem'),
        'the photo among the images',
      );
      await expectVisible(
        attachments
          .getByRole('list', { name: 'Documents & Datasheets' })
          .getByRole('link', { name: /datasheet\.pdf$/ }),
        'the datasheet among the documents',
      );

      // Mouser on a phone: the same flow.
      await page.setViewportSize(MOBILE);
      await page.getByRole('button', { name: /^Search Mouser/ }).click();
      await expectVisible(
        toast(page, 'Mouser search completed').or(toast(page, `No results found for ${reference}`)),
        "the Mouser search's result",
        30_000,
      );
      await expectVisible(page.getByRole('button', { name: /^Search Mouser/ }), 'the Mouser button idle again', 5000);
      await page.setViewportSize(DESKTOP);
    },
  },
];
