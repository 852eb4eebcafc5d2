/*
 * Lists of strings as the index keeps its dictionaries and their folded forms. A plain array is
 * one V8 string per entry (a header and a pointer of some 20 to 30 bytes besides the text); a
 * million part numbers with their forms and folds take hundreds of megabytes that way, and a
 * snapshot load would cut millions of strings out of decoded text. `PackedStrings` keeps the
 * strings run together in one string instead, with each string's end in a Uint32Array, and
 * makes a string of one only when it is read.
 */

/** A list of strings as its readers need it: plain arrays are one, and so is PackedStrings. */
export interface ReadonlyStringList {
  readonly length: number;
  at(index: number): string | undefined;
}

/** A list of strings that grows. */
export interface StringList extends ReadonlyStringList {
  push(value: string): number;
}

/** Whether every character fits in one byte (Latin-1). */
export const fitsLatin1 = (text: string): boolean => {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0xff) return false;
  return true;
};

const NO_ENDS = new Uint32Array(0);
/** V8's longest string is about 2^29 characters: a stored part stays well below it. */
const LONGEST_TEXT = 2 ** 28;

/**
 * Strings stored run together as one JS string, each string's end kept in a Uint32Array (the
 * string at `i` runs from the end of `i - 1` to its own). One flat string takes a byte a
 * character (two when a character is past Latin-1) and no header per string, and reading one
 * is a slice of it, which V8 makes without decoding anything. Two parts: the stored part, and
 * a tail (a plain array) that strings pushed later go to, until `seal` runs them into the
 * stored part (after a build, or when the value index is rebuilt). `holding` and `includesAt`
 * look for a probe in the stored text, and `compareAt` compares two entries in place.
 */
export class PackedStrings implements StringList {
  private text: string;
  private ends: Uint32Array;
  private storedCount: number;
  private tail: string[] = [];

  /** `ends[i]` is where string `i` ends in `text`; both are kept as they are. */
  constructor(text = '', ends: Uint32Array = NO_ENDS) {
    if ((ends.length > 0 ? ends[ends.length - 1]! : 0) !== text.length)
      throw new Error('String lengths do not add up to the text');
    this.text = text;
    this.ends = ends;
    this.storedCount = ends.length;
  }

  /** A packed copy of `strings`, all stored. */
  static from(strings: Iterable<string>): PackedStrings {
    const list = new PackedStrings();
    for (const text of strings) list.push(text);
    list.seal();
    return list;
  }

  /**
   * Strings from each one's length and the text they make run together (a snapshot's two
   * sections, the text decoded once): the lengths become the ends in place.
   */
  static fromLengths(lengths: Uint32Array, text: string): PackedStrings {
    let end = 0;
    for (let i = 0; i < lengths.length; i++) lengths[i] = end += lengths[i]!;
    return new PackedStrings(text, lengths);
  }

  /**
   * The strings at `indexes` of `source`, in that order, stored: read a few thousand at a time
   * and run together, so a copy of a large list never holds a string per value.
   */
  static gather(source: ReadonlyStringList, indexes: ArrayLike<number>): PackedStrings {
    const ends = new Uint32Array(indexes.length);
    const chunks: string[] = [];
    let pieces: string[] = [];
    let end = 0;
    for (let i = 0; i < indexes.length; i++) {
      const text = source.at(indexes[i]!)!;
      ends[i] = end += text.length;
      pieces.push(text);
      if (pieces.length === 4096) {
        chunks.push(flat(pieces.join('')));
        pieces = [];
      }
    }
    if (end > LONGEST_TEXT) {
      const list = new PackedStrings();
      for (let i = 0; i < indexes.length; i++) list.push(source.at(indexes[i]!)!);
      return list;
    }
    chunks.push(pieces.join(''));
    return new PackedStrings(flat(chunks.join('')), ends);
  }

  get length(): number {
    return this.storedCount + this.tail.length;
  }

  at(index: number): string | undefined {
    if (index < 0) index += this.length;
    if (index >= this.storedCount || index < 0) return this.tail[index - this.storedCount];
    return this.text.slice(index === 0 ? 0 : this.ends[index - 1]!, this.ends[index]!);
  }

  push(value: string): number {
    this.tail.push(value);
    return this.length;
  }

  /** Runs the tail into the stored part (one new string of them all), unless that would grow too long. */
  seal(): void {
    const { tail } = this;
    if (tail.length === 0) return;
    let size = this.text.length;
    for (const text of tail) size += text.length;
    if (size > LONGEST_TEXT) return;
    const ends = new Uint32Array(this.storedCount + tail.length);
    ends.set(this.ends.subarray(0, this.storedCount));
    let end = this.text.length;
    for (let i = 0; i < tail.length; i++) ends[this.storedCount + i] = end += tail[i]!.length;
    // Flattened at once, so the first read does not pay for it.
    this.text = flat(this.text + tail.join(''));
    this.ends = ends;
    this.storedCount = ends.length;
    this.tail = [];
  }

  /** Whether the string at `index` holds the probe. */
  includesAt(index: number, probe: string): boolean {
    if (index >= this.storedCount || index < 0) return this.tail[index - this.storedCount]?.includes(probe) ?? false;
    const start = index === 0 ? 0 : this.ends[index - 1]!;
    const end = this.ends[index]!;
    if (end - start < probe.length) return false;
    return this.text.slice(start, end).includes(probe);
  }

  /**
   * Calls `visit` with each index from `from` up to `to` whose string holds `probe`, in
   * ascending order. The stored text is searched as a whole (String.prototype.indexOf) and a
   * match is taken only when it ends within the string it starts in, so a probe never matches
   * across two strings; after a match the search goes on from the next string. Where matches
   * come close together, the strings after one are checked one by one until a run of them does
   * not hold the probe.
   */
  holding(probe: string, from: number, to: number, visit: (index: number) => void): void {
    from = Math.max(from, 0);
    to = Math.min(to, this.length);
    if (from >= to) return;
    const stop = Math.min(to, this.storedCount);
    if (from < stop) {
      if (probe.length === 0) for (let index = from; index < stop; index++) visit(index);
      else scanText(this.text, this.ends, from, stop, probe, visit);
    }
    for (let index = Math.max(from, this.storedCount); index < to; index++)
      if (this.tail[index - this.storedCount]!.includes(probe)) visit(index);
  }

  /** The order of the strings at `a` and `b` as `<` orders JS strings (-1, 0 or 1), read in place. */
  compareAt(a: number, b: number): number {
    if (a >= this.storedCount || b >= this.storedCount) {
      const textA = this.at(a)!;
      const textB = this.at(b)!;
      return textA < textB ? -1 : textA > textB ? 1 : 0;
    }
    const { text, ends } = this;
    const startA = a === 0 ? 0 : ends[a - 1]!;
    const startB = b === 0 ? 0 : ends[b - 1]!;
    const lengthA = ends[a]! - startA;
    const lengthB = ends[b]! - startB;
    const common = Math.min(lengthA, lengthB);
    for (let i = 0; i < common; i++) {
      const unitA = text.charCodeAt(startA + i);
      const unitB = text.charCodeAt(startB + i);
      if (unitA !== unitB) return unitA < unitB ? -1 : 1;
    }
    return lengthA === lengthB ? 0 : lengthA < lengthB ? -1 : 1;
  }

  /** The UTF-16 unit at `offset` of the string at `index`, or -1 past its end, read in place. */
  unitAt(index: number, offset: number): number {
    if (index >= this.storedCount) {
      const text = this.tail[index - this.storedCount]!;
      return offset < text.length ? text.charCodeAt(offset) : -1;
    }
    const at = (index === 0 ? 0 : this.ends[index - 1]!) + offset;
    return at < this.ends[index]! ? this.text.charCodeAt(at) : -1;
  }

  /** Where the first unit below `below` is in the string at `index` (its length when none is), read in place. */
  firstBelowAt(index: number, below: number): number {
    if (index >= this.storedCount) return firstBelow(this.tail[index - this.storedCount]!, 0, Infinity, below);
    const start = index === 0 ? 0 : this.ends[index - 1]!;
    return firstBelow(this.text, start, this.ends[index]!, below) - start;
  }

  /** Whether the string at `index` starts with `prefix`, read in place. */
  startsWithAt(index: number, prefix: string): boolean {
    if (index >= this.storedCount) return this.tail[index - this.storedCount]!.startsWith(prefix);
    const start = index === 0 ? 0 : this.ends[index - 1]!;
    return this.ends[index]! - start >= prefix.length && this.text.startsWith(prefix, start);
  }

  /** The hash of the string at `index` (hashOf's), read in place. */
  hashAt(index: number): number {
    if (index >= this.storedCount) return hashOf(this.at(index)!);
    const { text, ends } = this;
    let hash = FNV_BASIS;
    for (let i = index === 0 ? 0 : ends[index - 1]!; i < ends[index]!; i++)
      hash = Math.imul(hash ^ text.charCodeAt(i), FNV_PRIME);
    return hash >>> 0;
  }

  /** The list as a snapshot stores it, without cutting it into strings: each string's length and the text run together. */
  parts(): { lengths: Uint32Array; text: string } {
    const lengths = new Uint32Array(this.length);
    let previous = 0;
    for (let i = 0; i < this.storedCount; i++) {
      lengths[i] = this.ends[i]! - previous;
      previous = this.ends[i]!;
    }
    for (let i = 0; i < this.tail.length; i++) lengths[this.storedCount + i] = this.tail[i]!.length;
    return { lengths, text: this.tail.length ? this.text + this.tail.join('') : this.text };
  }
}

/** Where the first unit below `below` is in `text` from `start` to `end` (`end` or the text's end when none is). */
const firstBelow = (text: string, start: number, end: number, below: number): number => {
  const stop = Math.min(end, text.length);
  for (let i = start; i < stop; i++) if (text.charCodeAt(i) < below) return i;
  return stop;
};

/** `text` as one flat string (a string made by joining is flattened when first read; this reads it now). */
const flat = (text: string): string => {
  if (text.length > 0) text.charCodeAt(0);
  return text;
};

/** Whether `text` holds `probe` between `start` and `end`. */
const holdsBetween = (text: string, start: number, end: number, probe: string): boolean =>
  end - start >= probe.length && text.slice(start, end).includes(probe);

/** The `holding` search over the stored text, from string `from` up to `to`. */
const scanText = (
  text: string,
  ends: Uint32Array,
  from: number,
  to: number,
  probe: string,
  visit: (index: number) => void,
): void => {
  const size = probe.length;
  const limit = ends[to - 1]!;
  let index = from;
  let at = from === 0 ? 0 : ends[from - 1]!;
  while (index < to) {
    const found = text.indexOf(probe, at);
    if (found === -1 || found + size > limit) return;
    // The string the match starts in.
    while (ends[index]! <= found) index++;
    if (found + size <= ends[index]!) visit(index);
    at = ends[index]!;
    index++;
    // Those that follow, one by one, until eight in a row do not hold it.
    for (let misses = 0; misses < 8 && index < to; index++) {
      const end = ends[index]!;
      if (holdsBetween(text, at, end, probe)) {
        visit(index);
        misses = 0;
      } else misses++;
      at = end;
    }
  }
};

/** Each index from `from` up to `to` whose string holds `probe`, in ascending order. */
export const forEachHolding = (
  list: ReadonlyStringList,
  probe: string,
  from: number,
  to: number,
  visit: (index: number) => void,
): void => {
  if (list instanceof PackedStrings) {
    list.holding(probe, from, to, visit);
    return;
  }
  for (let index = Math.max(from, 0); index < to && index < list.length; index++)
    if (list.at(index)!.includes(probe)) visit(index);
};

/** Whether the string at `index` holds `probe`. */
export const holdsAt = (list: ReadonlyStringList, index: number, probe: string): boolean =>
  list instanceof PackedStrings ? list.includesAt(index, probe) : list.at(index)!.includes(probe);

/** The UTF-16 unit at `offset` of the string at `index`, or -1 past its end. */
export const unitAt = (list: ReadonlyStringList, index: number, offset: number): number => {
  if (list instanceof PackedStrings) return list.unitAt(index, offset);
  const text = list.at(index)!;
  return offset < text.length ? text.charCodeAt(offset) : -1;
};

/** Where the first unit below `below` is in the string at `index` (its length when none is). */
export const firstBelowAt = (list: ReadonlyStringList, index: number, below: number): number =>
  list instanceof PackedStrings ? list.firstBelowAt(index, below) : firstBelow(list.at(index)!, 0, Infinity, below);

/** Whether the string at `index` starts with `prefix`. */
export const startsWithAt = (list: ReadonlyStringList, index: number, prefix: string): boolean =>
  list instanceof PackedStrings ? list.startsWithAt(index, prefix) : list.at(index)!.startsWith(prefix);

/** The order of the strings at `a` and `b`, as `<` orders JS strings. */
export const compareAt = (list: ReadonlyStringList, a: number, b: number): number => {
  if (list instanceof PackedStrings) return list.compareAt(a, b);
  const textA = list.at(a)!;
  const textB = list.at(b)!;
  return textA < textB ? -1 : textA > textB ? 1 : 0;
};

const FNV_BASIS = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** A string's hash (FNV-1a over its UTF-16 units; a packed list hashes its bytes alike). */
export const hashOf = (text: string): number => {
  let hash = FNV_BASIS;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), FNV_PRIME);
  return hash >>> 0;
};

/** The hash of the string at `index` (hashOf's). */
export const hashAt = (list: ReadonlyStringList, index: number): number =>
  list instanceof PackedStrings ? list.hashAt(index) : hashOf(list.at(index)!);

/** Every string of a list, as an array (for a pass that reads each many times). */
export const toArray = (list: ReadonlyStringList): string[] =>
  Array.isArray(list) ? (list as string[]) : Array.from({ length: list.length }, (_, i) => list.at(i)!);
