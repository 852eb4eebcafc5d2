/**
 * Excel import benchmark: a 10,000-row workbook imported end to end on the local
 * stack, as the browser does it: POST /api/uploads, the file straight to S3 (presigned POST),
 * POST /api/import-excel, through the local API Gateway and the real handler.
 *
 *   npm run bench -- import          BENCH_IMPORT_ROWS (10000), BENCH_CATALOGUE (20000), BENCH_RUNS (3),
 *                                    BENCH_HEAP_MB (unset: V8's default; e.g. 384 caps the API's heap as a small function would)
 *
 * The catalogue already holds BENCH_CATALOGUE parts (and a search snapshot), so the duplicate
 * check works against a real index. Each run imports a workbook of new parts; the first run is
 * a cold function (the search index loads from the snapshot inside it). A last run imports the
 * first workbook again (everything a duplicate). Reported: total time (upload included) and
 * rows per second, the server's phases (read + guard, parse, validation incl. duplicate check,
 * write) from its Server-Timing header, and the peak memory of the API: the server runs in a
 * child process of its own (as a function would), whose peak RSS (VmHWM) is reset before each
 * import and read after it.
 */
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { ImportResult } from '#shared/schemas/import';
import type { UploadTicket } from '#shared/schemas/files';
import { resetCatalogueSearch } from '#services/search/catalogue-search';
import { SESSION_COOKIE } from '#lib/cookies';
import { writeDemoCatalogue } from '../seed/seed-catalogue.ts';
import { startLocalServer } from '../local/server.ts';
import { generatedRows, makeWorkbook, specHeadings } from '../test/workbooks.ts';
import { benchUser, startBenchStack } from './bench-stack.ts';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const CATALOGUE = Number(process.env.BENCH_CATALOGUE ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const HEAP_MB = process.env.BENCH_HEAP_MB ? Number(process.env.BENCH_HEAP_MB) : undefined;
const TARGETS = { seconds: 30, peakMb: 500 };

const log = (message: string) => console.log(`[bench] ${message}`);
const mb = (bytes: number) => bytes / 2 ** 20;

const stops: (() => Promise<unknown>)[] = [];
const cleanup = async () => {
  for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error('[bench] cleanup:', error));
};
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));

/** The child's resident memory now and its peak since the last reset (Linux /proc), in bytes. */
const childMemory = async (pid: number): Promise<{ rss: number; peak: number }> => {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
};

/** Resets the child's peak RSS to its current RSS. */
const resetPeak = (pid: number) => writeFile(`/proc/${pid}/clear_refs`, '5');

/** `--serve`: the API server alone, in this process; prints its port. */
const serve = async () => {
  const server = await startLocalServer({ port: 0 });
  process.stdout.write(`PORT ${server.port}\n`);
};

interface RunReport {
  label: string;
  rows: number;
  bytes: number;
  totalMs: number;
  uploadMs: number;
  importMs: number;
  phases: Record<string, number>;
  count: number;
  rejected: number;
  baseline: number;
  peak: number;
}

const main = async () => {
  log(
    `${ROWS} rows per workbook, catalogue of ${CATALOGUE} parts, ${RUNS} runs${HEAP_MB ? `, API heap capped at ${HEAP_MB} MB` : ''}`,
  );
  const stack = await startBenchStack('bench-import', log);
  stops.push(() => stack.stop());

  const started = performance.now();
  if (CATALOGUE > 0) await writeDemoCatalogue({ count: CATALOGUE, seed: 7, files: false });
  log(
    `catalogue of ${CATALOGUE} written with its search snapshot in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  resetCatalogueSearch();

  const heapFlags = HEAP_MB ? [`--max-old-space-size=${HEAP_MB}`] : [];
  const child = spawn(process.execPath, [...heapFlags, '--import', 'tsx', fileURLToPath(import.meta.url), '--serve'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: process.env,
  });
  stops.push(async () => {
    child.kill('SIGTERM');
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /PORT (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`the API server exited (${code})`)));
  });
  const pid = child.pid!;
  const base = `http://127.0.0.1:${port}`;
  const { token } = await benchUser('admin', 'bench-admin');
  const cookie = `${SESSION_COOKIE}=${token}`;
  const csrf = ((await (await fetch(`${base}/api/csrf-token`, { headers: { cookie } })).json()) as { token: string })
    .token;
  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  const runImport = async (label: string, bytes: Buffer, rows: number): Promise<RunReport> => {
    const fileName = `${label.replace(/\W+/g, '-')}.xlsx`;
    await resetPeak(pid);
    const before = await childMemory(pid);
    const t0 = performance.now();
    const ticketAnswer = await post('/api/uploads', { fileName, size: bytes.length, purpose: 'import' });
    if (ticketAnswer.status !== 200)
      throw new Error(`POST /api/uploads answered ${ticketAnswer.status}: ${await ticketAnswer.text()}`);
    const ticket = (await ticketAnswer.json()) as UploadTicket;
    const form = new FormData();
    for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(bytes)]), fileName);
    const sent = await fetch(ticket.url, { method: 'POST', body: form });
    if (sent.status !== 204) throw new Error(`S3 answered ${sent.status}: ${await sent.text()}`);
    const t1 = performance.now();
    const answer = await post('/api/import-excel', { fileName, uploadKey: ticket.uploadKey });
    const body = (await answer.json()) as ImportResult;
    const t2 = performance.now();
    const after = await childMemory(pid);
    if (answer.status !== 200)
      throw new Error(`POST /api/import-excel answered ${answer.status}: ${JSON.stringify(body)}`);
    const phases = Object.fromEntries(
      (answer.headers.get('server-timing') ?? '').split(',').map((entry) => {
        const [name, duration] = entry.trim().split(';dur=');
        return [name!, Number(duration)];
      }),
    );
    return {
      label,
      rows,
      bytes: bytes.length,
      totalMs: t2 - t0,
      uploadMs: t1 - t0,
      importMs: t2 - t1,
      phases,
      count: body.count,
      rejected: body.rejected,
      baseline: before.rss,
      peak: after.peak,
    };
  };

  const reports: RunReport[] = [];
  let first: Buffer | undefined;
  for (let run = 1; run <= RUNS; run++) {
    const bytes = makeWorkbook({ headings: specHeadings, rows: generatedRows(ROWS, `BENCH${run}`) });
    first ??= bytes;
    const report = await runImport(run === 1 ? 'run 1 (cold)' : `run ${run}`, bytes, ROWS);
    if (report.count !== ROWS) throw new Error(`${report.label} added ${report.count} of ${ROWS}`);
    reports.push(report);
    log(`${report.label}: ${(report.totalMs / 1000).toFixed(2)} s`);
  }
  const rerun = await runImport('re-run of run 1 (all duplicates)', first!, ROWS);
  if (rerun.count !== 0 || rerun.rejected !== ROWS)
    throw new Error(`the re-run added ${rerun.count}, skipped ${rerun.rejected}`);
  reports.push(rerun);

  // ---------------------------------------------------------------- report
  const check = (ok: boolean) => (ok ? 'ok' : 'MISSED');
  console.log('\nExcel import benchmark');
  console.log(
    `  workbook            ${ROWS} rows x ${specHeadings.length} columns, ${mb(first!.length).toFixed(2)} MB .xlsx; catalogue of ${CATALOGUE} parts beforehand`,
  );
  for (const report of reports) {
    const seconds = report.totalMs / 1000;
    const p = report.phases;
    console.log(`  ${report.label}`);
    console.log(
      `    total ${seconds.toFixed(2)} s (upload ${(report.uploadMs / 1000).toFixed(2)} s, import call ${(report.importMs / 1000).toFixed(2)} s), ${Math.round(report.rows / seconds)} rows/s    (target ${TARGETS.seconds} s: ${check(seconds <= TARGETS.seconds)})`,
    );
    console.log(
      `    server phases: read+guard ${p.read} ms, parse ${p.parse} ms, validate ${p.validate} ms, duplicates ${p.duplicates} ms, write ${p.write} ms; added ${report.count}, skipped ${report.rejected}`,
    );
    console.log(
      `    API process memory: peak RSS ${mb(report.peak).toFixed(0)} MB during the import (${mb(report.baseline).toFixed(0)} MB before it)    (target ${TARGETS.peakMb} MB: ${check(mb(report.peak) <= TARGETS.peakMb)})`,
    );
  }
  console.log(
    '  (the API process holds the whole local API, the search index of the catalogue included, as the import function would)',
  );
};

if (process.argv.includes('--serve')) {
  await serve();
} else {
  try {
    await main();
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    await cleanup();
  }
  process.exit(process.exitCode ?? 0);
}
