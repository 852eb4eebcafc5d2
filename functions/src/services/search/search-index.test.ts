import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quickSearchFields, searchNumberFilterFields, searchTextFilterFields } from '#shared/schemas/component';
import {
  fold,
  indexedNumberFields,
  indexedTextFields,
  SearchIndex,
  type IndexQuery,
  type SearchDocument,
} from './search-index';
import { decodeSnapshot, encodeSnapshot } from './snapshot';

const document = (id: number, fields: Partial<SearchDocument> = {}): SearchDocument => {
  const base = { id, hasDataSheet: false } as SearchDocument;
  for (const field of indexedTextFields) base[field] = null;
  for (const field of indexedNumberFields) base[field] = null;
  return { ...base, reference: `REF-${id}`, class: 'Relay', ...fields };
};

/** The obvious implementation the index must agree with. */
const naiveSearch = (documents: readonly SearchDocument[], query: IndexQuery) => {
  const contains = (value: string | null, term: string) => value !== null && fold(value).includes(fold(term));
  const matches = documents.filter(
    (doc) =>
      (query.query === undefined || quickSearchFields.some((field) => contains(doc[field], query.query!))) &&
      Object.entries(query.text ?? {}).every(([field, term]) =>
        contains(doc[field as keyof SearchDocument] as string | null, term!),
      ) &&
      Object.entries(query.numbers ?? {}).every(([field, value]) => doc[field as keyof SearchDocument] === value),
  );
  const key = (doc: SearchDocument) => [fold(doc.reference ?? ''), doc.reference ?? ''] as const;
  matches.sort((a, b) => {
    const [fa, ra] = key(a);
    const [fb, rb] = key(b);
    if (fa !== fb) return fa < fb ? -1 : 1;
    if (ra !== rb) return ra < rb ? -1 : 1;
    return a.id - b.id;
  });
  return { ids: matches.slice(query.offset, query.offset + query.limit).map((doc) => doc.id), total: matches.length };
};

const page = { offset: 0, limit: 100 };

describe('SearchIndex', () => {
  const catalogue = [
    document(1, {
      reference: '3RT2015-1BB41',
      manufacturer: 'Siemens',
      type: 'Contactor',
      description: 'Contactor, AC-3, 3 kW, 24 V DC coil',
      voltage: 24,
      width: 45,
      numberOfTerminals: 8,
      hasDataSheet: true,
    }),
    document(2, {
      reference: '3RT2016-1AP01',
      manufacturer: 'Siemens',
      type: 'Contactor',
      description: 'Contactor, AC-3, 4 kW, 230 V AC coil',
      voltage: 230,
      width: 45,
    }),
    document(3, {
      reference: 'UT 2,5',
      manufacturer: 'Phoenix Contact',
      class: 'Terminal Block',
      type: 'Feed-through terminal block',
      voltage: 800,
      width: 5.2,
      numberOfTerminals: 2,
      series: 'UT',
      hasDataSheet: true,
    }),
    document(4, {
      reference: 'ut 2,5-bu',
      manufacturer: 'PHOENIX CONTACT',
      class: 'Terminal Block',
      articleNumber: '3044089',
      width: 5.2,
    }),
    document(5, {
      reference: 'S201-C16',
      manufacturer: 'ABB',
      class: 'Circuit Protection',
      orientation: 'Vertical',
      toolCrimp: 'none',
    }),
    document(6, {
      reference: '09 33 010 2601',
      manufacturer: 'Harting',
      class: 'Connector',
      series: 'Han E',
      mnemonic: 'X',
    }),
  ];
  const index = SearchIndex.build(catalogue);
  const ids = (query: Partial<IndexQuery>) => index.search({ ...page, ...query }).ids;

  it('finds part numbers by fragments, in any case, in any quick field', () => {
    expect(ids({ query: '3RT2015' })).toEqual([1]);
    expect(ids({ query: '3rt20' })).toEqual([1, 2]);
    expect(ids({ query: '1bb4' })).toEqual([1]);
    expect(ids({ query: 'phoenix' })).toEqual([3, 4]);
    expect(ids({ query: '3044089' })).toEqual([4]);
    expect(ids({ query: 'han e' })).toEqual([6]);
    expect(ids({ query: 'ac coil' })).toEqual([2]);
    expect(ids({ query: 'nothing like it' })).toEqual([]);
  });

  it('never matches across two fields', () => {
    // manufacturer 'Siemens' then class 'Relay': 'siemensrelay' is not in any one field.
    expect(ids({ query: 'siemensrelay' })).toEqual([]);
    expect(ids({ query: 'ens' })).toEqual([1, 2]);
  });

  it('filters per field: text as substring, numbers exactly', () => {
    expect(ids({ text: { manufacturer: 'siem' } })).toEqual([1, 2]);
    expect(ids({ text: { class: 'terminal' }, numbers: { width: 5.2 } })).toEqual([3, 4]);
    expect(ids({ numbers: { voltage: 24 } })).toEqual([1]);
    expect(ids({ numbers: { voltage: 2 } })).toEqual([]);
    expect(ids({ numbers: { numberOfTerminals: 8 } })).toEqual([1]);
    expect(ids({ text: { orientation: 'VERT' } })).toEqual([5]);
    expect(ids({ text: { toolCrimp: 'none' }, query: 's201' })).toEqual([5]);
    expect(ids({ text: { reference: '2,5' }, query: 'bu' })).toEqual([4]);
    expect(ids({ text: { description: 'kw' }, numbers: { voltage: 230 } })).toEqual([2]);
  });

  it('orders by reference, case-insensitively, then id; pages with a total', () => {
    expect(ids({})).toEqual([6, 1, 2, 5, 3, 4]);
    expect(index.search({ offset: 2, limit: 2 })).toEqual({ ids: [2, 5], total: 6 });
    expect(index.search({ offset: 10, limit: 2 })).toEqual({ ids: [], total: 6 });
    expect(index.search({ offset: 0, limit: 0, query: 'siemens' })).toEqual({ ids: [], total: 2 });
  });

  it('counts for the dashboard and lists the distinct values of a field', () => {
    expect(index.stats()).toEqual({ totalComponents: 6, withDatasheets: 2, manufacturers: 4 });
    expect(index.distinct('class')).toEqual(['Circuit Protection', 'Connector', 'Relay', 'Terminal Block']);
    expect(index.distinct('manufacturer')).toEqual(['ABB', 'Harting', 'PHOENIX CONTACT', 'Phoenix Contact', 'Siemens']);
  });

  it('applies additions, edits and deletions', () => {
    const live = SearchIndex.build(catalogue);
    live.apply(
      [document(7, { reference: '3RH2122-1BB40', manufacturer: 'Siemens' }), document(1, { reference: 'ZZ-renamed' })],
      [2],
    );
    expect(live.search({ ...page, query: '3r' }).ids).toEqual([7]);
    expect(live.search({ ...page, query: 'renamed' }).ids).toEqual([1]);
    expect(live.search(page).ids.at(-1)).toBe(1);
    expect(live.size).toBe(6);
    expect(live.has(2)).toBe(false);
  });

  it('survives a snapshot round trip unchanged', () => {
    const meta = { revision: 12, changeCount: 40, writtenAt: '2026-01-01T00:00:00.000Z' };
    const live = SearchIndex.build(catalogue);
    live.apply([document(9, { reference: 'AAA', manufacturer: 'Eaton', voltage: 400 })], [6]);
    const decoded = decodeSnapshot(encodeSnapshot(meta, live.toColumns()));
    expect(decoded).toMatchObject(meta);
    const reloaded = SearchIndex.fromColumns(decoded.columns);
    expect([...reloaded.documents()]).toEqual([...live.documents()]);
    expect(reloaded.search({ ...page, query: 'siem' })).toEqual(live.search({ ...page, query: 'siem' }));
    expect(reloaded.stats()).toEqual(live.stats());
    // It goes on taking changes.
    reloaded.apply([document(10, { reference: 'ZZZ', manufacturer: 'Siemens' })]);
    expect(reloaded.search({ ...page, text: { manufacturer: 'siemens' } }).ids).toEqual([1, 2, 10]);
  });

  it('agrees with a plain filter-and-sort on random catalogues, queries and changes', () => {
    const alphabet = ['a', 'B', 'c', '1', '2', '-', ' ', 'é', 'Ä', 'ß', 'x'];
    const text = fc.option(
      fc.array(fc.constantFrom(...alphabet), { maxLength: 8 }).map((chars) => chars.join('')),
      { nil: null },
    );
    const term = fc.array(fc.constantFrom(...alphabet), { minLength: 1, maxLength: 4 }).map((chars) => chars.join(''));
    const number = fc.option(fc.constantFrom(1, 2, 2.5, 24), { nil: null });
    const doc = (id: number) =>
      fc
        .record({
          reference: fc
            .array(fc.constantFrom(...alphabet), { minLength: 1, maxLength: 6 })
            .map((chars) => chars.join('')),
          manufacturer: text,
          class: text,
          description: text,
          series: text,
          orientation: text,
          width: number,
          voltage: number,
          hasDataSheet: fc.boolean(),
        })
        .map((fields) => document(id, fields));
    const query = fc.record(
      {
        query: term,
        text: fc.record({ manufacturer: term, reference: term, orientation: term }, { requiredKeys: [] }),
        numbers: fc.record({ width: fc.constantFrom(1, 2.5), voltage: fc.constantFrom(2, 24) }, { requiredKeys: [] }),
        offset: fc.nat(6),
        limit: fc.integer({ min: 0, max: 8 }),
      },
      { requiredKeys: ['offset', 'limit'] },
    );
    const scenario = fc.record({
      initial: fc
        .uniqueArray(fc.integer({ min: 1, max: 40 }), { maxLength: 25 })
        .chain((ids) => fc.tuple(...ids.map(doc))),
      changes: fc.array(
        fc.record({
          upserts: fc
            .uniqueArray(fc.integer({ min: 1, max: 40 }), { maxLength: 6 })
            .chain((ids) => fc.tuple(...ids.map(doc))),
          removals: fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { maxLength: 4 }),
        }),
        { maxLength: 3 },
      ),
      queries: fc.array(query, { minLength: 1, maxLength: 5 }),
    });
    fc.assert(
      fc.property(scenario, ({ initial, changes, queries }) => {
        const index = SearchIndex.build(initial);
        let model = new Map(initial.map((doc) => [doc.id, doc]));
        for (const change of changes) {
          const removals = change.removals.filter((id) => !change.upserts.some((doc) => doc.id === id));
          index.apply(change.upserts, removals);
          model = new Map(model);
          for (const id of removals) model.delete(id);
          for (const doc of change.upserts) model.set(doc.id, doc);
        }
        const reloaded = SearchIndex.fromColumns(
          decodeSnapshot(encodeSnapshot({ revision: 1, changeCount: 1, writtenAt: '' }, index.toColumns())).columns,
        );
        for (const q of queries) {
          const expected = naiveSearch([...model.values()], q);
          expect(index.search(q)).toEqual(expected);
          expect(reloaded.search(q)).toEqual(expected);
        }
        expect(index.size).toBe(model.size);
      }),
      { numRuns: 200 },
    );
    // 200 random catalogues take a few seconds alone, far longer on a busy 2-core machine.
  }, 120_000);

  it('keeps its answers through a trigram rebuild and a compaction', () => {
    const many = Array.from({ length: 3000 }, (_, i) =>
      document(i + 1, { reference: `P-${String(i).padStart(5, '0')}`, manufacturer: i % 2 ? 'Siemens' : 'ABB' }),
    );
    const live = SearchIndex.build(many);
    const model = new Map(many.map((doc) => [doc.id, doc]));
    // Enough edits to pass the delta and dead-slot thresholds several times.
    for (let round = 0; round < 5; round++) {
      const edits = Array.from({ length: 900 }, (_, i) =>
        document(((round * 900 + i) % 3000) + 1, { reference: `Q-${round}-${i}`, manufacturer: 'Eaton' }),
      );
      const removed = 2000 + round;
      live.apply(edits, [removed]);
      model.delete(removed);
      for (const doc of edits) model.set(doc.id, doc);
      for (const q of [
        { query: 'q-4' },
        { query: 'p-0' },
        { text: { manufacturer: 'eaton' } },
        {},
      ] as Partial<IndexQuery>[]) {
        expect(live.search({ offset: 3, limit: 20, ...q })).toEqual(
          naiveSearch([...model.values()], { offset: 3, limit: 20, ...q }),
        );
      }
    }
    expect(live.size).toBe(model.size);
  });

  it('treats every advanced text filter as a substring filter on its own field', () => {
    for (const field of searchTextFilterFields) {
      const live = SearchIndex.build([document(1, { [field]: 'Alpha Beta' }), document(2, { [field]: 'Gamma' })]);
      expect(live.search({ ...page, text: { [field]: 'HA BE' } }).ids, field).toEqual([1]);
    }
    for (const field of searchNumberFilterFields) {
      const live = SearchIndex.build([document(1, { [field]: 12 }), document(2, { [field]: 120 })]);
      expect(live.search({ ...page, numbers: { [field]: 12 } }).ids, field).toEqual([1]);
    }
  });
});

describe('SearchIndex.related', () => {
  const catalogue = [
    document(1, { reference: 'SOURCE', class: 'Relay', type: 'Coupling relay', series: 'PLC-RSC' }),
    document(2, { reference: 'A-CLASS-ONLY', class: 'relay ', type: 'Timer' }),
    document(3, { reference: 'B-TYPE-ONLY', class: 'Terminal Block', type: 'COUPLING RELAY' }),
    document(4, { reference: 'C-SERIES-ONLY', class: 'PLC', series: 'plc-rsc' }),
    document(5, { reference: 'D-SERIES-AND-CLASS', class: 'Relay', series: 'PLC-RSC' }),
    document(6, { reference: 'E-NOTHING', class: 'Switch', type: 'Coupling', series: 'PLC' }),
    document(7, { reference: 'F-ALL-THREE', class: 'Relay', type: 'Coupling relay', series: 'PLC-RSC' }),
    document(8, { reference: 'G-TYPE-AND-CLASS', class: 'Relay', type: 'Coupling relay' }),
  ];
  const index = SearchIndex.build(catalogue);
  const source = catalogue[0]!;

  it('ranks by what is shared: series over type over class, more shared first, never the component itself', () => {
    expect(index.related(source, 10)).toEqual([7, 5, 4, 8, 3, 2]);
    expect(index.related(source, 3)).toEqual([7, 5, 4]);
  });

  it('compares whole values, ignoring case and surrounding spaces; ties keep reference order', () => {
    // 'Coupling' and 'PLC' are parts of the source's values, not the same values.
    expect(index.related(source, 10)).not.toContain(6);
    const ties = SearchIndex.build([
      document(1, { class: 'PLC' }),
      document(9, { reference: 'Z', class: 'plc' }),
      document(8, { reference: 'A', class: 'PLC ' }),
    ]);
    expect(ties.related({ id: 1, class: 'PLC' }, 3)).toEqual([8, 9]);
  });

  it('finds nothing for a component without class, type or series, and follows changes', () => {
    expect(index.related({ id: 99, class: null, type: '  ', series: null }, 3)).toEqual([]);
    const live = SearchIndex.build(catalogue);
    live.apply([document(7, { reference: 'F-ALL-THREE', class: 'Switch' })], [5]);
    expect(live.related(source, 3)).toEqual([4, 8, 3]);
  });
});
