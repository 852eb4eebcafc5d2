import type { ColumnStore, SearchedField } from './column-store';
import { compactFolded, oneEditApart, partNumberKey } from './folding';
import type { Matcher } from './matching';
import type { ReadonlyStringList } from './string-list';

/*
 * Parts whose part number (a reference, an article number) is another's written differently:
 * compared as keys of letters and digits only (folded, without separators or other punctuation),
 * the same key, or one character apart. The value index narrows the values to check: a key one
 * character away from another still holds one of that key's halves as it is (the change falls
 * in the other half), so only values holding a half are compared. The index holds values as
 * part-number forms, which keep punctuation such as brackets (`DILM17-10(RDC24)`); values with
 * such punctuation are few and are always compared. Each distinct value is judged once; the
 * parts holding the values that passed come from the slot lists (and the slots added since).
 */

/** How far a part number may be from the one asked for. */
export type PartNumberReach = 'same' | 'one-edit';

/** Shorter keys are only ever compared whole: one character is most of them. */
export const ONE_EDIT_MIN_LENGTH = 4;

const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]+/gu;
const lettersAndDigits = (key: string): string => key.replace(NOT_LETTER_OR_DIGIT, '');

/** A column's values as letters-and-digits keys, and the codes whose part-number form holds other punctuation. */
interface ValueKeys {
  keys: string[];
  punctuated: number[];
}

/**
 * Per dictionary (a column's `values`, which grows in place as values are added and is replaced
 * when the index is loaded or compacted): its keys, made when first asked and extended since.
 */
const keysByDictionary = new WeakMap<ReadonlyStringList, ValueKeys>();

const valueKeys = (store: ColumnStore, field: SearchedField): ValueKeys => {
  const column = store.text[field];
  let known = keysByDictionary.get(column.values);
  if (!known) {
    known = { keys: [''], punctuated: [] };
    keysByDictionary.set(column.values, known);
  }
  for (let code = known.keys.length; code < column.size; code++) {
    const form = compactFolded(column.folded!.at(code)!);
    const key = lettersAndDigits(form);
    known.keys.push(key);
    if (key !== form) known.punctuated.push(code);
  }
  return known;
};

export const partNumberNeighbours = (
  store: ColumnStore,
  matcher: Matcher,
  field: SearchedField,
  text: string,
  reach: PartNumberReach,
): number[] => {
  const key = lettersAndDigits(partNumberKey(text));
  if (key === '') return [];
  const oneEdit = reach === 'one-edit' && key.length >= ONE_EDIT_MIN_LENGTH;
  const middle = Math.ceil(key.length / 2);
  const probes = oneEdit ? [key.slice(0, middle), key.slice(middle)] : [key];
  const { keys, punctuated } = valueKeys(store, field);
  const accepted = new Uint8Array(keys.length);
  const passed: number[] = [];
  const judge = (code: number) => {
    if (accepted[code] === 1) return;
    const value = keys[code]!;
    if (value === key || (oneEdit && oneEditApart(value, key))) {
      accepted[code] = 1;
      passed.push(code);
    }
  };
  for (const probe of probes) for (const code of matcher.mayHold(field, probe)) judge(code);
  for (const code of punctuated) judge(code);
  if (passed.length === 0) return [];
  return matcher
    .slotsHolding(field, passed, accepted)
    .map((slot) => store.ids[slot]!)
    .sort((a, b) => a - b);
};
