import type { ColumnStore, SearchedField } from './column-store';
import { compactFolded, oneEditApart, partNumberKey } from './folding';
import type { Matcher } from './matching';

/*
 * Parts whose part number (a reference, an article number) is another's written differently:
 * compared as part-number keys (folded, without separators), the same key, or one character
 * apart. The value index narrows the values to check: a key one character away from another
 * still holds one of that key's halves as it is (the change falls in the other half), so only
 * values holding a half are compared. Each distinct value is judged once, then one pass over the
 * live slots names the parts holding the values that passed.
 */

/** How far a part number may be from the one asked for. */
export type PartNumberReach = 'same' | 'one-edit';

/** Shorter keys are only ever compared whole: one character is most of them. */
export const ONE_EDIT_MIN_LENGTH = 4;

/** Punctuation a part-number key keeps (`+`, `(`) does not tell part numbers apart here. */
const lettersAndDigits = (key: string): string => key.replace(/[^\p{L}\p{N}]+/gu, '');

export const partNumberNeighbours = (
  store: ColumnStore,
  matcher: Matcher,
  order: Int32Array,
  field: SearchedField,
  text: string,
  reach: PartNumberReach,
): number[] => {
  const squeezed = partNumberKey(text);
  const key = lettersAndDigits(squeezed);
  if (key === '') return [];
  const oneEdit = reach === 'one-edit' && key.length >= ONE_EDIT_MIN_LENGTH;
  const middle = Math.ceil(key.length / 2);
  const probes = oneEdit ? [key.slice(0, middle), key.slice(middle)] : [squeezed];
  const column = store.text[field];
  const accepted = new Uint8Array(column.size);
  let any = false;
  for (const probe of probes)
    for (const code of matcher.mayHold(field, probe)) {
      if (accepted[code] === 1) continue;
      const value = lettersAndDigits(compactFolded(column.folded![code]!));
      if (value === key || (oneEdit && oneEditApart(value, key))) {
        accepted[code] = 1;
        any = true;
      }
    }
  if (!any) return [];
  const ids: number[] = [];
  const codes = column.codes;
  for (let i = 0; i < order.length; i++) if (accepted[codes[order[i]!]!] === 1) ids.push(store.ids[order[i]!]!);
  return ids;
};
