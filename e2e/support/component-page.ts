/** Helpers for a component's page (its tabs, the upload dialog, the dialogs naming a request). */
import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures.ts';

/** A small real PDF and a 1×1 PNG: the server sniffs the bytes, so they must be what they say. */
export const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
export const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export const tab = (page: Page, name: string): Locator => page.getByRole('tab', { name: new RegExp(`^${name}`) });

/** The request id a submission dialog shows (a ULID). */
export const requestIdIn = async (dialog: Locator): Promise<string> => {
  await expect(dialog.getByTestId('request-id'), 'a request id in the dialog').toHaveText(/^\s*[0-9A-Z]{26}\s*$/);
  return ((await dialog.getByTestId('request-id').textContent()) ?? '').trim();
};

/** Opens the upload dialog from the Attachments tab, picks the file (if any) and presses Upload. */
export const upload = async (page: Page, file?: { name: string; mimeType: string; buffer: Buffer }): Promise<void> => {
  const dialog = page.getByRole('dialog', { name: 'Upload Attachment' });
  if (!(await dialog.isVisible())) await page.getByRole('button', { name: 'Upload File' }).click();
  await expect(dialog, "the 'Upload Attachment' dialog").toBeVisible();
  if (file) await dialog.getByLabel('File').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
};
