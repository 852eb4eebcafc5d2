import {
  quickSearchFields,
  searchNumberFilterFields,
  searchTextFilterFields,
  type Component,
  type SearchNumberFilterField,
  type SearchTextFilterField,
} from '#shared/schemas/component';

/*
 * The in-memory search index of ARCHITECTURE §8, one per function instance.
 *
 * Layout, for 100,000 components in about 100 MB:
 * - one slot per component version; columns are typed arrays indexed by slot;
 * - text fields are dictionary-coded (values kept once, lower-cased beside them), and a search
 *   judges each distinct value once, however many components share it;
 * - a trigram index over the seven quick fields (posting lists of slots, built with two
 *   counting passes into one Uint32Array; each field value ends with a boundary mark, so a
 *   trigram never spans two fields). Trigrams that begin with two ASCII characters have exact
 *   buckets, laid out so that the 128 beginning with one pair are adjacent: a 3-character ASCII
 *   term is one posting list and a 2-character one a contiguous run of lists, both exact;
 *   longer terms intersect their rarest lists and check the few candidates left;
 * - `order` holds the live slots sorted by reference (case-insensitive, then exact) and id, so
 *   results are stable and a page is a walk along it.
 *
 * Changes append new slots (a "delta" that is always scanned) and mark the old slot dead; the
 * trigram postings are rebuilt when the delta grows past a few percent, and the whole index is
 * compacted when dead slots pile up.
 */

export type IndexedTextField = (typeof quickSearchFields)[number] | SearchTextFilterField;
export type IndexedNumberField = SearchNumberFilterField;

export const indexedTextFields: readonly IndexedTextField[] = [
  ...new Set<IndexedTextField>([...quickSearchFields, ...searchTextFilterFields]),
];
export const indexedNumberFields: readonly IndexedNumberField[] = searchNumberFilterFields;

/** What the index keeps of a component: its searchable fields and whether it has a datasheet. */
export type SearchDocument = { id: number; hasDataSheet: boolean } & Record<IndexedTextField, string | null> &
  Record<IndexedNumberField, number | null>;

/** Component attributes a search document is made from (a projection for table reads). */
export const searchDocumentSourceFields: readonly string[] = [
  'id',
  ...indexedTextFields,
  ...indexedNumberFields,
  'dataSheet',
];

export const toSearchDocument = (
  component: Pick<Component, 'id' | 'dataSheet' | IndexedTextField | IndexedNumberField>,
): SearchDocument => {
  const document = { id: component.id, hasDataSheet: Boolean(component.dataSheet) } as SearchDocument;
  for (const field of indexedTextFields) document[field] = component[field] ?? null;
  for (const field of indexedNumberFields) document[field] = component[field] ?? null;
  return document;
};

export interface IndexQuery {
  /** Quick search: a substring of any quick field. */
  query?: string;
  text?: Partial<Record<SearchTextFilterField, string>>;
  numbers?: Partial<Record<SearchNumberFilterField, number>>;
  offset: number;
  limit: number;
}

export interface IndexResult {
  /** The page's component ids, in order. */
  ids: number[];
  /** How many components match in all. */
  total: number;
}

/** Ends every field value in the trigram index: the trigram `a b BOUNDARY` says "ab" ends a value. */
const BOUNDARY = 1;
/** Stands for any non-ASCII character after an ASCII pair, so the pair's run of buckets stays complete. */
const WIDE = 2;
/**
 * Case-folded form used for every comparison. Control characters become spaces, so the codes
 * the trigram index reserves (BOUNDARY, WIDE) never occur in folded text.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced
export const fold = (text: string): string => text.toLowerCase().replace(/[\u0000-\u001f]/g, ' ');
const isAscii = (text: string): boolean => {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 127) return false;
  return true;
};

// Trigram keys: a trigram whose first two characters are ASCII has its own bucket (7 bits a
// character; any non-ASCII third character counts as WIDE), and the 128 buckets of one pair are
// adjacent. Other trigrams are hashed into a further 2^18 buckets; a shared bucket only adds
// candidates, which are checked.
const ASCII_TRIGRAMS = 1 << 21;
const HASHED_BITS = 18;
const TRIGRAM_BUCKETS = ASCII_TRIGRAMS + (1 << HASHED_BITS);
const trigramKey = (a: number, b: number, c: number): number =>
  (a | b) < 128
    ? (a << 14) | (b << 7) | (c < 128 ? c : WIDE)
    : ASCII_TRIGRAMS +
      ((Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca77) ^ Math.imul(c, 0xc2b2ae3d)) >>> (32 - HASHED_BITS));

/** Slots in both sorted lists (galloping through the longer one when the sizes differ a lot). */
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

/** A dictionary-coded text column: code 0 is "no value". */
class TextColumn {
  values: string[] = [''];
  folded: string[] = [''];
  private codeOf: Map<string, number> | undefined;
  codes: Uint32Array;

  constructor(capacity: number) {
    this.codes = new Uint32Array(capacity);
  }

  /** Takes over a dictionary as a snapshot holds it (`values[0]` is the empty "no value"). */
  adopt(values: string[], codes: Uint32Array): void {
    this.values = values;
    this.folded = values.map(fold);
    this.codeOf = undefined;
    this.codes.set(codes);
  }

  encode(value: string | null): number {
    if (!value) return 0;
    // Built on first use: an index loaded from a snapshot may never need it.
    this.codeOf ??= new Map(this.values.map((known, code) => [known, code]));
    let code = this.codeOf.get(value);
    if (code === undefined || code === 0) {
      code = this.values.length;
      this.values.push(value);
      this.folded.push(fold(value));
      this.codeOf.set(value, code);
    }
    return code;
  }

  value(slot: number): string | null {
    const code = this.codes[slot]!;
    return code === 0 ? null : this.values[code]!;
  }
}

/** The index's content as columns in result order: what a snapshot stores. */
export interface IndexColumns {
  ids: Float64Array;
  dataSheet: Uint8Array;
  /** Per field: the distinct values (`values[0]` is '', no value) and each component's code. */
  text: Record<IndexedTextField, { values: string[]; codes: Uint32Array }>;
  /** NaN where a component has no value. */
  numbers: Record<IndexedNumberField, Float64Array>;
}

const grow = <T extends Uint8Array | Uint32Array | Int32Array | Float64Array>(array: T, capacity: number): T => {
  const next = new (array.constructor as new (length: number) => T)(capacity);
  next.set(array);
  return next;
};

const hasConditions = (query: IndexQuery): boolean =>
  (query.query !== undefined && fold(query.query) !== '') ||
  Object.values(query.text ?? {}).some((term) => term !== undefined && fold(term) !== '') ||
  Object.values(query.numbers ?? {}).some((value) => value !== undefined);

export interface IndexStats {
  totalComponents: number;
  withDatasheets: number;
  manufacturers: number;
}

export class SearchIndex {
  private capacity = 0;
  private slotCount = 0;
  private liveCount = 0;
  private ids = new Float64Array(0);
  private alive = new Uint8Array(0);
  private dataSheet = new Uint8Array(0);
  private text = {} as Record<IndexedTextField, TextColumn>;
  private numbers = {} as Record<IndexedNumberField, Float64Array>;
  private slotOfId = new Map<number, number>();
  /** Live slots in result order. */
  private order = new Int32Array(0);
  /** Position of each live slot in `order`. */
  private rank = new Int32Array(0);
  /** Trigram postings cover slots below this; later slots (the delta) are always scanned. */
  private postingsUpTo = 0;
  private postingOffsets = new Uint32Array(0);
  private postings = new Uint32Array(0);

  private constructor(capacity: number) {
    this.reset(capacity);
  }

  private reset(capacity: number): void {
    this.capacity = Math.max(16, capacity);
    this.slotCount = 0;
    this.liveCount = 0;
    this.ids = new Float64Array(this.capacity);
    this.alive = new Uint8Array(this.capacity);
    this.dataSheet = new Uint8Array(this.capacity);
    this.rank = new Int32Array(this.capacity);
    this.slotOfId = new Map();
    this.order = new Int32Array(0);
    this.postingsUpTo = 0;
    this.postingOffsets = new Uint32Array(0);
    this.postings = new Uint32Array(0);
    this.text = Object.fromEntries(indexedTextFields.map((field) => [field, new TextColumn(this.capacity)])) as Record<
      IndexedTextField,
      TextColumn
    >;
    this.numbers = Object.fromEntries(
      indexedNumberFields.map((field) => [field, new Float64Array(this.capacity)]),
    ) as Record<IndexedNumberField, Float64Array>;
  }

  /** An index of these documents (already sorted documents, as a snapshot holds them, skip the sort). */
  static build(documents: Iterable<SearchDocument>, sizeHint = 0): SearchIndex {
    const index = new SearchIndex(sizeHint);
    for (const document of documents) index.append(document);
    index.rebuildOrder();
    index.rebuildPostings();
    return index;
  }

  /** An index over columns (a snapshot's), taken over without re-encoding. */
  static fromColumns(columns: IndexColumns): SearchIndex {
    const count = columns.ids.length;
    const index = new SearchIndex(count);
    index.ids.set(columns.ids);
    index.dataSheet.set(columns.dataSheet);
    index.alive.fill(1, 0, count);
    for (const field of indexedTextFields)
      index.text[field].adopt(columns.text[field].values, columns.text[field].codes);
    for (const field of indexedNumberFields) index.numbers[field].set(columns.numbers[field]);
    index.slotCount = count;
    index.liveCount = count;
    for (let slot = 0; slot < count; slot++) index.slotOfId.set(columns.ids[slot]!, slot);
    index.rebuildOrder();
    index.rebuildPostings();
    return index;
  }

  /** The live components as columns in result order, each dictionary holding only used values. */
  toColumns(): IndexColumns {
    const count = this.order.length;
    const ids = new Float64Array(count);
    const dataSheet = new Uint8Array(count);
    const text = {} as IndexColumns['text'];
    const numbers = {} as IndexColumns['numbers'];
    for (let position = 0; position < count; position++) {
      const slot = this.order[position]!;
      ids[position] = this.ids[slot]!;
      dataSheet[position] = this.dataSheet[slot]!;
    }
    for (const field of indexedTextFields) {
      const column = this.text[field];
      const renumbered = new Int32Array(column.values.length).fill(-1);
      renumbered[0] = 0;
      const values = [''];
      const codes = new Uint32Array(count);
      for (let position = 0; position < count; position++) {
        const code = column.codes[this.order[position]!]!;
        if (renumbered[code] === -1) {
          renumbered[code] = values.length;
          values.push(column.values[code]!);
        }
        codes[position] = renumbered[code]!;
      }
      text[field] = { values, codes };
    }
    for (const field of indexedNumberFields) {
      const source = this.numbers[field];
      numbers[field] = Float64Array.from(this.order, (slot) => source[slot]!);
    }
    return { ids, dataSheet, text, numbers };
  }

  get size(): number {
    return this.liveCount;
  }

  has(id: number): boolean {
    return this.slotOfId.has(id);
  }

  /** Applies changed components (added or replaced) and removed ids. */
  apply(changed: readonly SearchDocument[], removedIds: readonly number[] = []): void {
    for (const id of removedIds) this.kill(id);
    const added: number[] = [];
    for (const document of changed) {
      this.kill(document.id);
      added.push(this.append(document));
    }
    this.mergeIntoOrder(added);
    if (this.slotCount - this.liveCount > Math.max(1024, this.slotCount / 4)) this.compact();
    else if (this.slotCount - this.postingsUpTo > Math.max(1024, this.liveCount / 20)) this.rebuildPostings();
  }

  search(query: IndexQuery): IndexResult {
    if (!hasConditions(query)) {
      // Everything matches: the page is a slice of the order.
      const page = this.order.subarray(
        Math.min(query.offset, this.liveCount),
        Math.min(this.liveCount, query.offset + query.limit),
      );
      return { ids: Array.from(page, (slot) => this.ids[slot]!), total: this.liveCount };
    }
    const hits = this.matchingSlots(query);
    const total = hits.length;
    const end = Math.min(total, query.offset + query.limit);
    if (query.offset >= end) return { ids: [], total };
    let pageSlots: number[];
    if (total * 8 < this.liveCount) {
      // Few hits: sort their ranks.
      const ranks = new Int32Array(total);
      for (let i = 0; i < total; i++) ranks[i] = this.rank[hits[i]!]!;
      ranks.sort();
      pageSlots = Array.from(ranks.subarray(query.offset, end), (position) => this.order[position]!);
    } else {
      // Many hits: walk the order and pick the page.
      const marked = new Uint8Array(this.slotCount);
      for (let i = 0; i < total; i++) marked[hits[i]!] = 1;
      pageSlots = [];
      for (let position = 0, seen = 0; position < this.order.length && seen < end; position++) {
        const slot = this.order[position]!;
        if (marked[slot] === 0) continue;
        if (seen >= query.offset) pageSlots.push(slot);
        seen++;
      }
    }
    return { ids: pageSlots.map((slot) => this.ids[slot]!), total };
  }

  /**
   * Up to `limit` other live components sharing the series, type or class of `source` (the same
   * text, ignoring case and surrounding spaces), ranked by what they share: series outweighs
   * type, type outweighs class, and sharing more ranks higher (series and type before series
   * alone). Ties keep the result order, so the answer is stable. One pass over the order, each
   * distinct value judged once.
   */
  related(
    source: { id: number } & Partial<Record<'series' | 'type' | 'class', string | null>>,
    limit: number,
  ): number[] {
    const matchers = (['series', 'type', 'class'] as const).flatMap((field, rank) => {
      const wanted = fold(source[field] ?? '').trim();
      if (!wanted) return [];
      const column = this.text[field];
      const verdict = new Uint8Array(column.values.length);
      for (let code = 1; code < column.values.length; code++)
        if (column.folded[code]!.trim() === wanted) verdict[code] = 1;
      return [{ codes: column.codes, verdict, weight: 4 >> rank }];
    });
    if (matchers.length === 0 || limit <= 0) return [];
    const bestScore = matchers.reduce((sum, matcher) => sum + matcher.weight, 0);
    const byScore: number[][] = Array.from({ length: 8 }, () => []);
    for (const slot of this.order) {
      if (this.ids[slot] === source.id) continue;
      let score = 0;
      for (const matcher of matchers) if (matcher.verdict[matcher.codes[slot]!] === 1) score += matcher.weight;
      const bucket = byScore[score]!;
      if (score === 0 || bucket.length >= limit) continue;
      bucket.push(slot);
      if (score === bestScore && bucket.length === limit) break;
    }
    return byScore
      .reverse()
      .flat()
      .slice(0, limit)
      .map((slot) => this.ids[slot]!);
  }

  /** Distinct values of one field among live components (trimmed), sorted case-insensitively. */
  distinct(field: IndexedTextField): string[] {
    const column = this.text[field];
    const used = new Uint8Array(column.values.length);
    for (const slot of this.order) used[column.codes[slot]!] = 1;
    const found = new Map<string, string>();
    for (let code = 1; code < used.length; code++) {
      if (!used[code]) continue;
      const value = column.values[code]!.trim();
      if (value && !found.has(value)) found.set(value, fold(value));
    }
    return [...found.entries()]
      .sort(([a, fa], [b, fb]) => (fa < fb ? -1 : fa > fb ? 1 : a < b ? -1 : a > b ? 1 : 0))
      .map(([value]) => value);
  }

  /** Every live component's id and value of one text field, in result order (image coverage, batches). */
  fieldValues(field: IndexedTextField): { id: number; value: string | null }[] {
    const column = this.text[field];
    return Array.from(this.order, (slot) => ({ id: this.ids[slot]!, value: column.value(slot) }));
  }

  stats(): IndexStats {
    const manufacturer = this.text.manufacturer;
    const distinct = new Set<string>();
    const seenCode = new Uint8Array(manufacturer.values.length);
    let withDatasheets = 0;
    for (const slot of this.order) {
      withDatasheets += this.dataSheet[slot]!;
      const code = manufacturer.codes[slot]!;
      if (code !== 0 && !seenCode[code]) {
        seenCode[code] = 1;
        const name = manufacturer.folded[code]!.trim();
        if (name) distinct.add(name);
      }
    }
    return { totalComponents: this.liveCount, withDatasheets, manufacturers: distinct.size };
  }

  /**
   * For each of `references` that live components have exactly (case and all), their
   * manufacturers: how an import tells a part already in the catalogue. One pass over the
   * reference column's codes, no document built.
   */
  manufacturersOf(references: Iterable<string>): Map<string, (string | null)[]> {
    const reference = this.text.reference;
    const codeOf = new Map(reference.values.map((text, code) => [text, code]));
    const wanted = new Map<number, string>();
    for (const text of references) {
      const code = codeOf.get(text);
      if (code) wanted.set(code, text);
    }
    const found = new Map<string, (string | null)[]>();
    if (wanted.size === 0) return found;
    for (const slot of this.order) {
      const text = wanted.get(reference.codes[slot]!);
      if (text === undefined) continue;
      const list = found.get(text) ?? [];
      list.push(this.text.manufacturer.value(slot));
      found.set(text, list);
    }
    return found;
  }

  /** Every live document, in result order (what a snapshot stores). */
  *documents(): Generator<SearchDocument> {
    for (const slot of this.order) yield this.document(slot);
  }

  // ---------------------------------------------------------------------------------------

  private document(slot: number): SearchDocument {
    const document = { id: this.ids[slot]!, hasDataSheet: this.dataSheet[slot] === 1 } as SearchDocument;
    for (const field of indexedTextFields) document[field] = this.text[field].value(slot);
    for (const field of indexedNumberFields) {
      const value = this.numbers[field][slot]!;
      document[field] = Number.isNaN(value) ? null : value;
    }
    return document;
  }

  private ensureCapacity(): void {
    if (this.slotCount < this.capacity) return;
    const capacity = this.capacity * 2;
    this.ids = grow(this.ids, capacity);
    this.alive = grow(this.alive, capacity);
    this.dataSheet = grow(this.dataSheet, capacity);
    this.rank = grow(this.rank, capacity);
    for (const field of indexedTextFields) this.text[field].codes = grow(this.text[field].codes, capacity);
    for (const field of indexedNumberFields) this.numbers[field] = grow(this.numbers[field], capacity);
    this.capacity = capacity;
  }

  private append(document: SearchDocument): number {
    this.ensureCapacity();
    const slot = this.slotCount++;
    this.ids[slot] = document.id;
    this.alive[slot] = 1;
    this.dataSheet[slot] = document.hasDataSheet ? 1 : 0;
    for (const field of indexedTextFields) this.text[field].codes[slot] = this.text[field].encode(document[field]);
    for (const field of indexedNumberFields) {
      const value = document[field];
      this.numbers[field][slot] = value === null || value === undefined ? Number.NaN : value;
    }
    this.kill(document.id);
    this.slotOfId.set(document.id, slot);
    this.liveCount++;
    return slot;
  }

  private kill(id: number): void {
    const slot = this.slotOfId.get(id);
    if (slot === undefined) return;
    this.slotOfId.delete(id);
    this.alive[slot] = 0;
    this.liveCount--;
  }

  private compareSlots = (a: number, b: number): number => {
    const reference = this.text.reference;
    const codeA = reference.codes[a]!;
    const codeB = reference.codes[b]!;
    if (codeA !== codeB) {
      const foldedA = reference.folded[codeA]!;
      const foldedB = reference.folded[codeB]!;
      if (foldedA !== foldedB) return foldedA < foldedB ? -1 : 1;
      const exactA = reference.values[codeA]!;
      const exactB = reference.values[codeB]!;
      if (exactA !== exactB) return exactA < exactB ? -1 : 1;
    }
    return this.ids[a]! - this.ids[b]!;
  };

  private rebuildOrder(): void {
    const order = new Int32Array(this.liveCount);
    let count = 0;
    let sorted = true;
    for (let slot = 0; slot < this.slotCount; slot++) {
      if (!this.alive[slot]) continue;
      if (sorted && count > 0 && this.compareSlots(order[count - 1]!, slot) > 0) sorted = false;
      order[count++] = slot;
    }
    if (!sorted) order.sort(this.compareSlots);
    this.setOrder(order);
  }

  private setOrder(order: Int32Array<ArrayBuffer>): void {
    this.order = order;
    for (let position = 0; position < order.length; position++) this.rank[order[position]!] = position;
  }

  private mergeIntoOrder(added: number[]): void {
    const fresh = added.filter((slot) => this.alive[slot]).sort(this.compareSlots);
    const merged = new Int32Array(this.liveCount);
    let count = 0;
    let next = 0;
    for (const slot of this.order) {
      if (!this.alive[slot]) continue;
      while (next < fresh.length && this.compareSlots(fresh[next]!, slot) < 0) merged[count++] = fresh[next++]!;
      merged[count++] = slot;
    }
    while (next < fresh.length) merged[count++] = fresh[next++]!;
    this.setOrder(merged);
  }

  /** Two counting passes over the quick fields: bucket sizes, then the postings in slot order. */
  private rebuildPostings(): void {
    const upTo = this.slotCount;
    const offsets = new Uint32Array(TRIGRAM_BUCKETS + 1);
    const lastSlot = new Int32Array(TRIGRAM_BUCKETS).fill(-1);
    const columns = quickSearchFields.map((field) => this.text[field]);
    // Each distinct value's trigram keys, worked out once however many components share it.
    const keyCache = columns.map((column) => new Array<Int32Array | undefined>(column.values.length));
    const keysOf = (field: number, code: number): Int32Array => {
      let keys = keyCache[field]![code];
      if (!keys) {
        const value = columns[field]!.folded[code]!;
        keys = new Int32Array(Math.max(0, value.length - 1));
        for (let i = 2; i <= value.length; i++) {
          keys[i - 2] = trigramKey(
            value.charCodeAt(i - 2),
            value.charCodeAt(i - 1),
            i < value.length ? value.charCodeAt(i) : BOUNDARY,
          );
        }
        keyCache[field]![code] = keys;
      }
      return keys;
    };
    const visit = (emit: (key: number, slot: number) => void) => {
      for (let slot = 0; slot < upTo; slot++) {
        if (this.alive[slot] === 0) continue;
        for (let field = 0; field < columns.length; field++) {
          const keys = keysOf(field, columns[field]!.codes[slot]!);
          for (let i = 0; i < keys.length; i++) {
            const key = keys[i]!;
            if (lastSlot[key] === slot) continue;
            lastSlot[key] = slot;
            emit(key, slot);
          }
        }
      }
    };
    visit((key) => offsets[key + 1]!++);
    for (let key = 0; key < TRIGRAM_BUCKETS; key++) offsets[key + 1]! += offsets[key]!;
    const postings = new Uint32Array(offsets[TRIGRAM_BUCKETS]!);
    const cursor = offsets.slice(0, TRIGRAM_BUCKETS);
    lastSlot.fill(-1);
    visit((key, slot) => {
      postings[cursor[key]!++] = slot;
    });
    this.postingOffsets = offsets;
    this.postings = postings;
    this.postingsUpTo = upTo;
  }

  /** Drops dead slots and values no live component uses any more. */
  private compact(): void {
    const documents = [...this.documents()];
    this.reset(documents.length);
    for (const document of documents) this.append(document);
    this.rebuildOrder();
    this.rebuildPostings();
  }

  /**
   * Slots below `postingsUpTo` that may hold `term` in a quick field, or undefined when the
   * index cannot narrow it (one character, or two non-ASCII ones). `exact` when every slot in
   * the list does hold it (live or not); the delta above `postingsUpTo` is the caller's to scan.
   */
  private candidatesFor(term: string): { slots: Uint32Array; exact: boolean } | undefined {
    const offsets = this.postingOffsets;
    if (term.length === 2) {
      const a = term.charCodeAt(0);
      const b = term.charCodeAt(1);
      if ((a | b) >= 128) return undefined;
      // Every trigram that starts with the pair, the value's end included: one run of buckets.
      const first = (a << 14) | (b << 7);
      const run = this.postings.subarray(offsets[first]!, offsets[first + 128]!);
      const seen = new Uint8Array(this.postingsUpTo);
      const slots = new Uint32Array(run.length);
      let count = 0;
      for (let i = 0; i < run.length; i++) {
        const slot = run[i]!;
        if (seen[slot] === 0) {
          seen[slot] = 1;
          slots[count++] = slot;
        }
      }
      return { slots: slots.subarray(0, count), exact: true };
    }
    if (term.length < 3) return undefined;
    const lists: Uint32Array[] = [];
    for (let i = 2; i < term.length; i++) {
      const key = trigramKey(term.charCodeAt(i - 2), term.charCodeAt(i - 1), term.charCodeAt(i));
      lists.push(this.postings.subarray(offsets[key]!, offsets[key + 1]!));
    }
    lists.sort((x, y) => x.length - y.length);
    let slots = lists[0]!;
    // The rarest lists narrow it most; past a few, what is left is cheaper to check directly.
    for (let i = 1; i < lists.length && i < 4 && slots.length > 32; i++) slots = intersect(slots, lists[i]!);
    return { slots, exact: term.length === 3 && isAscii(term) };
  }

  private matchingSlots(query: IndexQuery): Int32Array {
    type Test = (slot: number) => boolean;
    const tests: { test: Test; cost: number }[] = [];
    let generator: { slots: Uint32Array; exact: boolean; quick: boolean } | undefined;
    const offerGenerator = (term: string, quick: boolean) => {
      const candidates = this.candidatesFor(term);
      if (candidates && (!generator || candidates.slots.length < generator.slots.length))
        generator = { ...candidates, quick };
    };
    /** Whether a text column's value at `slot` holds `term`, judging each distinct value once. */
    const containsTest = (column: TextColumn, term: string): Test => {
      const verdict = new Uint8Array(column.values.length);
      return (slot) => {
        const code = column.codes[slot]!;
        let known = verdict[code]!;
        if (known === 0) {
          known = code !== 0 && column.folded[code]!.includes(term) ? 1 : 2;
          verdict[code] = known;
        }
        return known === 1;
      };
    };

    for (const field of indexedNumberFields) {
      const wanted = query.numbers?.[field as SearchNumberFilterField];
      if (wanted === undefined) continue;
      const column = this.numbers[field];
      tests.push({ test: (slot) => column[slot] === wanted, cost: 0 });
    }
    for (const field of searchTextFilterFields) {
      const raw = query.text?.[field];
      const term = raw === undefined ? '' : fold(raw);
      if (term === '') continue;
      tests.push({ test: containsTest(this.text[field], term), cost: 1 });
      if ((quickSearchFields as readonly string[]).includes(field)) offerGenerator(term, false);
    }
    const quick = query.query === undefined ? '' : fold(query.query);
    let quickTest: Test | undefined;
    if (quick !== '') {
      // Fields with few distinct values first: most matches are settled by a remembered verdict.
      const fieldTests = [...quickSearchFields]
        .sort((a, b) => this.text[a].values.length - this.text[b].values.length)
        .map((field) => containsTest(this.text[field], quick));
      quickTest = (slot) => {
        for (const test of fieldTests) if (test(slot)) return true;
        return false;
      };
      offerGenerator(quick, true);
    }
    tests.sort((a, b) => a.cost - b.cost);
    const checks = tests.map(({ test }) => test);
    // An exact quick-search list needs no quick check; the delta always does.
    const generatorSettlesQuick = generator?.exact === true && generator.quick;
    const listChecks = quickTest && !generatorSettlesQuick ? [...checks, quickTest] : checks;
    const deltaChecks = quickTest ? [...checks, quickTest] : checks;

    const hits = new Int32Array(this.liveCount);
    let count = 0;
    const alive = this.alive;
    const consider = (slot: number, slotChecks: Test[]) => {
      if (alive[slot] === 0) return;
      for (const check of slotChecks) if (!check(slot)) return;
      hits[count++] = slot;
    };
    if (generator) {
      const { slots } = generator;
      for (let i = 0; i < slots.length; i++) consider(slots[i]!, listChecks);
      for (let slot = this.postingsUpTo; slot < this.slotCount; slot++) consider(slot, deltaChecks);
    } else {
      for (let slot = 0; slot < this.slotCount; slot++) consider(slot, deltaChecks);
    }
    return hits.subarray(0, count);
  }
}
