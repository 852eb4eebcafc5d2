/**
 * Sign-in page weight: the JavaScript a browser fetches before the sign-in form can be used.
 *
 *   npm run bench -- signin-bytes
 *
 * Builds the SPA (minified, into a temporary folder), serves it with the real local server (which
 * compresses as CloudFront does) in front of DynamoDB Local and the S3 server, and loads /app/auth
 * in Chromium with a cold cache. The page marks the moment the Sign In button is on screen and
 * enabled; every script the browser asked for before that moment is counted, with the bytes its
 * response took on the wire (the browser's own resource timing). What the page fetches afterwards
 * (the form's validation rules, the toast region) is shown apart.
 *
 * The first load asks for gzip only, the encoding the budget is set in; a second asks as Chromium
 * does (brotli first), which is what most people get. Fails when the gzip load is over the
 * sign-in budget, the same one the build checks from its own chunk graph.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright';
import { buildWeb, chunkLabel, SIGN_IN_BUDGET, withinSignInBudget } from '../build-web.ts';
import { startLocalServer } from '../local/server.ts';
import { startBenchStack } from './bench-stack.ts';
import { loadSignIn, type Script } from './signin-load.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const log = (message: string) => console.log(`[bench] ${message}`);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const stops: (() => Promise<unknown>)[] = [];
const cleanup = async () => {
  for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error('[bench] cleanup:', error));
};
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));

const total = (scripts: Script[], pick: (script: Script) => number) =>
  scripts.reduce((sum, script) => sum + pick(script), 0);

const main = async () => {
  const outdir = await mkdtemp(join(tmpdir(), 'signin-bytes-'));
  stops.push(() => rm(outdir, { recursive: true, force: true }));
  const built = await buildWeb({ outdir });
  log(`built the SPA; the build counts ${built.signIn.requests} requests, ${kb(built.signIn.gzipBytes)} gzipped`);

  const stack = await startBenchStack('bench-signin-bytes', log);
  stops.push(() => stack.stop());
  const server = await startLocalServer({ port: 0, webDist: outdir });
  stops.push(() => server.close());
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
  stops.push(() => browser.close());

  const gzip = await loadSignIn(browser, server.url, 'gzip');
  const usual = await loadSignIn(browser, server.url);

  console.log('\nSign-in page (/app/auth), cold cache: scripts asked for before the Sign In button was usable');
  const served = new Map(built.files.map((file) => [file.url, chunkLabel(file, built.entry)]));
  const label = (script: Script) => served.get(script.path) ?? 'not from this build';
  for (const script of [...gzip.before].sort((a, b) => b.wireBytes - a.wireBytes))
    console.log(
      `  ${script.path.padEnd(36)} ${kb(script.bytes).padStart(9)} ${kb(script.wireBytes).padStart(9)} on the wire (${script.encoding})  ${label(script)}`,
    );
  const requests = gzip.before.length;
  const gzipBytes = total(gzip.before, (s) => s.wireBytes);
  // Files under 1,000 bytes go as they are, as CloudFront sends them.
  const allGzipped = gzip.before.every((script) => script.encoding === 'gzip' || script.bytes < 1000);
  const check = (ok: boolean) => (ok ? 'met' : 'MISSED');
  console.log(
    `  JS requests            ${requests}    (target at most ${SIGN_IN_BUDGET.requests}: ${check(requests <= SIGN_IN_BUDGET.requests)})`,
  );
  console.log(
    `  JS gzipped             ${kb(gzipBytes)} on the wire, ${kb(total(gzip.before, (s) => s.bytes))} decoded${allGzipped ? '' : ' (NOT every script came gzipped)'}    (target at most ${kb(SIGN_IN_BUDGET.gzipBytes)}: ${check(gzipBytes <= SIGN_IN_BUDGET.gzipBytes)})`,
  );
  console.log(
    `  as Chromium asks       ${usual.before.length} requests, ${kb(total(usual.before, (s) => s.wireBytes))} on the wire (${[...new Set(usual.before.map((s) => s.encoding))].join(', ')})`,
  );
  console.log(`  the build's count      ${built.signIn.requests} requests, ${kb(built.signIn.gzipBytes)} gzipped`);
  console.log(
    `  usable after           ${gzip.usableAfterMs.toFixed(0)} ms (gzip), ${usual.usableAfterMs.toFixed(0)} ms (as Chromium asks), loopback`,
  );
  console.log(
    `  fetched afterwards     ${gzip.after.length} scripts, ${kb(total(gzip.after, (s) => s.wireBytes))} gzipped (${gzip.after.map(label).join(', ') || 'none'})`,
  );
  await cleanup();
  if (!allGzipped || !withinSignInBudget({ requests, gzipBytes })) process.exitCode = 1;
};

main().catch(async (error: unknown) => {
  console.error(error);
  await cleanup();
  process.exit(1);
});
