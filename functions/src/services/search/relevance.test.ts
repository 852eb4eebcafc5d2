import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { derivedNumbers } from '#shared/schemas/component';
import { storedNumberFields, storedTextFields, SearchIndex, type SearchDocument } from './search-index';
import { searchOrCorrect } from './suggestions';

/*
 * Relevance on real parts: manufacturer articles of a published open-source electrical CAD
 * library and of makers' published ranges, and queries written the way engineers type them,
 * each with the part it must find (shared/fixtures/search-relevance/README.md says where the
 * parts come from). Queries of a pattern (numbers with units, counts, how much of the text a
 * reference holds, kinds of part, misspelt makers) are also counted per pattern. A search that
 * finds nothing is answered as the service answers it: with its one clear correction, if any.
 */

interface FixturePart {
  reference: string;
  manufacturer: string;
  description?: string;
  class: string;
  type?: string;
  series?: string;
  articleNumber?: string;
  numberOfTerminals?: number;
  current?: string;
  voltage?: number;
}
interface FixtureQuery {
  query: string;
  expect: string;
  manufacturer?: string;
  /** `part`: the text names one part, which must come first; `family`: it must be among the first ten. */
  kind: 'part' | 'family';
  /** The pattern of designers' searches the query stands for, when it stands for one. */
  pattern?: 'measure' | 'count' | 'ranking' | 'kind' | 'misspelt maker';
  why: string;
}

const PATTERNS = ['measure', 'count', 'ranking', 'kind', 'misspelt maker'] as const;

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../../../shared/fixtures/search-relevance/${name}`, import.meta.url), 'utf8'));
const parts = fixture('parts.json') as FixturePart[];
const queries = fixture('queries.json') as FixtureQuery[];

const documents = parts.map((part, i): SearchDocument => {
  const document: Record<string, unknown> = { id: i + 1, version: 1, createdAt: '', updatedAt: '' };
  for (const field of storedTextFields) document[field] = null;
  for (const field of storedNumberFields) document[field] = null;
  const { source: _source, ...fields } = part as FixturePart & { source?: string };
  // The numbers read from the text (the current in A, the wire range), as the service reads them.
  return { ...document, ...fields, ...derivedNumbers(fields as Record<string, unknown>) } as SearchDocument;
});

describe('search relevance on real parts', () => {
  const index = SearchIndex.build(documents);
  const results = queries.map((query) => {
    const { ids } = searchOrCorrect(index, { query: query.query, offset: 0, limit: 10 }).result;
    const found = index.components(ids);
    const position = found.findIndex(
      (part) =>
        part.reference === query.expect &&
        (query.manufacturer === undefined || part.manufacturer === query.manufacturer),
    );
    return { ...query, position, first: found[0]?.reference ?? '(nothing)' };
  });
  const describeMiss = (result: (typeof results)[number]) =>
    `'${result.query}' → expected ${result.expect}${result.position > 0 ? ` at ${result.position + 1}` : ' (not in the first 10)'}, first is ${result.first}`;

  it('has the data it claims: at least 500 real parts and 80 queries, 20 per pattern, every expected part in it', () => {
    expect(parts.length).toBeGreaterThanOrEqual(500);
    expect(queries.length).toBeGreaterThanOrEqual(80);
    for (const pattern of PATTERNS)
      expect(queries.filter((query) => query.pattern === pattern).length, pattern).toBeGreaterThanOrEqual(20);
    for (const query of queries)
      expect(
        parts.some((part) => part.reference === query.expect),
        query.query,
      ).toBe(true);
  });

  const recallOf = (among: typeof results) =>
    1 - among.filter((result) => result.position === -1).length / among.length;
  const firstOf = (among: typeof results) => {
    const named = among.filter((result) => result.kind === 'part');
    return named.length === 0 ? 1 : 1 - named.filter((result) => result.position !== 0).length / named.length;
  };
  const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

  it('finds the expected part within the first 10 results for at least 98% of the queries', () => {
    const misses = results.filter((result) => result.position === -1);
    const recall = recallOf(results);
    console.log(
      `recall@10 ${percent(recall)} (${results.length - misses.length}/${results.length})` +
        (misses.length ? `; misses:\n  ${misses.map(describeMiss).join('\n  ')}` : ''),
    );
    expect(recall, misses.map(describeMiss).join('\n')).toBeGreaterThanOrEqual(0.98);
  });

  it('puts the part first for at least 95% of the queries that name one part', () => {
    const named = results.filter((result) => result.kind === 'part');
    const misses = named.filter((result) => result.position !== 0);
    const rate = firstOf(results);
    console.log(
      `first ${percent(rate)} (${named.length - misses.length}/${named.length})` +
        (misses.length ? `; not first:\n  ${misses.map(describeMiss).join('\n  ')}` : ''),
    );
    expect(rate, misses.map(describeMiss).join('\n')).toBeGreaterThanOrEqual(0.95);
  });

  it.each(PATTERNS)('answers the %s pattern: recall@10 at least 98%, first at least 95%', (pattern) => {
    const among = results.filter((result) => result.pattern === pattern);
    const failing = among.filter(
      (result) => result.position === -1 || (result.kind === 'part' && result.position !== 0),
    );
    console.log(
      `${pattern}: recall@10 ${percent(recallOf(among))}, first ${percent(firstOf(among))} of ${among.length}`,
    );
    expect(recallOf(among), failing.map(describeMiss).join('\n')).toBeGreaterThanOrEqual(0.98);
    expect(firstOf(among), failing.map(describeMiss).join('\n')).toBeGreaterThanOrEqual(0.95);
  });
});
