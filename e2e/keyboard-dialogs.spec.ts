import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiCall, expect, test, toast } from './fixtures.ts';
import { pdf, tab } from './support/component-page.ts';

/*
 * Every dialog of the product by keyboard alone (WCAG 2.2 AA: 2.1.1 Keyboard, 2.1.2 No Keyboard
 * Trap, 2.4.3 Focus Order): the trigger is reached by the keyboard and opened with Enter or Space,
 * focus moves into the dialog (its first field; a confirmation without fields, its first button,
 * Cancel), Tab and Shift+Tab stay inside it while it is open, Escape (or Cancel, pressed by
 * keyboard) closes it and focus goes back to the trigger. Each journey makes its own people and part.
 */

interface Part {
  id: number;
  reference: string;
  version: number;
}

/** What has the focus, in words, for the failure messages. */
const focused = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return '(the page body)';
    const name =
      element.getAttribute('aria-label') ??
      (element.id && document.querySelector(`label[for="${CSS.escape(element.id)}"]`)?.textContent) ??
      element.textContent ??
      '';
    return `<${element.tagName.toLowerCase()}> ${name.trim().slice(0, 60)}`;
  });

const focusInside = (dialog: Locator): Promise<boolean> =>
  dialog.evaluate((element) => element.contains(document.activeElement));

/** How many elements of the dialog Tab stops at (enabled, visible, not taken out of the order). */
const tabStops = (dialog: Locator): Promise<number> =>
  dialog.evaluate(
    (element) =>
      [
        ...element.querySelectorAll<HTMLElement>(
          'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]',
        ),
      ].filter(
        (candidate) =>
          !candidate.matches(':disabled') &&
          candidate.tabIndex >= 0 &&
          candidate.getClientRects().length > 0 &&
          getComputedStyle(candidate).visibility !== 'hidden',
      ).length,
  );

/** Reaches the trigger with the keyboard's focus and opens its dialog with Enter or Space. */
const openByKeyboard = async (
  page: Page,
  trigger: Locator,
  dialog: Locator,
  key: 'Enter' | 'Space',
  firstFocus: Locator,
): Promise<void> => {
  await trigger.focus();
  await expect(trigger, 'the trigger holds the keyboard focus').toBeFocused();
  await page.keyboard.press(key);
  await expect(dialog, `the dialog opened with ${key}`).toBeVisible();
  await expect(firstFocus, 'the focus moved into the dialog, on its first control').toBeFocused();
};

/** Tab and Shift+Tab, past the dialog's last and first stops, never leave it. */
const tabStaysInside = async (page: Page, dialog: Locator): Promise<void> => {
  const stops = await tabStops(dialog);
  expect(stops, 'the dialog has something to Tab to').toBeGreaterThan(0);
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < stops + 2; i += 1) {
      await page.keyboard.press(key);
      expect(await focusInside(dialog), `after ${key} ×${i + 1} the focus is on ${await focused(page)}`).toBe(true);
    }
  }
};

/** Escape closes the dialog and the focus is back on its trigger. */
const escapeReturnsFocus = async (page: Page, trigger: Locator, dialog: Locator): Promise<void> => {
  await page.keyboard.press('Escape');
  await expect(dialog, 'the dialog closed with Escape').toBeHidden();
  await expect(trigger, 'the focus returned to the trigger').toBeFocused();
};

/** Cancel, reached with Tab stops and pressed with Enter, closes the dialog; the focus is back on its trigger. */
const cancelReturnsFocus = async (page: Page, trigger: Locator, dialog: Locator): Promise<void> => {
  const cancel = dialog.getByRole('button', { name: 'Cancel' });
  for (let i = 0; i < 10 && !(await cancel.evaluate((button) => button === document.activeElement)); i += 1)
    await page.keyboard.press('Tab');
  await expect(cancel, 'Cancel reached with Tab').toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog, 'the dialog closed with Cancel').toBeHidden();
  await expect(trigger, 'the focus returned to the trigger').toBeFocused();
};

/**
 * The whole keyboard round of one dialog. The focus lands on the field labelled `first`; a
 * confirmation without fields names none, and its first button, Cancel (the safe choice), takes it.
 */
const roundTrip = async (
  page: Page,
  {
    trigger,
    dialog,
    key = 'Enter',
    first,
    close = 'Escape',
    whileOpen,
  }: {
    trigger: Locator;
    dialog: Locator;
    key?: 'Enter' | 'Space';
    first?: string;
    close?: 'Escape' | 'Cancel';
    whileOpen?: () => Promise<void>;
  },
): Promise<void> => {
  const firstFocus = first ? dialog.getByLabel(first) : dialog.getByRole('button', { name: 'Cancel' });
  await openByKeyboard(page, trigger, dialog, key, firstFocus);
  await tabStaysInside(page, dialog);
  if (whileOpen) await whileOpen();
  if (close === 'Escape') await escapeReturnsFocus(page, trigger, dialog);
  else await cancelReturnsFocus(page, trigger, dialog);
};

/** A part of this journey's own, in two versions (so an older one can be reverted to). */
const newPart = async (api: APIRequestContext, label: string): Promise<Part> => {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
  const reference = `KBD-${label}-${stamp}`;
  const { requestId } = await apiCall<{ requestId: string }>(api, 'POST', '/components', {
    reference,
    class: 'Relay',
    manufacturer: 'Siemens',
    description: `Relay ${reference} of the keyboard journey`,
    series: `S-${stamp}`,
  });
  const approved = await apiCall<{ componentId: number | null }>(api, 'PATCH', `/approval-requests/${requestId}`, {
    status: 'approved',
  });
  if (!approved.componentId) throw new Error(`the approved request ${requestId} named no component`);
  const first = await apiCall<Part>(api, 'GET', `/components/${approved.componentId}`);
  const edit = await apiCall<{ requestId: string }>(api, 'PATCH', `/components/${first.id}`, {
    description: `Relay ${reference}, second version`,
  });
  await apiCall(api, 'PATCH', `/approval-requests/${edit.requestId}`, { status: 'approved' });
  return first;
};

/** Moves to one of the component page's tabs by keyboard. */
const openTab = async (page: Page, name: string): Promise<void> => {
  await tab(page, name).focus();
  await page.keyboard.press('Enter');
  await expect(tab(page, name)).toHaveAttribute('aria-selected', 'true');
};

test("keyboard: a component's dialogs (edit, deletion request, upload, attachment delete, revert) open, hold and return the focus", async ({
  page,
  adminApi,
  freshUserAt,
  checkPage,
}) => {
  const part = await newPart(adminApi, 'DETAIL');
  await freshUserAt('keyboard-detail', `/app/component-hub/components/${part.id}`);
  await expect(page.getByRole('heading', { level: 1, name: part.reference })).toBeVisible();

  // Edit: Enter on a pencil; the value field takes the focus; Escape.
  const details = page.getByRole('tabpanel', { name: 'Details' });
  await roundTrip(page, {
    trigger: details.getByRole('button', { name: 'Edit Description' }),
    dialog: page.getByRole('dialog', { name: 'Edit Description' }),
    first: 'New value',
    whileOpen: () => checkPage('keyboard-edit-dialog'),
  });

  // Deletion request: a confirmation without fields, so its first button (Cancel, the safe
  // choice) takes the focus; Space opens it, Cancel by keyboard closes it.
  const deleteTrigger = page.getByRole('button', { name: 'Delete Component' });
  const confirmDeletion = page.getByRole('alertdialog', { name: 'Confirm Deletion' });
  await roundTrip(page, {
    trigger: deleteTrigger,
    dialog: confirmDeletion,
    key: 'Space',
    close: 'Cancel',
  });
  await roundTrip(page, {
    trigger: deleteTrigger,
    dialog: confirmDeletion,
  });

  // Upload: the file field takes the focus.
  await openTab(page, 'Attachments');
  const uploadTrigger = page.getByRole('button', { name: 'Upload File' });
  const uploadDialog = page.getByRole('dialog', { name: 'Upload Attachment' });
  await roundTrip(page, {
    trigger: uploadTrigger,
    dialog: uploadDialog,
    key: 'Space',
    first: 'File',
  });

  // A pending file of this user's, to withdraw: picked (a file chooser is the system's), then sent with Enter.
  const fileName = `keyboard-${Date.now().toString(36)}.pdf`;
  await openByKeyboard(page, uploadTrigger, uploadDialog, 'Enter', uploadDialog.getByLabel('File'));
  await uploadDialog.getByLabel('File').setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: pdf });
  await uploadDialog.getByRole('button', { name: 'Upload', exact: true }).focus();
  await page.keyboard.press('Enter');
  const fileSubmitted = page.getByRole('dialog', { name: 'File Submitted Successfully' });
  await expect(fileSubmitted).toBeVisible();
  await expect(toast(page, 'Upload Submitted')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(fileSubmitted, "'File Submitted Successfully' closed with Escape").toBeHidden();

  // Attachment delete: its confirmation, Cancel first; Escape.
  const attachments = page.getByRole('tabpanel', { name: 'Attachments' });
  await roundTrip(page, {
    trigger: attachments
      .getByRole('list', { name: 'Pending Approval' })
      .getByRole('button', { name: `Delete ${fileName}` }),
    dialog: page.getByRole('alertdialog', { name: 'Delete Attachment' }),
  });

  // Revert to this version: a confirmation too; Space opens it.
  await openTab(page, 'Version History');
  await roundTrip(page, {
    trigger: page.getByRole('button', { name: `Revert to version ${part.version}` }),
    dialog: page.getByRole('dialog', { name: `Revert to Version ${part.version}` }),
    key: 'Space',
  });
});

test('keyboard: the approval queue’s review dialog and bulk approve dialog open, hold and return the focus', async ({
  page,
  adminApi,
  freshUser,
  checkPage,
}) => {
  const part = await newPart(adminApi, 'QUEUE');
  // A user files a request, so there is something of this journey's own to review.
  const filer = await freshUser('keyboard-filer');
  const filed = await apiCall<{ requestId: string }>(page.request, 'PATCH', `/components/${part.id}`, {
    series: `KBD-${filer.username}`,
  });
  await freshUser('keyboard-reviewer', 'admin');

  await page.goto('/app/component-hub/approval-queue');
  const card = page.getByRole('article').filter({ hasText: filed.requestId });
  await expect(card, 'the filed request in the queue').toHaveCount(1);

  // Review: Enter on Approve; the notes take the focus; Escape.
  await roundTrip(page, {
    trigger: card.getByRole('button', { name: /^Approve/ }),
    dialog: page.getByRole('dialog', { name: 'Approve Request' }),
    first: 'Review Notes',
    whileOpen: () => checkPage('keyboard-review-dialog'),
  });

  // Bulk approve: the card's box ticked with Space, then Space on 'Approve selected'; Cancel by keyboard.
  const box = card.getByRole('checkbox');
  await box.focus();
  await page.keyboard.press('Space');
  await expect(box, 'the card selected with Space').toBeChecked();
  await roundTrip(page, {
    trigger: page.getByRole('button', { name: 'Approve selected' }),
    dialog: page.getByRole('dialog', { name: /^Approve \d+ requests?$/ }),
    key: 'Space',
    first: 'Review Notes',
    close: 'Cancel',
  });
  await expect(box, 'the selection kept after cancelling').toBeChecked();
});

test('keyboard: Settings’ delete account dialog and the admin dashboard’s Invite User and Add User open, hold and return the focus', async ({
  page,
  freshUser,
}) => {
  await freshUser('keyboard-admin', 'admin');

  await page.goto('/app/component-hub/settings');
  await roundTrip(page, {
    trigger: page.getByRole('button', { name: 'Delete My Account' }),
    dialog: page.getByRole('alertdialog', { name: 'Delete My Account' }),
    first: 'Confirmation phrase',
  });

  await page.goto('/app/component-hub/admin');
  const userManagement = page.getByRole('tab', { name: 'User Management' });
  await userManagement.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();

  await roundTrip(page, {
    trigger: page.getByRole('button', { name: 'Invite User' }),
    dialog: page.getByRole('dialog', { name: 'Invite User' }),
    first: 'Email',
  });

  await roundTrip(page, {
    trigger: page.getByRole('button', { name: 'Add User' }),
    dialog: page.getByRole('dialog', { name: 'Add User' }),
    key: 'Space',
    first: 'Email',
    close: 'Cancel',
  });
});
