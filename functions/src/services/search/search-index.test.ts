import { zstdCompressSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import {
  searchFacetFields,
  searchNumberColumn,
  searchNumberFilterFields,
  searchTextFilterFields,
} from '#shared/schemas/component';
import { SearchIndex, type IndexQuery } from './search-index';
import { decodeSnapshot, encodeSnapshot } from './snapshot';
import { document, naiveSearch } from './plain-model';
import { PackedStrings, toArray } from './string-list';
import { TextColumn } from './text-column';
import { ValuePostings } from './value-postings';

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
      dataSheet: 'components/1/dataSheet/3RT2015.pdf',
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
      description: 'Feed-through terminal block, 2,5 mm²',
      voltage: 800,
      width: 5.2,
      numberOfTerminals: 2,
      series: 'UT',
      dataSheet: 'https://example.com/ut.pdf',
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
    document(7, {
      reference: 'UR20-4DI-P',
      manufacturer: 'Weidmüller',
      class: 'I/O Module',
      commercialReference: '1315170000',
      description: 'u-remote digital input, 4 channels',
      frequency: 50,
    }),
    document(8, { reference: '1734-IB4', manufacturer: 'Allen-Bradley', class: 'I/O Module' }),
    document(9, { reference: 'Micro830', manufacturer: 'Allen Bradley', class: 'PLC' }),
    document(10, {
      reference: '2080-LC30-16QWB',
      manufacturer: 'Allen Bradley',
      class: 'PLC',
      description: 'Micro830 controller',
    }),
    document(11, { reference: '750-1420', manufacturer: 'WAGO', class: 'I/O Module', description: '4DI 24V DC 3.0ms' }),
    document(12, { reference: '750-14200', manufacturer: 'WAGO', class: 'I/O Module', articleNumber: '75014200' }),
  ];
  const index = SearchIndex.build(catalogue);
  const ids = (query: Partial<IndexQuery>) => index.search({ ...page, ...query }).ids;

  it('finds part numbers by fragments, in any case, in any quick field', () => {
    expect(ids({ query: '3RT2015' })).toEqual([1]);
    expect(ids({ query: '3rt20' })).toEqual([1, 2]);
    expect(ids({ query: '1bb4' })).toEqual([1]);
    expect(ids({ query: 'phoenix' })).toEqual([3, 4]);
    expect(ids({ query: '3044089' })).toEqual([4]);
    expect(ids({ query: '1315170000' })).toEqual([7]);
    // Each word anywhere: 'han' and 'e' are also in 'u-remote … channels'.
    expect(ids({ query: 'han e' })).toEqual([6, 7]);
    expect(ids({ query: 'nothing like it' })).toEqual([]);
  });

  it('ignores separators in part numbers, and finds a part number typed in pieces', () => {
    expect(ids({ query: '750 1420' })).toEqual([11, 12]);
    expect(ids({ query: '7501420' })).toEqual([11, 12]);
    expect(ids({ query: '750.1420' })).toEqual([11, 12]);
    expect(ids({ query: '1734IB4' })).toEqual([8]);
    expect(ids({ query: '1734 ib 4' })).toEqual([8]);
    expect(ids({ query: 'Micro 830' })).toEqual([9, 10]);
    expect(ids({ query: 'ur20 4di p' })).toEqual([7]);
    expect(ids({ query: '0933 0102601' })).toEqual([6]);
  });

  it('takes every word from some field: maker and number together', () => {
    expect(ids({ query: 'wago 750-1420' })).toEqual([11, 12]);
    expect(ids({ query: 'siemens 230' })).toEqual([2]);
    expect(ids({ query: 'ac coil' })).toEqual([1, 2]);
    expect(ids({ query: 'abb 750' })).toEqual([]);
  });

  it('never runs two fields together', () => {
    // manufacturer 'Siemens' then class 'Relay': 'siemensrelay' is in no one field.
    expect(ids({ query: 'siemensrelay' })).toEqual([]);
    expect(ids({ query: 'ens' })).toEqual([1, 2]);
  });

  it('folds umlauts, spellings, superscripts and decimal commas', () => {
    for (const spelling of ['Weidmüller', 'weidmuller', 'WEIDMUELLER', 'Weidmu\u0308ller'])
      expect(ids({ query: spelling }), spelling).toEqual([7]);
    expect(ids({ query: 'Allen Bradley' })).toEqual([8, 10, 9]);
    expect(ids({ query: 'Allen-Bradley' })).toEqual([8, 10, 9]);
    expect(ids({ query: 'allenbradley' })).toEqual([8, 10, 9]);
    for (const spelling of ['2.5 mm²', '2,5mm²', '2.5mm2', '2,5 MM2'])
      expect(ids({ query: spelling }), spelling).toEqual([3]);
    expect(ids({ query: '24 V' })).toEqual([1, 11]);
  });

  it('finds the words of a description typed together, but not a short word inside a longer one', () => {
    const live = SearchIndex.build([
      document(1, { reference: '6ES7131-6BF01-0BA0', description: 'ET 200SP DI 8x24VDC ST', class: 'I/O Module' }),
      document(2, { reference: '750-1652', description: 'Serial Interface RS-232 / RS-485', class: 'I/O Module' }),
      document(3, { reference: 'S201-C16', class: 'Circuit Protection' }),
    ]);
    const found = (query: string) => live.search({ ...page, query }).ids;
    expect(found('ET200SP')).toEqual([1]);
    expect(found('rs232')).toEqual([2]);
    expect(found('IO module')).toEqual([1, 2]);
    expect(found('i/o')).toEqual([1, 2]);
    expect(found('2.5mm2')).toEqual([]);
  });

  it('puts the exact part first, then references starting with the text, then the rest', () => {
    expect(ids({ query: 'Micro830' })).toEqual([9, 10]);
    expect(ids({ query: 'micro 830' })).toEqual([9, 10]);
    expect(ids({ query: '750-1420' })).toEqual([11, 12]);
    expect(ids({ query: '75014200' })).toEqual([12, 11].filter((id) => id === 12));
    expect(ids({ query: '1420' })).toEqual([11, 12]);
    // Exact article number before a reference that merely holds the text.
    expect(ids({ query: '3044089' })).toEqual([4]);
    // A reference filter ranks the same way.
    expect(ids({ text: { reference: '750 14200' } })).toEqual([12]);
  });

  it('ranks a reference holding every word apart, but not the words run together, after one holding its word', () => {
    // Both hold a word inside; X-CD-AB holds the two words, yet not `abcd`, so it only holds some
    // of the text, while Y-AB holds all it holds of it run together.
    const apart = SearchIndex.build([
      document(1, { reference: 'X-CD-AB', manufacturer: 'M' }),
      document(2, { reference: 'Y-AB', manufacturer: 'CD Corp' }),
      document(3, { reference: 'Z-ABCD', manufacturer: 'M' }),
    ]);
    expect(apart.search({ ...page, query: 'ab cd' }).ids).toEqual([3, 2, 1]);
  });

  it('answers a first page from the top ranks alone as it would ranking every hit', () => {
    // Part numbers built of a few pieces, so a short word is in most of them: some are a word
    // exactly, some start with it, some hold it or the words run together inside; some article
    // numbers are a word exactly; some parts are obsolete.
    const pieces = ['ab', 'a', 'b1', '1', 'ab1', 'x', 'b', 'c-1', 'ü', 'üb', 'aue'];
    let seed = 7;
    const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    const parts = Array.from({ length: 400 }, (_, i) => {
      const length = 1 + next(3);
      const reference = Array.from({ length }, () => pieces[next(pieces.length)]).join(['', '-', ' '][next(3)]);
      return document(i + 1, {
        reference,
        manufacturer: ['Acme', 'B1 Works', 'X Corp'][next(3)],
        articleNumber: next(10) === 0 ? pieces[next(pieces.length)] : null,
        lifecycle: next(8) === 0 ? 'Obsolete' : null,
      });
    });
    const broad = SearchIndex.build(parts);
    for (const query of ['ab', 'a', '1', 'b1', 'ab1', 'ue', 'üb', 'a b1', 'ab 1', 'b1 a', '1 ab x', 'x a', 'ü b'])
      for (const limit of [1, 3, 5, 10, 20, 40, 80])
        expect(broad.search({ query, offset: 0, limit }).ids, `${query} ${limit}`).toEqual(
          naiveSearch(parts, { query, offset: 0, limit }).ids,
        );
  });

  it('sorts by a column on request, reference order within a value, parts without a value last', () => {
    expect(ids({ query: 'allen', sort: 'reference' })).toEqual([8, 10, 9]);
    expect(ids({ query: 'allen', sort: 'reference', descending: true })).toEqual([9, 10, 8]);
    // Circuit Protection, Connector, I/O Module (four, in reference order), Terminal Block.
    expect(ids({ text: { class: 'o' }, sort: 'class' })).toEqual([5, 6, 8, 11, 12, 7, 3, 4]);
    expect(ids({ text: { class: 'o' }, sort: 'class', descending: true })).toEqual([3, 4, 8, 11, 12, 7, 6, 5]);
    expect(ids({ query: 'contact', sort: 'type' })).toEqual([1, 2, 3, 4]);
  });

  it('filters per field: text by words, numbers by range', () => {
    expect(ids({ text: { manufacturer: 'siem' } })).toEqual([1, 2]);
    expect(ids({ text: { class: 'terminal' }, numbers: { width: { min: 5.2, max: 5.2 } } })).toEqual([3, 4]);
    expect(ids({ numbers: { voltage: { min: 24, max: 230 } } })).toEqual([1, 2]);
    expect(ids({ numbers: { voltage: { min: 231 } } })).toEqual([3]);
    expect(ids({ numbers: { voltage: { max: 24 } } })).toEqual([1]);
    expect(ids({ numbers: { voltage: { min: 2, max: 2 } } })).toEqual([]);
    expect(ids({ numbers: { frequency: { min: 50, max: 60 } } })).toEqual([7]);
    expect(ids({ text: { orientation: 'VERT' } })).toEqual([5]);
    expect(ids({ text: { toolCrimp: 'none' }, query: 's201' })).toEqual([5]);
    expect(ids({ text: { reference: '2,5' }, query: 'bu' })).toEqual([4]);
    expect(ids({ text: { manufacturer: 'allen bradley' } })).toEqual([8, 10, 9]);
  });

  it('counts each facet value exactly: choosing it shows that many parts', () => {
    const { facets, total } = index.search({ ...page, query: 'contact', facets: true });
    expect(total).toBe(4);
    expect(facets).toMatchObject({
      class: [
        { value: 'Relay', count: 2 },
        { value: 'Terminal Block', count: 2 },
      ],
      // 'PHOENIX CONTACT' and 'Phoenix Contact' are one value, shown in the first spelling of the most common.
      manufacturer: [
        { value: 'PHOENIX CONTACT', count: 2 },
        { value: 'Siemens', count: 2 },
      ],
      type: [
        { value: 'Contactor', count: 2 },
        { value: 'Feed-through terminal block', count: 1 },
      ],
    });
    for (const query of ['contact', 'i/o', 'allen', '']) {
      const found = index.search({ ...page, query, facets: true }).facets!;
      for (const field of searchFacetFields)
        for (const { value, count } of found[field])
          expect(
            index.search({ ...page, query, choices: { [field]: [value] } }).total,
            `${query} ${field} ${value}`,
          ).toBe(count);
    }
  });

  it('keeps the parts whose value is one of the chosen ones, exactly, and counts a chosen field without its choice', () => {
    const relays = index.search({ ...page, choices: { class: ['relay'] }, facets: true });
    expect(relays.total).toBe(index.search({ ...page, text: { class: 'relay' } }).total);
    // The chosen field still offers its other values, counted as if they were chosen instead.
    expect(relays.facets!.class.map((entry) => entry.value)).toContain('Terminal Block');
    const both = index.search({ ...page, choices: { class: ['Relay', 'Terminal Block'] } });
    const alone = (value: string) => index.search({ ...page, choices: { class: [value] } }).total;
    expect(both.total).toBe(alone('Relay') + alone('Terminal Block'));
    expect(index.search({ ...page, choices: { class: ['Relay'], manufacturer: ['no such maker'] } }).total).toBe(0);
  });

  it('orders by reference without a text, and pages with a total', () => {
    expect(ids({})).toEqual([6, 8, 10, 1, 2, 11, 12, 9, 5, 7, 3, 4]);
    expect(index.search({ offset: 2, limit: 2 })).toEqual({ ids: [10, 1], total: 12 });
    expect(index.search({ offset: 20, limit: 2 })).toEqual({ ids: [], total: 12 });
    expect(index.search({ offset: 0, limit: 0, query: 'siemens' })).toEqual({ ids: [], total: 2 });
    expect(index.search({ offset: 0, limit: 2, descending: true, sort: 'reference' }).ids).toEqual([4, 3]);
  });

  it('answers whole components, as they were given', () => {
    expect(index.components([3, 999, 1])).toEqual([catalogue[2], catalogue[0]]);
    expect(index.component(7)).toEqual(catalogue[6]);
  });

  it('counts for the dashboard and lists the distinct values of a field', () => {
    expect(index.stats()).toEqual({
      totalComponents: 12,
      withDatasheets: 2,
      manufacturers: 8,
      lifecycle: { active: 0, nrnd: 0, 'last-time-buy': 0, obsolete: 0, unknown: 12 },
    });
    expect(index.distinct('class')).toEqual([
      'Circuit Protection',
      'Connector',
      'I/O Module',
      'PLC',
      'Relay',
      'Terminal Block',
    ]);
  });

  it('applies additions, edits and deletions', () => {
    const live = SearchIndex.build(catalogue);
    live.apply(
      [document(20, { reference: '3RH2122-1BB40', manufacturer: 'Siemens' }), document(1, { reference: 'ZZ-renamed' })],
      [2],
    );
    expect(live.search({ ...page, query: '3r' }).ids).toEqual([20]);
    expect(live.search({ ...page, query: 'renamed' }).ids).toEqual([1]);
    expect(live.search(page).ids.at(-1)).toBe(1);
    expect(live.size).toBe(12);
    expect(live.has(2)).toBe(false);
    expect(live.component(1)?.reference).toBe('ZZ-renamed');
  });

  it('survives a snapshot round trip unchanged', () => {
    const meta = { revision: 12, changeCount: 40, writtenAt: '2026-01-01T00:00:00.000Z' };
    const live = SearchIndex.build(catalogue);
    live.apply([document(30, { reference: 'AAA', manufacturer: 'Eaton', voltage: 400 })], [6]);
    const decoded = decodeSnapshot(encodeSnapshot(meta, live.toColumns()));
    expect(decoded).toMatchObject(meta);
    const reloaded = SearchIndex.fromColumns(decoded.columns);
    expect([...reloaded.documents()]).toEqual([...live.documents()]);
    expect(reloaded.search({ ...page, query: 'siem', facets: true })).toEqual(
      live.search({ ...page, query: 'siem', facets: true }),
    );
    expect(reloaded.stats()).toEqual(live.stats());
    // It goes on taking changes.
    reloaded.apply([document(31, { reference: 'ZZZ', manufacturer: 'Siemens' })]);
    expect(reloaded.search({ ...page, text: { manufacturer: 'siemens' } }).ids).toEqual([1, 2, 31]);
  });

  it('loads a snapshot without folding a value or building the value index, and answers as the index it was written from', () => {
    const live = SearchIndex.build(catalogue);
    live.apply([document(40, { reference: 'Ü-40 Straße', description: 'Größe 2,5 mm²', manufacturer: 'Weidmüller' })]);
    const bytes = encodeSnapshot({ revision: 1, changeCount: 1, writtenAt: '' }, live.toColumns());
    const queries: Partial<IndexQuery>[] = [
      { query: '3rt2015' },
      { query: 'strasse' },
      { query: 'grosse 2.5' },
      { text: { manufacturer: 'weidmuller' } },
      { query: 'contactor 24' },
      {},
    ];
    const build = vi.spyOn(ValuePostings, 'build');
    const addForms = vi.spyOn(TextColumn.prototype as unknown as { addForms: () => void }, 'addForms');
    try {
      const loaded = SearchIndex.fromColumns(decodeSnapshot(bytes).columns);
      expect(build).not.toHaveBeenCalled();
      expect(addForms).not.toHaveBeenCalled();
      for (const query of queries)
        expect(loaded.search({ ...page, ...query }), JSON.stringify(query)).toEqual(live.search({ ...page, ...query }));

      // A stored value index that does not fit the dictionaries is not used: it is built again.
      const columns = decodeSnapshot(bytes).columns;
      columns.postings!.indexedUpTo = Uint32Array.from(columns.postings!.indexedUpTo, (size, index) =>
        index === 0 ? size + 1 : size,
      );
      const rebuilt = SearchIndex.fromColumns(columns);
      expect(build).toHaveBeenCalledTimes(1);
      for (const query of queries)
        expect(rebuilt.search({ ...page, ...query })).toEqual(live.search({ ...page, ...query }));
    } finally {
      build.mockRestore();
      addForms.mockRestore();
    }
  });

  it('refuses a snapshot of another format version, so the index is built from the table instead', () => {
    const live = SearchIndex.build(catalogue);
    const written = encodeSnapshot({ revision: 3, changeCount: 1, writtenAt: '' }, live.toColumns());
    const headerLength = written.readUInt32LE(8);
    const header = JSON.parse(written.toString('utf8', 12, 12 + headerLength)) as { version: number };
    const olderHeader = Buffer.from(JSON.stringify({ ...header, version: header.version - 1 }), 'utf8');
    const lengthBytes = Buffer.alloc(4);
    lengthBytes.writeUInt32LE(olderHeader.length);
    const older = Buffer.concat([
      written.subarray(0, 8),
      lengthBytes,
      olderHeader,
      written.subarray(12 + headerLength),
    ]);
    expect(() => decodeSnapshot(older)).toThrow(/Unknown search snapshot format/);
    // A file written before the sections (one Zstandard frame behind its own prefix) is not a snapshot now.
    expect(() => decodeSnapshot(zstdCompressSync(written))).toThrow(/Not a search index snapshot/);
    expect(decodeSnapshot(written).revision).toBe(3);
  });

  it('loads the columns as views of the decompressed sections, without copying them', () => {
    const many = Array.from({ length: 400 }, (_, i) =>
      document(i + 1, { reference: `V-${i}`, description: `Größe ${i % 7}`, voltage: i % 3 ? 24 : null }),
    );
    const live = SearchIndex.build(many);
    const { columns } = decodeSnapshot(
      encodeSnapshot({ revision: 1, changeCount: 1, writtenAt: '' }, live.toColumns()),
    );
    const loaded = SearchIndex.fromColumns(columns);
    const store = (loaded as unknown as { store: { ids: Float64Array; numbers: { voltage: { codes: unknown } } } })
      .store;
    expect(store.ids).toBe(columns.ids);
    expect(store.numbers.voltage.codes).toBe(columns.numbers.voltage.codes);
    // A string list is taken as its text, not cut into strings.
    expect(columns.text.description.values).toBeInstanceOf(PackedStrings);
    expect(toArray(columns.text.description.values)).toContain('Größe 3');
    // Appending grows into new arrays, leaving the loaded ones as they were.
    loaded.apply([document(1000, { reference: 'V-new', voltage: 48 })]);
    expect(columns.ids.length).toBe(400);
    expect(loaded.search({ ...page, query: 'V-new' }).ids).toEqual([1000]);
    expect(loaded.search({ ...page, query: 'grosse 3' }).total).toBe(live.search({ ...page, query: 'grosse 3' }).total);
  });

  it('widens its code arrays when a column passes 255 and 65,535 distinct values', () => {
    const many = Array.from({ length: 70_000 }, (_, i) =>
      document(i + 1, { reference: `W-${i}`, description: `unique ${i}`, class: i % 2 ? 'A' : 'B' }),
    );
    const live = SearchIndex.build(many.slice(0, 200));
    live.apply(many.slice(200));
    expect(live.search({ ...page, query: 'unique 69999' }).ids).toEqual([70_000]);
    expect(live.component(300)?.description).toBe('unique 299');
    const reloaded = SearchIndex.fromColumns(
      decodeSnapshot(encodeSnapshot({ revision: 1, changeCount: 1, writtenAt: '' }, live.toColumns())).columns,
    );
    expect(reloaded.component(65_600)?.description).toBe('unique 65599');
  }, 60_000);

  it('keeps its answers through a lookup rebuild and a compaction', () => {
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
        { query: 'p 0' },
        { text: { manufacturer: 'eaton' } },
        { query: 'eaton q 1', sort: 'manufacturer' },
        {},
      ] as Partial<IndexQuery>[]) {
        const expected = naiveSearch([...model.values()], { offset: 3, limit: 20, ...q });
        expect(live.search({ offset: 3, limit: 20, ...q })).toEqual({ ids: expected.ids, total: expected.total });
      }
    }
    expect(live.size).toBe(model.size);
  }, 60_000);

  it('treats every advanced text filter as a word filter on its own field', () => {
    for (const field of searchTextFilterFields) {
      const live = SearchIndex.build([document(1, { [field]: 'Alpha Beta' }), document(2, { [field]: 'Gamma' })]);
      expect(live.search({ ...page, text: { [field]: 'HA BE' } }).ids, field).toEqual([1]);
      expect(live.search({ ...page, text: { [field]: 'beta alp' } }).ids, field).toEqual([1]);
    }
    for (const field of searchNumberFilterFields.map(searchNumberColumn)) {
      const live = SearchIndex.build([document(1, { [field]: 12 }), document(2, { [field]: 120 })]);
      expect(live.search({ ...page, numbers: { [field]: { min: 12, max: 12 } } }).ids, field).toEqual([1]);
      expect(live.search({ ...page, numbers: { [field]: { min: 13 } } }).ids, field).toEqual([2]);
    }
  });
});

describe('SearchIndex and lifecycles', () => {
  // Siemens's SIRIUS 3RT1 contactors were discontinued for the 3RT2 ones (3RT1015-1BB41 is
  // followed by 3RT2015-1BB41); the other states are given to parts for the rule's sake.
  const parts = [
    document(1, { reference: '3RT1015-1BB41', manufacturer: 'Siemens', lifecycle: 'obsolete' }),
    document(2, { reference: '3RT1016-1BB41', manufacturer: 'Siemens', lifecycle: 'nrnd' }),
    document(3, { reference: '3RT2015-1BB41', manufacturer: 'Siemens', lifecycle: 'active' }),
    document(4, { reference: '3RT2016-1BB41', manufacturer: 'Siemens', lifecycle: 'last-time-buy' }),
    document(5, { reference: '3RT2017-1BB41', manufacturer: 'Siemens', lifecycle: null }),
    document(6, { reference: '3RT1015', manufacturer: 'Siemens', lifecycle: 'obsolete' }),
    document(7, { reference: 'K1', commercialReference: '3RT1015', lifecycle: 'active' }),
  ];
  const index = SearchIndex.build(parts);
  const ids = (query: Partial<IndexQuery>) => index.search({ ...page, ...query }).ids;

  it('puts obsolete and NRND parts after the others of their relevance group, and only of their group', () => {
    // '3RT1015' is exactly part 6's reference, the start of part 1's, and only another field of
    // part 7's: the obsolete exact match still comes first, the active part 7 last.
    expect(ids({ query: '3RT1015' })).toEqual([6, 1, 7]);
    // One group (each reference starts with the text): the current parts first, in reference order.
    expect(ids({ query: '3RT' })).toEqual([3, 4, 5, 6, 1, 2, 7]);
    // Without a text, relevance is reference order with the same rule; the reference sort keeps every part in place.
    expect(ids({})).toEqual([3, 4, 5, 7, 6, 1, 2]);
    expect(index.search({ offset: 1, limit: 3 }).ids).toEqual([4, 5, 7]);
    expect(ids({ sort: 'reference' })).toEqual([6, 1, 2, 3, 4, 5, 7]);
  });

  it('filters on lifecycles, counts a part without one as unknown, and counts every value exactly', () => {
    expect(ids({ choices: { lifecycle: ['obsolete', 'nrnd'] } })).toEqual([6, 1, 2]);
    expect(ids({ choices: { lifecycle: ['unknown'] } })).toEqual([5]);
    const { facets } = index.search({ ...page, query: '3RT1', facets: true, choices: { lifecycle: ['obsolete'] } });
    // The field's own choice aside: every 3RT1 part, whatever its lifecycle.
    expect(facets?.lifecycle).toEqual([
      { value: 'obsolete', count: 2 },
      { value: 'active', count: 1 },
      { value: 'nrnd', count: 1 },
    ]);
    expect(index.stats().lifecycle).toEqual({ active: 2, nrnd: 1, 'last-time-buy': 1, obsolete: 2, unknown: 1 });
  });

  it('follows a changed lifecycle, and keeps lifecycles through a snapshot', () => {
    const live = SearchIndex.build(parts);
    live.apply([document(3, { reference: '3RT2015-1BB41', manufacturer: 'Siemens', lifecycle: 'obsolete' })]);
    expect(live.search({ ...page, query: '3RT2' }).ids).toEqual([4, 5, 3]);
    const reloaded = SearchIndex.fromColumns(
      decodeSnapshot(encodeSnapshot({ revision: 1, changeCount: 1, writtenAt: '' }, live.toColumns())).columns,
    );
    expect(reloaded.search({ ...page, query: '3RT2' }).ids).toEqual([4, 5, 3]);
    expect(reloaded.component(5)?.lifecycle).toBe('unknown');
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
