import { codesFor, grownCodes, ownedCodes, widenedFor, type Codes } from './text-column';

/** A number field as columns hold it: each part's code, and each code's value (code 0, NaN: no value). */
export interface NumberColumnData {
  values: Float64Array;
  codes: Codes;
}

/**
 * A number field, coded like the text ones: a field holds few distinct numbers (a few dozen
 * voltages, widths or counts), so each part takes a code of one byte (two or four when the field
 * holds more values) and each value is kept once. Code 0 is "no value"; its value is NaN, so a
 * comparison with it is always false, as with an absent number.
 */
export class NumberColumn {
  codes: Codes;
  /** Each code's value; room past `size` for more. */
  private values: Float64Array<ArrayBuffer> = Float64Array.of(Number.NaN);
  /** Codes in use, "no value" included. */
  size = 1;
  private codeOf: Map<number, number> | undefined;

  constructor(capacity: number) {
    this.codes = new Uint8Array(capacity);
  }

  /** Takes over a column as a snapshot holds it (codes of `capacity` slots and the width it chose are kept as they are). */
  adopt({ values, codes }: NumberColumnData, capacity: number): void {
    this.values = Float64Array.from(values);
    this.values[0] = Number.NaN;
    this.size = values.length;
    this.codeOf = undefined;
    this.codes = ownedCodes(codes, values.length, capacity);
  }

  /** A slot's value, NaN when it has none. */
  at(slot: number): number {
    return this.values[this.codes[slot]!]!;
  }

  /** A code's value. */
  valueOf(code: number): number {
    return this.values[code]!;
  }

  /** The code of `value`; -1 when no part has ever had it (so no slot's code is it). */
  find(value: number): number {
    if (Number.isNaN(value)) return -1;
    return this.lookup().get(value) ?? -1;
  }

  /** Gives a slot its value (NaN: none), adding the value to the column when new. */
  set(slot: number, value: number): void {
    if (Number.isNaN(value)) {
      this.codes[slot] = 0;
      return;
    }
    let code = this.lookup().get(value);
    if (code === undefined) {
      code = this.size++;
      if (code >= this.values.length) {
        const more = new Float64Array(this.values.length * 2);
        more.set(this.values);
        this.values = more;
      }
      this.values[code] = value;
      this.codeOf!.set(value, code);
      this.codes = widenedFor(this.codes, code);
    }
    this.codes[slot] = code;
  }

  /** Room for `capacity` slots, keeping the width. */
  grow(capacity: number): void {
    this.codes = grownCodes(this.codes, capacity);
  }

  /** Per code: 1 where its value lies in [min, max]. */
  accepting(min: number, max: number): Uint8Array {
    const accepted = new Uint8Array(this.size);
    for (let code = 1; code < this.size; code++) {
      const value = this.values[code]!;
      if (value >= min && value <= max) accepted[code] = 1;
    }
    return accepted;
  }

  /** The column of the slots of `order`, in that order, holding only the values they use. */
  data(order: ArrayLike<number>): NumberColumnData {
    const renumbered = new Int32Array(this.size).fill(-1);
    renumbered[0] = 0;
    const kept = [Number.NaN];
    const codes = new Uint32Array(order.length);
    for (let position = 0; position < order.length; position++) {
      const code = this.codes[order[position]!]!;
      if (renumbered[code] === -1) {
        renumbered[code] = kept.length;
        kept.push(this.values[code]!);
      }
      codes[position] = renumbered[code]!;
    }
    const narrow = codesFor(kept.length, order.length);
    narrow.set(codes);
    return { values: Float64Array.from(kept), codes: narrow };
  }

  private lookup(): Map<number, number> {
    if (!this.codeOf) {
      this.codeOf = new Map();
      for (let code = 1; code < this.size; code++) this.codeOf.set(this.values[code]!, code);
    }
    return this.codeOf;
  }
}
