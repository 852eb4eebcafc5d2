import { apiCall, approvedPart, expect, test } from './fixtures.ts';
import { pdf, tab, upload } from './support/component-page.ts';

interface ApprovalRequest {
  id: string;
  requestType: string;
  componentId: number | null;
}

/*
 * Design-tool files on a part's page, on the shared stack: a user attaches Phoenix Contact's
 * MSTB 2,5/ 3-ST plug as a STEP model (the browser names no type for it; the page takes it from
 * the name and the server checks the bytes) and its datasheet; once an administrator approves
 * them, the model is under 3D Models and the datasheet previews on the page, from the bucket's
 * address, not the app's.
 */
test('CAD files: a STEP model is recognised and listed under 3D Models; a PDF previews inline from the bucket', async ({
  page,
  freshUser,
  adminApi,
  checkPage,
}) => {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
  const id = await approvedPart(adminApi, {
    reference: `MSTB 2,5/ 3-ST ${stamp}`,
    manufacturer: 'Phoenix Contact',
    class: 'Connector',
    description: 'Printed-circuit board connector plug, 3 positions, pitch 5.08 mm',
  });
  await freshUser('cad');

  await page.goto(`/app/component-hub/components/${id}`);
  await tab(page, 'Attachments').click();
  const step = Buffer.from(
    "ISO-10303-21;\r\nHEADER;\r\nFILE_DESCRIPTION(('MSTB 2,5/ 3-ST'),'2;1');\r\nENDSEC;\r\nDATA;\r\nENDSEC;\r\nEND-ISO-10303-21;\r\n",
  );
  // A browser names no type for a .step file.
  const submitted = page.getByRole('dialog', { name: 'File Submitted Successfully' });
  await upload(page, { name: '1754481.step', mimeType: '', buffer: step });
  await expect(submitted, 'the STEP model filed').toBeVisible();
  await submitted.getByRole('button', { name: 'Close' }).click();
  await upload(page, { name: 'MSTB_datasheet.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(submitted, 'the datasheet filed').toBeVisible();
  await submitted.getByRole('button', { name: 'Close' }).click();

  const pending = await apiCall<ApprovalRequest[]>(adminApi, 'GET', '/approval-requests?status=pending');
  const uploads = pending.filter((request) => request.componentId === id && request.requestType === 'attachment');
  expect(uploads, 'two attachment requests').toHaveLength(2);
  for (const request of uploads)
    await apiCall(adminApi, 'PATCH', `/approval-requests/${request.id}`, { status: 'approved' });

  await page.reload();
  await tab(page, 'Attachments').click();
  const panel = page.getByRole('tabpanel', { name: /^Attachments/ });
  await expect(
    panel.getByRole('list', { name: '3D Models' }).getByRole('link', { name: '1754481.step' }),
  ).toBeVisible();
  const documents = panel.getByRole('list', { name: 'Documents & Datasheets' });
  await documents.getByRole('button', { name: 'Preview' }).click();
  const frame = panel.locator('iframe[title="Preview of MSTB_datasheet.pdf"]');
  await expect(frame).toBeVisible();
  const src = (await frame.getAttribute('src')) ?? '';
  expect(new URL(src).origin, 'the preview is served from the bucket, not the app').not.toBe(
    new URL(page.url()).origin,
  );
  const served = await page.request.get(src);
  expect(served.headers()['content-type']).toBe('application/pdf');
  expect(served.headers()['content-disposition']).toMatch(/^inline/);
  await checkPage('cad-files');
  await documents.getByRole('button', { name: 'Hide preview' }).click();
  await expect(frame).toBeHidden();
});
