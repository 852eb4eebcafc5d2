import {
  searchTextFilterFields,
  type SearchFacetField,
  type SearchSortField,
  type SearchTextFilterField,
} from '#shared/schemas/component';
import {
  inEveryLanguage,
  partNumberFields,
  quickFields,
  searchedFields,
  grow,
  type ColumnStore,
  type SearchedField,
  type StoredNumberField,
  type StoredTextField,
  measuredNumberFields,
} from './column-store';
import { compactFolded, foldText } from './folding';
import {
  countProbes,
  holdsCount,
  holdsMeasure,
  kindForms,
  measureProbes,
  readQuery,
  type Count,
  type QueryWord,
} from './query-words';
import { Scratch } from './scratch';
import { firstBelowAt, forEachHolding, holdsAt, unitAt } from './string-list';
import { FORM_SEPARATOR_CODE, SEPARATORS_BELOW, type Codes, type TextColumn } from './text-column';
import { ValuePostings } from './value-postings';

/*
 * Which slots a query finds. A query becomes a plan: its text conditions (the quick search and
 * each text filter, every word judged once per distinct value through the value index) and its
 * number ranges. The matching slots are gathered from the narrowest condition (the slots listed
 * under the rarest word's values, or the run of a number range), each checked against the rest;
 * the slots appended since the lists were made (the delta) are always checked one by one.
 */

export interface NumberRange {
  min?: number;
  max?: number;
}

export interface IndexQuery {
  /** Quick search over every quick field. */
  query?: string;
  text?: Partial<Record<SearchTextFilterField, string>>;
  /** Inclusive ranges; an exact value is a range from it to it. */
  numbers?: Partial<Record<StoredNumberField, NumberRange>>;
  sort?: SearchSortField;
  descending?: boolean;
  /** Values chosen per facet field: a slot's value must fold to one of them. */
  choices?: Partial<Record<SearchFacetField, readonly string[]>>;
  /** Count the matches per facet field's values and numeric filter's ranges. */
  facets?: boolean;
  offset: number;
  limit: number;
}

const PART_NUMBER_COLUMNS = 1;
const OTHER_COLUMNS = 2;
const ALL_COLUMNS = PART_NUMBER_COLUMNS | OTHER_COLUMNS;

/** Words run together without separators, in their plain and spelled-out-umlaut folds: how a part number typed in pieces is compared. */
export const wholeKeys = (variants: readonly (readonly string[])[]): string[] =>
  variants.length === 0
    ? []
    : [
        ...new Set(
          [0, 1].map((variant) =>
            compactFolded(variants.map((forms) => forms[Math.min(variant, forms.length - 1)]!).join('')),
          ),
        ),
      ].filter(Boolean);

/** Runs of words longer than this are not told apart in ranking (a long text's runs would be many). */
const RUN_WORDS_MAX = 8;

/**
 * Every run of consecutive words (at most RUN_WORDS_MAX of them) as part-number keys, longest
 * first: how much of a text, in the order typed, a reference holds.
 */
export const runKeys = (
  variants: readonly (readonly string[])[],
): { start: number; length: number; keys: string[] }[] => {
  const words = variants.slice(0, RUN_WORDS_MAX);
  const runs: { start: number; length: number; keys: string[] }[] = [];
  for (let length = words.length; length >= 1; length--)
    for (let start = 0; start + length <= words.length; start++)
      runs.push({ start, length, keys: wholeKeys(words.slice(start, start + length)) });
  return runs;
};

/**
 * The codes a search marked in one verdict array, in the order marked: a typed list, since a
 * short word marks most of a part-number field's million values.
 */
export class CodeList {
  items: Uint32Array;
  length = 0;

  /** @param scratch where it grows: the search's working arrays, taken back when it ends */
  constructor(private readonly scratch: Scratch) {
    this.items = scratch.uint32(64);
  }

  push(code: number): void {
    if (this.length === this.items.length) {
      const wider = this.scratch.uint32(this.items.length * 2);
      wider.set(this.items);
      this.items = wider;
    }
    this.items[this.length++] = code;
  }
}

/**
 * The length of each value's first folded form (in a part-number column, its part-number form),
 * and whether it has more part-number forms than that one, worked out the first time either is
 * asked for and kept: a search reads them for the values it ranks.
 */
export class FormLengths {
  /** Per code: the length plus one, twice, plus one when there are several forms; 0 until worked out. */
  private known: Uint16Array;

  constructor(private readonly column: TextColumn) {
    this.known = new Uint16Array(column.size);
  }

  of(code: number): number {
    return (this.read(code) >>> 1) - 1;
  }

  /** Whether the value has several part-number forms (a fold with umlauts spelled out, as well). */
  several(code: number): boolean {
    return (this.read(code) & 1) === 1;
  }

  private read(code: number): number {
    if (code >= this.known.length) this.known = grow(this.known, this.column.size);
    let known = this.known[code]!;
    if (known === 0) {
      // The first form ends at the first separator of either kind, read in place.
      const forms = this.column.forms!;
      const end = firstBelowAt(forms, code, SEPARATORS_BELOW);
      known = ((Math.min(end, 0x7ffe) + 1) << 1) | (unitAt(forms, code, end) === FORM_SEPARATOR_CODE ? 1 : 0);
      this.known[code] = known;
    }
    return known;
  }
}

/** Each searched field's slots per code (slots below `upTo`), as offsets into one list. */
interface SlotLists {
  offsets: Uint32Array;
  slots: Uint32Array;
}

/** A word (or the whole text) as the index looks for it: codes of each column that hold it. */
export interface Match {
  /** Per searched column: 1 where the value holds the word. */
  verdicts: Map<SearchedField, Uint8Array>;
  /** The same as parallel arrays (the columns' code arrays as they were when the search began), for the per-slot loop. */
  columnCodes: Codes[];
  columnVerdicts: Uint8Array[];
  /** Per quick column: the codes that hold it (to list their slots). */
  codes: Map<SearchedField, CodeList>;
  /** Upper bound on the slots that hold it (Infinity when they cannot be listed). */
  estimate: number;
  /** Number columns that hold it when they have this value (a count of terminals), none for a word. */
  numbers: { codes: Codes; code: number }[];
  /** The listed slots whose number column has that value (in the column's value order). */
  runs: Int32Array[];
}

/** A filter on one text field, or the quick search over all: every word (or the whole text), and every count. */
export interface TextCondition {
  words: Match[];
  /** The whole text without separators, found in a part-number field (undefined: not tried). */
  whole: Match | undefined;
  /** Counts of terminals or circuits asked for (quick search only): each must hold as well. */
  counts: Match[];
  fields: readonly SearchedField[];
  /** Words' folded variants, in order (for ranking). */
  variants: string[][];
  /** The words as read: which are measures, which name kinds of part (for ranking). */
  read: QueryWord[];
  /** Per class and type code: 1 when the value is of a kind the words name (for ranking). */
  kinds: Map<SearchedField, Uint8Array>;
}

/** An inclusive range on one number column: the codes whose value lies in it. */
interface RangeFilter {
  field: StoredNumberField;
  codes: Codes;
  accepted: Uint8Array;
  min: number;
  max: number;
}

/** Chosen values of one facet field: the codes whose value folds to one of them. */
interface ChoiceFilter {
  codes: Codes;
  accepted: Uint8Array;
}

/** A query worked out: what every matching slot must meet, and what ranks the hits by relevance. */
export interface Plan {
  quick: TextCondition | undefined;
  filters: TextCondition[];
  ranges: RangeFilter[];
  choices: ChoiceFilter[];
  /** Nothing to meet: every live slot matches. */
  unconditional: boolean;
  /** The condition relevance is judged by: the quick search, else a reference filter. */
  relevance: TextCondition | undefined;
}

/** The form a facet value is compared in: "Relay", " relay " and "RELAY" are one value. */
export const facetKey = (value: string): string => foldText(value.trim());

/** Whether the slot's value of any of the match's fields holds the word. */
const holds = (match: Match, slot: number): boolean => {
  const { columnCodes, columnVerdicts, numbers } = match;
  for (let i = 0; i < columnCodes.length; i++) if (columnVerdicts[i]![columnCodes[i]![slot]!] === 1) return true;
  for (let i = 0; i < numbers.length; i++) if (numbers[i]!.codes[slot] === numbers[i]!.code) return true;
  return false;
};

/** Whether the slot holds every count, and the whole text or else every word. */
const satisfies = (condition: TextCondition, slot: number): boolean => {
  const counts = condition.counts;
  for (let i = 0; i < counts.length; i++) if (!holds(counts[i]!, slot)) return false;
  // Every word (what most slots a broad search finds meet), else the whole text as one part number.
  const words = condition.words;
  for (let i = 0; i < words.length; i++)
    if (!holds(words[i]!, slot)) return condition.whole !== undefined && holds(condition.whole, slot);
  return true;
};

/** The fields a kind of part is named in. */
const KIND_FIELDS: readonly SearchedField[] = ['class', 'type'];

/**
 * The matcher: the value index, the slot lists and number orders over the slots appended so far,
 * and the scratch a search needs (verdict arrays, per-pass marks), all over one column store.
 */
export class Matcher {
  private postings: ValuePostings | undefined;
  /** Slot lists cover slots below this; later slots (the delta) are always scanned. */
  private listedUpTo = 0;
  private slotLists = new Map<SearchedField, SlotLists>();
  private numberOrders = new Map<StoredNumberField, Int32Array>();
  /** Per facet field, each value's folded form by code (extended as values are added). */
  private facetKeyLists = new Map<StoredTextField, string[]>();
  /** Per slot, the last pass that marked it (see nextMark). */
  private marks = new Uint32Array(0);
  private mark = 0;
  /**
   * Per-value verdict arrays kept between searches (one the size of a dictionary per word and
   * field would otherwise be made each time), and those lent to the search under way with the
   * codes it marked in them, cleared when they come back. Kept across compaction too.
   */
  private verdictPool = new Map<SearchedField, Uint8Array[]>();
  private lentVerdicts: { field: SearchedField; verdicts: Uint8Array; marked: CodeList }[] = [];
  /** Working arrays a search borrows (the matcher's and the result order's), taken back with the verdicts. */
  readonly scratch = new Scratch();

  constructor(private readonly store: ColumnStore) {
    this.reset();
  }

  /** Forgets every lookup (the store was emptied); the verdict pool stays. */
  reset(): void {
    this.marks = new Uint32Array(this.store.capacity);
    this.mark = 0;
    this.postings = undefined;
    this.listedUpTo = 0;
    this.slotLists = new Map();
    this.numberOrders = new Map();
    this.facetKeyLists = new Map();
    this.kindFormLists = new Map();
    this.formLengths = new Map();
  }

  /** Whether the slots and values added since the lookups were made are too many to scan each search. */
  deltaIsLarge(): boolean {
    const postings = this.postings;
    if (!postings) return true;
    const store = this.store;
    const newSlots = store.slotCount - this.listedUpTo;
    let newValues = 0;
    searchedFields.forEach((field, index) => (newValues += store.text[field].size - postings.indexedUpTo[index]!));
    return newSlots > Math.max(1024, store.liveCount / 20) || newValues > Math.max(1024, postings.totalIds / 20);
  }

  /**
   * The value index and the quick fields' slot lists, over everything appended so far. The other
   * searched fields' slot lists and the number fields' orders are made when a search first needs
   * them (most are seldom filtered on), over the same slots.
   */
  rebuildLookups(prebuilt?: ValuePostings): void {
    const store = this.store;
    // A snapshot's value index, built over exactly these dictionaries, is taken as it is.
    this.postings = prebuilt ?? ValuePostings.build(searchedFields.map((field) => store.text[field]));
    this.listedUpTo = store.slotCount;
    this.slotLists = new Map();
    this.numberOrders = new Map();
    for (const field of quickFields) this.slotListsOf(field);
    store.forgetLookups();
  }

  // ------------------------------------------------------------------------------ the plan

  plan(query: IndexQuery): Plan {
    const filters: TextCondition[] = [];
    for (const field of searchTextFilterFields) {
      const term = query.text?.[field];
      if (term === undefined) continue;
      const condition = this.condition(term, inEveryLanguage(field), false);
      if (condition) filters.push(condition);
    }
    const quick = query.query === undefined ? undefined : this.condition(query.query, quickFields, true);
    const ranges: RangeFilter[] = [];
    const numbers = this.store.numbers;
    for (const [field, range] of Object.entries(query.numbers ?? {}) as [StoredNumberField, NumberRange][]) {
      if (range.min === undefined && range.max === undefined) continue;
      const min = range.min ?? -Infinity;
      const max = range.max ?? Infinity;
      ranges.push({ field, codes: numbers[field].codes, accepted: numbers[field].accepting(min, max), min, max });
    }
    const choices: ChoiceFilter[] = [];
    for (const [field, values] of Object.entries(query.choices ?? {}) as [SearchFacetField, readonly string[]][]) {
      // A blank value chooses nothing (the API drops it before).
      const wanted = new Set((values ?? []).map(facetKey).filter(Boolean));
      if (wanted.size === 0) continue;
      const keys = this.facetKeys(field);
      const accepted = new Uint8Array(keys.length);
      for (let code = 1; code < keys.length; code++) if (wanted.has(keys[code]!)) accepted[code] = 1;
      choices.push({ codes: this.store.text[field].codes, accepted });
    }
    const referenceFilter = filters.find((filter) => filter.fields[0] === 'reference');
    return {
      quick,
      filters,
      ranges,
      choices,
      unconditional: !quick && filters.length === 0 && ranges.length === 0 && choices.length === 0,
      relevance: quick ?? referenceFilter,
    };
  }

  /**
   * Works out, for every word of `text`, which values of `fields` hold it. `quick`: the text
   * searches every field, so counts and kinds of part are read too. Undefined for a text without words.
   */
  condition(text: string, fields: readonly SearchedField[], quick: boolean): TextCondition | undefined {
    const read = readQuery(text, quick);
    if (read.words.length === 0 && read.counts.length === 0) return undefined;
    const variants = read.words.map((word) => word.forms);
    const words = read.words.map((word) => this.wordMatch(word, fields, quick));
    const counts = read.counts.map((count) => this.countMatch(count, fields));
    const partNumberFieldsHere = fields.filter((field) => partNumberFields.has(field));
    // One word's own part-number form is already among its forms; several words are also tried
    // as one part number (`750 1420`, `EK 1100`).
    const wholeForms = wholeKeys(variants);
    const whole =
      variants.length > 1 && partNumberFieldsHere.length > 0 && wholeForms.length > 0
        ? this.match(wholeForms, partNumberFieldsHere, true)
        : undefined;
    const kinds = new Map<SearchedField, Uint8Array>();
    const named = read.words.flatMap((word) => (word.kind ? [word.kind] : []));
    if (named.length > 0)
      for (const field of KIND_FIELDS.filter((kindField) => fields.includes(kindField))) {
        const verdict = new Uint8Array(this.store.text[field].size);
        for (const kind of named) for (const code of this.kindCodes(field, kind)) verdict[code] = 1;
        kinds.set(field, verdict);
      }
    return { words, whole, counts, fields, variants, read: read.words, kinds };
  }

  /** A word's match: by its letters, or as a measure (a whole number with its unit); and by the class or type it names. */
  private wordMatch(word: QueryWord, fields: readonly SearchedField[], quick: boolean): Match {
    const kinds = word.kind;
    const alsoHolding = kinds
      ? (field: SearchedField) => (KIND_FIELDS.includes(field) ? this.kindCodes(field, kinds) : [])
      : undefined;
    const measure = word.measure;
    if (!measure) return this.match(word.forms, fields, false, undefined, alsoHolding);
    const match = this.match(
      measureProbes(measure),
      fields,
      false,
      (folded) => holdsMeasure(folded, measure),
      alsoHolding,
      true,
    );
    // The quick search also finds the amount in the number fields of its quantity.
    if (quick)
      for (const field of measuredNumberFields.get(measure.quantity) ?? []) {
        const run = this.rangeRun(field, measure.value, measure.value);
        if (run.length === 0) continue;
        const column = this.store.numbers[field];
        match.numbers.push({ codes: column.codes, code: column.find(measure.value) });
        match.runs.push(run);
        match.estimate += run.length;
      }
    return match;
  }

  /**
   * A count's match: values of the descriptive fields stating it (a part number is not read
   * for counts), and the slots whose count field has it.
   */
  private countMatch(count: Count, fields: readonly SearchedField[]): Match {
    const stating = fields.filter((field) => !partNumberFields.has(field));
    const match = this.match(
      countProbes(count),
      stating,
      false,
      (folded) => holdsCount(folded, count),
      undefined,
      true,
    );
    const run = this.rangeRun(count.field, count.count, count.count);
    const column = this.store.numbers[count.field];
    match.numbers.push({ codes: column.codes, code: column.find(count.count) });
    match.runs.push(run);
    match.estimate += run.length;
    return match;
  }

  /** Per field, each class or type value's kind forms by code (extended as values are added). */
  private kindFormLists = new Map<SearchedField, { forms: Map<string, number[]>; size: number }>();

  /** The codes of a class or type column whose value is of a kind (its forms from kindOf). */
  private kindCodes(field: SearchedField, kind: ReadonlySet<string>): number[] {
    const column = this.store.text[field];
    let known = this.kindFormLists.get(field);
    if (!known || known.size > column.size) {
      known = { forms: new Map(), size: 1 };
      this.kindFormLists.set(field, known);
    }
    for (let code = known.size; code < column.size; code++)
      for (const form of new Set(kindForms(column.values.at(code)!))) {
        const codes = known.forms.get(form);
        if (codes) codes.push(code);
        else known.forms.set(form, [code]);
      }
    known.size = column.size;
    const codes = new Set<number>();
    for (const form of kind) for (const code of known.forms.get(form) ?? []) codes.add(code);
    return [...codes];
  }

  /**
   * Which values of each field hold one of `forms` (a word's folded variants; in part-number
   * fields also without separators). `compactOnly`: the forms are already part-number forms.
   * `accept`: a value holding a form holds the word only when its plain fold passes (a measure,
   * a count); `asWritten`: such forms are looked for as they are, not without separators.
   * `alsoHolding`: codes of a field that hold the word whatever their letters (a kind's classes).
   */
  private match(
    forms: readonly string[],
    fields: readonly SearchedField[],
    compactOnly: boolean,
    accept?: (folded: string) => boolean,
    alsoHolding?: (field: SearchedField) => number[],
    asWritten = false,
  ): Match {
    const postings = this.postings!;
    const text = this.store.text;
    // Each probe and the columns it is tried in: part-number columns (1), the others (2).
    const probes = new Map<string, number>();
    const offer = (probe: string, reach: number) => {
      if (probe !== '') probes.set(probe, (probes.get(probe) ?? 0) | reach);
    };
    for (const form of forms) {
      if (compactOnly || asWritten) {
        offer(form, compactOnly ? PART_NUMBER_COLUMNS : ALL_COLUMNS);
        continue;
      }
      // A word without separators finds them in a part number, and a word typed together finds
      // the words of a description (its forms hold them run together); not the other way round:
      // `i/o` is not `io` anywhere in a description. A part-number value holding the word holds
      // it without separators too (taking them out of both keeps one inside the other), so there
      // only the form without them is looked for, unless nothing is left of it.
      const compact = compactFolded(form);
      offer(form, compact === '' || compact === form ? ALL_COLUMNS : OTHER_COLUMNS);
      offer(compact, PART_NUMBER_COLUMNS);
    }
    const verdicts = new Map<SearchedField, Uint8Array>();
    const codes = new Map<SearchedField, CodeList>();
    const columnIndex = new Map<SearchedField, number>();
    for (const field of fields) {
      const marked = new CodeList(this.scratch);
      verdicts.set(field, this.borrowVerdicts(field, marked));
      codes.set(field, marked);
      columnIndex.set(field, searchedFields.indexOf(field));
    }
    const lookups = new Map<string, ReturnType<ValuePostings['candidates']>>();
    // Values a check turned down, per field (a value may hold several probes).
    const refused = new Map<SearchedField, Set<number>>();
    const mark = (field: SearchedField, code: number, checked = true) => {
      const verdict = verdicts.get(field)!;
      if (verdict[code] === 1) return;
      if (accept && checked) {
        const turnedDown = refused.get(field) ?? refused.set(field, new Set()).get(field)!;
        if (turnedDown.has(code)) return;
        if (!accept(text[field].folded!.at(code)!)) {
          turnedDown.add(code);
          return;
        }
      }
      verdict[code] = 1;
      codes.get(field)!.push(code);
    };
    for (const [probe, reach] of probes) {
      for (const field of fields) {
        if ((reach & (partNumberFields.has(field) ? PART_NUMBER_COLUMNS : OTHER_COLUMNS)) === 0) continue;
        const column = text[field];
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
        if (found && !accept) {
          // Marked here without a check (the common case; a short word marks most values).
          const exact = found.exact && lookup === probe;
          const { ids, base } = found;
          const verdict = verdicts.get(field)!;
          const marked = codes.get(field)!;
          for (let i = 0; i < ids.length; i++) {
            const code = ids[i]! - base;
            if (code === 0 || verdict[code] === 1 || !(exact || holdsAt(forms, code, probe))) continue;
            verdict[code] = 1;
            marked.push(code);
          }
        } else if (found) {
          const exact = found.exact && lookup === probe;
          const { ids, base } = found;
          for (let i = 0; i < ids.length; i++) {
            const code = ids[i]! - base;
            if (code !== 0 && (exact || holdsAt(forms, code, probe))) mark(field, code);
          }
        } else {
          forEachHolding(forms, probe, 1, indexed, (code) => mark(field, code));
        }
        // Values added since the index was built.
        forEachHolding(forms, probe, indexed, column.size, (code) => mark(field, code));
      }
    }
    if (alsoHolding) for (const field of fields) for (const code of alsoHolding(field)) mark(field, code, false);
    let estimate = 0;
    const held = new Map<SearchedField, number>();
    for (const field of fields) {
      const { offsets } = this.slotListsOf(field);
      const { items, length } = codes.get(field)!;
      let slots = 0;
      for (let i = 0; i < length; i++) {
        const code = items[i]!;
        if (code < offsets.length - 1) slots += offsets[code + 1]! - offsets[code]!;
      }
      held.set(field, slots);
      estimate += slots;
    }
    // A slot is checked field by field until one holds the word: the fields holding it for the
    // most slots first.
    const checked = [...fields].sort((a, b) => held.get(b)! - held.get(a)!);
    return {
      verdicts,
      codes,
      estimate,
      columnCodes: checked.map((field) => text[field].codes),
      columnVerdicts: checked.map((field) => verdicts.get(field)!),
      numbers: [],
      runs: [],
    };
  }

  /**
   * The codes of a searched column whose values may hold `term` in their squeezed forms: a
   * superset for the caller to check, with the values added since the index was built.
   */
  mayHold(field: SearchedField, term: string): number[] {
    const postings = this.postings!;
    const index = searchedFields.indexOf(field);
    const size = this.store.text[field].size;
    const indexed = postings.indexedUpTo[index]!;
    const codes: number[] = [];
    const found = term === '' ? undefined : postings.candidates(term, index);
    if (found) {
      for (let i = 0; i < found.ids.length; i++) {
        const code = found.ids[i]! - found.base;
        if (code !== 0) codes.push(code);
      }
    } else for (let code = 1; code < indexed; code++) codes.push(code);
    for (let code = indexed; code < size; code++) codes.push(code);
    return codes;
  }

  /**
   * The codes of a part-number column whose part-number form may be within `edits` of `key`
   * (itself a part-number form): those sharing enough of its trigrams, and the values added
   * since the index was built (when the key has too few trigrams to narrow anything, every
   * value), of them only those whose part-number form is within `edits` of the key's length.
   */
  mayBeNear(field: SearchedField, key: string, edits: number): number[] {
    const postings = this.postings!;
    const index = searchedFields.indexOf(field);
    const found = postings.near(key, index, edits);
    const size = this.store.text[field].size;
    // A value is as many edits away as its part-number form's length differs, at least.
    const lengths = this.partNumberLengths(field);
    const shortest = key.length - edits;
    const longest = key.length + edits;
    const fits = (code: number) => {
      const length = lengths.of(code);
      return length >= shortest && length <= longest;
    };
    const codes: number[] = [];
    // Too few trigrams to narrow anything: every value of about the key's length.
    if (!found) {
      for (let code = 1; code < size; code++) if (fits(code)) codes.push(code);
      return codes;
    }
    for (let i = 0; i < found.length; i++) if (found[i] !== 0 && fits(found[i]!)) codes.push(found[i]!);
    for (let code = postings.indexedUpTo[index]!; code < size; code++) if (fits(code)) codes.push(code);
    return codes;
  }

  /** Per part-number column, the length of each value's first folded form, worked out as asked. */
  private formLengths = new Map<SearchedField, FormLengths>();

  /** The length of each value's first folded form (its part-number form), worked out when first asked. */
  partNumberLengths(field: SearchedField): FormLengths {
    let lengths = this.formLengths.get(field);
    if (!lengths) this.formLengths.set(field, (lengths = new FormLengths(this.store.text[field])));
    return lengths;
  }

  /**
   * The live slots whose value of a searched field has one of `codes` (`accepted` marks the same
   * codes): the slots listed under each code, and those appended since the lists were made.
   */
  slotsHolding(field: SearchedField, codes: readonly number[], accepted: Uint8Array): number[] {
    const lists = this.slotListsOf(field);
    const { alive, slotCount } = this.store;
    const slots: number[] = [];
    for (const code of codes) {
      if (code >= lists.offsets.length - 1) continue;
      for (let i = lists.offsets[code]!; i < lists.offsets[code + 1]!; i++)
        if (alive[lists.slots[i]!] === 1) slots.push(lists.slots[i]!);
    }
    const column = this.store.text[field].codes;
    for (let slot = this.listedUpTo; slot < slotCount; slot++)
      if (alive[slot] === 1 && accepted[column[slot]!] === 1) slots.push(slot);
    return slots;
  }

  // ------------------------------------------------------------------------------ facets

  /** Each value of a field (by code) in the form facet choices compare: folded, trimmed. */
  facetKeys(field: StoredTextField): readonly string[] {
    const column = this.store.text[field];
    let keys = this.facetKeyLists.get(field);
    if (!keys || keys.length > column.size) {
      keys = [''];
      this.facetKeyLists.set(field, keys);
    }
    for (let code = keys.length; code < column.size; code++) keys.push(facetKey(column.values.at(code)!));
    return keys;
  }

  /**
   * The values of each number field among `hits`, in ascending order (those without one left
   * out): the hits are marked once, then each field's value order is walked.
   */
  sortedValuesAmong(fields: readonly StoredNumberField[], hits: Int32Array): Map<StoredNumberField, Float64Array> {
    const mark = this.nextMark();
    const marks = this.marks;
    for (let i = 0; i < hits.length; i++) marks[hits[i]!] = mark;
    const found = new Map<StoredNumberField, Float64Array>();
    const scratch = new Float64Array(hits.length);
    for (const field of fields) {
      const column = this.store.numbers[field];
      const order = this.numberOrderOf(field);
      let count = 0;
      for (let i = 0; i < order.length; i++) if (marks[order[i]!] === mark) scratch[count++] = column.at(order[i]!);
      const listed = count;
      for (let slot = this.listedUpTo; slot < this.store.slotCount; slot++)
        if (marks[slot] === mark && column.codes[slot] !== 0) scratch[count++] = column.at(slot);
      if (count === 0) continue;
      const values = scratch.slice(0, count);
      // The slots appended since the order was made come unsorted after it.
      if (count > listed) values.sort();
      found.set(field, values);
    }
    return found;
  }

  // ------------------------------------------------------------------------------ the verdict pool

  /** A cleared verdict array for `field`'s values; the codes marked in it are to be pushed to `marked`. */
  private borrowVerdicts(field: SearchedField, marked: CodeList): Uint8Array {
    const size = this.store.text[field].size;
    const kept = this.verdictPool.get(field)?.pop();
    const verdicts = kept && kept.length >= size ? kept : new Uint8Array(size);
    this.lentVerdicts.push({ field, verdicts, marked });
    return verdicts;
  }

  /** Takes back every verdict array the search lent, clearing what it marked, and its working arrays. */
  returnVerdicts(): void {
    for (const { field, verdicts, marked } of this.lentVerdicts) {
      // Most of a big dictionary marked: clearing it whole is quicker than code by code.
      if (marked.length * 8 > verdicts.length) verdicts.fill(0);
      else for (let i = 0; i < marked.length; i++) verdicts[marked.items[i]!] = 0;
      const pool = this.verdictPool.get(field) ?? [];
      if (pool.length < 8) pool.push(verdicts);
      this.verdictPool.set(field, pool);
    }
    this.lentVerdicts = [];
    this.scratch.returnAll();
  }

  // ------------------------------------------------------------------------------ matching slots

  /** The live slots that meet the plan, in no particular order. */
  matchingSlots(plan: Plan): Int32Array {
    const store = this.store;
    const conditions = [...plan.filters, ...(plan.quick ? [plan.quick] : [])];
    const ranges = plan.ranges;
    // The fewest candidates come from the narrowest condition: a text condition's rarest word's
    // slots plus the whole text's, or the run of a number range.
    let words: Match[] | undefined;
    let run: Int32Array | undefined;
    let best = Infinity;
    for (const condition of conditions) {
      if (condition.words.length > 0) {
        const rarest = condition.words.reduce((a, b) => (b.estimate < a.estimate ? b : a));
        const estimate = rarest.estimate + (condition.whole?.estimate ?? 0);
        if (estimate < best) {
          best = estimate;
          words = condition.whole ? [rarest, condition.whole] : [rarest];
        }
      }
      // Every count must hold too: one alone lists a superset as well.
      for (const count of condition.counts)
        if (count.estimate < best) {
          best = count.estimate;
          words = [count];
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
    const alive = store.alive;
    const slotCount = store.slotCount;
    const liveCount = store.liveCount;
    // With one condition of one word (or one range), every listed slot meets it: listing them
    // beats checking every slot however many there are.
    const choices = plan.choices;
    const listedMeetAll =
      choices.length === 0 &&
      conditions.length + ranges.length === 1 &&
      (run !== undefined || conditions[0]!.words.length + conditions[0]!.counts.length === 1);
    const listed = listedMeetAll || best < liveCount / 2;
    const delta = slotCount - this.listedUpTo;
    const hits = this.scratch.int32(listed ? Math.min(liveCount, best + delta) : liveCount);
    let count = 0;
    const consider = (slot: number) => {
      if (alive[slot] === 0) return;
      for (const range of ranges) if (range.accepted[range.codes[slot]!] !== 1) return;
      for (const choice of choices) if (choice.accepted[choice.codes[slot]!] !== 1) return;
      for (const condition of conditions) if (!satisfies(condition, slot)) return;
      hits[count++] = slot;
    };
    if (listed && run) {
      for (let i = 0; i < run.length; i++) {
        const slot = run[i]!;
        if (!listedMeetAll) consider(slot);
        else if (alive[slot] === 1) hits[count++] = slot;
      }
      for (let slot = this.listedUpTo; slot < slotCount; slot++) consider(slot);
    } else if (listed && words) {
      // A slot can be listed under several fields' values: each is considered once.
      const mark = this.nextMark();
      const marks = this.marks;
      for (const match of words) {
        for (const [field, { items, length }] of match.codes) {
          const lists = this.slotListsOf(field);
          for (let c = 0; c < length; c++) {
            const code = items[c]!;
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
        // A count's slots by its number.
        for (const slots of match.runs)
          for (let i = 0; i < slots.length; i++) {
            const slot = slots[i]!;
            if (marks[slot] === mark) continue;
            marks[slot] = mark;
            if (!listedMeetAll) consider(slot);
            else if (alive[slot] === 1) hits[count++] = slot;
          }
      }
      for (let slot = this.listedUpTo; slot < slotCount; slot++) consider(slot);
    } else if (ranges.length === 0 && choices.length === 0 && conditions.length === 1) {
      // One text condition over every slot (a short word most parts hold): the check alone.
      const condition = conditions[0]!;
      for (let slot = 0; slot < slotCount; slot++)
        if (alive[slot] === 1 && satisfies(condition, slot)) hits[count++] = slot;
    } else {
      for (let slot = 0; slot < slotCount; slot++) consider(slot);
    }
    return hits.subarray(0, count);
  }

  /**
   * A mark no slot carries yet, for one pass over slots (seen, on the page): marks are never
   * cleared, each pass takes the next number. The marks grow with the store.
   */
  private nextMark(): number {
    if (this.marks.length < this.store.capacity) this.marks = grow(this.marks, this.store.capacity);
    if (this.mark === 0xffffffff) {
      this.marks.fill(0);
      this.mark = 0;
    }
    return ++this.mark;
  }

  // ------------------------------------------------------------------------------ slot lists and number orders

  /** A searched field's live slots below `listedUpTo` per code, as offsets into one list. */
  private slotListsOf(field: SearchedField): SlotLists {
    const known = this.slotLists.get(field);
    if (known) return known;
    const column = this.store.text[field];
    const alive = this.store.alive;
    const upTo = this.listedUpTo;
    const codes = column.codes;
    // Slots without a value (code 0) are not listed: no search lists them, and in a field most
    // parts leave empty they would be most of the list.
    const offsets = new Uint32Array(column.size + 1);
    for (let slot = 0; slot < upTo; slot++) if (alive[slot] && codes[slot] !== 0) offsets[codes[slot]! + 1]!++;
    for (let code = 0; code < column.size; code++) offsets[code + 1]! += offsets[code]!;
    const slots = new Uint32Array(offsets[column.size]!);
    const cursor = offsets.slice(0, column.size);
    for (let slot = 0; slot < upTo; slot++) if (alive[slot] && codes[slot] !== 0) slots[cursor[codes[slot]!]!++] = slot;
    const lists = { offsets, slots };
    this.slotLists.set(field, lists);
    return lists;
  }

  /**
   * A number field's live slots below `listedUpTo` that have a value, in value order: the slots
   * of a range are one run of it. Sorted by counting over the field's distinct values.
   */
  private numberOrderOf(field: StoredNumberField): Int32Array {
    const known = this.numberOrders.get(field);
    if (known) return known;
    const column = this.store.numbers[field];
    const codes = column.codes;
    const alive = this.store.alive;
    const upTo = this.listedUpTo;
    // Each code's place when the values are sorted, then the slots counted into their places.
    const byValue = Array.from({ length: column.size - 1 }, (_, i) => i + 1).sort(
      (a, b) => column.valueOf(a) - column.valueOf(b),
    );
    const placeOf = new Uint32Array(column.size);
    byValue.forEach((code, place) => (placeOf[code] = place));
    const starts = new Uint32Array(column.size);
    let valued = 0;
    for (let slot = 0; slot < upTo; slot++)
      if (alive[slot] && codes[slot] !== 0) {
        starts[placeOf[codes[slot]!]! + 1]!++;
        valued++;
      }
    for (let place = 0; place + 1 < column.size; place++) starts[place + 1]! += starts[place]!;
    const order = new Int32Array(valued);
    for (let slot = 0; slot < upTo; slot++)
      if (alive[slot] && codes[slot] !== 0) order[starts[placeOf[codes[slot]!]!]!++] = slot;
    this.numberOrders.set(field, order);
    return order;
  }

  /** The run of a number field's order whose values lie in [min, max]. */
  private rangeRun(field: StoredNumberField, min: number, max: number): Int32Array {
    const order = this.numberOrderOf(field);
    const column = this.store.numbers[field];
    const firstAbove = (inRange: (value: number) => boolean, from: number): number => {
      let low = from;
      let high = order.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (inRange(column.at(order[middle]!))) low = middle + 1;
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
}
