import { apiCall, approvedPart, expect, test, toast } from './fixtures.ts';

interface ApprovalRequest {
  id: string;
  requestType: string;
  componentId: number | null;
  requestData: Record<string, unknown>;
  distributorSource?: { provider: string; manufacturerPartNumber: string };
}

/*
 * Filling a part from Digi-Key, on the shared stack: Texas Instruments' LM358BAIPWR op amp,
 * which the distributor emulator answers with Digi-Key's recorded product details (two circuits,
 * a 36 V supply span, Active). A user ticks two fields in the dialog; the administrator approves
 * the one request it files, and the part shows the values and where they came from.
 */
test('distributor fill: a user takes two fields from Digi-Key, the administrator approves, the part shows them', async ({
  page,
  freshUser,
  adminApi,
  checkPage,
}) => {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
  const id = await approvedPart(adminApi, {
    reference: 'LM358BAIPWR',
    manufacturer: 'Texas Instruments',
    class: 'Integrated Circuit',
    voltage: 5,
    description: `Dual op amp (distributor fill journey ${stamp})`,
  });
  await freshUser('fill');

  await page.goto(`/app/component-hub/components/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'LM358BAIPWR' })).toBeVisible();
  await page.getByRole('button', { name: 'Fill from Digi-Key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Fill from Digi-Key' });
  await expect(dialog.getByTestId('fill-confidence')).toHaveText('100% match');
  const voltage = dialog.getByTestId('fill-row-voltage');
  await expect(voltage).toContainText('5');
  await expect(voltage).toContainText('36');
  await expect(dialog.getByTestId('fill-stock')).toContainText('4,197 in stock');
  // The maker is the same on both sides: shown, nothing to take.
  await expect(dialog.getByRole('checkbox', { name: 'Take Manufacturer' })).toBeDisabled();
  await voltage.locator('[data-part="control"]').click();
  await dialog.getByTestId('fill-row-numberOfCircuits').locator('[data-part="control"]').click();
  await expect(dialog.getByRole('checkbox', { name: 'Take Voltage (V)' })).toBeChecked();
  await expect(dialog.getByRole('button', { name: 'Request 2 changes' })).toBeEnabled();
  await checkPage('distributor-fill-dialog');
  await dialog.getByRole('button', { name: 'Request 2 changes' }).click();
  await expect(toast(page, 'Change request submitted')).toBeVisible();
  await expect(dialog).toBeHidden();

  // One request with the two fields and where they came from; the administrator approves it.
  const pending = await apiCall<ApprovalRequest[]>(adminApi, 'GET', '/approval-requests?status=pending');
  const request = pending.find((candidate) => candidate.componentId === id && candidate.requestType === 'edit');
  expect(request?.requestData).toEqual({ voltage: 36, numberOfCircuits: 2 });
  expect(request?.distributorSource).toMatchObject({ provider: 'digikey', manufacturerPartNumber: 'LM358BAIPWR' });
  await apiCall(adminApi, 'PATCH', `/approval-requests/${request!.id}`, { status: 'approved' });

  await page.reload();
  await page.getByRole('tab', { name: /^Version History/ }).click();
  await expect(page.getByText(/Updated voltage, numberOfCircuits from Digi-Key 296-LM358BAIPWR/)).toBeVisible();
});

/*
 * "Refresh lifecycle and data" over a class, on the shared stack: a librarian starts it from the
 * admin dashboard's Catalogue Data tab over a class of three parts, two of which the distributor
 * emulator answers from recorded Digi-Key answers (Texas Instruments' LM358BAIPWR, onsemi's
 * BAT54SLT1G) and one it does not know. The report says what was done with each; its link opens
 * the approval queue with the batch's two requests alone, which are approved together.
 */
test('data batch: a librarian refreshes a class, reads the report, and approves its requests together', async ({
  page,
  freshUser,
  adminApi,
  checkPage,
}) => {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
  const componentClass = `Refresh journey ${stamp}`;
  const opAmp = await approvedPart(adminApi, {
    reference: 'LM358BAIPWR',
    manufacturer: 'Texas Instruments',
    class: componentClass,
    voltage: 5,
  });
  const diode = await approvedPart(adminApi, {
    reference: 'BAT54SLT1G',
    manufacturer: 'onsemi',
    class: componentClass,
  });
  const unknown = await approvedPart(adminApi, {
    reference: `NOT-LISTED-${stamp}`,
    manufacturer: 'Nobody',
    class: componentClass,
  });
  await freshUser('refresh', 'librarian');

  await page.goto('/app/component-hub/admin#data');
  const panel = page.getByRole('region', { name: 'Refresh Lifecycle and Data' });
  await panel.getByLabel('Component class').selectOption(componentClass);
  await panel.getByLabel('Distributors').selectOption('digikey');
  await panel.getByRole('button', { name: 'Refresh lifecycle and data' }).click();
  await expect(toast(page, 'Refresh started', 'Reading 3 parts from Digi-Key only')).toBeVisible();
  await expect(panel.getByText(`Last refresh: completed · ${componentClass} · Digi-Key only`)).toBeVisible({
    timeout: 60_000,
  });
  const parts = panel.getByRole('list', { name: 'Parts refreshed' });
  await expect(parts.getByTestId(`data-batch-part-${opAmp}`)).toContainText('Change filed');
  await expect(parts.getByTestId(`data-batch-part-${opAmp}`)).toContainText('Proposed: Lifecycle');
  await expect(parts.getByTestId(`data-batch-part-${diode}`)).toContainText('Change filed');
  await expect(parts.getByTestId(`data-batch-part-${unknown}`)).toContainText('Not found');
  await expect(panel.getByText('2 changes filed · 1 not found')).toBeVisible();
  await checkPage('data-batch-report');

  await panel.getByRole('link', { name: 'Review 2 requests together' }).click();
  await expect(page.getByText("Showing one data batch's requests")).toBeVisible();
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(2);
  await page.getByText('Select all').click();
  await page.getByRole('button', { name: 'Approve selected' }).click();
  const bulk = page.getByRole('dialog', { name: 'Approve 2 requests' });
  await bulk.getByRole('button', { name: 'Approve', exact: true }).click();
  const summary = page.getByRole('dialog', { name: 'Bulk Review Summary' });
  await expect(summary.getByText('Approved 2 requests.')).toBeVisible();
  await summary.getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByText('No pending requests found.')).toBeVisible();

  const part = await apiCall<{ lifecycle: string; voltage: number; numberOfCircuits: number }>(
    adminApi,
    'GET',
    `/components/${opAmp}`,
  );
  expect(part).toMatchObject({ lifecycle: 'active', voltage: 36, numberOfCircuits: 2 });
});
