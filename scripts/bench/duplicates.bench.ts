/**
 * The duplicate check's part-number neighbours in the search index alone (no table, no handler):
 * how long one question takes at BENCH_COMPONENTS generated parts, asked with the catalogue's
 * own references written another way (separators and case) and one character off, against the
 * plain way of answering it (every part's reference key, made beforehand, compared), run interleaved in one process.
 *
 *   npm run bench -- duplicates          BENCH_COMPONENTS (100000), BENCH_SEED (42), BENCH_ROUNDS (3)
 *
 * Target: p95 at most 5 ms a question at 100,000 parts (the Add form asks as the typing pauses).
 * The first question of an instance also makes every reference's key: timed apart.
 */
import { generatedParts } from './generated-parts.ts';
import { compactFolded, foldText, oneEditApart, partNumberKey } from '#services/search/folding';
import { SearchIndex } from '#services/search/search-index';
import { fmt, gc, log, percentile, runBench } from './measure.ts';

const COUNT = Number(process.env.BENCH_COMPONENTS ?? 100_000);
const SEED = Number(process.env.BENCH_SEED ?? 42);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const QUESTIONS = 200;
const TARGET_P95_MS = 5;

const catalogue = () => generatedParts(COUNT, SEED);

/** A reference as someone else writes it: no separators, other case; every other one a character off. */
const variant = (reference: string, n: number): string => {
  const squeezed = reference.replace(/[\s\-./_,]+/g, '').toLowerCase();
  if (n % 2 === 0) return squeezed;
  const at = Math.floor(squeezed.length / 2);
  return `${squeezed.slice(0, at)}${squeezed[at] === '7' ? '8' : '7'}${squeezed.slice(at + 1)}`;
};

const lettersAndDigits = (text: string) => text.replace(/[^\p{L}\p{N}]+/gu, '');

const main = async () => {
  log(`${COUNT} components, seed ${SEED}`);
  const started = performance.now();
  const index = SearchIndex.build(catalogue(), COUNT);
  log(`built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const references = index.fieldValues('reference');
  const questions = Array.from({ length: QUESTIONS }, (_, n) =>
    variant(references[Math.floor((n * references.length) / QUESTIONS)]!.value ?? '', n),
  );

  // The plain way: every live part's reference key (made once, beforehand) compared with the question's.
  const keyed = references.map(({ id, value }) => ({
    id,
    key: lettersAndDigits(compactFolded(foldText(value ?? ''))),
  }));
  const plain = (text: string): number[] => {
    const key = lettersAndDigits(partNumberKey(text));
    const ids: number[] = [];
    for (const part of keyed)
      if (Math.abs(part.key.length - key.length) <= 1 && (part.key === key || oneEditApart(part.key, key)))
        ids.push(part.id);
    return ids;
  };

  // The first question of an instance makes the letters-and-digits keys of every reference.
  const first = performance.now();
  index.partNumberNeighbours('reference', questions[0]!, 'one-edit');
  const firstMs = performance.now() - first;

  const indexed: number[] = [];
  const scanned: number[] = [];
  let found = 0;
  for (let round = 0; round <= ROUNDS; round++) {
    gc();
    for (const question of questions) {
      const t0 = performance.now();
      const ids = index.partNumberNeighbours('reference', question, 'one-edit');
      const t1 = performance.now();
      const expected = round === 0 ? plain(question) : [];
      const t2 = performance.now();
      if (round === 0) {
        // Both ways find the same parts (in result order against id order).
        if (ids.length !== expected.length || [...ids].sort().join() !== [...expected].sort().join())
          throw new Error(`'${question}': the index found ${ids.join(',')}, every reference ${expected.join(',')}`);
        found += ids.length;
        continue;
      }
      indexed.push(t1 - t0);
      const t3 = performance.now();
      plain(question);
      scanned.push(performance.now() - t3);
      void t2;
    }
  }
  const p95 = percentile(indexed, 95);
  console.log('\nDuplicate check: part-number neighbours in the search index');
  console.log(
    `  catalogue       ${COUNT} generated components (seed ${SEED}), ${QUESTIONS} questions, ${ROUNDS} rounds`,
  );
  console.log(`  parts found     ${found} for the ${QUESTIONS} questions (both ways alike)`);
  console.log(`  first question  ${fmt(firstMs)} (makes every reference's key, once per instance)`);
  console.log(
    `  index           p50 ${fmt(percentile(indexed, 50))}, p95 ${fmt(p95)}    (target p95 ${TARGET_P95_MS} ms: ${p95 <= TARGET_P95_MS ? 'ok' : 'MISSED'})`,
  );
  console.log(
    `  every reference p50 ${fmt(percentile(scanned, 50))}, p95 ${fmt(percentile(scanned, 95))} (each part's key made beforehand)`,
  );
};

await runBench(main);
