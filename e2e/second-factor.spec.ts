import { Secret, TOTP } from 'otpauth';
import type { Page } from '@playwright/test';
import { expect, logout, submitLogin, test, toast } from './fixtures.ts';

/** The code an authenticator app holding `secret` shows, `stepsAhead` 30-second steps from now. */
const appCode = (secret: string, stepsAhead = 0): string =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });

const passwordStep = async (page: Page, account: { email: string; password: string }) => {
  await page.goto('/app/auth');
  await submitLogin(page, account);
  await expect(page.getByRole('heading', { name: 'Second Factor' })).toBeVisible();
  await expect(page, 'no session before the second factor').toHaveURL(/\/app\/auth$/);
};

test('authenticator app: set up in Settings → Security, then sign-in asks for its code', async ({
  page,
  freshUserAt,
  checkPage,
}) => {
  const account = await freshUserAt('totp', '/app/component-hub/settings#security');
  await expect(page.getByRole('heading', { name: 'Second Factor' })).toBeVisible();
  await checkPage('settings-second-factor-off');
  await page.getByRole('button', { name: 'Set Up Authenticator App' }).click();
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expect(page.getByRole('link', { name: /^otpauth:\/\/totp\// })).toBeVisible();
  await checkPage('settings-second-factor-setup');

  await page.getByLabel('Code from the app').fill(appCode(secret));
  await page.getByRole('button', { name: 'Turn On' }).click();
  await expect(toast(page, 'Authenticator app turned on')).toBeVisible();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await checkPage('settings-second-factor-recovery-codes');
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('Recovery codes left: 10')).toBeVisible();

  await logout(page);
  await passwordStep(page, account);
  await checkPage('sign-in-second-factor');
  await page.getByLabel('Authentication code', { exact: true }).fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByLabel('Authentication code', { exact: true })).toHaveAccessibleDescription(
    /This code is not right, or it was already used/,
  );
  await expect(toast(page, 'Login failed')).toBeVisible();
  await expect(page, 'still no session').toHaveURL(/\/app\/auth$/);
  // The step the set-up spent is not accepted again: the next one is (within the window).
  await page.getByLabel('Authentication code', { exact: true }).fill(appCode(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/app\/component-hub$/);
  await expect(toast(page, 'Login successful')).toBeVisible();
});

test('passkey: added in Settings → Security with a virtual authenticator, then used to sign in', async ({
  page,
  freshUserAt,
  checkPage,
}) => {
  // Chromium's virtual authenticator (DevTools protocol) stands in for a security key or a phone.
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('WebAuthn.enable');
  await devtools.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const account = await freshUserAt('passkey', '/app/component-hub/settings#security');
  await page.getByLabel('Passkey name').fill('Virtual key');
  await page.getByRole('button', { name: 'Add Passkey' }).click();
  await expect(toast(page, 'Passkey added')).toBeVisible();
  const passkeys = page.getByRole('list', { name: 'Your passkeys' });
  await expect(passkeys.getByText('Virtual key')).toBeVisible();
  await expect(passkeys.getByText(/not used yet/)).toBeVisible();
  await checkPage('settings-passkey');

  await logout(page);
  await passwordStep(page, account);
  await expect(page.getByLabel('Authentication code', { exact: true }), 'no app on this account').toBeHidden();
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(/\/app\/component-hub$/);
  await expect(toast(page, 'Login successful')).toBeVisible();

  await page.goto('/app/component-hub/settings#security');
  await expect(passkeys.getByText(/last used/)).toBeVisible();
});
