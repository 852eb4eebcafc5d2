import {
  componentDecimalFields,
  componentFileFields,
  componentIntegerFields,
  componentTextFields,
  quickSearchFields,
  searchNumberFilterFields,
  searchTextFilterFields,
  type Component,
  type SearchFacets,
  type SearchFacetField,
  type SearchNumberFilterField,
  type SearchSortField,
  type SearchTextFilterField,
} from '#shared/schemas/component';
import { compactFolded, foldText, searchWords } from './folding';
import { FORM_SEPARATOR, INDEXED_END, TextColumn, type Codes } from './text-column';
import { lowerBound, ValuePostings } from './value-postings';

/*
 * The in-memory search index, one per function instance. It holds every component whole, so a
 * page of results is answered from it without reading the table.
 *
 * Layout, for 100,000 components in well under 300 MB:
 * - one slot per component version; columns are typed arrays indexed by slot;
 * - text fields are dictionary-coded (each distinct value kept once, codes as narrow as the
 *   dictionary allows); the searched fields also keep each value's folded forms (folding.ts);
 * - a trigram index over the distinct values of the searched fields (value-postings.ts), so a
 *   search word is judged once per distinct value, and for the quick-search fields the slots
 *   holding each value (`slotsByCode`), so the matching values lead straight to their parts;
 * - `order` holds the live slots sorted by reference (folded, then exact) and id, so results are
 *   stable and a page is a walk along it.
 *
 * Matching: a quick search's words must each be found in some quick field (in any folded form;
 * in part-number fields also without separators), or the whole text without separators must be
 * found in a part-number field. Advanced text filters apply the same rule to their own field;
 * numeric filters are ranges. Order: relevance (exact reference or article number, reference
 * starting with the text, the text in the reference, some word in the reference, the rest), then
 * reference order; or one column's values, then reference order.
 *
 * Changes append new slots (a delta that every search scans) and mark the old slot dead; the
 * value index and slot lists are rebuilt when the delta grows past a few percent, and the whole
 * index is compacted when dead slots pile up.
 */

/** Text fields held per component (the file fields hold their S3 key or link). */
export const storedTextFields = [...componentTextFields, ...componentFileFields, 'createdAt', 'updatedAt'] as const;
export type StoredTextField = (typeof storedTextFields)[number];
/** Number fields held per component; NaN stands for "no value". */
export const storedNumberFields = [...componentDecimalFields, ...componentIntegerFields, 'version'] as const;
export type StoredNumberField = (typeof storedNumberFields)[number];

type QuickField = (typeof quickSearchFields)[number];
export type SearchedField = QuickField | SearchTextFilterField;

/** Fields whose values are searched (quick search and the advanced text filters). */
const searchedFields: readonly SearchedField[] = [
  ...new Set<SearchedField>([...quickSearchFields, ...searchTextFilterFields]),
];

/** Fields compared in part-number form too (separators do not matter). */
export const partNumberFields: ReadonlySet<StoredTextField> = new Set<StoredTextField>([
  'reference',
  'articleNumber',
  'commercialReference',
  'series',
  'manufacturer',
  'toolCrimp',
  'turretPositionerDieHead',
  'insertionExtractionTool',
]);

/** What a search reads from a component: the whole component (the index answers pages itself). */
export type SearchDocument = Component;

export interface NumberRange {
  min?: number;
  max?: number;
}

export interface IndexQuery {
  /** Quick search over every quick field. */
  query?: string;
  text?: Partial<Record<SearchTextFilterField, string>>;
  /** Inclusive ranges; an exact value is a range from it to it. */
  numbers?: Partial<Record<SearchNumberFilterField, NumberRange>>;
  sort?: SearchSortField;
  descending?: boolean;
  /** Count the matches per class, manufacturer and type. */
  facets?: boolean;
  offset: number;
  limit: number;
}

export interface IndexResult {
  /** The page's component ids, in order. */
  ids: number[];
  /** How many components match in all. */
  total: number;
  facets?: SearchFacets;
}

export interface IndexStats {
  totalComponents: number;
  withDatasheets: number;
  manufacturers: number;
}

/** The index's content as columns in result order: what a snapshot stores. */
export interface IndexColumns {
  ids: Float64Array;
  /** Per field: the distinct values (`values[0]` is '', no value) and each component's code. */
  text: Record<StoredTextField, { values: string[]; codes: Codes }>;
  /** NaN where a component has no value. */
  numbers: Record<StoredNumberField, Float64Array>;
}

const PART_NUMBER_COLUMNS = 1;
const OTHER_COLUMNS = 2;
const ALL_COLUMNS = PART_NUMBER_COLUMNS | OTHER_COLUMNS;

/** The most facet values answered per field. */
export const FACET_VALUES = 8;
const facetFields: readonly SearchFacetField[] = ['class', 'manufacturer', 'type'];

const lower = (text: string): string => text.toLowerCase();

/** Words run together without separators, in their plain and spelled-out-umlaut folds: how a part number typed in pieces is compared. */
const wholeKeys = (variants: readonly (readonly string[])[]): string[] =>
  variants.length === 0
    ? []
    : [
        ...new Set(
          [0, 1].map((variant) =>
            compactFolded(variants.map((forms) => forms[Math.min(variant, forms.length - 1)]!).join('')),
          ),
        ),
      ].filter(Boolean);

/**
 * A part-number column's value in part-number form: its squeezed forms (a part-number column
 * squeezes with compactFolded), the part of its forms before INDEXED_END.
 */
const partNumberForms = (column: TextColumn, code: number): string[] => {
  const forms = column.forms![code]!;
  const end = forms.indexOf(INDEXED_END);
  const squeezed = end === -1 ? forms : forms.slice(0, end);
  return squeezed.includes(FORM_SEPARATOR) ? squeezed.split(FORM_SEPARATOR) : [squeezed];
};

/** How many bits of a 32-bit word are set. */
const bitCount = (word: number): number => {
  let x = word - ((word >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
};

const grow = <T extends Uint8Array | Uint32Array | Int32Array | Float64Array>(array: T, capacity: number): T => {
  const next = new (array.constructor as new (length: number) => T)(capacity);
  next.set(array);
  return next;
};

/** Each quick field's slots per code (slots below `upTo`), as offsets into one list. */
interface SlotLists {
  offsets: Uint32Array;
  slots: Uint32Array;
}

/** A word (or the whole text) as the index looks for it: codes of each column that hold it. */
interface Match {
  /** Per searched column: 1 where the value holds the word. */
  verdicts: Map<SearchedField, Uint8Array>;
  /** The same as parallel arrays (the columns' code arrays as they were when the search began), for the per-slot loop. */
  columnCodes: Codes[];
  columnVerdicts: Uint8Array[];
  /** Per quick column: the codes that hold it (to list their slots). */
  codes: Map<SearchedField, number[]>;
  /** Upper bound on the slots that hold it (Infinity when they cannot be listed). */
  estimate: number;
}

/** A filter on one text field, or the quick search over all: every word, or the whole text. */
interface TextCondition {
  words: Match[];
  /** The whole text without separators, found in a part-number field (undefined: not tried). */
  whole: Match | undefined;
  fields: readonly SearchedField[];
  /** Words' folded variants, in order (for ranking). */
  variants: string[][];
}

export class SearchIndex {
  private capacity = 0;
  private slotCount = 0;
  private liveCount = 0;
  private ids = new Float64Array(0);
  private alive = new Uint8Array(0);
  private text = {} as Record<StoredTextField, TextColumn>;
  private numbers = {} as Record<StoredNumberField, Float64Array>;
  private slotOfId = new Map<number, number>();
  /** Live slots in result order. */
  private order = new Int32Array(0);
  /** Position of each live slot in `order`. */
  private rank = new Int32Array(0);
  private postings: ValuePostings | undefined;
  /** Slot lists cover slots below this; later slots (the delta) are always scanned. */
  private listedUpTo = 0;
  private slotLists = new Map<SearchedField, SlotLists>();
  private numberOrders = new Map<SearchNumberFilterField, Int32Array>();
  /** Per slot, the last pass that marked it (see nextMark). */
  private marks = new Uint32Array(0);
  private mark = 0;
  private sortRanks = new Map<StoredTextField, { size: number; ranks: Uint32Array }>();
  /**
   * Per-value verdict arrays kept between searches (one the size of a dictionary per word and
   * field would otherwise be made each time), and those lent to the search under way with the
   * codes it marked in them, cleared when they come back.
   */
  private verdictPool = new Map<SearchedField, Uint8Array[]>();
  private lentVerdicts: { field: SearchedField; verdicts: Uint8Array; marked: number[] }[] = [];

  private constructor(capacity: number) {
    this.reset(capacity);
  }

  private reset(capacity: number): void {
    this.capacity = Math.max(16, capacity);
    this.slotCount = 0;
    this.liveCount = 0;
    this.ids = new Float64Array(this.capacity);
    this.alive = new Uint8Array(this.capacity);
    this.rank = new Int32Array(this.capacity);
    this.marks = new Uint32Array(this.capacity);
    this.mark = 0;
    this.slotOfId = new Map();
    this.order = new Int32Array(0);
    this.postings = undefined;
    this.listedUpTo = 0;
    this.slotLists = new Map();
    this.numberOrders = new Map();
    this.sortRanks = new Map();
    const searched = new Set<string>(searchedFields);
    this.text = Object.fromEntries(
      storedTextFields.map((field) => [
        field,
        new TextColumn(this.capacity, searched.has(field), partNumberFields.has(field)),
      ]),
    ) as Record<StoredTextField, TextColumn>;
    this.numbers = Object.fromEntries(
      storedNumberFields.map((field) => [field, new Float64Array(this.capacity).fill(Number.NaN)]),
    ) as Record<StoredNumberField, Float64Array>;
  }

  /** An index of these components. */
  static build(documents: Iterable<SearchDocument>, sizeHint = 0): SearchIndex {
    const index = new SearchIndex(sizeHint);
    for (const document of documents) index.append(document);
    index.rebuildOrder();
    index.rebuildLookups();
    return index;
  }

  /** An index over columns (a snapshot's), taken over without re-encoding. */
  static fromColumns(columns: IndexColumns): SearchIndex {
    const index = new SearchIndex(columns.ids.length);
    index.load(columns);
    return index;
  }

  /** Takes over columns into this (empty, large enough) index. */
  private load(columns: IndexColumns): void {
    const count = columns.ids.length;
    this.ids.set(columns.ids);
    this.alive.fill(1, 0, count);
    for (const field of storedTextFields)
      this.text[field].adopt(columns.text[field].values, columns.text[field].codes, this.capacity);
    for (const field of storedNumberFields) this.numbers[field].set(columns.numbers[field]);
    this.slotCount = count;
    this.liveCount = count;
    for (let slot = 0; slot < count; slot++) this.slotOfId.set(columns.ids[slot]!, slot);
    this.rebuildOrder();
    this.rebuildLookups();
  }

  /** The live components as columns in result order, each dictionary holding only used values. */
  toColumns(): IndexColumns {
    const count = this.order.length;
    const ids = new Float64Array(count);
    const text = {} as IndexColumns['text'];
    const numbers = {} as IndexColumns['numbers'];
    for (let position = 0; position < count; position++) ids[position] = this.ids[this.order[position]!]!;
    for (const field of storedTextFields) {
      const column = this.text[field];
      const renumbered = new Int32Array(column.size).fill(-1);
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
    for (const field of storedNumberFields) {
      const source = this.numbers[field];
      numbers[field] = Float64Array.from(this.order, (slot) => source[slot]!);
    }
    return { ids, text, numbers };
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
    else if (this.deltaIsLarge()) this.rebuildLookups();
  }

  /** The components with these ids, in the order given; ids not in the index are left out. */
  components(ids: readonly number[]): Component[] {
    return ids.flatMap((id) => {
      const slot = this.slotOfId.get(id);
      return slot === undefined ? [] : [this.document(slot)];
    });
  }

  /** One component, or undefined. */
  component(id: number): Component | undefined {
    const slot = this.slotOfId.get(id);
    return slot === undefined ? undefined : this.document(slot);
  }

  search(query: IndexQuery): IndexResult {
    try {
      return this.searchOnce(query);
    } finally {
      this.returnVerdicts();
    }
  }

  private searchOnce(query: IndexQuery): IndexResult {
    const plan = this.plan(query);
    const sort = query.sort ?? 'relevance';
    const descending = query.descending === true;
    if (plan.unconditional && (sort === 'relevance' || sort === 'reference') && !query.facets) {
      // Everything matches in reference order: the page is a slice of the order.
      const total = this.liveCount;
      const start = Math.min(query.offset, total);
      const end = Math.min(total, query.offset + query.limit);
      const positions = Array.from({ length: Math.max(0, end - start) }, (_, i) =>
        descending ? total - 1 - (start + i) : start + i,
      );
      return { ids: positions.map((position) => this.ids[this.order[position]!]!), total };
    }
    const hits = plan.unconditional ? this.order : this.matchingSlots(plan);
    const total = hits.length;
    const result: IndexResult = { ids: [], total };
    if (query.facets) result.facets = this.facetsOf(hits);
    const end = Math.min(total, query.offset + query.limit);
    if (query.offset >= end) return result;
    let groups: Int32Array[];
    if (sort === 'relevance' && plan.relevance) groups = this.byRelevance(hits, plan.relevance);
    else if (sort === 'manufacturer' || sort === 'class' || sort === 'type')
      groups = this.byColumn(hits, sort, descending);
    else groups = [hits];
    const reverse = sort === 'reference' && descending;
    const page: number[] = [];
    let skip = query.offset;
    let take = end - query.offset;
    for (const group of groups) {
      if (take === 0) break;
      if (skip >= group.length) {
        skip -= group.length;
        continue;
      }
      const slots = this.pageWithin(group, skip, take, reverse);
      page.push(...slots);
      take -= slots.length;
      skip = 0;
    }
    result.ids = page.map((slot) => this.ids[slot]!);
    return result;
  }

  /** How many components a search finds (no page, no order). */
  count(query: Omit<IndexQuery, 'offset' | 'limit'>): number {
    try {
      const plan = this.plan({ ...query, offset: 0, limit: 0 });
      return plan.unconditional ? this.liveCount : this.matchingSlots(plan).length;
    } finally {
      this.returnVerdicts();
    }
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
      const wanted = lower(source[field] ?? '').trim();
      if (!wanted) return [];
      const column = this.text[field];
      const verdict = new Uint8Array(column.size);
      for (let code = 1; code < column.size; code++)
        if (lower(column.values[code]!).trim() === wanted) verdict[code] = 1;
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
  distinct(field: StoredTextField): string[] {
    const column = this.text[field];
    const used = new Uint8Array(column.size);
    for (const slot of this.order) used[column.codes[slot]!] = 1;
    const found = new Map<string, string>();
    for (let code = 1; code < used.length; code++) {
      if (!used[code]) continue;
      const value = column.values[code]!.trim();
      if (value && !found.has(value)) found.set(value, lower(value));
    }
    return [...found.entries()]
      .sort(([a, fa], [b, fb]) => (fa < fb ? -1 : fa > fb ? 1 : a < b ? -1 : a > b ? 1 : 0))
      .map(([value]) => value);
  }

  /**
   * The distinct values of a field with how many live components hold each (for suggestions:
   * a value no live component holds is never suggested).
   */
  valueCounts(field: StoredTextField): { value: string; folded: string; count: number }[] {
    const column = this.text[field];
    const counts = new Uint32Array(column.size);
    for (const slot of this.order) counts[column.codes[slot]!]!++;
    const out: { value: string; folded: string; count: number }[] = [];
    for (let code = 1; code < column.size; code++)
      if (counts[code]! > 0)
        out.push({
          value: column.values[code]!,
          folded: column.folded?.[code] ?? foldText(column.values[code]!),
          count: counts[code]!,
        });
    return out;
  }

  /**
   * A searched column's dictionary: every value it has held (some perhaps no longer used) and
   * its plain fold. Read-only views, for suggestions.
   */
  dictionary(field: SearchedField): { values: readonly string[]; folded: readonly string[] } {
    const column = this.text[field];
    return { values: column.values, folded: column.folded! };
  }

  /** Every live component's id and value of one text field, in result order (image coverage, batches). */
  fieldValues(field: StoredTextField): { id: number; value: string | null }[] {
    const column = this.text[field];
    return Array.from(this.order, (slot) => ({ id: this.ids[slot]!, value: column.value(slot) }));
  }

  stats(): IndexStats {
    const manufacturer = this.text.manufacturer;
    const dataSheet = this.text.dataSheet;
    const distinct = new Set<string>();
    const seenCode = new Uint8Array(manufacturer.size);
    let withDatasheets = 0;
    for (const slot of this.order) {
      if (dataSheet.codes[slot] !== 0) withDatasheets++;
      const code = manufacturer.codes[slot]!;
      if (code !== 0 && !seenCode[code]) {
        seenCode[code] = 1;
        const name = lower(manufacturer.values[code]!).trim();
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

  /** Every live component, in result order (what a snapshot stores). */
  *documents(): Generator<SearchDocument> {
    for (const slot of this.order) yield this.document(slot);
  }

  // ------------------------------------------------------------------------------ building

  private document(slot: number): Component {
    const document: Record<string, unknown> = { id: this.ids[slot]! };
    for (const field of storedTextFields) document[field] = this.text[field].value(slot);
    for (const field of storedNumberFields) {
      const value = this.numbers[field][slot]!;
      document[field] = Number.isNaN(value) ? null : value;
    }
    document.reference ??= '';
    document.class ??= '';
    document.version ??= 1;
    document.createdAt ??= '';
    document.updatedAt ??= document.createdAt;
    return document as Component;
  }

  private ensureCapacity(): void {
    if (this.slotCount < this.capacity) return;
    const capacity = this.capacity * 2;
    this.ids = grow(this.ids, capacity);
    this.alive = grow(this.alive, capacity);
    this.rank = grow(this.rank, capacity);
    this.marks = grow(this.marks, capacity);
    for (const field of storedTextFields) this.text[field].grow(capacity);
    for (const field of storedNumberFields) {
      const next = new Float64Array(capacity).fill(Number.NaN);
      next.set(this.numbers[field]);
      this.numbers[field] = next;
    }
    this.capacity = capacity;
  }

  private append(document: SearchDocument): number {
    this.ensureCapacity();
    const slot = this.slotCount++;
    this.ids[slot] = document.id;
    this.alive[slot] = 1;
    const fields = document as unknown as Record<string, unknown>;
    for (const field of storedTextFields) {
      const value = fields[field];
      // Encoding may widen the code array, so the code is stored after it.
      const code = this.text[field].encode(typeof value === 'string' ? value : null);
      this.text[field].codes[slot] = code;
    }
    for (const field of storedNumberFields) {
      const value = fields[field];
      this.numbers[field][slot] = typeof value === 'number' ? value : Number.NaN;
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
      const foldedA = reference.folded![codeA]!;
      const foldedB = reference.folded![codeB]!;
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

  private deltaIsLarge(): boolean {
    const postings = this.postings;
    if (!postings) return true;
    const newSlots = this.slotCount - this.listedUpTo;
    let newValues = 0;
    searchedFields.forEach((field, index) => (newValues += this.text[field].size - postings.indexedUpTo[index]!));
    return newSlots > Math.max(1024, this.liveCount / 20) || newValues > Math.max(1024, postings.totalIds / 20);
  }

  /**
   * The value index and the quick fields' slot lists, over everything appended so far. The other
   * searched fields' slot lists and the number fields' orders are made when a search first needs
   * them (most are seldom filtered on), over the same slots.
   */
  private rebuildLookups(): void {
    this.postings = ValuePostings.build(searchedFields.map((field) => this.text[field]));
    this.listedUpTo = this.slotCount;
    this.slotLists = new Map();
    this.numberOrders = new Map();
    for (const field of quickSearchFields) this.slotListsOf(field);
    for (const field of storedTextFields) this.text[field].forgetLookup();
  }

  /** A searched field's live slots below `listedUpTo` per code, as offsets into one list. */
  private slotListsOf(field: SearchedField): SlotLists {
    const known = this.slotLists.get(field);
    if (known) return known;
    const column = this.text[field];
    const upTo = this.listedUpTo;
    const offsets = new Uint32Array(column.size + 1);
    for (let slot = 0; slot < upTo; slot++) if (this.alive[slot]) offsets[column.codes[slot]! + 1]!++;
    for (let code = 0; code < column.size; code++) offsets[code + 1]! += offsets[code]!;
    const slots = new Uint32Array(offsets[column.size]!);
    const cursor = offsets.slice(0, column.size);
    for (let slot = 0; slot < upTo; slot++) if (this.alive[slot]) slots[cursor[column.codes[slot]!]!++] = slot;
    const lists = { offsets, slots };
    this.slotLists.set(field, lists);
    return lists;
  }

  /**
   * A number field's live slots below `listedUpTo` that have a value, in value order: the slots
   * of a range are one run of it. Sorted by counting over the field's distinct values.
   */
  private numberOrderOf(field: SearchNumberFilterField): Int32Array {
    const known = this.numberOrders.get(field);
    if (known) return known;
    const column = this.numbers[field];
    const upTo = this.listedUpTo;
    let valued = 0;
    for (let slot = 0; slot < upTo; slot++) if (this.alive[slot] && !Number.isNaN(column[slot])) valued++;
    const values = new Float64Array(valued);
    for (let slot = 0, at = 0; slot < upTo; slot++)
      if (this.alive[slot] && !Number.isNaN(column[slot])) values[at++] = column[slot]!;
    values.sort();
    let distinct = 0;
    for (let i = 0; i < values.length; i++) if (i === 0 || values[i] !== values[i - 1]) values[distinct++] = values[i]!;
    const sortedValues = values.subarray(0, distinct);
    const placeOf = (value: number): number => lowerBound(sortedValues, 0, distinct, value);
    const places = new Uint32Array(upTo);
    const starts = new Uint32Array(distinct + 1);
    for (let slot = 0; slot < upTo; slot++) {
      if (!this.alive[slot] || Number.isNaN(column[slot])) continue;
      places[slot] = placeOf(column[slot]!);
      starts[places[slot]! + 1]!++;
    }
    for (let place = 0; place < distinct; place++) starts[place + 1]! += starts[place]!;
    const order = new Int32Array(valued);
    for (let slot = 0; slot < upTo; slot++)
      if (this.alive[slot] && !Number.isNaN(column[slot])) order[starts[places[slot]!]!++] = slot;
    this.numberOrders.set(field, order);
    return order;
  }

  /** The run of a number field's order whose values lie in [min, max]. */
  private rangeRun(field: SearchNumberFilterField, min: number, max: number): Int32Array {
    const order = this.numberOrderOf(field);
    const column = this.numbers[field];
    const firstAbove = (inRange: (value: number) => boolean, from: number): number => {
      let low = from;
      let high = order.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (inRange(column[order[middle]!]!)) low = middle + 1;
        else high = middle;
      }
      return low;
    };
    const start = firstAbove((value) => value < min, 0);
    return order.subarray(
      start,
      firstAbove((value) => value <= max, start),
    );
  }

  /**
   * A mark no slot carries yet, for one pass over slots (seen, on the page): marks are never
   * cleared, each pass takes the next number.
   */
  private nextMark(): number {
    if (this.mark === 0xffffffff) {
      this.marks.fill(0);
      this.mark = 0;
    }
    return ++this.mark;
  }

  /** Drops dead slots and values no live component uses any more. */
  private compact(): void {
    const columns = this.toColumns();
    this.reset(columns.ids.length);
    this.load(columns);
  }

  // ------------------------------------------------------------------------------ matching

  /** A cleared verdict array for `field`'s values; the codes marked in it are to be pushed to `marked`. */
  private borrowVerdicts(field: SearchedField, marked: number[]): Uint8Array {
    const size = this.text[field].size;
    const kept = this.verdictPool.get(field)?.pop();
    const verdicts = kept && kept.length >= size ? kept : new Uint8Array(size);
    this.lentVerdicts.push({ field, verdicts, marked });
    return verdicts;
  }

  /** Takes back every verdict array the search lent, clearing what it marked. */
  private returnVerdicts(): void {
    for (const { field, verdicts, marked } of this.lentVerdicts) {
      for (const code of marked) verdicts[code] = 0;
      const pool = this.verdictPool.get(field) ?? [];
      if (pool.length < 8) pool.push(verdicts);
      this.verdictPool.set(field, pool);
    }
    this.lentVerdicts = [];
  }

  private plan(query: IndexQuery) {
    const filters: TextCondition[] = [];
    for (const field of searchTextFilterFields) {
      const term = query.text?.[field];
      if (term === undefined) continue;
      const condition = this.condition(term, [field]);
      if (condition) filters.push(condition);
    }
    const quick = query.query === undefined ? undefined : this.condition(query.query, quickSearchFields);
    const ranges: { field: SearchNumberFilterField; column: Float64Array; min: number; max: number }[] = [];
    for (const field of searchNumberFilterFields) {
      const range = query.numbers?.[field];
      if (!range || (range.min === undefined && range.max === undefined)) continue;
      ranges.push({ field, column: this.numbers[field], min: range.min ?? -Infinity, max: range.max ?? Infinity });
    }
    const referenceFilter = filters.find((filter) => filter.fields[0] === 'reference');
    return {
      quick,
      filters,
      ranges,
      unconditional: !quick && filters.length === 0 && ranges.length === 0,
      relevance: quick ?? referenceFilter,
    };
  }

  /** Works out, for every word of `text`, which values of `fields` hold it. Undefined for a text without words. */
  private condition(text: string, fields: readonly SearchedField[]): TextCondition | undefined {
    const variants = searchWords(text);
    if (variants.length === 0) return undefined;
    const words = variants.map((forms) => this.match(forms, fields, false));
    const partNumberFieldsHere = fields.filter((field) => partNumberFields.has(field));
    // One word's own part-number form is already among its forms; several words are also tried
    // as one part number (`750 1420`, `EK 1100`).
    const wholeForms = wholeKeys(variants);
    const whole =
      variants.length > 1 && partNumberFieldsHere.length > 0 && wholeForms.length > 0
        ? this.match(wholeForms, partNumberFieldsHere, true)
        : undefined;
    return { words, whole, fields, variants };
  }

  /**
   * Which values of each field hold one of `forms` (a word's folded variants; in part-number
   * fields also without separators). `compactOnly`: the forms are already part-number forms.
   */
  private match(forms: readonly string[], fields: readonly SearchedField[], compactOnly: boolean): Match {
    const postings = this.postings!;
    // Each probe and the columns it is tried in: part-number columns (1), the others (2).
    const probes = new Map<string, number>();
    const offer = (probe: string, reach: number) => {
      if (probe !== '') probes.set(probe, (probes.get(probe) ?? 0) | reach);
    };
    for (const form of forms) {
      offer(form, compactOnly ? PART_NUMBER_COLUMNS : ALL_COLUMNS);
      if (compactOnly) continue;
      // A word without separators finds them in a part number, and a word typed together finds
      // the words of a description (its forms hold them run together); not the other way round:
      // `i/o` is not `io` anywhere in a description.
      offer(compactFolded(form), PART_NUMBER_COLUMNS);
    }
    const verdicts = new Map<SearchedField, Uint8Array>();
    const codes = new Map<SearchedField, number[]>();
    const columnIndex = new Map<SearchedField, number>();
    for (const field of fields) {
      const marked: number[] = [];
      verdicts.set(field, this.borrowVerdicts(field, marked));
      codes.set(field, marked);
      columnIndex.set(field, searchedFields.indexOf(field));
    }
    const lookups = new Map<string, ReturnType<ValuePostings['candidates']>>();
    const mark = (field: SearchedField, code: number) => {
      const verdict = verdicts.get(field)!;
      if (verdict[code] === 1) return;
      verdict[code] = 1;
      codes.get(field)!.push(code);
    };
    for (const [probe, reach] of probes) {
      for (const field of fields) {
        if ((reach & (partNumberFields.has(field) ? PART_NUMBER_COLUMNS : OTHER_COLUMNS)) === 0) continue;
        const column = this.text[field];
        const forms = column.forms!;
        const index = columnIndex.get(field)!;
        const indexed = postings.indexedUpTo[index]!;
        // The index holds squeezed forms: it is asked for the probe squeezed, and what it
        // lists is exact only when squeezing left the probe as it was.
        const lookup = column.squeeze(probe);
        const key = `${index}\u0000${lookup}`;
        const found =
          lookup === ''
            ? undefined
            : lookups.has(key)
              ? lookups.get(key)
              : lookups.set(key, postings.candidates(lookup, index)).get(key);
        if (found) {
          const exact = found.exact && lookup === probe;
          const { ids, base } = found;
          for (let i = 0; i < ids.length; i++) {
            const code = ids[i]! - base;
            if (code !== 0 && (exact || forms[code]!.includes(probe))) mark(field, code);
          }
        } else {
          for (let code = 1; code < indexed; code++) if (forms[code]!.includes(probe)) mark(field, code);
        }
        // Values added since the index was built.
        for (let code = indexed; code < column.size; code++) if (forms[code]!.includes(probe)) mark(field, code);
      }
    }
    let estimate = 0;
    for (const field of fields) {
      const lists = this.slotListsOf(field);
      for (const code of codes.get(field)!)
        if (code < lists.offsets.length - 1) estimate += lists.offsets[code + 1]! - lists.offsets[code]!;
    }
    return {
      verdicts,
      codes,
      estimate,
      columnCodes: fields.map((field) => this.text[field].codes),
      columnVerdicts: fields.map((field) => verdicts.get(field)!),
    };
  }

  /** Whether the slot's value of any of the match's fields holds the word. */
  private holds(match: Match, slot: number): boolean {
    const { columnCodes, columnVerdicts } = match;
    for (let i = 0; i < columnCodes.length; i++) if (columnVerdicts[i]![columnCodes[i]![slot]!] === 1) return true;
    return false;
  }

  private satisfies(condition: TextCondition, slot: number): boolean {
    if (condition.whole && this.holds(condition.whole, slot)) return true;
    const words = condition.words;
    for (let i = 0; i < words.length; i++) if (!this.holds(words[i]!, slot)) return false;
    return true;
  }

  private matchingSlots(plan: ReturnType<SearchIndex['plan']>): Int32Array {
    const conditions = [...plan.filters, ...(plan.quick ? [plan.quick] : [])];
    const ranges = plan.ranges;
    // The fewest candidates come from the narrowest condition: a text condition's rarest word's
    // slots plus the whole text's, or the run of a number range.
    let words: Match[] | undefined;
    let run: Int32Array | undefined;
    let best = Infinity;
    for (const condition of conditions) {
      const rarest = condition.words.reduce((a, b) => (b.estimate < a.estimate ? b : a));
      const estimate = rarest.estimate + (condition.whole?.estimate ?? 0);
      if (estimate < best) {
        best = estimate;
        words = condition.whole ? [rarest, condition.whole] : [rarest];
      }
    }
    for (const range of ranges) {
      if (best === 0) break;
      const slots = this.rangeRun(range.field, range.min, range.max);
      if (slots.length < best) {
        best = slots.length;
        run = slots;
        words = undefined;
      }
    }
    const alive = this.alive;
    // With one condition of one word (or one range), every listed slot meets it: listing them
    // beats checking every slot however many there are.
    const listedMeetAll =
      conditions.length + ranges.length === 1 && (run !== undefined || conditions[0]!.words.length === 1);
    const listed = listedMeetAll || best < this.liveCount / 2;
    const delta = this.slotCount - this.listedUpTo;
    const hits = new Int32Array(listed ? Math.min(this.liveCount, best + delta) : this.liveCount);
    let count = 0;
    const consider = (slot: number) => {
      if (alive[slot] === 0) return;
      for (const range of ranges) {
        const value = range.column[slot]!;
        if (!(value >= range.min && value <= range.max)) return;
      }
      for (const condition of conditions) if (!this.satisfies(condition, slot)) return;
      hits[count++] = slot;
    };
    if (listed && run) {
      for (let i = 0; i < run.length; i++) {
        const slot = run[i]!;
        if (!listedMeetAll) consider(slot);
        else if (alive[slot] === 1) hits[count++] = slot;
      }
      for (let slot = this.listedUpTo; slot < this.slotCount; slot++) consider(slot);
    } else if (listed && words) {
      // A slot can be listed under several fields' values: each is considered once.
      const marks = this.marks;
      const mark = this.nextMark();
      for (const match of words) {
        for (const [field, codes] of match.codes) {
          const lists = this.slotListsOf(field);
          for (const code of codes) {
            if (code >= lists.offsets.length - 1) continue;
            for (let i = lists.offsets[code]!; i < lists.offsets[code + 1]!; i++) {
              const slot = lists.slots[i]!;
              if (marks[slot] === mark) continue;
              marks[slot] = mark;
              if (!listedMeetAll) consider(slot);
              else if (alive[slot] === 1) hits[count++] = slot;
            }
          }
        }
      }
      for (let slot = this.listedUpTo; slot < this.slotCount; slot++) consider(slot);
    } else {
      for (let slot = 0; slot < this.slotCount; slot++) consider(slot);
    }
    return hits.subarray(0, count);
  }

  // ------------------------------------------------------------------------------ ordering

  /**
   * The hits in relevance groups: the reference or article number is the text (0), the
   * reference starts with it (1), holds it (2), holds some of its words (3), the rest (4).
   * "The text" is the words found in that field, without separators, or the whole text.
   */
  private byRelevance(hits: Int32Array, condition: TextCondition): Int32Array[] {
    const reference = this.text.reference;
    const article = this.text.articleNumber;
    const referenceWords = condition.words.map((word) => word.verdicts.get('reference'));
    const articleWords = condition.words.map((word) => word.verdicts.get('articleNumber'));
    const wholeReference = condition.whole?.verdicts.get('reference');
    const wholeArticle = condition.whole?.verdicts.get('articleNumber');
    const whole = wholeKeys(condition.variants);
    // The keys to compare depend only on which words the value holds (and whether it holds the
    // whole text): worked out once per such combination, not once per hit.
    const keyCache = new Map<number, string[]>();
    const keysOf = (verdicts: (Uint8Array | undefined)[], wholeVerdict: Uint8Array | undefined, code: number) => {
      let held = wholeVerdict?.[code] === 1 ? 1 : 0;
      for (let w = 0; w < verdicts.length; w++) if (verdicts[w]?.[code] === 1) held |= 2 << w;
      let keys = keyCache.get(held);
      if (!keys) {
        keys = wholeKeys(condition.variants.filter((_, w) => (held & (2 << w)) !== 0));
        if (held & 1) keys.push(...whole);
        keyCache.set(held, keys);
      }
      return keys;
    };
    const groupOf = new Uint8Array(hits.length);
    const sizes = new Uint32Array(5);
    for (let i = 0; i < hits.length; i++) {
      const slot = hits[i]!;
      const referenceCode = reference.codes[slot]!;
      const articleCode = article.codes[slot]!;
      let group = 4;
      let touched = wholeReference?.[referenceCode] === 1 || wholeArticle?.[articleCode] === 1;
      for (let w = 0; w < referenceWords.length && !touched; w++)
        touched = referenceWords[w]?.[referenceCode] === 1 || articleWords[w]?.[articleCode] === 1;
      if (touched) {
        if (articleCode !== 0) {
          const keys = keysOf(articleWords, wholeArticle, articleCode);
          if (keys.length > 0 && partNumberForms(article, articleCode).some((form) => keys.includes(form))) group = 0;
        }
        if (group > 0 && referenceCode !== 0) {
          const keys = keysOf(referenceWords, wholeReference, referenceCode);
          if (keys.length > 0) {
            const forms = partNumberForms(reference, referenceCode);
            if (forms.some((form) => keys.includes(form))) group = 0;
            else if (keys.some((key) => forms.some((form) => form.startsWith(key)))) group = 1;
            else if (keys.some((key) => forms.some((form) => form.includes(key)))) group = 2;
            else group = 3;
          }
        }
      }
      groupOf[i] = group;
      sizes[group]!++;
    }
    const groups = Array.from(sizes, (size) => new Int32Array(size));
    const filled = new Uint32Array(5);
    for (let i = 0; i < hits.length; i++) groups[groupOf[i]!]![filled[groupOf[i]!]!++] = hits[i]!;
    return groups;
  }

  /** The hits grouped by one column's value (folded order; no value last), each group in reference order. */
  private byColumn(hits: Int32Array, field: SearchFacetField, descending: boolean): Int32Array[] {
    const column = this.text[field];
    const ranks = this.sortRanksOf(field);
    const distinct = column.size;
    const counts = new Uint32Array(distinct + 1);
    for (let i = 0; i < hits.length; i++) counts[ranks[column.codes[hits[i]!]!]!]!++;
    const groups = Array.from({ length: distinct + 1 }, (_, rank) => new Int32Array(counts[rank]!));
    const filled = new Uint32Array(distinct + 1);
    for (let i = 0; i < hits.length; i++) {
      const slot = hits[i]!;
      const rank = ranks[column.codes[slot]!]!;
      groups[rank]![filled[rank]!++] = slot;
    }
    const valued = groups.slice(0, distinct).filter((group) => group.length > 0);
    if (descending) valued.reverse();
    return [...valued, groups[distinct]!];
  }

  /** Each code's place when the column's values are sorted (folded, then exact); "no value" sorts last. */
  private sortRanksOf(field: StoredTextField): Uint32Array {
    const column = this.text[field];
    const known = this.sortRanks.get(field);
    if (known && known.size === column.size) return known.ranks;
    const folded = column.folded ?? column.values.map(foldText);
    const codes = Array.from({ length: column.size - 1 }, (_, i) => i + 1).sort((a, b) => {
      const fa = folded[a]!;
      const fb = folded[b]!;
      if (fa !== fb) return fa < fb ? -1 : 1;
      const va = column.values[a]!;
      const vb = column.values[b]!;
      return va < vb ? -1 : va > vb ? 1 : 0;
    });
    const ranks = new Uint32Array(column.size);
    ranks[0] = column.size;
    // Values that fold alike share a place, so reference order decides among them.
    let place = 0;
    codes.forEach((code, i) => {
      if (i > 0 && folded[code] !== folded[codes[i - 1]!]) place = i;
      ranks[code] = place;
    });
    this.sortRanks.set(field, { size: column.size, ranks });
    return ranks;
  }

  /** `take` slots of `slots` from `skip` on, in reference order (or its reverse). */
  private pageWithin(slots: Int32Array, skip: number, take: number, reverse: boolean): number[] {
    const end = Math.min(slots.length, skip + take);
    if (skip >= end) return [];
    if (slots.length * 8 < this.liveCount) {
      // Few slots: sort their ranks.
      const ranks = new Int32Array(slots.length);
      for (let i = 0; i < slots.length; i++) ranks[i] = this.rank[slots[i]!]!;
      ranks.sort();
      if (reverse) ranks.reverse();
      return Array.from(ranks.subarray(skip, end), (position) => this.order[position]!);
    }
    // Many: their places in the order as bits, skipped 32 places at a time.
    const words = new Int32Array((this.order.length + 31) >>> 5);
    for (let i = 0; i < slots.length; i++) {
      const position = this.rank[slots[i]!]!;
      words[position >>> 5]! |= 1 << (position & 31);
    }
    const page: number[] = [];
    let seen = 0;
    for (let step = 0; step < words.length && seen < end; step++) {
      const word = reverse ? words.length - 1 - step : step;
      let bits = words[word]!;
      if (bits === 0) continue;
      const ones = bitCount(bits);
      if (seen + ones <= skip) {
        seen += ones;
        continue;
      }
      while (bits !== 0 && seen < end) {
        const bit = 31 - Math.clz32(reverse ? bits : bits & -bits);
        bits &= ~(1 << bit);
        if (seen >= skip) page.push(this.order[(word << 5) + bit]!);
        seen++;
      }
    }
    return page;
  }

  // ------------------------------------------------------------------------------ facets

  /**
   * The most common classes, manufacturers and types among the hits (values folded alike count
   * as one, shown as their most common spelling), each with how many of the hits that value's
   * filter would leave.
   */
  private facetsOf(hits: Int32Array): SearchFacets {
    const facets = {} as SearchFacets;
    for (const field of facetFields) {
      const column = this.text[field];
      const counts = new Uint32Array(column.size);
      for (let i = 0; i < hits.length; i++) counts[column.codes[hits[i]!]!]!++;
      const groups = new Map<string, { count: number; spellings: Map<string, number> }>();
      for (let code = 1; code < column.size; code++) {
        const count = counts[code]!;
        if (count === 0) continue;
        const spelling = column.values[code]!.trim();
        const key = column.folded![code]!;
        if (!key) continue;
        const group = groups.get(key) ?? { count: 0, spellings: new Map<string, number>() };
        group.count += count;
        group.spellings.set(spelling, (group.spellings.get(spelling) ?? 0) + count);
        groups.set(key, group);
      }
      const top = [...groups.values()]
        .sort((a, b) => b.count - a.count)
        .slice(0, FACET_VALUES * 2)
        .map((group) => {
          const value = [...group.spellings.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0];
          // What filtering on the value would leave: every hit whose field holds its words.
          const condition = this.condition(value, [field]);
          let count = 0;
          if (condition)
            for (let code = 1; code < column.size; code++) {
              if (counts[code] === 0) continue;
              const holds =
                condition.whole?.verdicts.get(field)![code] === 1 ||
                condition.words.every((word) => word.verdicts.get(field)![code] === 1);
              if (holds) count += counts[code]!;
            }
          return { value, count };
        });
      facets[field] = top
        .sort((a, b) => b.count - a.count || (lower(a.value) < lower(b.value) ? -1 : 1))
        .slice(0, FACET_VALUES);
    }
    return facets;
  }
}
