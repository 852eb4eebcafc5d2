import type { APIRequestContext } from '@playwright/test';
import { apiCall, DESKTOP, expect, test, toast } from '../fixtures.ts';

test.use({ role: 'user' });

/*
 * Parts in context, as TE's catalogue links its MATE-N-LOK family: the 1-480700-0 plug housing
 * takes the 350218-1 pin contact, crimped with the 90546-1 hand tool; Siemens's 3RT1015-1BB41
 * contactor is replaced by the 3RT2015-1BB41.
 */
const approvedPart = async (adminApi: APIRequestContext, reference: string, cls: string, manufacturer: string) => {
  const filed = await apiCall<{ requestId: string }>(adminApi, 'POST', '/components', {
    reference,
    class: cls,
    manufacturer,
  });
  await apiCall(adminApi, 'PATCH', `/approval-requests/${filed.requestId}`, { status: 'approved' });
  const [part] = await apiCall<{ id: number }[]>(
    adminApi,
    'GET',
    `/components?reference=${encodeURIComponent(reference)}`,
  );
  return part!.id;
};

const approvePendingLinks = async (adminApi: APIRequestContext, componentId: number) => {
  const pending = await apiCall<{ id: string; requestType: string; componentId: number | null }[]>(
    adminApi,
    'GET',
    '/approval-requests?status=pending',
  );
  const links = pending.filter((request) => request.requestType === 'link' && request.componentId === componentId);
  for (const request of links)
    await apiCall(adminApi, 'PATCH', `/approval-requests/${request.id}`, { status: 'approved' });
  return links.length;
};

test('links: a housing gets its contact and crimp tool, reviewed, and the contact names its housing', async ({
  page,
  adminApi,
  checkPage,
}) => {
  const tag = Date.now().toString(36).toUpperCase();
  const housing = await approvedPart(adminApi, `1-480700-0-${tag}`, 'Connector', 'TE Connectivity');
  const contact = await approvedPart(adminApi, `350218-1-${tag}`, 'Contact', 'TE Connectivity');
  await approvedPart(adminApi, `90546-1-${tag}`, 'Tool', 'TE Connectivity');

  await page.setViewportSize(DESKTOP);
  await page.goto(`/app/component-hub/components/${housing}`);
  const card = page.getByRole('region', { name: 'Links' });
  await expect(card.getByText('No links to other parts yet.')).toBeVisible();

  const addLink = async (kind: string, reference: string, role?: string) => {
    await card.getByRole('button', { name: 'Add link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add link' });
    await dialog.getByLabel(`1-480700-0-${tag} …`).selectOption(kind);
    if (role) await dialog.getByLabel('Tool').selectOption(role);
    await dialog.getByLabel('Part', { exact: true }).fill(reference);
    await dialog.getByRole('button', { name: `${reference} · TE Connectivity` }).click();
    await dialog.getByRole('button', { name: 'Submit for Approval' }).click();
    await expect(toast(page, 'Link Submitted')).toBeVisible();
    await expect(dialog).toBeHidden();
  };
  await addLink('uses-contact', `350218-1-${tag}`);
  await addLink('uses-tool', `90546-1-${tag}`, 'crimp');
  // Nothing is published before review.
  await expect(card.getByText('No links to other parts yet.')).toBeVisible();
  expect(await approvePendingLinks(adminApi, housing)).toBe(2);

  await page.reload();
  await expect(card.getByRole('list', { name: 'Uses contact' }).getByRole('link')).toHaveText(`350218-1-${tag}`);
  await expect(card.getByRole('list', { name: 'Uses tool' })).toContainText('Crimp tool');
  await checkPage('component-detail-links');

  await card.getByRole('link', { name: `350218-1-${tag}` }).click();
  await expect(page).toHaveURL(new RegExp(`/components/${contact}$`));
  await expect(
    page.getByRole('region', { name: 'Links' }).getByRole('list', { name: 'Contact for' }).getByRole('link'),
  ).toHaveText(`1-480700-0-${tag}`);
});

test('links: a part replaced by another leads to it', async ({ page, adminApi }) => {
  const tag = Date.now().toString(36).toUpperCase();
  const old = await approvedPart(adminApi, `3RT1015-1BB41-${tag}`, 'Relay', 'Siemens');
  const successor = await approvedPart(adminApi, `3RT2015-1BB41-${tag}`, 'Relay', 'Siemens');
  const filed = await apiCall<{ requestId: string }>(adminApi, 'POST', `/components/${old}/links`, {
    kind: 'replaced-by',
    targetId: successor,
  });
  await apiCall(adminApi, 'PATCH', `/approval-requests/${filed.requestId}`, { status: 'approved' });

  await page.goto(`/app/component-hub/components/${old}`);
  await page
    .getByTestId('replacement-notice')
    .getByRole('link', { name: `3RT2015-1BB41-${tag}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/components/${successor}$`));
  await expect(
    page.getByRole('region', { name: 'Links' }).getByRole('list', { name: 'Replaces' }).getByRole('link'),
  ).toHaveText(`3RT1015-1BB41-${tag}`);
});
