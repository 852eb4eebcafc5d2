/**
 * Excel import benchmark: the preview-then-commit import as the product runs it, on the local
 * stack. A catalogue of BENCH_CATALOGUE parts is written first (with its search snapshot). Then
 * a workbook of BENCH_IMPORT_ROWS rows (BENCH_IMPORT_UPDATES of them change existing parts, the
 * rest are new parts, mixed through the sheet) is imported as the screen does it: POST
 * /api/uploads, the file straight to S3 (presigned POST), POST /api/import-excel with
 * `mode: 'preview'`, GET /api/imports/{id} until the preview is ready, POST
 * /api/imports/{id}/commit, and GET /api/imports/{id} until the commit has completed. The
 * preview and the commit run in the import state machine, its tasks calling the real job
 * handlers. A second, smaller import (BENCH_COMMIT_ROWS rows, the same mix) is timed the same
 * way, for the commit time of a typical large file.
 *
 *   npm run bench -- import    BENCH_CATALOGUE (100000), BENCH_IMPORT_ROWS (50000),
 *                              BENCH_IMPORT_UPDATES (a fifth of the rows), BENCH_COMMIT_ROWS (10000),
 *                              BENCH_HEAP_MB (unset: V8's default; e.g. 1024 caps the heap as a function's memory would)
 *
 * Reported, each with its target: the time to write the catalogue; the preview's time (and its
 * phases as the preview task recorded them) and the peak memory; the commit's time, rows per
 * second and peak memory; the smaller import's commit time. Memory is that of the process that
 * runs the API handlers and the local state machine with its job handlers: it is a child
 * process of its own, whose peak RSS (VmHWM, Linux) is reset before the preview and before the
 * commit and read when each has ended. That process holds more than one function would (the
 * whole local API, the CDK app the local state machine is synthesized from), so its peak is an
 * upper bound of a job function's. Times on a shared machine are upper bounds too.
 */
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { ImportJob, ImportJobResponse } from '#shared/schemas/import';
import type { UploadTicket } from '#shared/schemas/files';
import { getImport } from '#repositories/import-jobs';
import { generateDemoCatalogue } from '../seed/demo-catalogue.ts';
import { manufacturerKey, referenceKey } from '#services/import/part-identity';
import { resetCatalogueSearch } from '#services/search/catalogue-search';
import { SESSION_COOKIE } from '#lib/cookies';
import { writeDemoCatalogue } from '../seed/seed-catalogue.ts';
import { startLocalServer } from '../local/server.ts';
import { startLocalStepFunctions } from '../local/step-functions.ts';
import { generatedRows, makeWorkbook, specHeadings, type Cell } from '../test/workbooks.ts';
import { benchUser, startBenchStack } from './bench-stack.ts';
import { log, runBench } from './measure.ts';

const sizeFromEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a whole number, not ${process.env[name]}`);
  return value;
};
const CATALOGUE = sizeFromEnv('BENCH_CATALOGUE', 100_000);
const ROWS = sizeFromEnv('BENCH_IMPORT_ROWS', 50_000);
const UPDATES = sizeFromEnv('BENCH_IMPORT_UPDATES', Math.floor(ROWS / 5));
const COMMIT_ROWS = sizeFromEnv('BENCH_COMMIT_ROWS', 10_000);
const COMMIT_UPDATES = Math.floor(COMMIT_ROWS / 5);
const HEAP_MB = process.env.BENCH_HEAP_MB ? Number(process.env.BENCH_HEAP_MB) : undefined;
const TARGETS = {
  /** Peak RSS of the process running the import (preview, commit) at most 1 GB. */
  peakMb: 1024,
  /** 10,000 rows committed within 60 s (a smaller or larger BENCH_COMMIT_ROWS scales it). */
  commitRowsPerSecond: 10_000 / 60,
};
/** How often the import's progress is read, as the screen's progress bar does. */
const POLL_MS = 500;

const mb = (bytes: number) => bytes / 2 ** 20;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

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

/**
 * `--serve`: the local Step Functions endpoint (the import state machine, its tasks run in this
 * process) and the API server, as `npm start` runs them; prints the API's port.
 */
const serve = async () => {
  const stepFunctions = await startLocalStepFunctions({
    warm: true,
    log: (message) => process.stderr.write(`[bench serve] ${message}\n`),
  });
  process.env.AWS_ENDPOINT_URL_SFN = stepFunctions.endpoint;
  process.env.IMAGE_BATCH_STATE_MACHINE_ARN = stepFunctions.stateMachineArn;
  process.env.IMPORT_JOBS_STATE_MACHINE_ARN = stepFunctions.importStateMachineArn;
  const server = await startLocalServer({ port: 0 });
  process.stdout.write(`PORT ${server.port}\n`);
};

/** The sheet's rows: `creates` new parts and an update of each of `updated`, the updates spread evenly. */
const importRows = (prefix: string, creates: number, updated: readonly Cell[][]): Cell[][] => {
  const news = generatedRows(creates, prefix);
  const total = creates + updated.length;
  const rows: Cell[][] = [];
  let u = 0;
  let n = 0;
  for (let index = 0; index < total; index++) {
    // The update rows land at evenly spaced positions, so every slice mixes creates and updates.
    const updateDue = updated.length > 0 && Math.floor(((index + 1) * updated.length) / total) > u;
    rows.push(updateDue ? updated[u++]! : news[n++]!);
  }
  return rows;
};

interface ImportReport {
  label: string;
  rows: number;
  creates: number;
  updates: number;
  bytes: number;
  uploadMs: number;
  previewMs: number;
  previewPhases: Record<string, number>;
  previewBaseline: number;
  previewPeak: number;
  preview: ImportJob['preview'];
  commitMs: number;
  commitBaseline: number;
  commitPeak: number;
  final: ImportJob;
}

const main = async () => {
  if (UPDATES > ROWS || UPDATES + COMMIT_UPDATES > CATALOGUE)
    throw new Error(
      `The imports update ${UPDATES} + ${COMMIT_UPDATES} parts of a catalogue of ${CATALOGUE} (and of ${ROWS} rows)`,
    );
  log(
    `catalogue of ${CATALOGUE} parts; import of ${ROWS} rows (${ROWS - UPDATES} new, ${UPDATES} updates), then of ${COMMIT_ROWS} rows (${COMMIT_ROWS - COMMIT_UPDATES} new, ${COMMIT_UPDATES} updates)${HEAP_MB ? `; import process heap capped at ${HEAP_MB} MB` : ''}`,
  );
  const stack = await startBenchStack('bench-import', log);
  stops.push(() => stack.stop());

  const started = performance.now();
  let lastProgress = started;
  if (CATALOGUE > 0)
    await writeDemoCatalogue({
      count: CATALOGUE,
      seed: 7,
      files: false,
      onProgress: (written) => {
        if (performance.now() - lastProgress < 30_000) return;
        lastProgress = performance.now();
        log(`catalogue: ${written} of ${CATALOGUE} parts written`);
      },
    });
  const catalogueMs = performance.now() - started;
  log(`catalogue of ${CATALOGUE} written with its search snapshot in ${seconds(catalogueMs)}`);
  resetCatalogueSearch();

  // The parts the imports update: the same generator and seed, so the same parts, with ids 1..CATALOGUE
  // (the table is new). Every part is picked once, and no two picked parts are one part to the import.
  const updateRows: Cell[][] = [];
  {
    const wanted = UPDATES + COMMIT_UPDATES;
    const step = wanted > 0 ? CATALOGUE / wanted : 1;
    const seen = new Set<string>();
    let index = 0;
    let next = 0;
    for (const { fields } of generateDemoCatalogue(CATALOGUE, 7)) {
      if (updateRows.length < wanted && index >= Math.floor(next)) {
        const key = `${referenceKey(fields.reference)}\u0000${manufacturerKey(fields.manufacturer)}`;
        const bare = `${referenceKey(fields.reference)}\u0000`;
        if (!seen.has(key) && !seen.has(bare)) {
          seen.add(key);
          seen.add(bare);
          // Reference, class and manufacturer name the part; the description and type change; empty cells leave the rest alone.
          updateRows.push([
            fields.reference,
            fields.class,
            fields.manufacturer,
            'Updated by the import benchmark',
            `${fields.description ?? ''} (revised)`,
            null,
            null,
            null,
            null,
          ]);
          next += step;
        }
      }
      index++;
    }
    if (updateRows.length < wanted) throw new Error(`Only ${updateRows.length} of ${wanted} parts to update found`);
  }

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
    child.once('exit', (code) => reject(new Error(`the import process exited (${code})`)));
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

  /**
   * Reads the import (no rows) until `until` holds; logs its progress now and then. An answer that
   * is not 200 (a 503 when the busy machine keeps DynamoDB Local waiting) is waited out for two minutes.
   */
  const follow = async (importId: string, until: (job: ImportJob) => boolean, label: string): Promise<ImportJob> => {
    let said = performance.now();
    let answeredAt = performance.now();
    for (;;) {
      const answer = await fetch(`${base}/api/imports/${importId}?limit=0`, { headers: { cookie } });
      if (answer.status !== 200) {
        if (performance.now() - answeredAt > 120_000)
          throw new Error(`GET /api/imports/${importId} answered ${answer.status} for two minutes`);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        continue;
      }
      answeredAt = performance.now();
      const job = (await answer.json()) as ImportJob;
      if (until(job)) return job;
      if (job.state === 'failed') throw new Error(`${label}: the import failed: ${job.message}`);
      if (performance.now() - said > 15_000) {
        said = performance.now();
        log(`${label}: ${job.state}, ${job.rowsDone} of ${job.rowsTotal} rows done`);
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  };

  const runImport = async (label: string, rows: Cell[][], creates: number, updates: number): Promise<ImportReport> => {
    const bytes = makeWorkbook({ headings: specHeadings, rows });
    const fileName = `${label.replace(/\W+/g, '-')}.xlsx`;
    log(`${label}: workbook of ${rows.length} rows, ${mb(bytes.length).toFixed(2)} MB`);

    // ---- preview
    await resetPeak(pid);
    const previewBefore = await childMemory(pid);
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
    const answer = await post('/api/import-excel', { fileName, uploadKey: ticket.uploadKey, mode: 'preview' });
    if (answer.status !== 200 && answer.status !== 202)
      throw new Error(`POST /api/import-excel answered ${answer.status}: ${await answer.text()}`);
    const started = (await answer.json()) as ImportJobResponse;
    const previewed =
      started.state === 'previewed'
        ? started
        : await follow(started.importId, (job) => job.state === 'previewed', `${label} preview`);
    const t2 = performance.now();
    const previewAfter = await childMemory(pid);
    const counts = previewed.preview;
    if (counts.create !== creates || counts.update !== updates || counts.unchanged + counts.skip > 0)
      throw new Error(
        `${label}: the preview has ${JSON.stringify(counts)}, not ${creates} create and ${updates} update`,
      );
    const stored = await getImport(started.importId);
    log(`${label}: previewed in ${seconds(t2 - t1)}, peak ${mb(previewAfter.peak).toFixed(0)} MB`);

    // ---- commit
    await resetPeak(pid);
    const commitBefore = await childMemory(pid);
    const t3 = performance.now();
    const commitAnswer = await post(`/api/imports/${started.importId}/commit`, {});
    if (commitAnswer.status !== 202)
      throw new Error(`POST /api/imports/${started.importId}/commit answered ${commitAnswer.status}`);
    const final = await follow(started.importId, (job) => job.state === 'completed', `${label} commit`);
    const t4 = performance.now();
    const commitAfter = await childMemory(pid);
    const { written } = final;
    if (written.created !== creates || written.updated !== updates || final.rowsDone !== rows.length)
      throw new Error(`${label}: the commit did ${final.rowsDone} rows, ${JSON.stringify(written)}`);
    log(`${label}: committed in ${seconds(t4 - t3)}, peak ${mb(commitAfter.peak).toFixed(0)} MB`);

    return {
      label,
      rows: rows.length,
      creates,
      updates,
      bytes: bytes.length,
      uploadMs: t1 - t0,
      previewMs: t2 - t1,
      previewPhases: stored?.previewTimings ?? {},
      previewBaseline: previewBefore.rss,
      previewPeak: previewAfter.peak,
      preview: previewed.preview,
      commitMs: t4 - t3,
      commitBaseline: commitBefore.rss,
      commitPeak: commitAfter.peak,
      final,
    };
  };

  const large = await runImport(
    `import of ${ROWS} rows`,
    importRows('BENCHNEW', ROWS - UPDATES, updateRows.slice(0, UPDATES)),
    ROWS - UPDATES,
    UPDATES,
  );
  const typical = await runImport(
    `import of ${COMMIT_ROWS} rows`,
    importRows('BENCHTEN', COMMIT_ROWS - COMMIT_UPDATES, updateRows.slice(UPDATES)),
    COMMIT_ROWS - COMMIT_UPDATES,
    COMMIT_UPDATES,
  );

  // ---------------------------------------------------------------- report
  const check = (ok: boolean) => (ok ? 'ok' : 'MISSED');
  const memoryLine = (peak: number, baseline: number) =>
    `${mb(peak).toFixed(0)} MB peak RSS (${mb(baseline).toFixed(0)} MB before)    (target ${TARGETS.peakMb} MB: ${check(mb(peak) <= TARGETS.peakMb)})`;
  const phases = (p: Record<string, number>) =>
    ['read', 'parse', 'validate', 'duplicates', 'store']
      .filter((name) => p[name] !== undefined)
      .map((name) => `${name} ${p[name]} ms`)
      .join(', ');
  const commitTarget = (rows: number) => rows / TARGETS.commitRowsPerSecond;
  console.log('\nExcel import benchmark (preview, then commit)');
  console.log(
    `  catalogue           ${CATALOGUE} parts written (with the search snapshot) in ${seconds(catalogueMs)}    (no target: the setup)`,
  );
  console.log(
    `  workbook            ${large.rows} rows x ${specHeadings.length} columns, ${mb(large.bytes).toFixed(2)} MB .xlsx: ${large.creates} new parts, ${large.updates} updates of existing parts`,
  );
  console.log(`  upload              ${seconds(large.uploadMs)} (POST /api/uploads and the presigned POST to S3)`);
  console.log(
    `  preview             ${seconds(large.previewMs)}, completed    (target: completes: ${check(large.final.rowsTotal === large.rows)}); ${large.preview.create} create, ${large.preview.update} update`,
  );
  console.log(`    phases            ${phases(large.previewPhases)} (as the preview task recorded them)`);
  console.log(`    memory            ${memoryLine(large.previewPeak, large.previewBaseline)}`);
  console.log(
    `  commit              ${seconds(large.commitMs)}, ${Math.round(large.rows / (large.commitMs / 1000))} rows/s, completed    (target: completes: ${check(large.final.state === 'completed')}); ${large.final.written.created} created, ${large.final.written.updated} updated`,
  );
  console.log(`    memory            ${memoryLine(large.commitPeak, large.commitBaseline)}`);
  console.log(
    `  commit of ${String(typical.rows).padEnd(9)} ${seconds(typical.commitMs)}, ${Math.round(typical.rows / (typical.commitMs / 1000))} rows/s (${typical.creates} new, ${typical.updates} updates)    (target ${commitTarget(typical.rows).toFixed(0)} s: ${check(typical.commitMs / 1000 <= commitTarget(typical.rows))})`,
  );
  console.log(
    `    its preview       ${seconds(typical.previewMs)}; memory: preview ${mb(typical.previewPeak).toFixed(0)} MB, commit ${mb(typical.commitPeak).toFixed(0)} MB peak RSS`,
  );
  console.log(
    '  (memory: the process running the API handlers and the local state machine with its job handlers, more than one job function holds;',
  );
  console.log(
    '   times include reading the progress every 0.5 s, as the screen does; on a shared machine they are upper bounds)',
  );
};

if (process.argv.includes('--serve')) {
  await serve();
} else {
  await runBench(main, cleanup);
}
