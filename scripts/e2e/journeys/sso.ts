import type { Page } from 'playwright-core';
import { expectUrl, expectVisible, type Journey, type JourneyContext } from '../harness.ts';

const BUTTON = 'Sign in with Local test provider';

/** From the hub's login page through the provider's own login page, back into the hub. */
const signInAtProvider = async ({ page, url }: JourneyContext, email: string, password: string): Promise<void> => {
  await page.goto(url('/auth'));
  await page.getByRole('link', { name: BUTTON }).click();
  await expectVisible(page.getByRole('heading', { name: 'Local test provider' }), "the provider's login page");
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
};

/** Logs out of the hub, then takes the offer to sign out at the provider too. */
const signOutEverywhere = async (page: Page, checkPage: (screen: string) => Promise<void>, screen: string) => {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expectUrl(page, /\/app\/auth$/);
  await expectVisible(page.getByText('You are logged out of Component Hub'), 'the offer to sign out at the provider');
  await checkPage(screen);
  await page.getByRole('link', { name: 'Sign out of Local test provider' }).click();
  await expectVisible(page.getByText('Sign out of the local test provider?'), "the provider's sign-out page");
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expectUrl(page, /\/app\/auth$/);
  await expectVisible(page.getByRole('link', { name: BUTTON }), 'the login page again');
};

export const ssoJourneys: Journey[] = [
  {
    name: "single sign-on: an administrator signs in on the provider's page, lands on the deep link, signs out there too",
    run: async (ctx) => {
      const { page, url, stack, checkPage } = ctx;
      // A deep link first: the login page sends the person back to it.
      await page.goto(url('/component-hub/approval-queue'));
      await expectUrl(page, /\/app\/auth$/);
      await expectVisible(page.getByRole('link', { name: BUTTON }), "the 'Sign in with' button");
      await checkPage('sso-login');
      await page.getByRole('link', { name: BUTTON }).click();
      await expectVisible(page.getByRole('heading', { name: 'Local test provider' }), "the provider's login page");
      await checkPage('sso-provider-login');
      await page.getByLabel('Email').fill(stack.sso.admin);
      await page.getByLabel('Password').fill('not-the-password');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expectVisible(page.getByText('Wrong email or password.'), "the provider's own refusal");
      await page.getByLabel('Email').fill(stack.sso.admin);
      await page.getByLabel('Password').fill(stack.sso.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expectUrl(page, /\/app\/component-hub\/approval-queue$/, 20_000);
      await expectVisible(page.getByRole('link', { name: 'Admin Dashboard' }).first(), 'the admin navigation');
      await checkPage('sso-admin-signed-in');
      await signOutEverywhere(page, checkPage, 'sso-signed-out-offer');
      // Signed out at the provider as well: the next sign-in asks for the password again.
      await page.getByRole('link', { name: BUTTON }).click();
      await expectVisible(
        page.getByRole('heading', { name: 'Local test provider' }),
        "the provider's login page again",
      );
    },
  },
  {
    name: 'single sign-on: a user signs in, has no admin pages, signs out',
    run: async (ctx) => {
      const { page, stack, checkPage } = ctx;
      await signInAtProvider(ctx, stack.sso.user, stack.sso.password);
      await expectUrl(page, /\/app\/component-hub$/, 20_000);
      await expectVisible(page.getByRole('heading', { name: 'Component Database' }), 'the dashboard');
      if ((await page.getByRole('link', { name: 'Admin Dashboard' }).count()) > 0) {
        throw new Error('a user sees the Admin Dashboard link');
      }
      await checkPage('sso-user-signed-in');
      await signOutEverywhere(page, checkPage, 'sso-user-signed-out');
    },
  },
  {
    name: 'single sign-on: someone outside the allowed domains and groups gets the reason on the login page',
    run: async (ctx) => {
      const { page, stack, checkPage } = ctx;
      await signInAtProvider(ctx, stack.sso.outsider, stack.sso.password);
      await expectUrl(page, /\/app\/auth$/, 20_000);
      await expectVisible(page.getByText('Single sign-on failed'), 'the single sign-on error');
      await expectVisible(page.getByText(/not allowed to use Component Hub/), 'the reason');
      await checkPage('sso-not-allowed');
    },
  },
];
