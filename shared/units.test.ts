import { describe, expect, it } from 'vitest';
import values from './fixtures/units/datasheet-values.json' with { type: 'json' };
import { derivedNumbers } from './schemas/component';
import {
  awgToSquareMillimetres,
  findQuantity,
  parseQuantity,
  parseWireSize,
  readWireSizes,
  squareMillimetresToAwg,
  wireSectionRange,
} from './units';

describe('parseQuantity', () => {
  it.each([
    ['500 mA', 'current', 0.5],
    ['16A', 'current', 16],
    ['0.024 kV', 'voltage', 24],
    ['230 V AC', 'voltage', 230],
    ['2,5 qmm', 'wireSection', 2.5],
    ['2.5mm2', 'wireSection', 2.5],
    ['2.5 mm²', 'wireSection', 2.5],
    ['1.5 cm', 'length', 15],
    ['12', 'length', 12],
    ['12 V', 'current', undefined],
    ['12 34 A', 'current', undefined],
    ['A', 'current', undefined],
  ] as const)('%j as %s is %j', (text, quantity, expected) => {
    expect(parseQuantity(text, quantity)).toBe(expected);
  });

  it('reads a bare number only, without a quantity', () => {
    expect(parseQuantity(' 7 ')).toBe(7);
    expect(parseQuantity('7 mm')).toBeUndefined();
  });
});

describe('findQuantity', () => {
  it('takes the first number with a unit of the quantity, not a number of another kind', () => {
    expect(findQuantity('Rated current 16 A (IEC), 15 A (UL)', 'current')).toBe(16);
    expect(findQuantity('rated voltage (III/2): 400 V', 'voltage')).toBe(400);
    expect(findQuantity('pitch: 5.08 mm, 24 A', 'current')).toBe(24);
    expect(findQuantity('nothing here', 'current')).toBeUndefined();
    expect(findQuantity(null, 'current')).toBeUndefined();
  });
});

describe('the American Wire Gauge', () => {
  it.each([
    [26, 0.129],
    [22, 0.326],
    [18, 0.823],
    [14, 2.08],
    [12, 3.31],
    [10, 5.26],
    [-3, 107],
  ])('%i AWG is %f mm²', (gauge, section) => {
    expect(awgToSquareMillimetres(gauge)).toBe(section);
    expect(Math.round(squareMillimetresToAwg(section))).toBe(gauge);
  });

  it('reads gauges and sections as written, each in its own unit', () => {
    expect(readWireSizes(['26-14 AWG'], 'mm²')).toEqual({ sections: [], gauges: [26, 14] });
    expect(readWireSizes(['AWG 4/0 - 1/0'], 'mm²')).toEqual({ sections: [], gauges: [-3, 0] });
    expect(readWireSizes(['0,5 - 2,5 mm²'], 'AWG')).toEqual({ sections: [0.5, 2.5], gauges: [] });
    expect(readWireSizes(['0.5-2.5 mm² / 20-14 AWG'], 'mm²')).toEqual({ sections: [0.5, 2.5], gauges: [20, 14] });
    expect(readWireSizes(['12'], 'AWG')).toEqual({ sections: [], gauges: [12] });
  });

  it('gives a part listed only in AWG the sections its range reaches', () => {
    const range = wireSectionRange(readWireSizes(['26-14 AWG'], 'AWG'))!;
    expect(range).toEqual({ min: 0.129, max: 2.08 });
    // 14 AWG (2.08 mm²) does not take a 2.5 mm² wire.
    expect(2.5 <= range.max).toBe(false);
  });

  it('reads a wire size typed into a filter in mm²', () => {
    expect(parseWireSize('2.5', 'mm²')).toBe(2.5);
    expect(parseWireSize('2,5 qmm', 'mm²')).toBe(2.5);
    expect(parseWireSize('14 AWG', 'mm²')).toBe(2.08);
    expect(parseWireSize('14', 'AWG')).toBe(2.08);
    expect(parseWireSize('AWG 4/0', 'mm²')).toBe(107);
    expect(parseWireSize('2.5 mm²', 'AWG')).toBe(2.5);
    expect(parseWireSize('thick', 'mm²')).toBeUndefined();
    expect(parseWireSize('0', 'mm²')).toBeUndefined();
  });
});

describe('numbers read from what makers publish', () => {
  it.each(values.parts)('$part', (part) => {
    const { part: _name, expect: expected, voltage, ...texts } = part as typeof part & { voltage?: string };
    const derived = derivedNumbers(texts);
    for (const [field, value] of Object.entries(expected)) {
      if (field === 'voltage') expect(findQuantity(voltage, 'voltage'), field).toBe(value);
      else expect(derived[field as keyof typeof derived], field).toBe(value);
    }
  });
});
