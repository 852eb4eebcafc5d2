import { SIGN_IN_BUDGET } from '../scripts/build-web.ts';
import { loadSignIn, wireBytes, type SignInLoad } from '../scripts/bench/signin-load.ts';
import { expect, test } from './fixtures.ts';

/** A cold load of /app/auth asking for gzip, the encoding the budget is set in. */
const gzipLoad = async (browser: Parameters<typeof loadSignIn>[0], origin: string): Promise<SignInLoad> => {
  const load = await loadSignIn(browser, origin, 'gzip');
  test.info().annotations.push({
    type: 'sign-in weight',
    description: `${load.before.length} scripts, ${(wireBytes(load.before) / 1024).toFixed(1)} KB on the wire, usable after ${load.usableAfterMs.toFixed(0)} ms`,
  });
  return load;
};

test('the sign-in page comes compressed, in few enough scripts', async ({ browser, stack }) => {
  const load = await gzipLoad(browser, stack.origin);
  // Files under 1,000 bytes go as they are, as CloudFront sends them; the rest come gzipped.
  for (const script of load.before)
    expect(script.encoding === 'gzip' || script.bytes < 1000, `${script.path} is compressed`).toBe(true);
  expect(load.before.length, 'scripts before the form is usable').toBeLessThanOrEqual(SIGN_IN_BUDGET.requests);
});

test("the sign-in page's JavaScript, gzipped as the browser loads it, is within its budget", async ({
  browser,
  stack,
}) => {
  const load = await gzipLoad(browser, stack.origin);
  expect(wireBytes(load.before), 'gzipped bytes before the form is usable').toBeLessThanOrEqual(
    SIGN_IN_BUDGET.gzipBytes,
  );
});
