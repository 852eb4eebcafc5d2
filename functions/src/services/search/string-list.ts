/*
 * Lists of strings as the index keeps its dictionaries and their folded forms. A plain array is
 * one V8 string per entry (some 20 to 30 bytes of header and pointer besides the text); a
 * million part numbers with their forms and folds take hundreds of megabytes that way, and a
 * snapshot load would cut millions of strings out of decoded text. `PackedStrings` keeps the
 * text as bytes in one buffer instead, with each string's end in a Uint32Array, and makes a
 * JS string only when one is read.
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

const EMPTY = Buffer.alloc(0);
const NO_ENDS = new Uint32Array(0);

/**
 * Strings stored as Latin-1 bytes run together, each string's end kept in a Uint32Array (the
 * string at `i` runs from the end of `i - 1` to its own). Two parts: the stored part, taken over
 * as it is (a snapshot's decompressed sections, never copied or written), and a tail that
 * strings pushed later go to, whose buffers double as it fills. A string with a character past
 * Latin-1 is kept as a JS string in a map beside them (its bytes are empty): catalogue text
 * rarely has one, so the map stays small; a list with many would be better as a plain array.
 * Reading (`at`) decodes the bytes each time; `holding` and `includesAt` look for a probe in the
 * bytes without making strings, and `compareAt` compares two entries in place.
 */
export class PackedStrings implements StringList {
  private readonly stored: Buffer;
  private readonly storedEnds: Uint32Array;
  private readonly storedCount: number;
  private tail: Buffer = EMPTY;
  private tailEnds: Uint32Array = NO_ENDS;
  private tailCount = 0;
  private tailUsed = 0;
  /** The strings that do not fit in Latin-1, by index. */
  private wide: Map<number, string> | undefined;

  /** `ends[i]` is where string `i` ends in `bytes` (Latin-1); both are kept as they are. */
  constructor(bytes: Buffer = EMPTY, ends: Uint32Array = NO_ENDS) {
    this.stored = bytes;
    this.storedEnds = ends;
    this.storedCount = ends.length;
    if (ends.length > 0 && ends[ends.length - 1]! > bytes.length) throw new Error('String ends past the bytes');
  }

  /** A packed copy of `strings`. */
  static from(strings: Iterable<string>): PackedStrings {
    const list = new PackedStrings();
    for (const text of strings) list.push(text);
    return list;
  }

  /**
   * Strings from each one's length and the Latin-1 text they make run together (a snapshot's
   * two sections): the lengths become the ends in place, so neither is copied.
   */
  static fromLengths(lengths: Uint32Array, bytes: Buffer): PackedStrings {
    let end = 0;
    for (let i = 0; i < lengths.length; i++) lengths[i] = end += lengths[i]!;
    if (end !== bytes.length) throw new Error('String lengths do not add up to the text');
    return new PackedStrings(bytes, lengths);
  }

  get length(): number {
    return this.storedCount + this.tailCount;
  }

  at(index: number): string | undefined {
    if (index < 0) index += this.length;
    if (!(index >= 0 && index < this.storedCount + this.tailCount)) return undefined;
    if (this.wide !== undefined) {
      const text = this.wide.get(index);
      if (text !== undefined) return text;
    }
    if (index < this.storedCount) {
      const ends = this.storedEnds;
      const start = index === 0 ? 0 : ends[index - 1]!;
      const end = ends[index]!;
      return start === end ? '' : this.stored.toString('latin1', start, end);
    }
    const at = index - this.storedCount;
    const ends = this.tailEnds;
    const start = at === 0 ? 0 : ends[at - 1]!;
    const end = ends[at]!;
    return start === end ? '' : this.tail.toString('latin1', start, end);
  }

  push(value: string): number {
    const index = this.length;
    const oneByte = fitsLatin1(value);
    const size = oneByte ? value.length : 0;
    this.makeRoom(size);
    if (oneByte) this.tail.write(value, this.tailUsed, 'latin1');
    else (this.wide ??= new Map()).set(index, value);
    this.tailUsed += size;
    this.tailEnds[this.tailCount++] = this.tailUsed;
    return this.length;
  }

  /** Appends the string at `index` of `source` (copying its bytes when both are packed). */
  pushFrom(source: ReadonlyStringList, index: number): number {
    if (!(source instanceof PackedStrings) || source.wide?.has(index) || index < 0 || index >= source.length)
      return this.push(source.at(index)!);
    let buffer: Buffer, start: number, end: number;
    if (index < source.storedCount) {
      buffer = source.stored;
      start = index === 0 ? 0 : source.storedEnds[index - 1]!;
      end = source.storedEnds[index]!;
    } else {
      const at = index - source.storedCount;
      buffer = source.tail;
      start = at === 0 ? 0 : source.tailEnds[at - 1]!;
      end = source.tailEnds[at]!;
    }
    this.makeRoom(end - start);
    buffer.copy(this.tail, this.tailUsed, start, end);
    this.tailUsed += end - start;
    this.tailEnds[this.tailCount++] = this.tailUsed;
    return this.length;
  }

  /** Room in the tail for one more string of `size` bytes. */
  private makeRoom(size: number): void {
    if (this.tailUsed + size > this.tail.length) {
      const next = Buffer.alloc(Math.max(256, 2 * this.tail.length, this.tailUsed + size));
      this.tail.copy(next, 0, 0, this.tailUsed);
      this.tail = next;
    }
    if (this.tailCount === this.tailEnds.length) {
      const next = new Uint32Array(Math.max(16, 2 * this.tailEnds.length));
      next.set(this.tailEnds);
      this.tailEnds = next;
    }
  }

  /** Whether the string at `index` holds the probe, read in the bytes. */
  includesAt(index: number, { text, bytes }: Probe): boolean {
    if (this.wide?.has(index)) return this.wide.get(index)!.includes(text);
    if (text.length === 0) return index >= 0 && index < this.length;
    if (bytes === undefined) return false;
    let buffer: Buffer;
    let start: number;
    let end: number;
    if (index < this.storedCount) {
      buffer = this.stored;
      start = index === 0 ? 0 : this.storedEnds[index - 1]!;
      end = this.storedEnds[index]!;
    } else {
      const at = index - this.storedCount;
      buffer = this.tail;
      start = at === 0 ? 0 : this.tailEnds[at - 1]!;
      end = this.tailEnds[at]!;
    }
    return holdsBytes(buffer, start, end, bytes);
  }

  /**
   * Calls `visit` with each index from `from` up to `to` whose string holds `probe`, in
   * ascending order. The bytes are searched as a whole (Buffer.indexOf) and a match is taken
   * only when it ends within the string it starts in, so a probe never matches across two
   * strings; after a match the search goes on from the next string.
   */
  holding(probe: string, from: number, to: number, visit: (index: number) => void): void {
    from = Math.max(from, 0);
    to = Math.min(to, this.length);
    if (from >= to) return;
    const found = probeOf(probe);
    if (probe.length === 0 || this.wide !== undefined) {
      // The strings that do not fit Latin-1 are few: such a list is read one string at a time.
      for (let index = from; index < to; index++) if (this.includesAt(index, found)) visit(index);
      return;
    }
    const bytes = found.bytes;
    if (bytes === undefined) return;
    if (from < this.storedCount)
      scanPart(this.stored, this.storedEnds, from, Math.min(to, this.storedCount), bytes, 0, visit);
    if (to > this.storedCount)
      scanPart(
        this.tail,
        this.tailEnds,
        Math.max(from - this.storedCount, 0),
        to - this.storedCount,
        bytes,
        this.storedCount,
        visit,
      );
  }

  /** The order of the strings at `a` and `b` as `<` orders JS strings (-1, 0 or 1), read in the bytes. */
  compareAt(a: number, b: number): number {
    if (this.wide !== undefined && (this.wide.has(a) || this.wide.has(b))) {
      const textA = this.at(a)!;
      const textB = this.at(b)!;
      return textA < textB ? -1 : textA > textB ? 1 : 0;
    }
    let bufferA: Buffer, startA: number, endA: number;
    if (a < this.storedCount) {
      bufferA = this.stored;
      startA = a === 0 ? 0 : this.storedEnds[a - 1]!;
      endA = this.storedEnds[a]!;
    } else {
      const at = a - this.storedCount;
      bufferA = this.tail;
      startA = at === 0 ? 0 : this.tailEnds[at - 1]!;
      endA = this.tailEnds[at]!;
    }
    let bufferB: Buffer, startB: number, endB: number;
    if (b < this.storedCount) {
      bufferB = this.stored;
      startB = b === 0 ? 0 : this.storedEnds[b - 1]!;
      endB = this.storedEnds[b]!;
    } else {
      const at = b - this.storedCount;
      bufferB = this.tail;
      startB = at === 0 ? 0 : this.tailEnds[at - 1]!;
      endB = this.tailEnds[at]!;
    }
    const lengthA = endA - startA;
    const lengthB = endB - startB;
    const common = Math.min(lengthA, lengthB);
    for (let i = 0; i < common; i++) {
      const byteA = bufferA[startA + i]!;
      const byteB = bufferB[startB + i]!;
      if (byteA !== byteB) return byteA < byteB ? -1 : 1;
    }
    return lengthA === lengthB ? 0 : lengthA < lengthB ? -1 : 1;
  }

  /** The hash of the string at `index` (hashOf's), read in the bytes. */
  hashAt(index: number): number {
    if (this.wide?.has(index)) return hashOf(this.wide.get(index)!);
    let buffer: Buffer, start: number, end: number;
    if (index < this.storedCount) {
      buffer = this.stored;
      start = index === 0 ? 0 : this.storedEnds[index - 1]!;
      end = this.storedEnds[index]!;
    } else {
      const at = index - this.storedCount;
      buffer = this.tail;
      start = at === 0 ? 0 : this.tailEnds[at - 1]!;
      end = this.tailEnds[at]!;
    }
    let hash = FNV_BASIS;
    for (let i = start; i < end; i++) hash = Math.imul(hash ^ buffer[i]!, FNV_PRIME);
    return hash >>> 0;
  }

  /**
   * The list as a snapshot stores it, without making strings: each string's length and the
   * Latin-1 text run together. Undefined when a string does not fit in Latin-1.
   */
  latin1Parts(): { lengths: Uint32Array; text: Buffer } | undefined {
    if (this.wide !== undefined) return undefined;
    const lengths = new Uint32Array(this.length);
    let previous = 0;
    for (let i = 0; i < this.storedCount; i++) {
      lengths[i] = this.storedEnds[i]! - previous;
      previous = this.storedEnds[i]!;
    }
    previous = 0;
    for (let i = 0; i < this.tailCount; i++) {
      lengths[this.storedCount + i] = this.tailEnds[i]! - previous;
      previous = this.tailEnds[i]!;
    }
    const storedBytes = this.storedCount === 0 ? 0 : this.storedEnds[this.storedCount - 1]!;
    const text = Buffer.concat([this.stored.subarray(0, storedBytes), this.tail.subarray(0, this.tailUsed)]);
    return { lengths, text };
  }
}

/** A text looked for in strings, with its Latin-1 bytes (none when a character does not fit: no packed string holds it). */
export interface Probe {
  text: string;
  bytes: Buffer | undefined;
}

/** A probe for `text` (made once, checked against many strings). */
export const probeOf = (text: string): Probe => ({
  text,
  bytes: fitsLatin1(text) ? Buffer.from(text, 'latin1') : undefined,
});

/** Whether `buffer` holds `probe` between `start` and `end` (a short probe in a short string: a plain loop). */
const holdsBytes = (buffer: Buffer, start: number, end: number, probe: Buffer): boolean => {
  const size = probe.length;
  const last = end - size;
  const first = probe[0]!;
  outer: for (let at = start; at <= last; at++) {
    if (buffer[at] !== first) continue;
    for (let i = 1; i < size; i++) if (buffer[at + i] !== probe[i]) continue outer;
    return true;
  }
  return false;
};

/**
 * The `holding` search over one part (stored or tail), its indexes offset by `base`. Buffer.indexOf
 * finds the next match fast where matches are far apart; after one, the strings that follow are
 * checked one by one in a plain loop while they keep matching (a native call per match would
 * cost more than the check where nearly every string holds the probe), and the search goes back
 * to Buffer.indexOf after a run of strings that do not.
 */
const scanPart = (
  buffer: Buffer,
  ends: Uint32Array,
  from: number,
  to: number,
  probe: Buffer,
  base: number,
  visit: (index: number) => void,
): void => {
  const size = probe.length;
  const limit = ends[to - 1]!;
  let index = from;
  let at = from === 0 ? 0 : ends[from - 1]!;
  while (index < to) {
    const found = buffer.indexOf(probe, at);
    if (found === -1 || found + size > limit) return;
    // The string the match starts in.
    while (ends[index]! <= found) index++;
    if (found + size <= ends[index]!) visit(base + index);
    at = ends[index]!;
    index++;
    // Those that follow, one by one, until eight in a row do not hold it.
    for (let misses = 0; misses < 8 && index < to; index++) {
      const end = ends[index]!;
      if (holdsBytes(buffer, at, end, probe)) {
        visit(base + index);
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

/** Whether the string at `index` holds `probe` (see probeOf). */
export const holdsAt = (list: ReadonlyStringList, index: number, probe: Probe): boolean =>
  list instanceof PackedStrings ? list.includesAt(index, probe) : list.at(index)!.includes(probe.text);

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
