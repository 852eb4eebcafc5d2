import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { choiceValues } from '#shared/schemas/choice-fields';
import { searchFacetFields, searchNumberColumn } from '#shared/schemas/component';
import { document, naiveSearch, type Doc } from './plain-model';
import { FACET_VALUES, SearchIndex, type IndexQuery } from './search-index';
import { decodeSnapshot, encodeSnapshot } from './snapshot';

// A file of its own: the longest test of the unit lane runs beside the others.
describe('SearchIndex against its plain model', () => {
  it('agrees with a plain filter-and-sort on random catalogues, queries and changes', () => {
    const alphabet = ['a', 'B', 'c', '1', '2', '-', ' ', '.', ',', 'é', 'ü', 'Ä', 'ß', 'ue', '²', 'x'];
    const text = fc.option(
      fc.array(fc.constantFrom(...alphabet), { maxLength: 8 }).map((chars) => chars.join('')),
      { nil: null },
    );
    const term = fc.array(fc.constantFrom(...alphabet), { minLength: 1, maxLength: 5 }).map((chars) => chars.join(''));
    // A word of one or two characters beside a longer one (a broad word and a narrow one).
    const letters = alphabet.filter((char) => char.trim() !== '');
    const piece = (minLength: number, maxLength: number) =>
      fc.array(fc.constantFrom(...letters), { minLength, maxLength }).map((chars) => chars.join(''));
    const shortBesideLong = fc
      .tuple(piece(1, 2), piece(3, 5), fc.boolean())
      .map(([short, long, first]) => (first ? `${short} ${long}` : `${long} ${short}`));
    const searchText = fc.oneof(term, shortBesideLong);
    const number = fc.option(fc.constantFrom(1, 2, 2.5, 24), { nil: null });
    const doc = (id: number) =>
      fc
        .record({
          reference: fc
            .array(fc.constantFrom(...alphabet), { minLength: 1, maxLength: 6 })
            .map((chars) => chars.join('')),
          manufacturer: text,
          class: text.map((value) => value ?? 'X'),
          type: text,
          articleNumber: text,
          description: text,
          // The tests' catalogue has German and French beside English: a search matches any.
          description_de: text,
          commercialReference_fr: text,
          series: text,
          orientation: text,
          // Without a value a part is 'unknown'; obsolete and NRND parts rank last in their group.
          lifecycle: fc.option(fc.constantFrom(...choiceValues('lifecycle')), { nil: null }),
          width: number,
          voltage: number,
        })
        .map((fields) => document(id, fields));
    const range = fc.record(
      { min: fc.constantFrom(1, 2, 2.5, 24), max: fc.constantFrom(1, 2, 2.5, 24) },
      { requiredKeys: [] },
    );
    const query = fc.record(
      {
        query: searchText,
        text: fc.record(
          { manufacturer: searchText, reference: term, orientation: term, description: term },
          { requiredKeys: [] },
        ),
        numbers: fc.record({ width: range, voltage: range }, { requiredKeys: [] }),
        choices: fc.record(
          {
            class: fc.array(fc.oneof(term, fc.constant('X')), { maxLength: 2 }),
            manufacturer: fc.array(term, { maxLength: 2 }),
            lifecycle: fc.uniqueArray(fc.constantFrom(...choiceValues('lifecycle')), { maxLength: 2 }),
          },
          { requiredKeys: [] },
        ),
        sort: fc.constantFrom('relevance', 'reference', 'manufacturer', 'class', 'type'),
        descending: fc.boolean(),
        offset: fc.nat(6),
        limit: fc.integer({ min: 0, max: 8 }),
      },
      { requiredKeys: ['offset', 'limit'] },
    ) as fc.Arbitrary<IndexQuery>;
    // Broad searches (a character or none, a choice or two) find many parts, so relevance groups
    // and the lifecycle order within them are compared on full pages too.
    const broad = fc.record(
      {
        query: fc.constantFrom('a', '1', 'B', '2 a'),
        choices: fc.record({
          lifecycle: fc.uniqueArray(fc.constantFrom(...choiceValues('lifecycle')), { maxLength: 2 }),
        }),
        sort: fc.constantFrom('relevance', 'reference'),
        descending: fc.boolean(),
        offset: fc.nat(6),
        limit: fc.integer({ min: 0, max: 8 }),
      },
      { requiredKeys: ['offset', 'limit'] },
    ) as fc.Arbitrary<IndexQuery>;
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
      queries: fc.array(fc.oneof(query, broad), { minLength: 1, maxLength: 5 }),
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
          const withFacets = { ...q, facets: true };
          // Without facets, a search of everything may be answered as a slice of the order.
          expect(index.search(q).ids).toEqual(expected.ids);
          for (const actual of [index.search(withFacets), reloaded.search(withFacets)]) {
            expect({ ids: actual.ids, total: actual.total }).toEqual({ ids: expected.ids, total: expected.total });
            // Ties at the cut of the top values aside, the counts agree.
            for (const field of searchFacetFields)
              if (expected.facets[field].length < FACET_VALUES)
                expect(actual.facets?.[field], field).toEqual(expected.facets[field]);
            // A numeric filter's ranges: in order, apart, covering its values among the hits, each counted.
            const hitDocs = [...model.values()].filter((doc) => expected.allIds.includes(doc.id)) as Doc[];
            for (const facet of actual.facets?.numbers ?? []) {
              const column = searchNumberColumn(facet.field as never);
              const values = hitDocs
                .map((doc) => doc[column])
                .filter((value): value is number => typeof value === 'number');
              expect([facet.min, facet.max]).toEqual([Math.min(...values), Math.max(...values)]);
              expect(facet.ranges.reduce((sum, range) => sum + range.count, 0)).toBe(values.length);
              for (const [place, range] of facet.ranges.entries()) {
                expect(range.count).toBe(values.filter((value) => value >= range.min && value <= range.max).length);
                if (place > 0) expect(range.min).toBeGreaterThan(facet.ranges[place - 1]!.max);
              }
            }
          }
          expect(index.count(q)).toBe(expected.total);
        }
        expect(index.size).toBe(model.size);
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 200) },
    );
    // 200 random catalogues take a few seconds alone, far longer on a busy 2-core machine.
  }, 240_000);
});
