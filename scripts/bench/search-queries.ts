/**
 * The search benchmark's fixed query mix (not a benchmark itself: the runner only runs
 * `*.bench.ts`): 200 queries drawn from the catalogue, as people search it.
 */
import { quickSearchFields, searchNumberFilterFields, searchTextFilterFields } from '#shared/schemas/component';
import { Random } from '../seed/demo-catalogue.ts';
import type { SearchDocument } from '#services/search/search-index';

export interface BenchQuery {
  kind: 'quick' | 'filter' | 'combined' | 'deep offset';
  params: Record<string, string>;
}

const textFilterFields = searchTextFilterFields as readonly string[];
const numberFilterFields = searchNumberFilterFields as readonly string[];

/** 200 queries drawn from the catalogue itself: fragments people type, filters that co-occur. */
export const buildQueries = (
  documents: readonly SearchDocument[],
  totalOf: (params: Record<string, string>) => number,
  seed: number,
  count = 200,
): BenchQuery[] => {
  const r = new Random(seed);
  const fragment = (text: string): string => {
    for (let attempt = 0; attempt < 20; attempt++) {
      const length = r.int(2, Math.min(10, text.length));
      const start = r.int(0, text.length - length);
      const piece = text.slice(start, start + length);
      if (piece.trim().length >= 2 && piece === piece.trim()) return piece;
    }
    return text.slice(0, Math.min(10, text.length));
  };
  const valued = (fields: readonly string[]) => {
    for (;;) {
      const doc = r.pick(documents) as unknown as Record<string, string | number | null>;
      const present = fields.filter((field) => doc[field] !== null && doc[field] !== '');
      if (present.length) return { doc, present };
    }
  };
  const filterParam = (doc: Record<string, string | number | null>, field: string): [string, string] =>
    numberFilterFields.includes(field) ? [field, String(doc[field])] : [field, fragment(String(doc[field]))];
  const limit = () => (r.chance(0.1) ? '100' : '10');

  const queries: BenchQuery[] = [];
  for (let i = 0; i < 80; i++) {
    const { doc, present } = valued(quickSearchFields);
    queries.push({ kind: 'quick', params: { query: fragment(String(doc[r.pick(present)])), limit: limit() } });
  }
  for (let i = 0; i < 50; i++) {
    const { doc, present } = valued([...textFilterFields, ...numberFilterFields]);
    const [field, value] = filterParam(doc, r.pick(present));
    queries.push({ kind: 'filter', params: { [field]: value, limit: limit() } });
  }
  for (let i = 0; i < 40; i++) {
    const { doc, present } = valued([...textFilterFields, ...numberFilterFields]);
    const params: Record<string, string> = { limit: limit() };
    for (let n = 0; n < Math.min(present.length, r.int(2, 3)); n++) {
      const [field, value] = filterParam(doc, r.pick(present));
      params[field] = value;
    }
    if (r.chance(0.5)) params.query = fragment(String(doc.reference));
    queries.push({ kind: 'combined', params });
  }
  const broad: Record<string, string>[] = [
    {},
    { manufacturer: 'phoenix' },
    { class: 'relay' },
    { query: 'contact' },
    { query: 'V' },
    { type: 'module' },
  ];
  for (let i = 0; i < 30; i++) {
    const params = { ...r.pick(broad) };
    const total = totalOf(params);
    queries.push({
      kind: 'deep offset',
      params: { ...params, offset: String(r.int(Math.floor(total / 2), Math.max(0, total - 1))), limit: '10' },
    });
  }
  // A fixed interleaving, so no kind runs all at once.
  for (let i = queries.length - 1; i > 0; i--) {
    const j = r.int(0, i);
    [queries[i], queries[j]] = [queries[j]!, queries[i]!];
  }
  return queries.slice(0, count);
};
