import { AxeBuilder } from '@axe-core/playwright';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { Account } from './accounts.ts';
import type { Stack } from './stack.ts';

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 375, height: 812 };
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

export interface JourneyContext {
  stack: Stack;
  context: BrowserContext;
  page: Page;
  /** An app URL: `url('/auth')` -> http://localhost:port/app/auth. */
  url: (appPath: string) => string;
  /** axe-core and screenshots at 1280 and 375 px of the page as it is now. */
  checkPage: (screen: string) => Promise<void>;
  /** The same for another page of the journey (a second person's browser). */
  checkOtherPage: (other: Page, screen: string) => Promise<void>;
  /** Screenshots only, for a page that is not the app's (the SES inbox). */
  photograph: (other: Page, screen: string) => Promise<void>;
  /** Logs in through the login form and waits for the hub. */
  login: (account: Pick<Account, 'email' | 'password'>) => Promise<void>;
}

export interface Journey {
  name: string;
  run: (ctx: JourneyContext) => Promise<void>;
}

export class AccessibilityError extends Error {}

/** Waits for the locator to be visible, failing with a message that says what was expected. */
export const expectVisible = async (locator: Locator, what: string, timeout = 10_000): Promise<void> => {
  try {
    await locator.first().waitFor({ state: 'visible', timeout });
  } catch {
    throw new Error(`expected to see ${what}`);
  }
};

export const expectHidden = async (locator: Locator, what: string, timeout = 10_000): Promise<void> => {
  try {
    await locator.first().waitFor({ state: 'hidden', timeout });
  } catch {
    throw new Error(`expected ${what} to be gone`);
  }
};

export const expectUrl = async (page: Page, pattern: RegExp, timeout = 10_000): Promise<void> => {
  try {
    await page.waitForURL(pattern, { timeout });
  } catch {
    throw new Error(`expected the URL to match ${pattern}, it is ${page.url()}`);
  }
};

export const expectEqual = <T>(actual: T, expected: T, what: string): void => {
  if (actual !== expected)
    throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
};

/** Waits for an input to hold this value. */
export const expectValue = async (locator: Locator, expected: string, what: string, timeout = 5000): Promise<void> => {
  const deadline = Date.now() + timeout;
  let actual = await locator.inputValue();
  while (actual !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    actual = await locator.inputValue();
  }
  expectEqual(actual, expected, what);
};

/** A toast with this title (and description, when given). */
export const toast = (page: Page, title: string, description?: string): Locator => {
  const region = page.locator('[data-scope="toast"][data-part="root"]');
  const withTitle = region.filter({ has: page.getByText(title, { exact: true }) });
  return description ? withTitle.filter({ has: page.getByText(description, { exact: true }) }) : withTitle;
};

export const createJourneyContext = (
  stack: Stack,
  context: BrowserContext,
  page: Page,
  screenshotDir: string,
  journeyIndex: number,
): JourneyContext => {
  const url = (appPath: string) => `${stack.origin}/app${appPath}`;
  let shot = 0;

  const axe = async (target: Page, screen: string, width: number) => {
    const results = await new AxeBuilder({ page: target }).analyze();
    const blocking = results.violations.filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''));
    if (blocking.length > 0) {
      const detail = blocking
        .map(
          (v) =>
            `  [${v.impact}] ${v.id}: ${v.help}\n${v.nodes.map((n) => `      ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''}`).join('\n')}`,
        )
        .join('\n');
      throw new AccessibilityError(
        `axe found ${blocking.length} serious or critical violation(s) on "${screen}" at ${width}px:\n${detail}`,
      );
    }
  };

  const shoot = async (target: Page, screen: string, judge: boolean) => {
    await mkdir(screenshotDir, { recursive: true });
    shot += 1;
    const base = `${String(journeyIndex).padStart(2, '0')}-${String(shot).padStart(2, '0')}-${screen}`;
    const original = target.viewportSize() ?? DESKTOP;
    for (const size of [DESKTOP, MOBILE]) {
      await target.setViewportSize(size);
      // Let layout and entry animations settle before judging and photographing the page.
      await target.waitForTimeout(400);
      await target.screenshot({ path: path.join(screenshotDir, `${base}-${size.width}.png`), fullPage: true });
      if (judge) await axe(target, screen, size.width);
    }
    await target.setViewportSize(original);
  };
  const checkOtherPage = (target: Page, screen: string) => shoot(target, screen, true);
  const photograph = (target: Page, screen: string) => shoot(target, screen, false);
  const checkPage = (screen: string) => checkOtherPage(page, screen);

  const login = async (account: Pick<Account, 'email' | 'password'>) => {
    await page.goto(url('/auth'));
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectUrl(page, /\/app\/component-hub$/);
  };

  return { stack, context, page, url, checkPage, checkOtherPage, photograph, login };
};
