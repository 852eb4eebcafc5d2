import { apiCall, emailedToken, expect, test } from './fixtures.ts';

test('invitation: a link that no longer works is explained before anything is typed; a working one names the email', async ({
  page,
  stack,
  adminApi,
  checkPage,
}) => {
  const email = `checked-${Date.now().toString(36)}@componenthub.test`;
  const since = new Date();
  await apiCall(adminApi, 'POST', '/invites', { email, role: 'user' });
  const token = await emailedToken(stack, { to: email, since, param: 'invite' });
  const refusal = page.getByRole('alert').filter({ hasText: 'This invitation cannot be used' });

  // A link that never worked (mistyped, or cut short by the mail program).
  await page.goto(`/app/auth?invite=${token.slice(0, -4)}xxxx`);
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText('Ask an administrator to send you a new invitation.');
  await expect(page.getByLabel('Username')).toBeHidden();
  await checkPage('invitation-refused');

  // The working link: the form, for this email.
  await page.goto(`/app/auth?invite=${token}`);
  await expect(page.getByText(`You are joining Component Hub as ${email}.`)).toBeVisible();
  await expect(page.getByLabel('Username')).toBeVisible();

  // Once used, the same link is explained at once too: no name or password asked for.
  await apiCall(page.context().request, 'POST', '/invites/accept', {
    token,
    username: `checked${Date.now().toString(36)}`,
    password: 'Start-Passw0rd!',
  });
  await page.context().clearCookies();
  await page.goto(`/app/auth?invite=${token}`);
  await expect(refusal).toBeVisible();
  await expect(page.getByLabel('Username')).toBeHidden();
});
