import { describe, expect, it } from 'vitest';
import { NumberColumn } from './number-column';

describe('NumberColumn', () => {
  it('reads back what each slot was given, NaN for none, one code per distinct value', () => {
    const column = new NumberColumn(8);
    const given = [24, Number.NaN, 2.5, 24, 0.013, 230, Number.NaN, 2.5];
    given.forEach((value, slot) => column.set(slot, value));
    given.forEach((value, slot) => expect(column.at(slot)).toBe(value));
    expect(column.size).toBe(5);
    expect(column.codes[0]).toBe(column.codes[3]);
    expect(column.codes[1]).toBe(0);
    expect(column.find(2.5)).toBe(column.codes[2]);
    expect(column.find(48)).toBe(-1);
    expect(column.find(Number.NaN)).toBe(-1);
  });

  it('accepts the codes whose value lies in a range, never "no value"', () => {
    const column = new NumberColumn(4);
    [1, 2.5, Number.NaN, 24].forEach((value, slot) => column.set(slot, value));
    const accepted = column.accepting(2, 24);
    expect([0, 1, 2, 3].map((slot) => accepted[column.codes[slot]!])).toEqual([0, 1, 0, 1]);
    expect(column.accepting(-Infinity, Infinity)[0]).toBe(0);
  });

  it('widens its codes past 255 and 65,535 values, keeping every slot', () => {
    const count = 70_000;
    const column = new NumberColumn(count);
    for (let slot = 0; slot < count; slot++) column.set(slot, slot / 4);
    expect(column.codes).toBeInstanceOf(Uint32Array);
    for (const slot of [0, 255, 256, 65_535, 65_536, count - 1]) expect(column.at(slot)).toBe(slot / 4);
  });

  it('writes out the slots of an order with only the values they use, and takes such a column over', () => {
    const column = new NumberColumn(5);
    [5, 7, 9, 7, Number.NaN].forEach((value, slot) => column.set(slot, value));
    const data = column.data([3, 1, 4]);
    expect(Array.from(data.values).slice(1)).toEqual([7]);
    expect(Array.from(data.codes)).toEqual([1, 1, 0]);
    const loaded = new NumberColumn(0);
    loaded.adopt(data, 3);
    expect(loaded.codes).toBe(data.codes);
    expect([0, 1, 2].map((slot) => loaded.at(slot))).toEqual([7, 7, Number.NaN]);
    // A value new to the loaded column gets a code of its own.
    loaded.grow(4);
    loaded.set(3, 11);
    expect(loaded.at(3)).toBe(11);
    expect(loaded.at(0)).toBe(7);
  });
});
