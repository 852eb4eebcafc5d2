import type { FormLengths } from './matching';
import { startsWithAt, unitAt, type ReadonlyStringList } from './string-list';

/** How many leading characters the order sorts by; a longer key's run is read through for it. */
const DEPTH = 6;

/**
 * The codes of a part-number column in the order of their part-number forms' first DEPTH
 * characters, so the values that are a key, or start with it, are one run of the order, found by
 * halving it. Values with several part-number forms (an umlaut spelled out as well) are few and
 * kept apart: they are always listed. The order covers the codes below `upTo`, those the column
 * had when it was made; later ones are the caller's to check.
 */
export class PrefixOrder {
  readonly upTo: number;
  private readonly order: Int32Array;
  private readonly several: number[] = [];

  constructor(
    private readonly forms: ReadonlyStringList,
    private readonly lengths: FormLengths,
  ) {
    this.upTo = forms.length;
    // Each value's first characters, read once in code order: heads[at][code].
    const heads = Array.from({ length: DEPTH }, () => new Uint16Array(this.upTo));
    let order = new Int32Array(Math.max(0, this.upTo - 1));
    let count = 0;
    for (let code = 1; code < this.upTo; code++) {
      if (lengths.several(code)) {
        this.several.push(code);
        continue;
      }
      order[count++] = code;
      const length = Math.min(DEPTH, lengths.of(code));
      for (let at = 0; at < length; at++) heads[at]![code] = unitAt(forms, code, at);
    }
    order = order.subarray(0, count);
    // A least-significant-first radix sort, one character a pass: each pass keeps the order of
    // the one before among equal characters.
    let spare = new Int32Array(order.length);
    for (let at = DEPTH - 1; at >= 0; at--) {
      const digits = heads[at]!;
      let largest = 0;
      for (let i = 0; i < order.length; i++) if (digits[order[i]!]! > largest) largest = digits[order[i]!]!;
      if (largest === 0) continue;
      const starts = new Uint32Array(largest + 2);
      for (let i = 0; i < order.length; i++) starts[digits[order[i]!]! + 1]!++;
      for (let digit = 0; digit <= largest; digit++) starts[digit + 1]! += starts[digit]!;
      for (let i = 0; i < order.length; i++) {
        const code = order[i]!;
        spare[starts[digits[code]!]!++] = code;
      }
      [order, spare] = [spare, order];
    }
    this.order = order;
  }

  /**
   * Calls `visit` with every code below `upTo` whose part-number form is `key` (`exact`) or
   * starts with it, and with every code of several forms (for the caller to read).
   */
  forEach(key: string, exact: boolean, visit: (code: number) => void): void {
    for (const code of this.several) visit(code);
    if (key.length === 0) return;
    // The run whose first characters are the key's (with the form's end after them, for a short
    // exact key); a key longer than the sorted depth is checked through its run.
    const checked = exact ? key.length >= DEPTH : key.length > DEPTH;
    const width = Math.min(DEPTH, exact ? key.length + 1 : key.length);
    const from = this.firstNotBefore(key, width, false);
    const to = this.firstNotBefore(key, width, true);
    const { order, forms, lengths } = this;
    for (let i = from; i < to; i++) {
      const code = order[i]!;
      if (checked && ((exact && lengths.of(code) !== key.length) || !startsWithAt(forms, code, key))) continue;
      visit(code);
    }
  }

  /** The character at `at` of a code's part-number form, 0 past its end. */
  private digit(code: number, at: number): number {
    return at < this.lengths.of(code) ? unitAt(this.forms, code, at) : 0;
  }

  /**
   * The first place in the order whose first `width` characters come after the key's (`after`),
   * or come after or equal them (the key read as its characters, 0 past its end).
   */
  private firstNotBefore(key: string, width: number, after: boolean): number {
    let low = 0;
    let high = this.order.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const code = this.order[middle]!;
      let order = 0;
      for (let at = 0; at < width && order === 0; at++) {
        const mine = this.digit(code, at);
        const theirs = at < key.length ? key.charCodeAt(at) : 0;
        order = mine - theirs;
      }
      if (order > 0 || (!after && order === 0)) high = middle;
      else low = middle + 1;
    }
    return low;
  }
}
