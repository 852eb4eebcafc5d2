import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DESKTOP, apiCall, expect, inbox, test, toast } from './fixtures.ts';
import { pdf, requestIdIn, tab, upload } from './support/component-page.ts';

/** The bell polls every 30 s: an approval must reach a bell already open within this. */
const LIVE_BELL_MS = 35_000;

interface Part {
  id: number;
  reference: string;
  description: string | null;
  series: string | null;
  version: number;
}

/** The queue's card for one request. */
const requestCard = (page: Page, requestId: string): Locator =>
  page.getByRole('article').filter({ hasText: requestId });

/** The bell, whatever its unread count says. */
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ });

/** Ticks a pending card's box (the box itself: its input is visually hidden). */
const select = (card: Locator) => card.locator('[data-scope="checkbox"][data-part="control"]').click();

/** A part of this journey's own: filed as a new component by the administrator and approved at once. */
const newPart = async (api: APIRequestContext, reference: string, series: string): Promise<Part> => {
  const { requestId } = await apiCall<{ requestId: string }>(api, 'POST', '/components', {
    reference,
    class: 'Relay',
    manufacturer: 'Siemens',
    description: `Coupling relay ${reference}, before the live journey`,
    series,
  });
  const approved = await apiCall<{ componentId: number | null }>(api, 'PATCH', `/approval-requests/${requestId}`, {
    status: 'approved',
  });
  if (!approved.componentId) throw new Error(`the approved request ${requestId} named no component`);
  return apiCall<Part>(api, 'GET', `/components/${approved.componentId}`);
};

/*
 * Two people at once on the shared stack, each in a browser of their own: a fresh user and a fresh
 * administrator, on three parts made for this journey, so what they count is theirs alone.
 */
test('approvals live: a user and an administrator at once; the open bell shows an approval within 35 s, emails reach the SES inbox, a stale edit is flagged before approving, a request is withdrawn, several are approved together, a version is reverted, and a published file is deleted after confirming', async ({
  page,
  browser,
  stack,
  freshUser,
  createAccount,
  adminApi,
  checkPage,
  checkOtherPage,
}, testInfo) => {
  const started = new Date(Date.now() - 1000);
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
  const [p1, p2, p3] = await Promise.all(
    ['A', 'B', 'C'].map((letter) => newPart(adminApi, `LIVE-${stamp}-${letter}`, `S-${stamp}-${letter}`)),
  );
  const account = await freshUser('live');
  const reviewer = await createAccount('reviewer', 'admin');

  // The administrator works in a browser of their own while the user's stays open.
  const adminContext = await browser.newContext({
    baseURL: stack.origin,
    viewport: DESKTOP,
    locale: 'en-GB',
    timezoneId: 'UTC',
  });
  const admin = await adminContext.newPage();
  try {
    await apiCall(admin.request, 'POST', '/login', { email: reviewer.email, password: reviewer.password });

    // The user: two edits of p1's description (the later one is approved first, so the earlier
    // goes stale), two edits of p2, a PDF for p1, and a deletion request for p3.
    await page.goto(`/app/component-hub/components/${p1!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: p1!.reference })).toBeVisible();
    const staleText = `Live A ${stamp}`;
    const winnerText = `Live B ${stamp}`;
    await page.getByRole('tabpanel', { name: 'Details' }).getByRole('button', { name: 'Edit Description' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Description' });
    await edit.getByLabel('New value').fill(staleText);
    await edit.getByRole('button', { name: 'Submit for Approval' }).click();
    await expect(toast(page, 'Update Submitted')).toBeVisible();
    const propose = async (id: number, change: Record<string, string>) =>
      (await apiCall<{ requestId: string }>(page.request, 'PATCH', `/components/${id}`, change)).requestId;
    const winnerId = await propose(p1!.id, { description: winnerText });
    const p2DescriptionId = await propose(p2!.id, { description: `Live P2 ${stamp}` });
    const p2SeriesId = await propose(p2!.id, { series: `LIVE-${stamp}` });
    const mine = await apiCall<{ id: string; requestData: Record<string, unknown> }[]>(
      page.request,
      'GET',
      '/approval-requests?status=pending',
    );
    const staleId = mine.find((request) => request.requestData.description === staleText)?.id ?? '';
    expect(staleId, 'the request of the first edit among the pending ones').not.toBe('');
    await tab(page, 'Attachments').click();
    const fileName = `live-${stamp.toLowerCase()}.pdf`;
    await upload(page, { name: fileName, mimeType: 'application/pdf', buffer: pdf });
    const fileSubmitted = page.getByRole('dialog', { name: 'File Submitted Successfully' });
    const uploadRequestId = await requestIdIn(fileSubmitted);
    await fileSubmitted.getByRole('button', { name: 'Close' }).click();

    await page.goto(`/app/component-hub/components/${p3!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: p3!.reference })).toBeVisible();
    const confirmDeletion = page.getByRole('alertdialog', { name: 'Confirm Deletion' });
    await page.getByRole('button', { name: 'Delete Component' }).click();
    await confirmDeletion.getByRole('button', { name: 'Delete', exact: true }).click();
    const deletion = page.getByRole('dialog', { name: 'Delete Request Submitted' });
    const withdrawnId = await requestIdIn(deletion);
    await deletion.getByRole('button', { name: 'Close' }).click();
    // A second deletion of the same part is refused while the first waits.
    await page.getByRole('button', { name: 'Delete Component' }).click();
    await confirmDeletion.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(
      toast(page, 'Error').filter({ hasText: `A deletion request for ${p3!.reference} is already waiting for review` }),
      'the refusal of a second deletion request',
    ).toBeVisible();
    await confirmDeletion.getByRole('button', { name: 'Cancel' }).click();

    // The user withdraws the deletion from the dashboard, which shows only their own requests.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(
      page.getByRole('region', { name: 'Pending Approvals' }).getByText('Your requests'),
      "'Your requests' on the Pending Approvals card",
    ).toBeVisible();
    const pendingItems = page.getByRole('list', { name: 'Pending Approval Requests' }).getByRole('listitem');
    const deletionItem = pendingItems.filter({ hasText: 'Component Deletion' }).filter({ hasText: p3!.reference });
    await expect(deletionItem, 'the deletion request, named by its part').toBeVisible();
    await expect(pendingItems.getByRole('link', { name: 'Review' }), 'Review links shown to a user').toHaveCount(0);
    await deletionItem.getByRole('button', { name: /^Withdraw/ }).click();
    const withdraw = page.getByRole('alertdialog', { name: 'Withdraw Request' });
    await expect(withdraw.getByText(`Withdraw your component deletion request for ${p3!.reference}?`)).toBeVisible();
    await checkPage('dashboard-withdraw');
    await withdraw.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expect(toast(page, 'Request Withdrawn')).toBeVisible();
    await expect(deletionItem, 'the withdrawn request on the dashboard').toBeHidden();
    await expect(bell(page), 'the bell with nothing unread').toHaveAccessibleName('Notifications');

    // The administrator approves the later edit; the user's open page is left alone.
    await admin.goto('/app/component-hub/approval-queue');
    const cardOf = (requestId: string) => requestCard(admin, requestId);
    const winner = cardOf(winnerId);
    await expect(winner, 'the later edit in the queue').toBeVisible();
    await winner.getByRole('button', { name: /^Approve/ }).click();
    await admin.getByRole('dialog', { name: 'Approve Request' }).getByRole('button', { name: 'Approve' }).click();
    await expect(toast(admin, 'Request Approved')).toBeVisible();
    const approvedAt = Date.now();
    await expect(
      page.getByRole('button', { name: 'Notifications, 1 unread' }),
      "the user's open bell showing the approval without a reload",
    ).toBeVisible({ timeout: LIVE_BELL_MS });
    const bellDelay = `the approval reached the open bell after ${((Date.now() - approvedAt) / 1000).toFixed(1)} s`;
    testInfo.annotations.push({ type: 'live bell', description: bellDelay });
    console.log(`  ${bellDelay}`);
    await bell(page).click();
    await expect(
      page
        .getByRole('list', { name: 'Notifications' })
        .getByText(`Your edit request for ${p1!.reference} was approved.`),
      'the approval, naming the part',
    ).toBeVisible();
    await checkPage('bell-live-approval');
    await page.keyboard.press('Escape');

    // The earlier edit is flagged before anyone clicks Approve, with the part's value now.
    const stale = cardOf(staleId);
    await expect(stale.getByText('The part changed since this edit was proposed')).toBeVisible();
    await expect(
      stale.getByRole('region', { name: 'Proposed changes' }).getByText(winnerText, { exact: true }),
      "the part's value now beside the proposed one",
    ).toBeVisible();
    await checkOtherPage(admin, 'queue-stale-edit');

    // Several approved together with one note: each applied once, the stale one reported.
    for (const id of [staleId, p2DescriptionId, p2SeriesId, uploadRequestId]) {
      await expect(cardOf(id), `the card of request ${id}`).toHaveCount(1);
      await select(cardOf(id));
    }
    await expect(admin.getByText('4 selected')).toBeVisible();
    await admin.getByRole('button', { name: 'Approve selected' }).click();
    const bulk = admin.getByRole('dialog', { name: 'Approve 4 requests' });
    await expect(
      bulk.getByText(`1 request changed since proposed (${p1!.reference}) and will not be applied`, { exact: false }),
      'the stale request named before approving',
    ).toBeVisible();
    await bulk.getByLabel('Review Notes').fill('Weekly review');
    await checkOtherPage(admin, 'bulk-approve-dialog');
    await bulk.getByRole('button', { name: 'Approve', exact: true }).click();
    const summary = admin.getByRole('dialog', { name: 'Bulk Review Summary' });
    await expect(summary.getByText('Approved 3 requests; 1 request not applied.')).toBeVisible();
    await expect(
      summary.getByRole('region', { name: 'Not applied' }).getByText(/changed since this edit was proposed/),
      'why the stale edit was not applied',
    ).toBeVisible();
    await checkOtherPage(admin, 'bulk-approve-summary');
    await summary.getByRole('button', { name: 'Close' }).click();
    for (const id of [p2DescriptionId, p2SeriesId, uploadRequestId])
      await expect(cardOf(id), `the applied request ${id} in the pending list`).toBeHidden();
    await expect(cardOf(staleId), 'the stale edit, still pending').toBeVisible();

    // Emails: the decision reaches the user's inbox (also on the SES inbox page), the digest the administrator's.
    await expect
      .poll(async () => (await inbox(stack, account.email, started)).map((email) => email.subject), {
        message: "the decision email in the user's inbox",
        timeout: 20_000,
      })
      .toContain(`Your edit request for ${p1!.reference} was approved`);
    const sesPage = await adminContext.newPage();
    await sesPage.goto(stack.sesEndpoint);
    await expect(
      sesPage.getByText(`Your edit request for ${p1!.reference} was approved`).first(),
      'the decision email on the SES inbox page',
    ).toBeVisible();
    await sesPage.screenshot({ path: testInfo.outputPath('ses-inbox-1280.png'), fullPage: true });
    await sesPage.close();
    let digest = '';
    await expect
      .poll(
        async () => {
          const emails = await inbox(stack, reviewer.email, started);
          digest = emails.map((email) => email.body.text ?? '').find((text) => text.includes(p2!.reference)) ?? '';
          return digest;
        },
        { message: "a digest email to the administrator listing the user's requests", timeout: 30_000 },
      )
      .not.toBe('');
    expect(digest, 'the digest names the requests by part').toContain(
      `${account.username} submitted an edit request for ${p2!.reference}.`,
    );

    // The user reverts p2 to its version before the two edits; it waits for approval like any edit.
    await page.goto(`/app/component-hub/components/${p2!.id}`);
    await expect(
      page.getByRole('tabpanel', { name: 'Details' }).getByText(`Live P2 ${stamp}`, { exact: true }),
      "p2's approved description",
    ).toBeVisible();
    await tab(page, 'Version History').click();
    await page.getByRole('button', { name: `Revert to version ${p2!.version}` }).click();
    const revert = page.getByRole('dialog', { name: `Revert to Version ${p2!.version}` });
    await expect(revert).toBeVisible();
    await checkPage('revert-confirm');
    await revert.getByRole('button', { name: 'Submit for Approval' }).click();
    const reverted = page.getByRole('dialog', { name: 'Revert Submitted' });
    const revertRequestId = await requestIdIn(reverted);
    await checkPage('revert-submitted');
    await reverted.getByRole('button', { name: 'Close' }).click();
    await admin.reload();
    const revertCard = cardOf(revertRequestId);
    await expect(revertCard.getByText(`Restores the values of version ${p2!.version}.`)).toBeVisible();
    await checkOtherPage(admin, 'queue-revert');
    await revertCard.getByRole('button', { name: /^Approve/ }).click();
    await admin.getByRole('dialog', { name: 'Approve Request' }).getByRole('button', { name: 'Approve' }).click();
    await expect(toast(admin, 'Request Approved')).toBeVisible();
    const after = await apiCall<Part>(page.request, 'GET', `/components/${p2!.id}`);
    expect(
      { description: after.description, series: after.series },
      "p2's values after the revert: those of its first version",
    ).toEqual({ description: p2!.description, series: p2!.series });

    // The administrator deletes the published PDF: asked first, then recorded in the history.
    await admin.goto(`/app/component-hub/components/${p1!.id}`);
    await tab(admin, 'Attachments').click();
    await admin.getByRole('button', { name: `Delete ${fileName}` }).click();
    const confirm = admin.getByRole('alertdialog', { name: 'Delete Attachment' });
    await expect(confirm.getByText(/an administrator can restore the file for 30 days/)).toBeVisible();
    await checkOtherPage(admin, 'attachment-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(toast(admin, 'Attachment Deleted')).toBeVisible();
    await tab(admin, 'Version History').click();
    await expect(
      admin.getByRole('table', { name: 'Version History' }).getByText(`Attachment removed: ${fileName}`),
      'the removal in the version history',
    ).toBeVisible();
    await checkOtherPage(admin, 'history-attachment-removed');

    // p3 is deleted after all: the user's Recent Components says so instead of linking to it.
    const again = await apiCall<{ requestId: string }>(
      page.request,
      'POST',
      `/components/${p3!.id}/delete-request`,
      {},
    );
    await apiCall(admin.request, 'PATCH', `/approval-requests/${again.requestId}`, { status: 'approved' });
    // The queue names a deleted part without linking to it; the withdrawn request has a tab of its own.
    await admin.goto('/app/component-hub/approval-queue');
    await admin.getByRole('tab', { name: 'Approved' }).click();
    await expect(
      cardOf(again.requestId).getByText(`Part: ${p3!.reference} (this part was deleted)`, { exact: true }),
      'the approved deletion, its part said to be deleted',
    ).toBeVisible();
    await expect(
      cardOf(again.requestId).getByRole('link', { name: p3!.reference }),
      'links to the deleted part',
    ).toHaveCount(0);
    await admin.getByRole('tab', { name: 'Withdrawn' }).click();
    await expect(
      cardOf(withdrawnId).getByText('Withdrawn', { exact: true }),
      'the withdrawn deletion request, badged',
    ).toBeVisible();
    await page.goto('/app/component-hub');
    const recent = page
      .getByRole('list', { name: 'Recent Components' })
      .getByRole('listitem')
      .filter({ hasText: p3!.reference });
    await expect(
      recent.getByText('This part has been deleted.'),
      'the deleted part in Recent Components',
    ).toBeVisible();
    await expect(recent.getByRole('link'), 'links to the deleted part').toHaveCount(0);
    await checkPage('dashboard-deleted-recent');

    // Settings → Notifications from the settings menu: each kind on or off.
    await page.getByRole('button', { name: 'Settings menu' }).click();
    await page.getByRole('menuitem', { name: 'Notification Settings' }).click();
    await expect(page).toHaveURL(/\/settings#notifications$/);
    await expect(page.getByRole('tab', { name: 'Notifications', selected: true })).toBeVisible();
    const emailDecisions = page
      .getByRole('region', { name: 'Email' })
      .getByRole('checkbox', { name: 'My requests approved or rejected' });
    await expect(emailDecisions, 'decision emails on by default').toBeChecked();
    await page.getByRole('region', { name: 'Email' }).getByText('My requests approved or rejected').click();
    await expect(toast(page, 'Notification settings saved')).toBeVisible();
    await expect(emailDecisions, 'decision emails off after the switch').not.toBeChecked();
    await checkPage('settings-notifications');
    await page.reload();
    await expect(emailDecisions, 'decision emails still off after a reload').not.toBeChecked();
  } catch (error) {
    // The administrator's screen at the moment of failure (Playwright keeps the user's).
    await admin
      .screenshot({ path: testInfo.outputPath('FAILED-administrator.png'), fullPage: true })
      .catch(() => undefined);
    throw error;
  } finally {
    await adminContext.close();
  }
});
