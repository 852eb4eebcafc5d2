import { describe, expect, it } from 'vitest';
import { foldText } from './folding';
import { document } from './plain-model';
import {
  countProbes,
  holdsCount,
  holdsMeasure,
  isOfKind,
  kindOf,
  measureProbes,
  readCount,
  readMeasure,
  readQuery,
} from './query-words';
import { SearchIndex, type IndexQuery } from './search-index';

const measure = (word: string) => readMeasure(foldText(word))!;
const holds = (text: string, word: string) => holdsMeasure(foldText(text), measure(word));

describe('numbers with units', () => {
  it('reads a number typed with a unit as an amount in its quantity', () => {
    expect(readMeasure(foldText('2A'))).toEqual({ quantity: 'current', value: 2 });
    expect(readMeasure(foldText('2,0 A'))).toEqual({ quantity: 'current', value: 2 });
    expect(readMeasure(foldText('500mA'))).toEqual({ quantity: 'current', value: 0.5 });
    expect(readMeasure(foldText('230VAC'))).toEqual({ quantity: 'voltage', value: 230 });
    expect(readMeasure(foldText('2,5 mm²'))).toEqual({ quantity: 'wireSection', value: 2.5 });
    expect(readMeasure(foldText('2.5mm'))).toEqual({ quantity: 'length', value: 2.5 });
    expect(readMeasure(foldText('60W'))).toEqual({ quantity: 'power', value: 60 });
    // Not numbers with units: part numbers, words, bare numbers.
    for (const word of ['5x20mm', 'M12', '3RT2015', '24', 'relay', '2ab'])
      expect(readMeasure(foldText(word))).toBeUndefined();
  });

  it('finds the amount as a whole number however it is written, in any unit of its quantity', () => {
    for (const text of [
      'Fuse 2A',
      'fuse 2 A fast',
      '2.0A',
      '2,0 A',
      'F 2.00 A 250V',
      '2000 mA',
      'I=2A/250V',
      'T2A',
      'DC2A',
    ])
      expect(holds(text, '2A'), text).toBe(true);
    expect(holds('Coil 230 VAC', '230V')).toBe(true);
    expect(holds('24 V DC', '24VDC')).toBe(true);
    expect(holds('0,5 A', '500mA')).toBe(true);
    expect(holds('2,5 mm²', '2.5mm2')).toBe(true);
  });

  it('never finds it as the tail of another number, another quantity or a word', () => {
    for (const text of ['12A', 'Itrip=22.5A', '1.2A', 'fuse 32 A', '2 V', '2.5 A', '22A 250V', '2AB'])
      expect(holds(text, '2A'), text).toBe(false);
    expect(holds('2,5 mm² wire', '2.5mm')).toBe(false);
    expect(holds('230 V', '30V')).toBe(false);
  });

  it('asks the value index for pieces every such text contains', () => {
    for (const [word, text] of [
      ['2A', '2.00 a'],
      ['2A', '2000 ma'],
      ['2.5A', '2.50 a'],
      ['230V', '0.23 kv'],
    ] as const) {
      const folded = foldText(text);
      expect(holdsMeasure(folded, measure(word)), text).toBe(true);
      expect(
        measureProbes(measure(word)).some((probe) => folded.includes(probe)),
        text,
      ).toBe(true);
    }
  });
});

describe('count words', () => {
  it('reads a number before a count word, in English and German, as a count of terminals or circuits', () => {
    for (const word of [
      '5 pol',
      '5-pol',
      '5pol',
      '5 polig',
      '5-polig',
      '5 pins',
      '5-pin',
      '5 way',
      '5 pos',
      '5 positions',
      '5 poles',
      '5 contacts',
    ])
      expect(readCount(foldText(word.replace(' ', ''))), word).toEqual({ field: 'numberOfTerminals', count: 5 });
    expect(readCount('8circuits')).toEqual({ field: 'numberOfCircuits', count: 8 });
    expect(readCount('2kreise')).toEqual({ field: 'numberOfCircuits', count: 2 });
    for (const word of ['5', 'pol', '5x', '750-1420', '2a']) expect(readCount(foldText(word))).toBeUndefined();
  });

  it('reads counts and measures in a quick search only', () => {
    expect(readQuery('phoenix 5 pol', true)).toMatchObject({
      words: [{ forms: ['phoenix'] }],
      counts: [{ field: 'numberOfTerminals', count: 5 }],
    });
    expect(readQuery('wago 221 3 way', true).counts).toEqual([{ field: 'numberOfTerminals', count: 3 }]);
    expect(readQuery('6-pin connector', true).counts).toEqual([{ field: 'numberOfTerminals', count: 6 }]);
    // A filter on one field reads words as written.
    expect(readQuery('5 pol', false)).toEqual({ words: [{ forms: ['5pol'] }], counts: [] });
    expect(readQuery('0,5 mm', false)).toEqual({ words: [{ forms: ['0.5mm'] }], counts: [] });
    // A number stays with the word after it only when together they are a measure or a count.
    expect(readQuery('MSTB 2,5 GF', true).words.map((word) => word.forms[0])).toEqual(['mstb', '2.5', 'gf']);
    expect(readQuery('2,5 mm² 24 V', true).words.map((word) => word.forms[0])).toEqual(['2.5mm2', '24v']);
  });

  it('finds a count stated in text as a whole number', () => {
    const five = { field: 'numberOfTerminals', count: 5 } as const;
    for (const text of ['4x M12-socket, 5-pol, a-coded', '5 polig', 'header, 5 pos.', '5-conductor'])
      expect(holdsCount(foldText(text), five), text).toBe(true);
    for (const text of ['15-pol', '5 A', 'pol 5', '2.5-pol'])
      expect(holdsCount(foldText(text), five), text).toBe(false);
    for (const text of ['5-pol', '5pol', '5 positions'])
      expect(
        countProbes(five).some((probe) => foldText(text).includes(probe)),
        text,
      ).toBe(true);
  });
});

describe('kind words', () => {
  it('knows the kinds of part by their English and German names and the catalogue’s own classes', () => {
    expect(isOfKind('Contactor', kindOf('schütz'))).toBe(true);
    expect(isOfKind('Contactors', kindOf('schuetz'))).toBe(true);
    expect(isOfKind('Power Supply', kindOf('netzteil'))).toBe(true);
    expect(isOfKind('Terminal Block', kindOf('reihenklemme'))).toBe(true);
    expect(isOfKind('Terminal Blocks', kindOf('terminal'))).toBe(true);
    expect(isOfKind('Fuse', kindOf('sicherung'))).toBe(true);
    expect(isOfKind('Relay', kindOf('relais'))).toBe(true);
    // A class the catalogue has, named by itself (in the plural too).
    expect(isOfKind('Fieldbus Coupler', kindOf('fieldbus couplers'))).toBe(true);
    expect(isOfKind('Relay', kindOf('contactor'))).toBe(false);
    expect(isOfKind('Safety Relay', kindOf('relay'))).toBe(false);
  });

  it('reads a kind from one word or from two beside each other', () => {
    const [power, supply] = readQuery('power supply 24V', true).words;
    expect(isOfKind('Power Supply', power!.kind!)).toBe(true);
    expect(isOfKind('Power Supply', supply!.kind!)).toBe(true);
    expect(readQuery('24V', true).words[0]!.kind).toBeUndefined();
  });
});

describe('the index with measures, counts and kinds', () => {
  const parts = [
    document(1, { reference: 'S505-2-R', class: 'Fuse', description: 'Fuse 5x20mm fast-acting 2A 250V' }),
    document(2, { reference: 'S505-12-R', class: 'Fuse', description: 'Fuse 5x20mm fast-acting 12A 250V' }),
    document(3, { reference: 'PKZM0-25', class: 'Motor Protection', description: 'Itrip=22.5A' }),
    document(4, { reference: 'S506-2-R', class: 'Fuse', description: 'Fuse 5x20mm time-delay 2.0 A 250V' }),
    document(5, {
      reference: '1757255',
      manufacturer: 'Phoenix Contact',
      class: 'Terminal Block',
      numberOfTerminals: 5,
    }),
    document(6, {
      reference: '1757242',
      manufacturer: 'Phoenix Contact',
      class: 'Terminal Block',
      numberOfTerminals: 2,
    }),
    document(7, {
      reference: '1757255X',
      manufacturer: 'Phoenix Contact',
      class: 'Connector',
      description: 'Header, 5-pol',
    }),
    document(8, { reference: '3RT2015-1AP01', manufacturer: 'Siemens', class: 'Contactor', description: '7A 230VAC' }),
    document(9, {
      reference: '3RH2122-1AP00',
      manufacturer: 'Siemens',
      class: 'Relay',
      description: 'Contactor relay 230VAC',
    }),
  ];
  const index = SearchIndex.build(parts);
  const references = (query: string) =>
    index.components(index.search({ query, offset: 0, limit: 10 }).ids).map((part) => part.reference);

  it('finds a number with a unit whole: 2A is 2.0 A, never 12A or 22.5A', () => {
    expect(references('fuse 2A')).toEqual(['S505-2-R', 'S506-2-R']);
    expect(references('2 A')).toEqual(['S505-2-R', 'S506-2-R']);
    expect(references('12A')).toEqual(['S505-12-R']);
  });

  it('finds a measure in the number fields of its quantity, in the quick search only', () => {
    const rated = SearchIndex.build([
      // Siemens 3RH2122-1BB40: a contactor relay with a 24 V DC coil, 45 mm wide (its text says neither).
      document(1, {
        reference: '3RH2122-1BB40',
        class: 'Relay',
        description: 'Contactor relay',
        voltage: 24,
        width: 45,
      }),
      document(2, { reference: '3RH2122-1AP00', class: 'Relay', description: 'Contactor relay', voltage: 230 }),
      document(3, { reference: '3RH2122-1BB40X', class: 'Relay', description: 'Contactor relay', voltage: 240 }),
      // The current read from its text (16 A) is the derived number the filter uses.
      document(4, { reference: 'UK 5 N', class: 'Terminal Block', current: '32A', currentAmps: 32 }),
    ]);
    const found = (query: Omit<IndexQuery, 'offset' | 'limit'>) =>
      rated.components(rated.search({ ...query, offset: 0, limit: 10 }).ids).map((part) => part.reference);
    expect(found({ query: 'relay 24V' })).toEqual(['3RH2122-1BB40']);
    expect(found({ query: '230 V' })).toEqual(['3RH2122-1AP00']);
    expect(found({ query: '45mm' })).toEqual(['3RH2122-1BB40']);
    expect(found({ query: '32A' })).toEqual(['UK 5 N']);
    expect(found({ query: '4.5cm relay' })).toEqual(['3RH2122-1BB40']);
    // A text filter reads its own field's text, never the numbers.
    expect(found({ text: { description: '24V' } })).toEqual([]);
  });

  it('turns a count into a condition on the number of terminals, or on text stating it', () => {
    expect(references('phoenix 5 pol')).toEqual(['1757255', '1757255X']);
    expect(references('phoenix 2 pos')).toEqual(['1757242']);
    // The count is not looked for as a fragment of the part number.
    expect(references('phoenix 55 pol')).toEqual([]);
  });

  it('finds a kind by its other names and ranks parts of it first', () => {
    expect(references('schütz 230VAC')).toEqual(['3RT2015-1AP01']);
    // Both hold 'contactor' and 230VAC; the contactor comes before the contactor relay.
    expect(references('contactor 230VAC')).toEqual(['3RT2015-1AP01', '3RH2122-1AP00']);
    expect(references('relay 230VAC')).toEqual(['3RH2122-1AP00']);
  });
});
