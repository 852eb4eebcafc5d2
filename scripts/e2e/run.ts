/**
 * Browser tests: `npm run test:e2e [name filter]`. Starts the product as `npm start` does (own
 * ports, own data directory), drives Debian's Chromium through every journey, checks each page
 * with axe-core and photographs it at 1280 and 375 px.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM, launchBrowser } from './browser.ts';
import { createJourneyContext, type Journey } from './harness.ts';
import { journeys } from './journeys/index.ts';
import { repoRoot, startStack } from './stack.ts';

const filter = process.argv[2]?.toLowerCase();
const selected: Journey[] = filter ? journeys.filter((j) => j.name.toLowerCase().includes(filter)) : journeys;

if (!existsSync(CHROMIUM)) {
  console.error(
    `Chromium is missing at ${CHROMIUM}: install it with 'apt-get install -y chromium' (or set CHROMIUM_PATH).`,
  );
  console.log('0 passed, 1 failed');
  process.exit(1);
}

const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const screenshotDir = path.join(repoRoot, 'test-results', 'e2e', stamp);
console.log(`Screenshots: ${screenshotDir}`);

const started = Date.now();
const stack = await startStack().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  console.log('0 passed, 1 failed');
  process.exit(1);
});
console.log(`Local stack up at ${stack.origin} in ${((Date.now() - started) / 1000).toFixed(1)} s`);

const browser = await launchBrowser();
let passed = 0;
let failed = 0;

try {
  for (const [index, journey] of selected.entries()) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('pageerror', (error) => consoleErrors.push(error.message));
    const begun = Date.now();
    try {
      await journey.run(createJourneyContext(stack, context, page, screenshotDir, index + 1));
      passed += 1;
      console.log(`✔ ${journey.name} (${Date.now() - begun} ms)`);
    } catch (error) {
      failed += 1;
      const failureShot = path.join(screenshotDir, `FAILED-${String(index + 1).padStart(2, '0')}.png`);
      await page.screenshot({ path: failureShot, fullPage: true }).catch(() => undefined);
      console.log(`✘ ${journey.name} (${Date.now() - begun} ms)`);
      console.log(`  ${(error instanceof Error ? error.message : String(error)).replace(/\n/g, '\n  ')}`);
      console.log(`  at ${page.url()}; screenshot ${failureShot}`);
      if (consoleErrors.length) console.log(`  page errors: ${consoleErrors.join(' | ')}`);
      const exit = stack.exitedEarly();
      if (exit) {
        console.log(
          `The local stack stopped (${exit}); its output:\n${stack.output().split('\n').slice(-40).join('\n')}`,
        );
        failed += selected.length - index - 1;
        break;
      }
    } finally {
      await context.close();
    }
  }
} finally {
  await browser.close();
  await stack.stop();
}

console.log(`Screenshots: ${screenshotDir}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
