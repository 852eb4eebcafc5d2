/**
 * The search index alone at 1,000,000 generated parts (no table, no handler): how much memory it
 * takes, how long a snapshot takes to write and to load, and how fast it answers the search
 * benchmark's query mix, with facet counts and 'Did you mean' suggestions timed apart.
 *
 *   npm run bench -- search-million       BENCH_MILLION (1000000), BENCH_SEED (42), BENCH_ROUNDS (3)
 *
 * Targets: memory at most 800 MB, index-only p50 at most 5 ms and p95 at most 50 ms, quick-search
 * p95 at most 80 ms, 'Did you mean' p95 at most 100 ms, snapshot load at most 10 s. The bench
 * fails when one is missed (the load average is printed beside the figures).
 */
import { searchQuerySchema, withAbsentValues, withDerivedNumbers, type Component } from '#shared/schemas/component';
import { componentFileKey, toIndexQuery } from '#services/components';
import { generateDemoCatalogue } from '../seed/demo-catalogue.ts';
import { SearchIndex, type SearchDocument } from '#services/search/search-index';
import { decodeSnapshot, encodeSnapshot } from '#services/search/snapshot';
import { suggestSearches } from '#services/search/suggestions';
import { buildQueries } from './search-queries.ts';
import { loadavg } from 'node:os';
import { fmt, gc, log, memoryMb, percentile, runBench } from './measure.ts';

const COUNT = Number(process.env.BENCH_MILLION ?? 1_000_000);
const SEED = Number(process.env.BENCH_SEED ?? 42);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGETS = { memoryMb: 800, p50: 5, p95: 50, quickP95: 80, suggestP95: 100, loadMs: 10_000 };

const check = (ok: boolean) => (ok ? 'ok' : 'MISSED');

/** The generated catalogue as the table would hold it (ids 1..N, one timestamp), one part at a time. */
function* catalogue(): Generator<Component> {
  const timestamp = '2026-01-01T00:00:00.000Z';
  let id = 0;
  for (const { fields, hasDataSheet } of generateDemoCatalogue(COUNT, SEED)) {
    id++;
    const dataSheet = hasDataSheet ? componentFileKey(id, 'dataSheet', `${fields.reference}.pdf`) : null;
    yield withDerivedNumbers(
      withAbsentValues({ ...fields, dataSheet, id, version: 1, createdAt: timestamp, updatedAt: timestamp }),
    );
    if (id % 200_000 === 0) log(`${id} generated and indexed`);
  }
}

const main = async () => {
  log(`${COUNT} components, seed ${SEED}, index only`);
  gc();
  const before = memoryMb();
  let started = performance.now();
  let built: SearchIndex | undefined = SearchIndex.build(catalogue(), COUNT);
  const buildMs = performance.now() - started;
  gc();
  const builtMb = memoryMb() - before;
  log(`generated and built in ${(buildMs / 1000).toFixed(1)} s, ${builtMb.toFixed(0)} MB`);

  started = performance.now();
  const snapshot = encodeSnapshot(
    { revision: 1, changeCount: 1, writtenAt: new Date().toISOString() },
    built.toColumns(),
  );
  const encodeMs = performance.now() - started;
  log(`snapshot ${(snapshot.length / 2 ** 20).toFixed(1)} MB written in ${(encodeMs / 1000).toFixed(1)} s`);
  built = undefined;
  gc();

  // What a cold instance does with the bytes it read: decode and take the columns over.
  const loadBefore = memoryMb();
  started = performance.now();
  const index = SearchIndex.fromColumns(decodeSnapshot(snapshot).columns);
  const loadMs = performance.now() - started;
  gc();
  const indexMb = memoryMb() - loadBefore;
  log(`snapshot loaded in ${(loadMs / 1000).toFixed(1)} s, ${indexMb.toFixed(0)} MB`);

  // The search benchmark's query mix, drawn from every 50th part.
  const sample: SearchDocument[] = [];
  let position = 0;
  for (const document of index.documents()) if (position++ % 50 === 0) sample.push(document);
  const queries = buildQueries(
    sample,
    (params) => index.count(toIndexQuery(searchQuerySchema.parse(params))),
    SEED + 1,
    200,
  );
  sample.length = 0;
  const parsed = queries.map((query) => toIndexQuery(searchQuerySchema.parse(query.params)));
  const times: number[] = [];
  const facetTimes: number[] = [];
  const byKind = new Map<string, number[]>();
  for (let round = 0; round <= ROUNDS; round++) {
    for (const [i, query] of parsed.entries()) {
      const t0 = performance.now();
      index.search(query);
      const elapsed = performance.now() - t0;
      const t1 = performance.now();
      index.search({ ...query, facets: true });
      const withFacets = performance.now() - t1;
      if (round === 0) continue;
      times.push(elapsed);
      facetTimes.push(withFacets);
      byKind.set(queries[i]!.kind, [...(byKind.get(queries[i]!.kind) ?? []), elapsed]);
    }
  }
  // 'Did you mean': misspelt makers and part numbers that find nothing.
  const misses = ['Weidmuler', 'Siemnes 3RT2015', 'Phonix Contact', '3RT2015-1BB4X', 'S201-C1X', 'Schnieder'];
  const suggestTimes: number[] = [];
  for (let round = 0; round <= ROUNDS; round++)
    for (const text of misses) {
      const query = { query: text, offset: 0, limit: 10 };
      if (index.search(query).total !== 0) continue;
      const t0 = performance.now();
      suggestSearches(index, query);
      if (round > 0) suggestTimes.push(performance.now() - t0);
    }

  const p50 = percentile(times, 50);
  const p95 = percentile(times, 95);
  const quickTimes = byKind.get('quick') ?? [];
  const quickP95 = percentile(quickTimes, 95);
  const suggestP95 = suggestTimes.length ? percentile(suggestTimes, 95) : 0;
  // What searches made on the way (part-number orders, form lengths, the working arrays kept
  // between searches) is the index's too once it has answered a while.
  gc();
  const searchedMb = memoryMb() - loadBefore;
  const memory = Math.max(builtMb, indexMb, searchedMb);
  const loadAverage = loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  const missed = [
    memory > TARGETS.memoryMb && 'memory',
    p50 > TARGETS.p50 && 'index p50',
    p95 > TARGETS.p95 && 'index p95',
    quickP95 > TARGETS.quickP95 && 'quick-search p95',
    suggestP95 > TARGETS.suggestP95 && "'Did you mean' p95",
    loadMs > TARGETS.loadMs && 'snapshot load',
  ].filter(Boolean);
  console.log(`\nSearch index at 1,000,000 parts (index only), load average ${loadAverage}`);
  console.log(`  catalogue            ${COUNT} generated components (seed ${SEED})`);
  console.log(
    `  memory               ${memory.toFixed(0)} MB (built ${builtMb.toFixed(0)} MB, loaded from the snapshot ${indexMb.toFixed(0)} MB, after the searches ${searchedMb.toFixed(0)} MB)    (target ${TARGETS.memoryMb} MB: ${check(memory <= TARGETS.memoryMb)})`,
  );
  console.log(`  generate + build     ${(buildMs / 1000).toFixed(1)} s`);
  console.log(
    `  snapshot             ${(snapshot.length / 2 ** 20).toFixed(1)} MB, written in ${(encodeMs / 1000).toFixed(1)} s`,
  );
  console.log(
    `  snapshot load        ${(loadMs / 1000).toFixed(2)} s (decode + take over + lookups)    (target ${TARGETS.loadMs / 1000} s: ${check(loadMs <= TARGETS.loadMs)})`,
  );
  console.log(
    `  index p50 / p95      ${fmt(p50)} / ${fmt(p95)}    (targets ${TARGETS.p50} / ${TARGETS.p95} ms: ${check(p50 <= TARGETS.p50)} / ${check(p95 <= TARGETS.p95)}), ${queries.length} queries x ${ROUNDS} rounds`,
  );
  for (const [kind, kindTimes] of byKind)
    console.log(`    ${kind.padEnd(18)} p50 ${fmt(percentile(kindTimes, 50))}, p95 ${fmt(percentile(kindTimes, 95))}`);
  console.log(
    `  quick-search p95     ${fmt(quickP95)}    (target ${TARGETS.quickP95} ms: ${check(quickP95 <= TARGETS.quickP95)})`,
  );
  console.log(`  with facet counts    p50 ${fmt(percentile(facetTimes, 50))}, p95 ${fmt(percentile(facetTimes, 95))}`);
  if (suggestTimes.length)
    console.log(
      `  'Did you mean'       p50 ${fmt(percentile(suggestTimes, 50))}, p95 ${fmt(suggestP95)} (only when a search finds nothing)    (target ${TARGETS.suggestP95} ms: ${check(suggestP95 <= TARGETS.suggestP95)})`,
    );
  if (missed.length) throw new Error(`Targets missed at 1,000,000 parts: ${missed.join(', ')}`);
};

await runBench(main);
