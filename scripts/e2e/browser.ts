import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface Browser {
  /** A fresh context (own cookies and storage) at desktop size. */
  newContext: () => Promise<BrowserContext>;
  close: () => Promise<void>;
}

/**
 * Debian's Chromium, headless, with nothing phoning home. Playwright gives every launch a fresh
 * temporary profile (user-data-dir) and removes it on close.
 */
export const launchBrowser = async (): Promise<Browser> => {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--no-default-browser-check',
    ],
  });
  return {
    newContext: () =>
      browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB', timezoneId: 'UTC' }),
    close: () => browser.close(),
  };
};
