/**
 * The change log at BENCH_CHANGES changes (100,000 unless set): how long `listChanges` takes for
 * the first page, a page far back, a class, a person with a kind, and a range of days, against
 * DynamoDB Local. The changes are spread over a year, 40 classes, 200 people and every kind, and
 * written as the services write them (each view's items and day counts from `changeLogItems`),
 * in bulk.
 *
 *   npm run bench -- change-log          BENCH_CHANGES (100000), BENCH_ROUNDS (5)
 *
 * Target: every question answered within 300 ms at 100,000 changes on DynamoDB Local (a page
 * reads its own entries and the day counts, never the entries before it).
 */
import { changeKinds, type ChangeEntry, type ChangesQuery } from '#shared/schemas/changes';
import { changeLogItems } from '#repositories/changes';
import { batchPut } from '#repositories/table';
import { listChanges } from '#services/changes';
import { startBenchStack } from './bench-stack.ts';
import { fmt, log, percentile, runBench } from './measure.ts';

const COUNT = Number(process.env.BENCH_CHANGES ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const TARGET_MS = 300;
const START = Date.parse('2025-01-01T00:00:00.000Z');
const YEAR_MS = 365 * 86_400_000;

const entryAt = (n: number): ChangeEntry => ({
  id: `01KBENCH${String(n).padStart(18, '0')}`,
  at: new Date(START + Math.floor((n * YEAR_MS) / COUNT)).toISOString(),
  kind: changeKinds[n % changeKinds.length]!,
  componentId: 1 + (n % 50_000),
  componentReference: `BENCH-${n % 50_000}`,
  componentClass: `Class ${n % 40}`,
  fields: ['description', 'width'],
  summary: 'Updated description, width',
  proposedBy: { id: `person-${n % 200}`, name: `Person ${n % 200}` },
  approvedBy: { id: `reviewer-${n % 7}`, name: `Reviewer ${n % 7}` },
  requestId: null,
});

/** The items `changeLogItems` writes, with each view's day counts added up instead of one ADD per change. */
const seed = async () => {
  const counts = new Map<string, { key: Record<string, unknown>; changes: number }>();
  let puts: Record<string, unknown>[] = [];
  let written = 0;
  const started = performance.now();
  for (let n = 0; n < COUNT; n++) {
    for (const item of changeLogItems(entryAt(n))) {
      if (item.Put) puts.push(item.Put.Item!);
      else if (item.Update) {
        const id = JSON.stringify(item.Update.Key);
        const count = counts.get(id) ?? { key: item.Update.Key!, changes: 0 };
        count.changes += 1;
        counts.set(id, count);
      }
    }
    if (puts.length >= 5_000) {
      await batchPut(puts, { concurrency: 16 });
      written += puts.length;
      puts = [];
      if (n % 20_000 < 1_000) log(`${n} changes, ${written} items`);
    }
  }
  await batchPut(puts, { concurrency: 16 });
  await batchPut(
    [...counts.values()].map(({ key, changes }) => ({ ...key, entity: 'change-count', changes })),
    { concurrency: 16 },
  );
  log(`${COUNT} changes written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
};

const query = (fields: Partial<ChangesQuery>): ChangesQuery => ({ limit: 25, offset: 0, ...fields });

const questions: [string, ChangesQuery][] = [
  ['first page of everything', query({})],
  ['page 2,000 of everything (offset 49,975)', query({ offset: 49_975 })],
  ['last page of everything', query({ offset: COUNT - 25 })],
  ['one class, page 40', query({ class: 'Class 7', offset: 975 })],
  ['one kind in March', query({ kind: 'edit', from: '2025-03-01', to: '2025-03-31' })],
  ['one person (proposer), page 10', query({ user: 'person-42', offset: 225 })],
  ['one approver and a kind', query({ user: 'reviewer-3', kind: 'merge' })],
  ['one class and a kind', query({ class: 'Class 7', kind: 'link', offset: 50 })],
  ['one person and a class (filtered read)', query({ user: 'person-42', class: 'Class 2' })],
];

const main = async () => {
  const stack = await startBenchStack(`bench-changes-${Date.now()}`, log);
  try {
    await seed();
    let worst = 0;
    for (const [name, asked] of questions) {
      const times: number[] = [];
      let answer = { entries: [] as ChangeEntry[], total: 0 };
      for (let round = 0; round < ROUNDS; round++) {
        const started = performance.now();
        answer = await listChanges(asked);
        times.push(performance.now() - started);
      }
      const p50 = percentile(times, 50);
      worst = Math.max(worst, p50);
      log(`${name}: ${answer.entries.length} of ${answer.total}, median ${fmt(p50)}, max ${fmt(Math.max(...times))}`);
    }
    log(`slowest median ${fmt(worst)} (target ${TARGET_MS} ms): ${worst <= TARGET_MS ? 'met' : 'NOT met'}`);
  } finally {
    await stack.stop();
  }
};

await runBench(main);
