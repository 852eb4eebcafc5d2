import { describe, expect, it } from 'vitest';
import { asciiSearchText } from './search-text';

describe('plain-text references for a distributor that refuses other characters', () => {
  it.each([
    ['ÖLFLEX CLASSIC 110 3G1,5', 'OLFLEX CLASSIC 110 3G1,5'],
    ['10µF 25V', '10uF 25V'],
    ['2,5mm² grün', '2,5mm2 grun'],
    ['Weidmüller WDU 2.5', 'Weidmuller WDU 2.5'],
    ['4.7kΩ ±5%', '4.7kOhm +/-5%'],
    ['Ø22 push button', 'O22 push button'],
    ['Кабель', 'Kabel'],
    ['3RT2015-1BB41', '3RT2015-1BB41'],
    // nothing with a plain form: nothing left to search for
    ['继电器', ''],
  ])('%s -> %s', (text, ascii) => {
    const result = asciiSearchText(text);
    expect(result).toBe(ascii);
    expect(result).toMatch(/^[\x20-\x7e]*$/);
  });
});
