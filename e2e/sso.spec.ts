import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const BUTTON = 'Sign in with Local test provider';

/** From the hub's login page through the provider's own login page, back into the hub. */
const signInAtProvider = async (page: Page, email: string, password: string): Promise<void> => {
  await page.goto('/app/auth');
  await page.getByRole('link', { name: BUTTON }).click();
  await expect(page.getByRole('heading', { name: 'Local test provider' }), "the provider's login page").toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
};

/** Logs out of the hub, then takes the offer to sign out at the provider too. */
const signOutEverywhere = async (page: Page, checkPage: (screen: string) => Promise<void>, screen: string) => {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/app\/auth$/);
  await expect(page.getByText('You are logged out of Component Hub'), 'the offer to sign out there too').toBeVisible();
  await checkPage(screen);
  await page.getByRole('link', { name: 'Sign out of Local test provider' }).click();
  await expect(page.getByText('Sign out of the local test provider?'), "the provider's sign-out page").toBeVisible();
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(/\/app\/auth$/);
  await expect(page.getByRole('link', { name: BUTTON }), 'the login page again').toBeVisible();
};

test("single sign-on: an administrator signs in on the provider's page, lands on the deep link, signs out there too", async ({
  page,
  stack,
  checkPage,
}) => {
  // A deep link first: the login page sends the person back to it.
  await page.goto('/app/component-hub/approval-queue');
  await expect(page).toHaveURL(/\/app\/auth$/);
  await expect(page.getByRole('link', { name: BUTTON })).toBeVisible();
  await checkPage('sso-login');
  await page.getByRole('link', { name: BUTTON }).click();
  await expect(page.getByRole('heading', { name: 'Local test provider' }), "the provider's login page").toBeVisible();
  await checkPage('sso-provider-login');
  await page.getByLabel('Email').fill(stack.sso.admin);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Wrong email or password.'), "the provider's own refusal").toBeVisible();
  await page.getByLabel('Email').fill(stack.sso.admin);
  await page.getByLabel('Password').fill(stack.sso.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/component-hub\/approval-queue$/);
  await expect(page.getByRole('link', { name: 'Admin Dashboard' }).first(), 'the admin navigation').toBeVisible();
  await checkPage('sso-admin-signed-in');
  await signOutEverywhere(page, checkPage, 'sso-signed-out-offer');
  // Signed out at the provider as well: the next sign-in asks for the password again.
  await page.getByRole('link', { name: BUTTON }).click();
  await expect(page.getByRole('heading', { name: 'Local test provider' }), 'the provider asks again').toBeVisible();
});

test('single sign-on: a user signs in, has no admin pages, signs out', async ({ page, stack, checkPage }) => {
  await signInAtProvider(page, stack.sso.user, stack.sso.password);
  await expect(page).toHaveURL(/\/app\/component-hub$/);
  await expect(page.getByRole('heading', { name: 'Component Database' }), 'the dashboard').toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin Dashboard' }), 'no admin navigation').toHaveCount(0);
  await checkPage('sso-user-signed-in');
  await signOutEverywhere(page, checkPage, 'sso-user-signed-out');
});

test('single sign-on: someone outside the allowed domains and groups gets the reason on the login page', async ({
  page,
  stack,
  checkPage,
}) => {
  await signInAtProvider(page, stack.sso.outsider, stack.sso.password);
  await expect(page).toHaveURL(/\/app\/auth$/);
  await expect(page.getByText('Single sign-on failed')).toBeVisible();
  await expect(page.getByText(/not allowed to use Component Hub/)).toBeVisible();
  await checkPage('sso-not-allowed');
});

test('single sign-on: an account made by the provider confirms with it before setting a password', async ({
  page,
  stack,
  checkPage,
}) => {
  await signInAtProvider(page, stack.sso.user, stack.sso.password);
  await expect(page).toHaveURL(/\/app\/component-hub$/);
  await page.goto('/app/component-hub/settings#security');
  const confirm = page.getByRole('link', { name: 'Confirm with Local test provider' });
  await expect(confirm, 'no password to give: the provider vouches instead').toBeVisible();
  await expect(page.getByLabel('Current Password')).toHaveCount(0);
  await checkPage('sso-confirm-before-password');
  await confirm.click();
  // The provider asks for the password again, though its own session is still open.
  await expect(page.getByRole('heading', { name: 'Local test provider' }), "the provider's login page").toBeVisible();
  await page.getByLabel('Email').fill(stack.sso.user);
  await page.getByLabel('Password').fill(stack.sso.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/component-hub\/settings\?reauthenticated=1#security$/);
  await expect(page.getByText(/You confirmed it is you with Local test provider/)).toBeVisible();
  await checkPage('sso-set-first-password');
});
