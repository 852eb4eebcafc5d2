import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { storedNumberFields, storedTextFields, SearchIndex, type SearchDocument } from './search-index';

/*
 * Relevance on real parts: 1,636 manufacturer articles of a published open-source electrical
 * CAD library, and queries written the way engineers type them, each with the part it must
 * find (shared/fixtures/search-relevance/README.md says where the parts come from).
 */

interface FixturePart {
  reference: string;
  manufacturer: string;
  description?: string;
  class: string;
  type?: string;
  series?: string;
}
interface FixtureQuery {
  query: string;
  expect: string;
  manufacturer?: string;
  /** `part`: the text names one part, which must come first; `family`: it must be among the first ten. */
  kind: 'part' | 'family';
  why: string;
}

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../../../shared/fixtures/search-relevance/${name}`, import.meta.url), 'utf8'));
const parts = fixture('parts.json') as FixturePart[];
const queries = fixture('queries.json') as FixtureQuery[];

const documents = parts.map((part, i): SearchDocument => {
  const document: Record<string, unknown> = { id: i + 1, version: 1, createdAt: '', updatedAt: '' };
  for (const field of storedTextFields) document[field] = null;
  for (const field of storedNumberFields) document[field] = null;
  return { ...document, ...part } as SearchDocument;
});

describe('search relevance on real parts', () => {
  const index = SearchIndex.build(documents);
  const results = queries.map((query) => {
    const { ids } = index.search({ query: query.query, offset: 0, limit: 10 });
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

  it('has the data it claims: at least 500 real parts and 80 queries, every expected part in it', () => {
    expect(parts.length).toBeGreaterThanOrEqual(500);
    expect(queries.length).toBeGreaterThanOrEqual(80);
    for (const query of queries)
      expect(
        parts.some((part) => part.reference === query.expect),
        query.query,
      ).toBe(true);
  });

  it('finds the expected part within the first 10 results for at least 95% of the queries', () => {
    const misses = results.filter((result) => result.position === -1);
    const recall = 1 - misses.length / results.length;
    console.log(
      `recall@10 ${(recall * 100).toFixed(1)}% (${results.length - misses.length}/${results.length})` +
        (misses.length ? `; misses:\n  ${misses.map(describeMiss).join('\n  ')}` : ''),
    );
    expect(recall, misses.map(describeMiss).join('\n')).toBeGreaterThanOrEqual(0.95);
  });

  it('puts the part first for at least 90% of the queries that name one part', () => {
    const named = results.filter((result) => result.kind === 'part');
    const misses = named.filter((result) => result.position !== 0);
    const rate = 1 - misses.length / named.length;
    console.log(
      `first ${(rate * 100).toFixed(1)}% (${named.length - misses.length}/${named.length})` +
        (misses.length ? `; not first:\n  ${misses.map(describeMiss).join('\n  ')}` : ''),
    );
    expect(rate, misses.map(describeMiss).join('\n')).toBeGreaterThanOrEqual(0.9);
  });
});
