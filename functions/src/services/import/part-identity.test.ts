import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import {
  IdentityIndex,
  isSamePart,
  manufacturerKey,
  matchRows,
  referenceKey,
  type PartIdentity,
  type RowIdentity,
} from './part-identity';

const part = (id: number, reference: string, manufacturer: string | null): PartIdentity => ({
  id,
  reference,
  manufacturer,
  version: 1,
});

const rows = (...list: [string, string | null][]): RowIdentity[] =>
  list.map(([reference, manufacturer], index) => ({ row: index + 2, reference, manufacturer }));

describe('part identity keys', () => {
  it('compares references without case, separators or spaces', () => {
    expect(referenceKey('3RT2015-1BB41')).toBe(referenceKey('3rt2015 1bb41'));
    expect(referenceKey('PT 2,5')).toBe(referenceKey('pt-2.5'));
    expect(referenceKey('750-1420')).toBe('7501420');
    expect(referenceKey('3RT2015-1BB41')).not.toBe(referenceKey('3RT2015-1BB42'));
    // Full-width characters as some catalogues paste them.
    expect(referenceKey('ＬＣ１Ｄ０９')).toBe(referenceKey('LC1D09'));
  });

  it('compares manufacturers without case or surrounding and doubled spaces', () => {
    expect(manufacturerKey(' SIEMENS ')).toBe(manufacturerKey('Siemens'));
    expect(manufacturerKey('Phoenix  Contact')).toBe(manufacturerKey('phoenix contact'));
    expect(manufacturerKey(null)).toBe('');
    expect(manufacturerKey('ABB')).not.toBe(manufacturerKey('Siemens'));
  });
});

describe('matchRows', () => {
  const catalogue = new IdentityIndex([
    part(1, '3RH2122-1AF00', 'Siemens'),
    part(2, 'UIBIMP-005', 'Siemens'),
    part(3, 'LC1D09', 'Schneider Electric'),
    part(4, 'LC1D09', 'Eaton'),
    part(5, 'NOMAKER-1', null),
  ]);

  it('finds a part by case and separator variants of its reference and its maker in any case', () => {
    const matches = matchRows(
      rows(['3rh2122 1af00', 'SIEMENS'], ['uibimp-005', 'siemens'], ['LC1-D09', 'EATON']),
      catalogue,
    );
    expect(matches).toEqual([
      { kind: 'existing', part: part(1, '3RH2122-1AF00', 'Siemens') },
      { kind: 'existing', part: part(2, 'UIBIMP-005', 'Siemens') },
      { kind: 'existing', part: part(4, 'LC1D09', 'Eaton') },
    ]);
  });

  it('matches a blank manufacturer to the one part with the reference, and calls several ambiguous', () => {
    const [unique, ambiguous] = matchRows(rows(['3RH2122-1AF00', null], ['lc1d09', '']), catalogue);
    expect(unique).toEqual({ kind: 'existing', part: part(1, '3RH2122-1AF00', 'Siemens') });
    expect(ambiguous).toEqual({ kind: 'ambiguous', message: messages.importAmbiguousManufacturer(2) });
  });

  it('lets a row with a maker name the one part of that reference that has none', () => {
    expect(matchRows(rows(['NOMAKER-1', 'ABB']), catalogue)).toEqual([
      { kind: 'existing', part: part(5, 'NOMAKER-1', null) },
    ]);
  });

  it('creates a part of another maker beside existing ones', () => {
    expect(matchRows(rows(['3RH2122-1AF00', 'ABB'], ['LC1D09', 'ABB']), catalogue)).toEqual([
      { kind: 'new' },
      { kind: 'new' },
    ]);
  });

  it('makes a second row for the same part a duplicate of the first, however it is spelled', () => {
    const matches = matchRows(
      rows(
        ['NEW-100', 'ABB'], // 2: new
        ['new 100', 'abb'], // 3: same part as 2
        ['NEW-100', null], // 4: blank maker, one part of that reference above: row 2
        ['3RH2122-1AF00', null], // 5: the catalogue's Siemens part
        ['3rh2122-1af00', 'Siemens'], // 6: the same catalogue part again
        ['NEW-200', null], // 7: new, no maker
        ['NEW-200', 'Eaton'], // 8: the one part of that reference has no maker: row 7
      ),
      catalogue,
    );
    expect(matches).toEqual([
      { kind: 'new' },
      { kind: 'duplicate', of: 2 },
      { kind: 'duplicate', of: 2 },
      { kind: 'existing', part: part(1, '3RH2122-1AF00', 'Siemens') },
      { kind: 'duplicate', of: 5 },
      { kind: 'new' },
      { kind: 'duplicate', of: 7 },
    ]);
  });

  it('calls a blank maker ambiguous when rows above add the reference for different makers', () => {
    const matches = matchRows(rows(['NEW-300', 'ABB'], ['NEW-300', 'Eaton'], ['new-300', '']), catalogue);
    expect(matches[2]).toEqual({ kind: 'ambiguous', message: messages.importAmbiguousInFile([2, 3]) });
    // With the catalogue's part of another maker and a row above: ambiguous as well.
    expect(matchRows(rows(['3RH2122-1AF00', 'ABB'], ['3RH2122-1AF00', null]), catalogue)[1]).toEqual({
      kind: 'ambiguous',
      message: messages.importAmbiguousInFile([2]),
    });
  });

  it('names the first of two catalogue parts that are already the same part', () => {
    const doubled = new IdentityIndex([part(9, 'uibimp-005', 'SIEMENS'), part(7, 'UIBIMP-005', 'Siemens')]);
    expect(matchRows(rows(['UIBIMP-005', 'Siemens']), doubled)).toEqual([
      { kind: 'existing', part: part(7, 'UIBIMP-005', 'Siemens') },
    ]);
  });
});

describe('isSamePart', () => {
  it('is the same reference with the same maker, or either maker blank', () => {
    expect(isSamePart({ reference: 'A-1', manufacturer: 'ABB' }, { reference: 'a1', manufacturer: 'abb' })).toBe(true);
    expect(isSamePart({ reference: 'A-1', manufacturer: null }, { reference: 'A1', manufacturer: 'Eaton' })).toBe(true);
    expect(isSamePart({ reference: 'A-1', manufacturer: 'ABB' }, { reference: 'A1', manufacturer: null })).toBe(true);
    expect(isSamePart({ reference: 'A-1', manufacturer: 'ABB' }, { reference: 'A1', manufacturer: 'Eaton' })).toBe(
      false,
    );
    expect(isSamePart({ reference: 'A-1', manufacturer: 'ABB' }, { reference: 'A-2', manufacturer: 'ABB' })).toBe(
      false,
    );
  });
});
