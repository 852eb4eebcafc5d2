/**
 * Cold-start benchmark: every Lambda of the route manifest bundled the way CDK
 * bundles it (esbuild with the AppFunction construct's options, from infra/constructs/lambda-bundling.ts),
 * then for each bundle its size and its module-load time: a fresh `node` process (with the
 * runtime's NODE_OPTIONS, `--enable-source-maps`) importing the bundle, the median of 10. The
 * SPA's chunks are built and listed beside them (scripts/build-web.ts).
 *
 *   npm run bench -- lambda          BENCH_LOAD_RUNS (10), BENCH_SKIP_WEB=1 to leave the SPA out
 *
 * Targets: no bundle over 1 MB, no load over 150 ms. The process exits 1 when one is missed.
 * The load target is checked against the CPU time the import used: importing is single-threaded,
 * so on an idle machine its wall clock is at most its CPU time, while on a machine shared with
 * other work the wall clock mostly measures the wait for a core (the load average is printed).
 * A direct esbuild build is what `cdk synth` runs for each function (aws-lambda-nodejs
 * `buildEsbuildArgs`), minus the Docker/asset staging around it, so a synth is not needed here.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build, type Metafile } from 'esbuild';
import { functionMemoryMb, routes } from '#shared/routes';
import { esbuildOptionsForLambda, lambdaNodeOptions } from '../../infra/constructs/lambda-bundling.ts';
import { repoRoot } from '../../infra/paths.ts';
import { buildWeb, formatSizes } from '../build-web.ts';
import { log } from './measure.ts';

const RUNS = Number(process.env.BENCH_LOAD_RUNS ?? 10);
const TARGETS = { bundleBytes: 1024 * 1024, loadMs: 150 };

const run = promisify(execFile);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** What a handler module reads at import time; nothing is called, so nothing needs to exist. */
const loadEnv = {
  PATH: process.env.PATH ?? '',
  TABLE_NAME: 'bench-table',
  BUCKET_NAME: 'bench-bucket',
  MAIL_FROM: 'Component Hub <no-reply@example.com>',
  APP_URL: 'https://example.com',
  CSRF_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:bench',
  POWERTOOLS_SERVICE_NAME: 'component-hub',
  POWERTOOLS_LOG_LEVEL: 'SILENT',
  AWS_REGION: 'eu-west-1',
  AWS_LAMBDA_FUNCTION_NAME: 'bench',
  NODE_OPTIONS: lambdaNodeOptions,
};

/**
 * The time `import()` of the bundle takes in a fresh node process, as that process measures it:
 * wall clock, and the CPU time it used (user + system), which other work on the machine
 * disturbs much less than the wall clock.
 */
const loadOnce = async (file: string): Promise<{ wallMs: number; cpuMs: number }> => {
  const script =
    `const c = process.cpuUsage(); const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); ` +
    'const w = performance.now() - t; const u = process.cpuUsage(c); process.stdout.write(JSON.stringify({ wallMs: w, cpuMs: (u.user + u.system) / 1000 }));';
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
    env: loadEnv,
    cwd: path.dirname(file),
  });
  return JSON.parse(stdout) as { wallMs: number; cpuMs: number };
};

/** The AWS SDK clients a bundle contains (`@aws-sdk/client-s3` -> `s3`). */
const sdkClients = (metafile: Metafile, output: string): string =>
  [
    ...new Set(
      Object.keys(metafile.outputs[output]!.inputs)
        .map((input) => /node_modules\/@aws-sdk\/client-([a-z0-9-]+)\//.exec(input)?.[1])
        .filter((name): name is string => name !== undefined),
    ),
  ]
    .sort()
    .join(' ');

/** The three biggest inputs of one output, by the bytes they left in it. */
const biggestInputs = (metafile: Metafile, output: string): string => {
  const byPackage = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(metafile.outputs[output]!.inputs)) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
    const name = match
      ? match[1]!
      : input.startsWith('functions/') || input.startsWith('shared/')
        ? '(our code)'
        : input;
    byPackage.set(name, (byPackage.get(name) ?? 0) + bytesInOutput);
  }
  return [...byPackage.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([name, bytes]) => `${name} ${kb(bytes)}`)
    .join(', ');
};

interface Row {
  handler: string;
  memory: number;
  bytes: number;
  mapBytes: number;
  loadMs: number;
  cpuMs: number;
  clients: string;
  top: string;
}

const outdir = await mkdtemp(path.join(tmpdir(), 'component-hub-lambda-bench-'));
try {
  const handlers = [...new Set(routes.map((route) => route.handler))].sort();
  log(`bundling ${handlers.length} functions with the Lambda bundling options ...`);
  const started = Date.now();
  // One esbuild run with one entry per function and no code splitting: each output is the same
  // self-contained bundle a separate `esbuild --bundle` of that entry writes (CDK's index.mjs).
  const result = await build({
    ...esbuildOptionsForLambda(),
    absWorkingDir: repoRoot,
    entryPoints: Object.fromEntries(handlers.map((handler) => [handler, `functions/src/handlers/${handler}.ts`])),
    outdir,
    outExtension: { '.js': '.mjs' },
    splitting: false,
    metafile: true,
    logLevel: 'warning',
  });
  log(`bundled in ${Date.now() - started} ms; loading each bundle ${RUNS} times in a fresh node process ...`);

  const rows: Row[] = [];
  for (const handler of handlers) {
    const file = path.join(outdir, `${handler}.mjs`);
    const output = path.relative(repoRoot, file).split(path.sep).join('/');
    const times: { wallMs: number; cpuMs: number }[] = [];
    for (let i = 0; i < RUNS; i += 1) times.push(await loadOnce(file));
    rows.push({
      handler,
      memory: functionMemoryMb(routes.find((route) => route.handler === handler)!),
      bytes: (await stat(file)).size,
      mapBytes: (await stat(`${file}.map`)).size,
      loadMs: median(times.map((t) => t.wallMs)),
      cpuMs: median(times.map((t) => t.cpuMs)),
      clients: sdkClients(result.metafile, output),
      top: biggestInputs(result.metafile, output),
    });
  }

  const header = ['function', 'memory', 'bundle', 'map', 'load', 'load CPU', 'SDK clients', 'largest parts'];
  const cells = rows.map((row) => [
    row.handler,
    `${row.memory} MB`,
    kb(row.bytes),
    kb(row.mapBytes),
    `${row.loadMs.toFixed(1)} ms`,
    `${row.cpuMs.toFixed(1)} ms`,
    row.clients,
    row.top,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) =>
    c.map((cell, i) => (i >= 1 && i <= 5 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join('  ');
  console.log(`load: median of ${RUNS} fresh node processes importing the bundle (wall clock, and CPU time used)`);
  console.log(`\n${line(header)}\n${cells.map(line).join('\n')}`);

  const total = rows.reduce((sum, row) => sum + row.bytes, 0);
  const biggest = rows.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  const slowest = rows.reduce((a, b) => (b.loadMs > a.loadMs ? b : a));
  console.log(
    `\n${rows.length} functions, ${kb(total)} of bundles in total (median ${kb(median(rows.map((r) => r.bytes)))}); ` +
      `median load ${median(rows.map((r) => r.loadMs)).toFixed(1)} ms (CPU ${median(rows.map((r) => r.cpuMs)).toFixed(1)} ms)`,
  );
  console.log(
    `machine load average while measuring: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')} on ${cpus().length} CPUs`,
  );
  console.log(`largest bundle: ${biggest.handler} ${kb(biggest.bytes)} (target ≤ ${kb(TARGETS.bundleBytes)})`);
  const slowestCpu = rows.reduce((a, b) => (b.cpuMs > a.cpuMs ? b : a));
  console.log(`slowest load:   ${slowest.handler} ${slowest.loadMs.toFixed(1)} ms wall clock`);
  console.log(
    `most load CPU:  ${slowestCpu.handler} ${slowestCpu.cpuMs.toFixed(1)} ms (target ≤ ${TARGETS.loadMs} ms)`,
  );

  if (!process.env.BENCH_SKIP_WEB) {
    log('building the SPA (minified) to list its route chunks ...');
    const web = await buildWeb({ outdir: path.join(outdir, 'web') });
    console.log(`\nSPA chunks\n${formatSizes(web)}`);
  }

  const misses = [
    ...rows
      .filter((r) => r.bytes > TARGETS.bundleBytes)
      .map((r) => `${r.handler}: bundle ${kb(r.bytes)} > ${kb(TARGETS.bundleBytes)}`),
    ...rows
      .filter((r) => r.cpuMs > TARGETS.loadMs)
      .map((r) => `${r.handler}: load ${r.cpuMs.toFixed(1)} ms CPU > ${TARGETS.loadMs} ms`),
  ];
  if (misses.length) {
    console.error(`\nMISSED TARGETS\n${misses.join('\n')}`);
    process.exitCode = 1;
  } else {
    console.log('\nall functions within the targets');
  }
} finally {
  await rm(outdir, { recursive: true, force: true });
}
