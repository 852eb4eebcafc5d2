import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compactFolded } from './folding';
import { FormLengths } from './matching';
import { PrefixOrder } from './prefix-order';
import { splitForms, TextColumn } from './text-column';

/** A part-number column of `values` (sealed, as a build leaves it), with one added after when asked. */
const columnOf = (values: string[]): TextColumn => {
  const column = new TextColumn(values.length + 1, true, true);
  for (const value of values) column.encode(value);
  column.forgetLookup();
  return column;
};

/** The codes a plain reading finds: a part-number form (before the indexed end) that is, or starts with, the key. */
const plain = (column: TextColumn, key: string, exact: boolean): number[] => {
  const found: number[] = [];
  for (let code = 1; code < column.size; code++) {
    const text = column.forms!.at(code)!;
    const partNumberForms = splitForms(text.split('\u0002')[0]!);
    if (partNumberForms.some((form) => (exact ? form === key : form.startsWith(key)))) found.push(code);
  }
  return found;
};

const listed = (order: PrefixOrder, key: string, exact: boolean): number[] => {
  const codes = new Set<number>();
  order.forEach(key, exact, (code) => codes.add(code));
  return [...codes].sort((a, b) => a - b);
};

describe('PrefixOrder', () => {
  const values = [
    '3RT2015-1BB41',
    '3RT2015-1BB4',
    '3RT2015',
    '3RT',
    '3RT2016-1AP01',
    'UT 2,5',
    'UT 2,5-BU',
    'UT',
    'Ü-22',
    'S201-C16',
    '750-1420',
    '750-14200',
    '0460-010-20141',
    '0460-010-20141-G00',
    '0460-010-20141-G00-ZRS70',
  ];
  const column = columnOf(values);
  const order = new PrefixOrder(column.forms!, new FormLengths(column));

  it('lists the values that are a key or start with it, short keys and keys past the sorted depth alike', () => {
    for (const text of [
      '3',
      '3RT',
      '3RT2015',
      '3RT2015-1BB4',
      '750 1420',
      'UT',
      'u',
      'ue',
      '0460010',
      'x',
      '046001020141g00zrs70',
    ])
      for (const exact of [true, false]) {
        const key = compactFolded(text.toLowerCase());
        const found = listed(order, key, exact);
        // Values of several forms are always listed (the caller reads them); the others exactly.
        const several = found.filter((code) => column.forms!.at(code)!.split('\u0002')[0]!.includes('\u0001'));
        expect(
          found.filter((code) => !several.includes(code)),
          `${text} ${exact}`,
        ).toEqual(plain(column, key, exact).filter((code) => !several.includes(code)));
        for (const code of plain(column, key, exact)) expect(found).toContain(code);
      }
  });

  it('agrees with a plain reading on random part numbers', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-c0-2\- ]{0,9}$/), { minLength: 1, maxLength: 60 }),
        fc.stringMatching(/^[a-c0-2]{0,8}$/),
        fc.boolean(),
        (texts, key, exact) => {
          const random = columnOf([...new Set(texts)]);
          const found = listed(new PrefixOrder(random.forms!, new FormLengths(random)), key, exact);
          expect(found).toEqual(key === '' ? [] : plain(random, key, exact));
        },
      ),
      { numRuns: 300 },
    );
  });
});
