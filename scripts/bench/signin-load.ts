/**
 * One cold load of the sign-in page in Chromium, as a browser loads it: every script asked for
 * before the Sign In button is on screen and enabled, with the bytes its response took on the
 * wire (the browser's own resource timing). Used by the signin-bytes bench and the budget's
 * browser test.
 */
import type { Browser } from 'playwright';
import { appUrl, paths } from '#shared/app-paths';

const USABLE_MARK = 'sign-in-usable';

export interface Script {
  path: string;
  /** The response body as it crossed the wire (compressed when the server compressed it). */
  wireBytes: number;
  /** The script itself. */
  bytes: number;
  encoding: string;
}

export interface SignInLoad {
  /** Scripts asked for before the form was usable. */
  before: Script[];
  /** Scripts asked for afterwards (loaded in the background, not waited for). */
  after: Script[];
  usableAfterMs: number;
}

/** Runs in the page before its own scripts: marks when the Sign In button is first visible and enabled. */
const markWhenUsable = (markName: string) => {
  const observer = new MutationObserver(() => {
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Sign In');
    if (!button || button.disabled || !button.checkVisibility()) return;
    performance.mark(markName);
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true });
};

/** One cold load of the sign-in page in a fresh context (an empty cache), asking for `acceptEncoding`. */
export const loadSignIn = async (browser: Browser, origin: string, acceptEncoding?: string): Promise<SignInLoad> => {
  const context = await browser.newContext(
    acceptEncoding ? { extraHTTPHeaders: { 'accept-encoding': acceptEncoding } } : {},
  );
  try {
    const page = await context.newPage();
    await page.addInitScript(markWhenUsable, USABLE_MARK);
    const encodings = new Map<string, string>();
    page.on('response', (response) => {
      void response.headerValue('content-encoding').then((value) => encodings.set(response.url(), value ?? 'none'));
    });
    await page.goto(`${origin}${appUrl(paths.auth.href())}`);
    const signIn = page.getByRole('button', { name: 'Sign In', exact: true });
    await signIn.waitFor({ state: 'visible' });
    await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, USABLE_MARK);
    // What the page fetches once it is usable is reported too.
    await page.waitForLoadState('networkidle');
    const { usableAt, entries } = await page.evaluate((name) => {
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      return {
        usableAt: performance.getEntriesByName(name)[0]!.startTime,
        entries: resources
          .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
          .map((entry) => ({
            url: entry.name,
            startTime: entry.startTime,
            wireBytes: entry.encodedBodySize,
            bytes: entry.decodedBodySize,
          })),
      };
    }, USABLE_MARK);
    const script = (entry: (typeof entries)[number]): Script => ({
      path: new URL(entry.url).pathname,
      wireBytes: entry.wireBytes,
      bytes: entry.bytes,
      encoding: encodings.get(entry.url) ?? 'unknown',
    });
    return {
      before: entries.filter((entry) => entry.startTime < usableAt).map(script),
      after: entries.filter((entry) => entry.startTime >= usableAt).map(script),
      usableAfterMs: usableAt,
    };
  } finally {
    await context.close();
  }
};

/** The scripts' bytes on the wire, summed. */
export const wireBytes = (scripts: Script[]) => scripts.reduce((sum, script) => sum + script.wireBytes, 0);
