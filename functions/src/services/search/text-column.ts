import { compactFolded, foldVariants, joinedFolded } from './folding';
import { hashAt, hashOf, PackedStrings, type StringList } from './string-list';

export type Codes = Uint8Array | Uint16Array | Uint32Array;

/** The narrowest code array that holds codes below `distinct`. */
export const codesFor = (distinct: number, capacity: number): Codes =>
  distinct <= 0xff
    ? new Uint8Array(capacity)
    : distinct <= 0xffff
      ? new Uint16Array(capacity)
      : new Uint32Array(capacity);

/**
 * Codes for `capacity` slots of a dictionary of `distinct` values, from `codes`: taken as they are
 * when they already have that room and the width the dictionary would choose (a loaded
 * snapshot's; the column only writes past them, after growing into a new array), else copied.
 */
export const ownedCodes = (codes: ArrayLike<number>, distinct: number, capacity: number): Codes => {
  if (codes.length === capacity && codes.constructor === codesFor(distinct, 0).constructor) return codes as Codes;
  const owned = codesFor(distinct, capacity);
  owned.set(codes);
  return owned;
};

/** A copy of `codes` with room for `capacity` slots, of the same width. */
export const grownCodes = (codes: Codes, capacity: number): Codes => {
  const next = new (codes.constructor as new (length: number) => Codes)(capacity);
  next.set(codes);
  return next;
};

/** `codes`, or a wider copy of it when `code` does not fit its width. */
export const widenedFor = (codes: Codes, code: number): Codes => {
  const limit = codes instanceof Uint8Array ? 0xff : codes instanceof Uint16Array ? 0xffff : Infinity;
  if (code <= limit) return codes;
  const wider = codesFor(code + 1, codes.length);
  wider.set(codes);
  return wider;
};

/**
 * Separate a value's forms in `forms`: folding turns control characters into spaces, so no
 * search word holds either. The forms before INDEXED_END are the ones the trigram index holds.
 */
export const FORM_SEPARATOR = '\u0001';
export const INDEXED_END = '\u0002';
export const FORM_SEPARATOR_CODE = FORM_SEPARATOR.charCodeAt(0);
export const INDEXED_END_CODE = INDEXED_END.charCodeAt(0);
/** Both separators are below this unit, and no folded text is (folding turns control characters into spaces). */
export const SEPARATORS_BELOW = Math.max(FORM_SEPARATOR_CODE, INDEXED_END_CODE) + 1;
/** Splits a value's `forms` into its forms. */
// The two separators are control characters on purpose: no catalogue text contains them.
// eslint-disable-next-line no-control-regex
export const splitForms = (forms: string): string[] => forms.split(/[\u0001\u0002]/);

/**
 * A dictionary-coded text column: each distinct value is kept once, with the codes of the
 * components that hold it in a typed array as narrow as the dictionary allows (most fields
 * have a few dozen values: one byte a component). Code 0 is "no value".
 *
 * A searched column also keeps each value's folded forms: the plain and the spelled-out-umlaut
 * folds, and the same without separators (part-number columns) or with their words run
 * together (the others). A search word is in the value when it is in one of the forms. The
 * squeezed forms come first and are all the trigram index needs: whatever is in a form, squeezed
 * the same way, is in its squeezed form.
 */
export class TextColumn {
  /** The distinct values by code, packed (string-list.ts): one string of them all, cut when one is read. */
  values: StringList = PackedStrings.from(['']);
  /** Folded forms per code (searched columns only). */
  forms: StringList | undefined;
  /** The plain fold per code (searched columns only): sorting, suggestions, whole-value comparisons. */
  folded: StringList | undefined;
  codes: Codes;
  private codeOf: CodeLookup | undefined;

  constructor(
    capacity: number,
    readonly searched: boolean,
    readonly partNumber: boolean,
  ) {
    this.codes = new Uint8Array(capacity);
    if (searched) {
      this.forms = PackedStrings.from(['']);
      this.folded = PackedStrings.from(['']);
    }
  }

  /**
   * Takes over a dictionary as a snapshot holds it (`values[0]` is the empty "no value"), with
   * its folded forms when the snapshot holds them too (else they are made here).
   */
  adopt(
    {
      values,
      codes,
      forms,
      folded,
    }: { values: StringList; codes: ArrayLike<number>; forms?: StringList; folded?: StringList },
    capacity: number,
  ): void {
    this.values = values;
    this.codeOf = undefined;
    this.codes = ownedCodes(codes, values.length, capacity);
    if (!this.searched) return;
    if (forms?.length === values.length && folded?.length === values.length) {
      this.forms = forms;
      this.folded = folded;
      return;
    }
    this.forms = PackedStrings.from(['']);
    this.folded = PackedStrings.from(['']);
    for (let code = 1; code < values.length; code++) this.addForms(values.at(code)!);
  }

  /** A probe as this column's trigram index holds it: squeezed as the column squeezes its forms. */
  squeeze(folded: string): string {
    return this.partNumber ? compactFolded(folded) : joinedFolded(folded);
  }

  get size(): number {
    return this.values.length;
  }

  encode(value: string | null): number {
    if (!value) return 0;
    // Built on first use: an index loaded from a snapshot may never need it.
    this.codeOf ??= new CodeLookup(this.values);
    let code = this.codeOf.get(value);
    if (code === undefined || code === 0) {
      code = this.values.length;
      this.values.push(value);
      this.codeOf.add(code);
      if (this.searched) this.addForms(value);
      this.widenFor(code);
    }
    return code;
  }

  /** The code of `value`, 0 when the column has never held it. */
  find(value: string): number {
    if (!value) return 0;
    this.codeOf ??= new CodeLookup(this.values);
    return this.codeOf.get(value) ?? 0;
  }

  value(slot: number): string | null {
    const code = this.codes[slot]!;
    return code === 0 ? null : this.values.at(code)!;
  }

  /** Grows the code array to `capacity` slots, keeping its width. */
  grow(capacity: number): void {
    this.codes = grownCodes(this.codes, capacity);
  }

  /** Drops the lookup map (an index that is built will not take values for a while). */
  forgetLookup(): void {
    this.codeOf = undefined;
    // Nor many values: those added since are run into their lists' stored text.
    for (const list of [this.values, this.forms, this.folded]) if (list instanceof PackedStrings) list.seal();
  }

  private widenFor(code: number): void {
    this.codes = widenedFor(this.codes, code);
  }

  private addForms(value: string): void {
    const variants = foldVariants(value);
    const plain = variants[0]!;
    this.folded!.push(plain);
    const squeeze = this.partNumber ? compactFolded : joinedFolded;
    if (variants.length === 1) {
      const squeezed = squeeze(plain);
      this.forms!.push(squeezed === plain ? plain : squeezed + INDEXED_END + plain);
      return;
    }
    const squeezed = [...new Set(variants.map(squeeze))];
    const rest = variants.filter((variant) => !squeezed.includes(variant));
    this.forms!.push(squeezed.join(FORM_SEPARATOR) + (rest.length ? INDEXED_END + rest.join(FORM_SEPARATOR) : ''));
  }
}

/**
 * The code of each value of a dictionary, found by the value's hash: a table of codes (open
 * addressing), the values themselves read from the dictionary. A map from value to code would
 * hold a JS string per value, which is what a packed dictionary does without.
 */
class CodeLookup {
  private table: Int32Array;
  private mask: number;
  private count = 0;

  constructor(private readonly values: StringList) {
    let size = 16;
    while (size < 2 * values.length) size *= 2;
    this.table = new Int32Array(size).fill(-1);
    this.mask = size - 1;
    for (let code = 0; code < values.length; code++) this.add(code);
  }

  get(value: string): number | undefined {
    const { table, mask, values } = this;
    for (let at = hashOf(value) & mask; ; at = (at + 1) & mask) {
      const code = table[at]!;
      if (code === -1) return undefined;
      if (values.at(code) === value) return code;
    }
  }

  /** Adds the value the dictionary holds at `code` (already pushed there). */
  add(code: number): void {
    if (2 * (this.count + 1) > this.table.length) this.resize();
    const { table, mask } = this;
    let at = hashAt(this.values, code) & mask;
    while (table[at] !== -1) at = (at + 1) & mask;
    table[at] = code;
    this.count++;
  }

  private resize(): void {
    const old = this.table;
    this.table = new Int32Array(2 * old.length).fill(-1);
    this.mask = this.table.length - 1;
    this.count = 0;
    for (const code of old) if (code !== -1) this.add(code);
  }
}
