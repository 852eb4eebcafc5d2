import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { apiCall, approvedPart, expect, test } from './fixtures.ts';
import { pdf, tab, upload } from './support/component-page.ts';

/** A published STEP assembly (a plate, brackets, bolts and nuts): see fixtures/README.md. */
const assembly = readFileSync(fileURLToPath(new URL('fixtures/as1_pe_203.stp', import.meta.url)));

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
 * address, not the app's. A real STEP assembly opens in the 3D viewer (read in a worker, drawn on
 * a canvas); the plug's file, a header without solids, is said to be unreadable.
 */
test('CAD files: a STEP model is recognised and listed under 3D Models and opens in the 3D viewer; a PDF previews inline from the bucket', async ({
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
  await upload(page, { name: 'as1_pe_203.stp', mimeType: '', buffer: assembly });
  await expect(submitted, 'the STEP assembly filed').toBeVisible();
  await submitted.getByRole('button', { name: 'Close' }).click();

  const pending = await apiCall<ApprovalRequest[]>(adminApi, 'GET', '/approval-requests?status=pending');
  const uploads = pending.filter((request) => request.componentId === id && request.requestType === 'attachment');
  expect(uploads, 'three attachment requests').toHaveLength(3);
  for (const request of uploads)
    await apiCall(adminApi, 'PATCH', `/approval-requests/${request.id}`, { status: 'approved' });

  // Everything the page fetches, to tell what only the viewer brings.
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  await page.reload();
  await tab(page, 'Attachments').click();
  const panel = page.getByRole('tabpanel', { name: /^Attachments/ });
  const models = panel.getByRole('list', { name: '3D Models' });
  await expect(models.getByRole('link', { name: '1754481.step' })).toBeVisible();
  await expect(models.getByRole('link', { name: 'as1_pe_203.stp' })).toBeVisible();

  // The 3D viewer: nothing of it is fetched before it opens.
  const beforeViewer = new Set(fetched);
  expect(
    [...beforeViewer].filter((url) => /occt|\.wasm$/.test(url)),
    'no viewer code before it opens',
  ).toEqual([]);
  const assemblyRow = models.getByRole('listitem').filter({ hasText: 'as1_pe_203.stp' });
  await assemblyRow.getByRole('button', { name: 'View 3D' }).click();
  const viewer = panel.getByRole('region', { name: '3D view of as1_pe_203.stp' });
  await expect(viewer.getByText('Loading 3D model…')).toBeVisible();
  // OpenCascade (7 MB of WebAssembly) compiles in the worker: a slow machine takes a while.
  const drawn = viewer.getByText(/^[\d,]+ triangles/);
  await expect(drawn).toBeVisible({ timeout: 90_000 });
  const triangles = Number((/^([\d,]+)/.exec((await drawn.textContent()) ?? '')?.[1] ?? '0').replaceAll(',', ''));
  expect(triangles, 'the canvas drew the model').toBeGreaterThan(100);
  await expect(viewer.getByRole('img', { name: 'Model of as1_pe_203.stp' })).toBeVisible();
  const viewerFiles = fetched.filter((url) => !beforeViewer.has(url) && /\.(js|wasm)$/.test(url));
  expect(
    viewerFiles.some((url) => /\/occt-worker-\w+\.js$/.test(url)),
    'the worker',
  ).toBe(true);
  expect(
    viewerFiles.some((url) => /\/occt-import-js-\w+\.wasm$/.test(url)),
    'OpenCascade',
  ).toBe(true);
  expect(
    viewerFiles.some((url) => /\/chunk-\w+\.js$/.test(url)),
    'three.js, in a chunk of its own',
  ).toBe(true);
  await checkPage('cad-files-3d');

  // The plug's file is a STEP header without solids: the viewer says so, the download stays.
  const plugRow = models.getByRole('listitem').filter({ hasText: '1754481.step' });
  await plugRow.getByRole('button', { name: 'View 3D' }).click();
  await expect(
    panel.getByRole('region', { name: '3D view of 1754481.step' }).getByText(/^This model could not be read\./),
  ).toBeVisible({ timeout: 90_000 });
  await expect(plugRow.getByRole('link', { name: '1754481.step' })).toBeVisible();
  await plugRow.getByRole('button', { name: 'Hide 3D view' }).click();
  await assemblyRow.getByRole('button', { name: 'Hide 3D view' }).click();
  await expect(viewer).toBeHidden();

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
