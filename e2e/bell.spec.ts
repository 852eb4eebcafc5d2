import { request as newRequest } from '@playwright/test';
import { apiCall, expect, test } from './fixtures.ts';

test("bell: a notice whose request was decided says so and is read; 'Mark all as read' clears the count", async ({
  page,
  stack,
  adminApi,
  createAccount,
  signIn,
  checkPage,
}) => {
  const [watcher, submitter] = await Promise.all([createAccount('watcher', 'admin'), createAccount('asker')]);
  await signIn(watcher);
  const asker = await newRequest.newContext({ baseURL: stack.origin });
  await apiCall(asker, 'POST', '/login', { email: submitter.email, password: submitter.password });
  const [part] = await apiCall<{ id: number }[]>(asker, 'GET', '/components?limit=1');
  const first = await apiCall<{ requestId: string }>(asker, 'PATCH', `/components/${part!.id}`, {
    value6: `bell ${Date.now()}`,
  });
  await apiCall(asker, 'PATCH', `/components/${part!.id}`, { value7: `bell ${Date.now()}` });
  await asker.dispose();
  // Another administrator decides the first request.
  await apiCall(adminApi, 'PATCH', `/approval-requests/${first.requestId}`, { status: 'approved' });

  await page.goto('/app/component-hub');
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const list = page.getByRole('list', { name: 'Notifications' });
  const ours = list.getByRole('listitem').filter({ hasText: submitter.username });
  await expect(ours).toHaveCount(2);
  await expect(ours.filter({ hasText: 'Decided: approved' })).toHaveCount(1);
  await expect(ours.filter({ hasText: 'Decided: approved' }).getByText('(unread)')).toHaveCount(0);
  await expect(ours.filter({ hasNotText: 'Decided' }).getByText('(unread)')).toHaveCount(1);
  await checkPage('bell-decided-notice');

  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(list.getByText('(unread)')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
});
