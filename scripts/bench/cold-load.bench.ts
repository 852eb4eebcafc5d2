/**
 * Cold load of the search index in a fresh process, as a cold search function pays it: a new
 * Node process (cold JIT) running the Lambda-style bundle reads the snapshot file, decodes it,
 * takes it over and answers one search. Each size is loaded ROUNDS times, each in its own
 * process; the median and the worst are reported with the load average beside them.
 *
 *   npm run bench -- cold-load     BENCH_COLD_SIZES (100000), BENCH_SEED (42), BENCH_ROUNDS (5)
 *
 * Targets (from the snapshot file to the first answered search): 0.4 s at 100,000 parts and 3 s
 * at 1,000,000 with a peak RSS of at most 1.2 GB (BENCH_COLD_SIZES=100000,1000000). The bench
 * fails when one is missed.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { withAbsentValues, withDerivedNumbers, type Component } from '#shared/schemas/component';
import { componentFileKey } from '#services/components';
import { SearchIndex } from '#services/search/search-index';
import { encodeSnapshot } from '#services/search/snapshot';
import { generateDemoCatalogue } from '../seed/demo-catalogue.ts';
import { lambdaBundling } from '../../infra/constructs/lambda-bundling.ts';
import { gc, log, percentile, runBench } from './measure.ts';

const SIZES = (process.env.BENCH_COLD_SIZES ?? '100000').split(',').map(Number);
const SEED = Number(process.env.BENCH_SEED ?? 42);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** Per size: the most a cold load may take from the file to the first answer, and peak RSS. */
const targetFor = (size: number) =>
  size <= 100_000 ? { fromFileMs: 400, peakRssMb: Infinity } : { fromFileMs: 3000, peakRssMb: 1200 };

const execute = promisify(execFile);
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

interface ChildReport {
  bootMs: number;
  readMs: number;
  decodeMs: number;
  takeOverMs: number;
  firstSearchMs: number;
  fromFileMs: number;
  cpuMs: number;
  fromFileCpuMs: number;
  peakRssMb: number;
  documents: number;
  total: number;
}

function* catalogue(count: number): Generator<Component> {
  const timestamp = '2026-01-01T00:00:00.000Z';
  let id = 0;
  for (const { fields, hasDataSheet } of generateDemoCatalogue(count, SEED)) {
    id++;
    const dataSheet = hasDataSheet ? componentFileKey(id, 'dataSheet', `${fields.reference}.pdf`) : null;
    yield withDerivedNumbers(
      withAbsentValues({ ...fields, dataSheet, id, version: 1, createdAt: timestamp, updatedAt: timestamp }),
    );
  }
}

const main = async () => {
  const folder = await mkdtemp(join(tmpdir(), 'cold-load-'));
  try {
    const child = join(folder, 'cold-load-child.mjs');
    await build({
      entryPoints: [fileURLToPath(new URL('./cold-load-child.ts', import.meta.url))],
      outfile: child,
      bundle: true,
      platform: 'node',
      target: lambdaBundling.target,
      format: lambdaBundling.format,
      minify: lambdaBundling.minify,
      mainFields: [...lambdaBundling.mainFields],
      banner: { js: lambdaBundling.banner },
      logLevel: 'error',
    });
    const missed: string[] = [];
    for (const size of SIZES) {
      let started = performance.now();
      const index = SearchIndex.build(catalogue(size), size);
      const snapshot = encodeSnapshot(
        { revision: 1, changeCount: size, writtenAt: new Date().toISOString() },
        index.toColumns(),
      );
      const file = join(folder, `snapshot-${size}.bin.zst`);
      await writeFile(file, snapshot);
      log(
        `${size} parts: built and encoded in ${((performance.now() - started) / 1000).toFixed(1)} s, snapshot ${(snapshot.length / 2 ** 20).toFixed(1)} MB (load average ${load()})`,
      );
      gc();
      const reports: (ChildReport & { wallMs: number; loadAverage: string })[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const loadAverage = load();
        started = performance.now();
        const { stdout } = await execute(process.execPath, [child, file, '3RT2015'], {
          env: { ...process.env, POWERTOOLS_LOG_LEVEL: 'SILENT' },
          maxBuffer: 1 << 20,
        });
        const report = JSON.parse(stdout.trim().split('\n').at(-1)!) as ChildReport;
        if (report.documents !== size) throw new Error(`The child loaded ${report.documents} parts, not ${size}`);
        const wallMs = performance.now() - started;
        reports.push({ ...report, wallMs, loadAverage });
        log(
          `  round ${round + 1}: from file ${report.fromFileMs.toFixed(0)} ms (read ${report.readMs.toFixed(0)}, decode ${report.decodeMs.toFixed(0)}, take over ${report.takeOverMs.toFixed(0)}, first search ${report.firstSearchMs.toFixed(1)}), CPU from file ${report.fromFileCpuMs.toFixed(0)} ms; boot ${report.bootMs.toFixed(0)} ms, process ${wallMs.toFixed(0)} ms, process CPU ${report.cpuMs.toFixed(0)} ms, peak RSS ${report.peakRssMb.toFixed(0)} MB, ${report.total} found (load average ${loadAverage})`,
        );
      }
      type Round = (typeof reports)[number];
      const median = (pick: (report: Round) => number) => percentile(reports.map(pick), 50);
      const worst = (pick: (report: Round) => number) => Math.max(...reports.map(pick));
      const target = targetFor(size);
      const fromFile = median((report) => report.fromFileMs);
      const peak = worst((report) => report.peakRssMb);
      const ok = fromFile <= target.fromFileMs && peak <= target.peakRssMb;
      log(
        `${size} parts, cold load median of ${ROUNDS}: from file to first answer ${fromFile.toFixed(0)} ms (target ${target.fromFileMs} ms), take over ${median((report) => report.takeOverMs).toFixed(0)} ms, CPU from file ${median((report) => report.fromFileCpuMs).toFixed(0)} ms, whole process ${median((report) => report.wallMs).toFixed(0)} ms (CPU ${median((report) => report.cpuMs).toFixed(0)} ms), peak RSS ${peak.toFixed(0)} MB${Number.isFinite(target.peakRssMb) ? ` (target ${target.peakRssMb} MB)` : ''}: ${ok ? 'ok' : 'MISSED'} (load average ${load()})`,
      );
      if (!ok) missed.push(`${size} parts`);
    }
    if (missed.length) throw new Error(`Cold load target missed at ${missed.join(', ')}`);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
};

await runBench(main);
