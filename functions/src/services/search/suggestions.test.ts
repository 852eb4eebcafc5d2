import { describe, expect, it, vi } from 'vitest';
import { storedNumberFields, storedTextFields, SearchIndex, type SearchDocument } from './search-index';
import { clearSuggestion, suggestSearches } from './suggestions';

const part = (id: number, fields: Record<string, unknown>): SearchDocument => {
  const base: Record<string, unknown> = { id, version: 1, createdAt: '', updatedAt: '' };
  for (const field of storedTextFields) base[field] ??= null;
  for (const field of storedNumberFields) base[field] ??= null;
  return { ...base, class: 'I/O Module', ...fields } as SearchDocument;
};

const index = SearchIndex.build([
  part(1, { reference: 'UR20-4DI-P', manufacturer: 'Weidmüller', series: 'u-remote' }),
  part(2, { reference: '750-1420', manufacturer: 'WAGO', description: '4DI 24V DC 3.0ms' }),
  part(3, { reference: '750-1415', manufacturer: 'WAGO' }),
  part(4, { reference: '2744416', manufacturer: 'Phoenix Contact', class: 'Interface converter' }),
  part(5, { reference: 'EK1100', manufacturer: 'Beckhoff', class: 'EtherCAT Coupler' }),
]);
const suggest = (query: Parameters<typeof suggestSearches>[1]) => suggestSearches(index, query);
const page = { offset: 0, limit: 10 };

describe("'Did you mean' suggestions", () => {
  it('corrects a misspelt maker to its own spelling', () => {
    expect(suggest({ ...page, query: 'Weidmuler' })).toEqual([{ field: 'query', text: 'Weidmüller' }]);
    expect(suggest({ ...page, query: 'weidmuler ur20' })).toEqual([{ field: 'query', text: 'Weidmüller ur20' }]);
    expect(suggest({ ...page, query: 'Phonix 2744416' })).toEqual([{ field: 'query', text: 'Phoenix 2744416' }]);
  });

  it('offers the nearest part numbers, separators aside', () => {
    expect(suggest({ ...page, query: 'EK1110' })).toEqual([{ field: 'query', text: 'EK1100' }]);
    expect(suggest({ ...page, query: 'wago 750-1421' })).toEqual([
      { field: 'query', text: 'wago 750-1420' },
      { field: 'query', text: 'wago 750-1415' },
    ]);
  });

  it('corrects the reference and manufacturer filters too, keeping the rest of the search', () => {
    expect(suggest({ ...page, text: { manufacturer: 'Bekchoff' } })).toEqual([
      { field: 'manufacturer', text: 'Beckhoff' },
    ]);
    expect(suggest({ ...page, text: { reference: 'UR20-4DI-B', manufacturer: 'weidmüller' } })).toEqual([
      { field: 'reference', text: 'UR20-4DI-P' },
    ]);
  });

  it('offers only searches that find something, and nothing for short or far-off words', () => {
    // 'Weidmüller' exists, but not with a voltage of 24.
    expect(suggest({ ...page, query: 'Weidmuler', numbers: { voltage: { min: 24 } } })).toEqual([]);
    expect(suggest({ ...page, query: 'xyz' })).toEqual([]);
    expect(suggest({ ...page, query: 'Siemens' })).toEqual([]);
    expect(suggest({ ...page, text: { class: 'Kupler' } })).toEqual([]);
  });

  it('names one search as clearly meant only when every other offer needs more edits', () => {
    expect(clearSuggestion(index, { ...page, query: 'weidmuler ur20' })).toEqual({
      field: 'query',
      text: 'Weidmüller ur20',
    });
    // 750-1420 is one edit away, 750-1415 two.
    expect(clearSuggestion(index, { ...page, query: 'wago 750-1421' })).toEqual({
      field: 'query',
      text: 'wago 750-1420',
    });
    // Two makers one edit from 'Wagi': nothing is clear.
    const twoClose = SearchIndex.build([
      part(1, { reference: 'A1', manufacturer: 'WAGO' }),
      part(2, { reference: 'B1', manufacturer: 'Wagu' }),
    ]);
    expect(suggestSearches(twoClose, { ...page, query: 'Wagi' })).toHaveLength(2);
    expect(clearSuggestion(twoClose, { ...page, query: 'Wagi' })).toBeUndefined();
    // Spellings that fold alike find the same parts: one correction.
    const twoSpellings = SearchIndex.build([
      part(1, { reference: '3RT2015-1BB41', manufacturer: 'SIEMENS' }),
      part(2, { reference: '3RT2016-1BB41', manufacturer: 'Siemens' }),
    ]);
    expect(clearSuggestion(twoSpellings, { ...page, query: 'siemns 3RT2015' })?.text).toMatch(/^siemens 3RT2015$/i);
    expect(clearSuggestion(index, { ...page, query: 'xyz' })).toBeUndefined();
  });

  it('finds through the value index the same near part numbers as comparing every value', () => {
    const letters = ['3RT', 'S20', 'UR2', 'EK1', 'TM3', 'DT0', '09 33', '750-'];
    const parts = Array.from({ length: 3000 }, (_, i) =>
      part(i + 1, {
        reference: `${letters[i % letters.length]}${(i * 7919) % 10_000}-${'ABCDEFGH'[i % 8]}${i % 13}`,
        articleNumber: i % 5 === 0 ? `K${(i % 90) + 10}-${i % 10}` : i % 3 ? `AN${(i * 31) % 5000}.${i % 17}` : null,
        manufacturer: i % 2 ? 'Siemens' : 'WAGO',
      }),
    );
    const many = SearchIndex.build(parts.slice(0, 2800));
    // Some values come after the value index was built.
    many.apply(parts.slice(2800));
    // Real values one or two edits off (one changed, one dropped or added), some from the delta.
    const misspelt = [5, 77, 640, 1234, 2001, 2850, 2999].flatMap((id) => {
      const { reference, articleNumber } = parts[id - 1] as unknown as Record<string, string | null>;
      const changed = reference!.slice(0, 3) + 'Q' + reference!.slice(4);
      return [
        { ...page, query: changed },
        { ...page, query: `Siemens ${changed.slice(0, -1)}` },
        { ...page, query: `${reference}Z` },
        { ...page, query: reference!.replace(/[^A-Za-z0-9]/g, '').slice(0, 6) + 'Q' },
        ...(articleNumber ? [{ ...page, query: articleNumber.replace('.', '.9') }] : []),
        // A short part number two edits off (too few trigrams for the value index to narrow).
        { ...page, query: `K${(id % 90) + 10}${id % 10}QQ` },
      ];
    });
    const throughIndex = misspelt.map((query) => suggestSearches(many, query));
    const near = vi
      .spyOn(SearchIndex.prototype, 'partNumbersNear')
      .mockImplementation((field) =>
        Array.from({ length: many.dictionary(field).values.length - 1 }, (_, at) => at + 1),
      );
    try {
      const everyValue = misspelt.map((query) => suggestSearches(many, query));
      expect(throughIndex).toEqual(everyValue);
      expect(everyValue.filter((offers) => offers.length > 0).length).toBeGreaterThan(misspelt.length / 2);
    } finally {
      near.mockRestore();
    }
  });
});
