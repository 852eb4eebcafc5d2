import { describe, expect, it } from 'vitest';
import {
  compareAt,
  firstBelowAt,
  forEachHolding,
  hashAt,
  hashOf,
  holdsAt,
  PackedStrings,
  startsWithAt,
  toArray,
  unitAt,
} from './string-list';

/** A list as a snapshot load makes it: the lengths and the text of `strings`. */
const loaded = (strings: string[]): PackedStrings =>
  PackedStrings.fromLengths(
    Uint32Array.from(strings, (text) => text.length),
    strings.join(''),
  );

const holding = (list: PackedStrings | string[], probe: string, from = 0, to = list.length): number[] => {
  const found: number[] = [];
  forEachHolding(list, probe, from, to, (index) => found.push(index));
  return found;
};

describe('PackedStrings', () => {
  it('reads back what a load took over and what was pushed after it', () => {
    const list = loaded(['', 'MSTB 2,5/ 6-GF', 'Größe', '']);
    expect(list.length).toBe(4);
    expect(toArray(list)).toEqual(['', 'MSTB 2,5/ 6-GF', 'Größe', '']);
    expect(list.push('after')).toBe(5);
    expect(list.push('')).toBe(6);
    for (let i = 0; i < 300; i++) list.push(`tail ${i}`);
    expect(list.at(4)).toBe('after');
    expect(list.at(5)).toBe('');
    expect(list.at(305)).toBe('tail 299');
    expect(list.length).toBe(306);
    // The load's lists are left as they were.
    expect(list.at(1)).toBe('MSTB 2,5/ 6-GF');
  });

  it('answers undefined out of range and counts a negative index from the end, as an array does', () => {
    const list = PackedStrings.from(['a', 'b']);
    expect(list.at(2)).toBeUndefined();
    expect(list.at(99)).toBeUndefined();
    expect(list.at(-1)).toBe('b');
    expect(list.at(-3)).toBeUndefined();
    expect(new PackedStrings().at(0)).toBeUndefined();
  });

  it('keeps strings past Latin-1 as they are, stored and in the tail', () => {
    const list = PackedStrings.from(['Ω 10k', 'plain', '€ 5', '', '日本']);
    list.push('µ tail Ω');
    expect(toArray(list)).toEqual(['Ω 10k', 'plain', '€ 5', '', '日本', 'µ tail Ω']);
    expect(holding(list, 'Ω')).toEqual([0, 5]);
    expect(holding(list, '10k')).toEqual([0]);
    expect(holding(list, 'plain')).toEqual([1]);
    expect(holding(list, '日')).toEqual([4]);
    expect(list.parts().text).toBe('Ω 10kplain€ 5日本µ tail Ω');
    // 'Ω' (U+03A9) comes after every Latin-1 letter.
    expect(compareAt(list, 0, 1)).toBe(1);
    expect(hashAt(list, 4)).toBe(hashOf('日本'));
  });

  it('finds a probe only within one string, never across two', () => {
    const list = loaded(['', 'ab', 'cd', 'abc', 'xab', 'b']);
    expect(holding(list, 'bc')).toEqual([3]);
    expect(holding(list, 'ab')).toEqual([1, 3, 4]);
    expect(holding(list, 'bcd')).toEqual([]);
    expect(holding(list, 'dab')).toEqual([]);
    expect(holding(list, 'b', 2, 5)).toEqual([3, 4]);
    expect(holding(list, 'b', 5, 99)).toEqual([5]);
    expect(holding(list, 'ü')).toEqual([]);
    // A tail after the loaded part, with a match across the border between them.
    list.push('cx');
    list.push('zz ab');
    expect(holding(list, 'bc')).toEqual([3]);
    expect(holding(list, 'ab')).toEqual([1, 3, 4, 7]);
    expect(holding(list, 'ab', 4, 7)).toEqual([4]);
    expect(holding(list, 'bcx')).toEqual([]);
  });

  it('finds the same strings as includes, where nearly every string holds the probe and where few do', () => {
    const strings = Array.from({ length: 5000 }, (_, i) => (i % 97 === 0 ? '' : `p${i % 13}-${i}x`));
    const list = loaded(strings);
    list.push('p1-late');
    const all = [...strings, 'p1-late'];
    for (const probe of ['-', 'x', 'p1', '1-', '12', '4999x', 'late', 'p12-', 'zz', 'x p'])
      expect(holding(list, probe), probe).toEqual(holding(all, probe));
    for (const probe of ['-', '12', 'p1-'])
      for (let i = 0; i < all.length; i += 37)
        expect(holdsAt(list, i, probe), `${probe} ${i}`).toBe(all[i]!.includes(probe));
  });

  it('finds every string for an empty probe, empty strings too', () => {
    const list = loaded(['', 'a', '']);
    expect(holding(list, '')).toEqual([0, 1, 2]);
    expect(holdsAt(list, 0, '')).toBe(true);
  });

  it('compares in place as < orders strings, and hashes in place as hashOf does', () => {
    const strings = ['', 'a', 'ab', 'b', 'B', 'ä', 'a ', 'ab'];
    const list = loaded(strings.slice(0, 4));
    for (const text of strings.slice(4)) list.push(text);
    for (let a = 0; a < strings.length; a++) {
      expect(hashAt(list, a)).toBe(hashOf(strings[a]!));
      for (let b = 0; b < strings.length; b++) {
        const expected = strings[a]! < strings[b]! ? -1 : strings[a]! > strings[b]! ? 1 : 0;
        expect(compareAt(list, a, b), `${strings[a]} ${strings[b]}`).toBe(expected);
      }
    }
  });

  it('reads a unit and a prefix in place, stored and in the tail, never past a string into the next', () => {
    const strings = ['', 'ab', 'abc', 'b', 'äx', 'ab'];
    const list = loaded(strings.slice(0, 4));
    for (const text of strings.slice(4)) list.push(text);
    for (const [index, text] of strings.entries()) {
      for (let offset = 0; offset <= 3; offset++)
        expect(unitAt(list, index, offset)).toBe(offset < text.length ? text.charCodeAt(offset) : -1);
      for (const prefix of ['', 'a', 'ab', 'abc', 'abcb', 'b', 'ä'])
        expect(startsWithAt(list, index, prefix), `${text} ${prefix}`).toBe(text.startsWith(prefix));
      const below = [...text].findIndex((char) => char < 'b');
      expect(firstBelowAt(list, index, 'b'.charCodeAt(0))).toBe(below === -1 ? text.length : below);
    }
  });

  it('runs its tail into the stored text when sealed, and reads the same', () => {
    const list = loaded(['', 'ab']);
    list.push('cd');
    list.push('');
    list.push('abc');
    list.seal();
    expect(toArray(list)).toEqual(['', 'ab', 'cd', '', 'abc']);
    expect(holding(list, 'bc')).toEqual([4]);
    expect(holding(list, 'b')).toEqual([1, 4]);
    expect(compareAt(list, 1, 4)).toBe(-1);
    list.push('x');
    expect(list.at(5)).toBe('x');
    expect(list.length).toBe(6);
  });

  it('writes its text as a snapshot stores it and copies entries between lists', () => {
    const list = loaded(['', 'one', 'two']);
    list.push('three');
    const parts = list.parts();
    expect([...parts.lengths]).toEqual([0, 3, 3, 5]);
    expect(parts.text).toBe('onetwothree');
    expect(toArray(PackedStrings.gather(list, [3, 2, 1, 0, 3]))).toEqual(['three', 'two', 'one', '', 'three']);
    expect(toArray(PackedStrings.gather(['plain', 'array'], [1]))).toEqual(['array']);
    // Many, read a few thousand at a time.
    const many = Array.from({ length: 10_000 }, (_, i) => `v${i}`);
    const gathered = PackedStrings.gather(
      many,
      Array.from({ length: 10_000 }, (_, i) => 9_999 - i),
    );
    expect(gathered.at(0)).toBe('v9999');
    expect(gathered.at(5_000)).toBe('v4999');
    expect(toArray(gathered)).toEqual([...many].reverse());
  });

  it('refuses lengths that do not add up to the text', () => {
    expect(() => PackedStrings.fromLengths(Uint32Array.of(2, 3), 'abcd')).toThrow();
  });
});
