import type { ReadonlyStringList } from './string-list';
import { FORM_SEPARATOR, INDEXED_END } from './text-column';

/** What the index is built from: each searched column's forms per code and its size. */
type IndexedColumn = { readonly forms?: ReadonlyStringList | undefined; readonly size: number };

/** The index as four typed arrays: what a snapshot stores, so a load takes it over as it is. */
export interface PostingArrays {
  bases: Uint32Array;
  indexedUpTo: Uint32Array;
  offsets: Uint32Array;
  postings: Uint32Array;
}

/*
 * A trigram index over the distinct values of the searched columns (not over components: a
 * description that 5,000 parts share is indexed once), of their squeezed forms (text-column.ts):
 * a caller looks a word up squeezed the same way and checks the candidates. Each value has a
 * global id: its column's base plus its code. Every form ends with two END marks, so every
 * character starts a trigram:
 * - a trigram whose first two characters are ASCII has its own bucket (7 bits a character, any
 *   non-ASCII third character counted as WIDE), and buckets that share a first character, or a
 *   first pair, are adjacent: a one- or two-character term is one run of buckets and a
 *   three-character term one bucket, all exact;
 * - longer terms intersect their rarest trigram lists and the caller checks what is left;
 * - other trigrams are hashed into 2^18 further buckets (a shared bucket only adds candidates).
 * Values added after the build (codes at or above `indexedUpTo`) are the caller's to check.
 */

const END = 1;
const WIDE = 2;
const ASCII_TRIGRAMS = 1 << 21;
const HASHED_BITS = 18;
const BUCKETS = ASCII_TRIGRAMS + (1 << HASHED_BITS);

const trigramKey = (a: number, b: number, c: number): number =>
  (a | b) < 128
    ? (a << 14) | (b << 7) | (c < 128 ? c : WIDE)
    : ASCII_TRIGRAMS +
      ((Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca77) ^ Math.imul(c, 0xc2b2ae3d)) >>> (32 - HASHED_BITS));

const isAscii = (text: string): boolean => {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 127) return false;
  return true;
};

/** The first place in sorted[start, end) whose value is at least `value`. */
const lowerBound = (sorted: ArrayLike<number>, start: number, end: number, value: number): number => {
  let low = start;
  let high = end;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
};

/** Ids in both sorted lists (galloping through the longer one when the sizes differ a lot). */
const intersect = (small: Uint32Array, large: Uint32Array): Uint32Array => {
  const out = new Uint32Array(Math.min(small.length, large.length));
  let count = 0;
  if (large.length > small.length * 16) {
    let low = 0;
    for (let i = 0; i < small.length && low < large.length; i++) {
      const wanted = small[i]!;
      let high = large.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (large[middle]! < wanted) low = middle + 1;
        else high = middle;
      }
      if (large[low] === wanted) out[count++] = wanted;
    }
  } else {
    for (let i = 0, j = 0; i < small.length && j < large.length;) {
      const a = small[i]!;
      const b = large[j]!;
      if (a === b) {
        out[count++] = a;
        i++;
        j++;
      } else if (a < b) i++;
      else j++;
    }
  }
  return out.subarray(0, count);
};

/**
 * Every distinct trigram of every value's indexed forms (up to INDEXED_END, split at
 * FORM_SEPARATOR), once per value:
 * without `postings`, counts them into `counts[key + 1]`; with it, writes each value's id at
 * `counts[key]` (the bucket's next place) and moves that on.
 */
const visitTrigrams = (
  columns: readonly IndexedColumn[],
  bases: Uint32Array,
  lastId: Int32Array,
  counts: Uint32Array,
  postings: Uint32Array | undefined,
): void => {
  for (let index = 0; index < columns.length; index++) {
    const forms = columns[index]!.forms!;
    const base = bases[index]!;
    const size = columns[index]!.size;
    for (let code = 1; code < size; code++) {
      const id = base + code;
      const text = forms.at(code)!;
      const indexedEnd = text.indexOf(INDEXED_END);
      const length = indexedEnd === -1 ? text.length : indexedEnd;
      // Each form runs from `start` to the next separator (or the end).
      for (let start = 0; start < length;) {
        let end = text.indexOf(FORM_SEPARATOR, start);
        if (end === -1 || end > length) end = length;
        for (let i = start; i < end; i++) {
          const key = trigramKey(
            text.charCodeAt(i),
            i + 1 < end ? text.charCodeAt(i + 1) : END,
            i + 2 < end ? text.charCodeAt(i + 2) : END,
          );
          if (lastId[key] === id) continue;
          lastId[key] = id;
          if (postings) postings[counts[key]!++] = id;
          else counts[key + 1]!++;
        }
        start = end + 1;
      }
    }
  }
};

export interface ValueCandidates {
  /** Value ids, ascending: the column's codes plus `base`. */
  ids: Uint32Array;
  base: number;
  /** Every id listed holds the term (no check needed). */
  exact: boolean;
}

export class ValuePostings {
  /** Global id of each column's code 0. */
  readonly bases: Uint32Array;
  /** Codes below this were indexed, per column. */
  readonly indexedUpTo: Uint32Array;
  readonly totalIds: number;
  private readonly offsets: Uint32Array;
  private readonly postings: Uint32Array;

  private constructor(bases: Uint32Array, indexedUpTo: Uint32Array, offsets: Uint32Array, postings: Uint32Array) {
    this.bases = bases;
    this.indexedUpTo = indexedUpTo;
    this.totalIds = bases.length ? bases[bases.length - 1]! + indexedUpTo[indexedUpTo.length - 1]! : 0;
    this.offsets = offsets;
    this.postings = postings;
  }

  /** Two counting passes over every form of every value: bucket sizes, then the ids in order. */
  static build(columns: readonly IndexedColumn[]): ValuePostings {
    const bases = new Uint32Array(columns.length);
    const indexedUpTo = new Uint32Array(columns.length);
    let total = 0;
    columns.forEach((column, index) => {
      bases[index] = total;
      indexedUpTo[index] = column.size;
      total += column.size;
    });
    const offsets = new Uint32Array(BUCKETS + 1);
    const lastId = new Int32Array(BUCKETS).fill(-1);
    visitTrigrams(columns, bases, lastId, offsets, undefined);
    for (let key = 0; key < BUCKETS; key++) offsets[key + 1]! += offsets[key]!;
    const postings = new Uint32Array(offsets[BUCKETS]!);
    const cursor = offsets.slice(0, BUCKETS);
    lastId.fill(-1);
    visitTrigrams(columns, bases, lastId, cursor, postings);
    return new ValuePostings(bases, indexedUpTo, offsets, postings);
  }

  /** An index as a snapshot stored it; undefined when its arrays do not have the sizes an index has. */
  static fromArrays({ bases, indexedUpTo, offsets, postings }: PostingArrays): ValuePostings | undefined {
    if (bases.length !== indexedUpTo.length || offsets.length !== BUCKETS + 1) return undefined;
    if (offsets[BUCKETS] !== postings.length) return undefined;
    return new ValuePostings(bases, indexedUpTo, offsets, postings);
  }

  /** The arrays to store (views, not copies). */
  toArrays(): PostingArrays {
    return { bases: this.bases, indexedUpTo: this.indexedUpTo, offsets: this.offsets, postings: this.postings };
  }

  /** How many ids the index holds (its size in entries). */
  get entries(): number {
    return this.postings.length;
  }

  /**
   * Values of one column (its index in the build) that may hold `term` in one of their forms, as
   * codes, or undefined when the index cannot narrow it (a short term that is not ASCII): the
   * caller then checks them all. Only the column's own run of each list is read, so a short term
   * costs what that column holds of it, not what every column does.
   */
  candidates(term: string, column: number): ValueCandidates | undefined {
    const length = term.length;
    if (length === 0) return undefined;
    const from = this.bases[column]!;
    const to = from + this.indexedUpTo[column]!;
    const a = term.charCodeAt(0);
    if (length <= 2) {
      const b = length === 2 ? term.charCodeAt(1) : 0;
      if ((a | b) >= 128) return undefined;
      // Every trigram that starts with the character, or the pair: one run of buckets.
      const first = length === 1 ? a << 14 : (a << 14) | (b << 7);
      const last = length === 1 ? (a + 1) << 14 : first + 128;
      return { ids: this.union(first, last, from, to), base: 0, exact: true };
    }
    const lists: Uint32Array[] = [];
    for (let i = 2; i < length; i++) {
      const key = trigramKey(term.charCodeAt(i - 2), term.charCodeAt(i - 1), term.charCodeAt(i));
      lists.push(this.within(key, from, to));
    }
    lists.sort((x, y) => x.length - y.length);
    let ids = lists[0]!;
    // The rarest lists narrow it most; past a few, what is left is cheaper to check directly.
    for (let i = 1; i < lists.length && i < 4 && ids.length > 32; i++) ids = intersect(ids, lists[i]!);
    return { ids, base: from, exact: length === 3 && isAscii(term) };
  }

  /**
   * Codes of one column whose indexed forms may be within `edits` of `term` (read as a whole
   * form, to its end), ascending: those holding all but 3 per edit of the term's distinct
   * trigrams (an edit touches only the three trigrams over it). Undefined when the term has too
   * few trigrams for that to narrow anything.
   */
  near(term: string, column: number, edits: number): Uint32Array | undefined {
    const from = this.bases[column]!;
    const to = from + this.indexedUpTo[column]!;
    const length = term.length;
    const keys = new Set<number>();
    for (let i = 0; i < length; i++)
      keys.add(
        trigramKey(
          term.charCodeAt(i),
          i + 1 < length ? term.charCodeAt(i + 1) : END,
          i + 2 < length ? term.charCodeAt(i + 2) : END,
        ),
      );
    const least = keys.size - 3 * edits;
    if (least < 1) return undefined;
    const counts = new Uint16Array(to - from);
    const found: number[] = [];
    for (const key of keys) {
      const run = this.within(key, from, to);
      for (let i = 0; i < run.length; i++) {
        const code = run[i]! - from;
        if (++counts[code]! === least) found.push(code);
      }
    }
    return Uint32Array.from(found).sort();
  }

  /** The ids of one bucket in [from, to): each bucket is sorted, so one run of it. */
  private within(key: number, from: number, to: number): Uint32Array {
    const start = this.offsets[key]!;
    const end = this.offsets[key + 1]!;
    if (start === end) return this.postings.subarray(start, end);
    const low = lowerBound(this.postings, start, end, from);
    return this.postings.subarray(low, lowerBound(this.postings, low, end, to));
  }

  /** The distinct ids in [from, to) of buckets [first, last), as codes (ids less `from`), ascending. */
  private union(first: number, last: number, from: number, to: number): Uint32Array {
    const runs: Uint32Array[] = [];
    let total = 0;
    for (let key = first; key < last; key++) {
      const run = this.within(key, from, to);
      if (run.length === 0) continue;
      runs.push(run);
      total += run.length;
    }
    const size = to - from;
    if (total * 16 < size) {
      const sorted = new Uint32Array(total);
      let at = 0;
      for (const run of runs) {
        for (let i = 0; i < run.length; i++) sorted[at + i] = run[i]! - from;
        at += run.length;
      }
      sorted.sort();
      let count = 0;
      for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[count++] = sorted[i]!;
      return sorted.subarray(0, count);
    }
    const seen = new Uint8Array(size);
    let count = 0;
    for (const run of runs)
      for (let i = 0; i < run.length; i++) {
        const code = run[i]! - from;
        if (seen[code] === 0) {
          seen[code] = 1;
          count++;
        }
      }
    const codes = new Uint32Array(count);
    for (let code = 0, next = 0; next < count; code++) if (seen[code] === 1) codes[next++] = code;
    return codes;
  }
}
