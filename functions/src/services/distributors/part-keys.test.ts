import { describe, expect, it } from 'vitest';
import { partSearchKeys, withoutDistributorPrefix } from './part-keys';

describe('search keys', () => {
  it.each([
    // reference, article number, commercial reference -> keys in order
    [{ reference: 'PT 2,5-QUATTRO', articleNumber: '3209590' }, ['PT 2,5-QUATTRO', '3209590']],
    [{ reference: '595-LM358BAIPWR' }, ['595-LM358BAIPWR', 'LM358BAIPWR']],
    [
      { reference: 'UT 10', articleNumber: '3044381', commercialReference: '651-3044381' },
      ['UT 10', '3044381', '651-3044381'],
    ],
    [
      { reference: '09 33 010 2601', articleNumber: '09330102601', commercialReference: '09 33 010 2601' },
      ['09 33 010 2601', '09330102601'],
    ],
    [{ reference: '3RT2015-1BB41', articleNumber: '3rt2015-1bb41', commercialReference: ' ' }, ['3RT2015-1BB41']],
    [
      { reference: 'ÖLFLEX CLASSIC 110 3G1,5', articleNumber: '1119303', commercialReference: null },
      ['ÖLFLEX CLASSIC 110 3G1,5', '1119303'],
    ],
  ])('%j -> %j', (part, keys) => {
    expect(partSearchKeys(part)).toEqual(keys);
  });

  it.each([
    ['595-LM358BAIPWR', 'LM358BAIPWR'],
    ['863-BAT54SLT1G', 'BAT54SLT1G'],
    ['81-GRM188R71H104KA3D', 'GRM188R71H104KA3D'],
    ['651-1725656', '1725656'],
    // a maker's own dashes stay: TE, Molex, Harting, WAGO, short numbers
    ['1-1418448-1', undefined],
    ['53398-0271', undefined],
    ['221-415', undefined],
    ['09-14-000-9960', undefined],
    ['3RT2015-1BB41', undefined],
  ])('%s without a distributor prefix: %s', (key, bare) => {
    expect(withoutDistributorPrefix(key)).toBe(bare);
  });
});
