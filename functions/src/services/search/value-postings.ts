import { FORM_SEPARATOR, INDEXED_END, type TextColumn } from './text-column';

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
  columns: readonly TextColumn[],
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
      const text = forms[code]!;
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
  /** Global value ids, ascending. */
  ids: Uint32Array;
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
  static build(columns: readonly TextColumn[]): ValuePostings {
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

  /** How many ids the index holds (its size in entries). */
  get entries(): number {
    return this.postings.length;
  }

  /**
   * Values (indexed ones) that may hold `term` in one of their forms, or undefined when the
   * index cannot narrow it (a short term that is not ASCII): the caller then checks them all.
   */
  candidates(term: string): ValueCandidates | undefined {
    const length = term.length;
    if (length === 0) return undefined;
    const a = term.charCodeAt(0);
    if (length <= 2) {
      const b = length === 2 ? term.charCodeAt(1) : 0;
      if ((a | b) >= 128) return undefined;
      // Every trigram that starts with the character, or the pair: one run of buckets.
      const first = length === 1 ? a << 14 : (a << 14) | (b << 7);
      const last = length === 1 ? (a + 1) << 14 : first + 128;
      return { ids: this.union(this.offsets[first]!, this.offsets[last]!), exact: true };
    }
    const lists: Uint32Array[] = [];
    for (let i = 2; i < length; i++) {
      const key = trigramKey(term.charCodeAt(i - 2), term.charCodeAt(i - 1), term.charCodeAt(i));
      lists.push(this.postings.subarray(this.offsets[key]!, this.offsets[key + 1]!));
    }
    lists.sort((x, y) => x.length - y.length);
    let ids = lists[0]!;
    // The rarest lists narrow it most; past a few, what is left is cheaper to check directly.
    for (let i = 1; i < lists.length && i < 4 && ids.length > 32; i++) ids = intersect(ids, lists[i]!);
    return { ids, exact: length === 3 && isAscii(term) };
  }

  /** The distinct ids of postings[from, to), ascending. */
  private union(from: number, to: number): Uint32Array {
    const run = this.postings.subarray(from, to);
    if (run.length * 16 < this.totalIds) {
      const sorted = run.slice().sort();
      let count = 0;
      for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[count++] = sorted[i]!;
      return sorted.subarray(0, count);
    }
    const seen = new Uint8Array(this.totalIds);
    let count = 0;
    for (let i = 0; i < run.length; i++) {
      const id = run[i]!;
      if (seen[id] === 0) {
        seen[id] = 1;
        count++;
      }
    }
    const ids = new Uint32Array(count);
    for (let id = 0, next = 0; next < count; id++) if (seen[id] === 1) ids[next++] = id;
    return ids;
  }
}
