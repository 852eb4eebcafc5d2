import { describe, expect, it } from 'vitest';
import { SearchIndex } from './search-index';
import { document } from './plain-model';

/* Makers' real part numbers, each written as another catalogue or a person would type it. */
const catalogue = () =>
  SearchIndex.build([
    document(1, { reference: 'PT 2,5', manufacturer: 'Phoenix Contact', articleNumber: '3209510' }),
    document(2, { reference: 'PT 2,5-QUATTRO', manufacturer: 'Phoenix Contact', articleNumber: '3209549' }),
    document(3, { reference: '2002-1201', manufacturer: 'WAGO' }),
    document(4, { reference: '2002-1204', manufacturer: 'WAGO' }),
    document(5, { reference: '3RT2015-1BB41', manufacturer: 'Siemens' }),
    document(6, { reference: '3RT2015-1BB42', manufacturer: 'Siemens' }),
    document(7, { reference: '3RT2016-1BB41', manufacturer: 'Siemens' }),
    document(8, { reference: '3RT2026-1BB40', manufacturer: 'Siemens' }),
  ]);

describe('partNumberNeighbours', () => {
  it('finds a reference written with other separators, case and decimal commas as the same', () => {
    const index = catalogue();
    expect(index.partNumberNeighbours('reference', 'PT2.5', 'same')).toEqual([1]);
    expect(index.partNumberNeighbours('reference', 'pt 2.5', 'same')).toEqual([1]);
    expect(index.partNumberNeighbours('reference', '2002 1201', 'same')).toEqual([3]);
    expect(index.partNumberNeighbours('reference', '3RT20151BB41', 'same')).toEqual([5]);
    expect(index.partNumberNeighbours('articleNumber', '3209 510', 'same')).toEqual([1]);
  });

  it('finds references one character added, dropped or changed away, and not two', () => {
    const index = catalogue();
    expect(index.partNumberNeighbours('reference', '2002 1201', 'one-edit')).toEqual([3, 4]);
    expect(index.partNumberNeighbours('reference', '3rt2015 1bb41', 'one-edit')).toEqual([5, 6, 7]);
    // A dropped character and an added one.
    expect(index.partNumberNeighbours('reference', '3RT2015-1B41', 'one-edit')).toEqual([5]);
    expect(index.partNumberNeighbours('reference', '3RT2015-1BB411', 'one-edit')).toEqual([5]);
    // Two characters away (3RT2026-1BB40 from 3RT2016-1BB41) is another part.
    expect(index.partNumberNeighbours('reference', '3RT2016-1BB41', 'one-edit')).toEqual([5, 7]);
    expect(index.partNumberNeighbours('reference', 'PT 2,5', 'one-edit')).toEqual([1]);
  });

  it('finds references holding punctuation a part-number form keeps, written with or without it', () => {
    const index = SearchIndex.build([
      document(1, { reference: 'DILM17-10(RDC24)', manufacturer: 'Eaton' }),
      document(2, { reference: 'DILM1710RDC24X', manufacturer: 'Eaton' }),
    ]);
    expect(index.partNumberNeighbours('reference', 'DILM17-10 RDC24', 'same')).toEqual([1]);
    expect(index.partNumberNeighbours('reference', 'dilm1710(r7c24)', 'one-edit')).toEqual([1]);
    expect(index.partNumberNeighbours('reference', 'DILM17-10(RDC24)', 'one-edit')).toEqual([1, 2]);
  });

  it('compares short keys only whole, and finds nothing for a text without letters or digits', () => {
    const index = SearchIndex.build([document(1, { reference: 'K1' }), document(2, { reference: 'K2' })]);
    expect(index.partNumberNeighbours('reference', 'k-1', 'one-edit')).toEqual([1]);
    expect(index.partNumberNeighbours('reference', ' - ', 'one-edit')).toEqual([]);
  });

  it('sees parts added, changed and removed since the index was built', () => {
    const index = catalogue();
    index.apply(
      [
        document(9, { reference: '2002 1201', manufacturer: 'Wago Kontakttechnik' }),
        document(4, { reference: '2006-1671', manufacturer: 'WAGO' }),
      ],
      [3],
    );
    expect(index.partNumberNeighbours('reference', '2002-1201', 'one-edit')).toEqual([9]);
    expect(index.partNumberNeighbours('reference', '2006 1671', 'same')).toEqual([4]);
  });
});
