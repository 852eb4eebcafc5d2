import { ranksLastValues } from '#shared/schemas/choice-fields';
import type { SearchFacetField, SearchSortField } from '#shared/schemas/component';
import { grow, inEveryLanguage, type ColumnStore, type SearchedField, type StoredTextField } from './column-store';
import { foldText } from './folding';
import { PrefixOrder } from './prefix-order';
import { runKeys, wholeKeys, type FormLengths, type TextCondition } from './matching';
import type { Scratch } from './scratch';
import { compareAt, startsWithAt, toArray, unitAt, type ReadonlyStringList } from './string-list';
import { FORM_SEPARATOR, FORM_SEPARATOR_CODE, INDEXED_END } from './text-column';

/*
 * The order of results. `order` holds the live slots sorted by reference (folded, then exact)
 * and id, and `rank` each live slot's place in it: every other order is groups of hits (by
 * relevance, or by one column's value) each taken in reference order, and a page is a walk
 * along those groups. In relevance order, parts a maker no longer recommends (obsolete, NRND)
 * come after the others of their group.
 */

/**
 * How a value's part-number forms (its forms before INDEXED_END, split at FORM_SEPARATOR) stand
 * to `key`: 0 when one is the key, 1 when one starts with it, 2 when one holds it, 3 when none
 * does. Read in place, without splitting the forms. `length`: the first form's length.
 */
const partNumberRelation = (forms: string, key: string, length: number): number => {
  const at = forms.indexOf(key);
  if (at === -1) return 3;
  // One part-number form of a known length (most values): where the key is first found says it all.
  if (forms.charCodeAt(length) !== FORM_SEPARATOR_CODE) {
    if (at >= length) return 3;
    if (at !== 0) return 2;
    return key.length === length ? 0 : 1;
  }
  return partNumberRelationOfForms(forms, key);
};

/**
 * partNumberRelation for a key the value is known to hold in its part-number form (a word's key,
 * or the whole text's, that its verdict says it holds), so only whether it is or starts with the
 * key is left to read: read in place, without cutting the value out of its list.
 */
const heldRelation = (forms: ReadonlyStringList, code: number, key: string, length: number): number => {
  if (unitAt(forms, code, length) === FORM_SEPARATOR_CODE) return partNumberRelationOfForms(forms.at(code)!, key);
  if (!startsWithAt(forms, code, key)) return 2;
  return key.length === length ? 0 : 1;
};

/**
 * The part-number keys a value is compared with, for one combination of what it holds: those it
 * is known to hold (read with heldRelation), those it may or may not hold (partNumberRelation),
 * and whether there were any at all (a value with keys it holds none of still ranks as touched).
 */
interface ValueKeys {
  held: string[];
  unknown: string[];
  any: boolean;
}

/** Whether one of a value's part-number forms is one of `keys`: its length read before its letters. */
const isOneOf = (forms: ReadonlyStringList, code: number, keys: ValueKeys, lengths: FormLengths): boolean => {
  if (lengths.several(code)) return relationTo(forms, code, keys, lengths.of(code), 0) === 0;
  const length = lengths.of(code);
  const { held, unknown } = keys;
  for (let k = 0; k < held.length; k++)
    if (held[k]!.length === length && startsWithAt(forms, code, held[k]!)) return true;
  for (let k = 0; k < unknown.length; k++)
    if (unknown[k]!.length === length && startsWithAt(forms, code, unknown[k]!)) return true;
  return false;
};

/** The best relation of a value's part-number forms to any of `keys`, stopping once one is `enough`. */
const relationTo = (
  forms: ReadonlyStringList,
  code: number,
  keys: ValueKeys,
  length: number,
  enough: number,
): number => {
  let best = 3;
  for (let k = 0; k < keys.held.length && best > enough; k++)
    best = Math.min(best, heldRelation(forms, code, keys.held[k]!, length));
  if (best <= enough || keys.unknown.length === 0) return best;
  const text = forms.at(code)!;
  for (let k = 0; k < keys.unknown.length && best > enough; k++)
    best = Math.min(best, partNumberRelation(text, keys.unknown[k]!, length));
  return best;
};

/** partNumberRelation for a value with several part-number forms: each form in turn. */
const partNumberRelationOfForms = (forms: string, key: string): number => {
  const indexedEnd = forms.indexOf(INDEXED_END);
  const end = indexedEnd === -1 ? forms.length : indexedEnd;
  let best = 3;
  for (let start = 0; start < end;) {
    let stop = forms.indexOf(FORM_SEPARATOR, start);
    if (stop === -1 || stop > end) stop = end;
    if (forms.startsWith(key, start)) {
      if (stop - start === key.length) return 0;
      best = 1;
    } else if (best > 2) {
      const at = forms.indexOf(key, start);
      if (at !== -1 && at + key.length <= stop) best = 2;
    }
    start = stop + 1;
  }
  return best;
};

/** A search finding at most one part in this many of the catalogue ranks every hit: they are few enough. */
const SHORTCUT_SHARE = 50;
/** A page ending past this many hits (one far down the order) is not looked for among the top ranks. */
const SHORTCUT_END = 1_000;
/** Above this many words the part numbers a value may be exactly (every combination of the words) are too many to look up. */
const SHORTCUT_WORDS = 4;

/** The part-number keys of every combination of the words, in the order typed (what an exact part number may be). */
const everySubsetKeys = (variants: readonly (readonly string[])[]): string[] => {
  const keys = new Set<string>();
  for (let subset = 1; subset < 1 << variants.length; subset++)
    for (const key of wholeKeys(variants.filter((_, w) => (subset & (1 << w)) !== 0))) keys.add(key);
  return [...keys];
};

/** The description in every catalogue language: where the measures asked for count for ranking. */
const descriptionFields: readonly SearchedField[] = inEveryLanguage('description');

/** How many bits of a 32-bit word are set. */
const bitCount = (word: number): number => {
  let x = word - ((word >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
};

export class ResultOrder {
  /** Live slots in result order. */
  order = new Int32Array(0);
  /** Position of each live slot in `order`. */
  private rank = new Int32Array(0);
  private sortRanks = new Map<StoredTextField, { size: number; ranks: Uint32Array }>();
  private prefixOrders = new Map<'reference' | 'articleNumber', { forms: ReadonlyStringList; order: PrefixOrder }>();

  /**
   * @param partNumberLengths each value's first part-number form's length, by code, for a
   * part-number column
   * @param scratch where a page borrows its working arrays (taken back when the search ends)
   */
  constructor(
    private readonly store: ColumnStore,
    private readonly partNumberLengths: (field: SearchedField) => FormLengths,
    private readonly scratch: Scratch,
  ) {
    this.reset();
  }

  /** Forgets the order (the store was emptied). */
  reset(): void {
    this.order = new Int32Array(0);
    this.rank = new Int32Array(this.store.capacity);
    this.sortRanks = new Map();
    this.prefixOrders = new Map();
  }

  // ------------------------------------------------------------------------------ upkeep

  /** Reference order (folded, then exact), then id, over the store's columns as they are now. */
  private comparator(): (a: number, b: number) => number {
    const reference = this.store.text.reference;
    const ids = this.store.ids;
    return (a, b) => {
      const codeA = reference.codes[a]!;
      const codeB = reference.codes[b]!;
      if (codeA !== codeB) {
        // Compared in place: a loaded store's values are bytes, not strings (string-list.ts).
        const folded = compareAt(reference.folded!, codeA, codeB);
        if (folded !== 0) return folded;
        const exact = compareAt(reference.values, codeA, codeB);
        if (exact !== 0) return exact;
      }
      return ids[a]! - ids[b]!;
    };
  }

  /** Sorts every live slot afresh (a store built or loaded in order needs no sort). */
  rebuild(): void {
    const { alive, slotCount, liveCount } = this.store;
    const compare = this.comparator();
    const order = new Int32Array(liveCount);
    let count = 0;
    let sorted = true;
    for (let slot = 0; slot < slotCount; slot++) {
      if (!alive[slot]) continue;
      if (sorted && count > 0 && compare(order[count - 1]!, slot) > 0) sorted = false;
      order[count++] = slot;
    }
    if (!sorted) order.sort(compare);
    this.setOrder(order);
  }

  /** Drops the dead from the order and merges in the slots added (those still live). */
  merge(added: number[]): void {
    const alive = this.store.alive;
    const compare = this.comparator();
    const fresh = added.filter((slot) => alive[slot]).sort(compare);
    const merged = new Int32Array(this.store.liveCount);
    let count = 0;
    let next = 0;
    for (const slot of this.order) {
      if (!alive[slot]) continue;
      while (next < fresh.length && compare(fresh[next]!, slot) < 0) merged[count++] = fresh[next++]!;
      merged[count++] = slot;
    }
    while (next < fresh.length) merged[count++] = fresh[next++]!;
    this.setOrder(merged);
  }

  private setOrder(order: Int32Array<ArrayBuffer>): void {
    if (this.rank.length < this.store.capacity) this.rank = grow(this.rank, this.store.capacity);
    this.order = order;
    const rank = this.rank;
    for (let position = 0; position < order.length; position++) rank[order[position]!] = position;
  }

  // ------------------------------------------------------------------------------ a page

  /**
   * The slots of the page [offset, end) of the hits in the order asked for: relevance (when
   * there is a condition to judge it by), one column's value, or reference order.
   */
  page(
    hits: Int32Array,
    relevance: TextCondition | undefined,
    sort: SearchSortField,
    descending: boolean,
    offset: number,
    end: number,
  ): number[] {
    let groups: Int32Array[];
    if (sort === 'relevance' && relevance) groups = this.byRelevance(hits, relevance, end);
    else if (sort === 'manufacturer' || sort === 'class' || sort === 'type')
      groups = this.byColumn(hits, sort, descending);
    else groups = [hits];
    // Relevance groups already put the parts that rank last after the others.
    if (sort === 'relevance' && !relevance) groups = this.lastRankedAfter(groups);
    const reverse = sort === 'reference' && descending;
    const page: number[] = [];
    let skip = offset;
    let take = end - offset;
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
    return page;
  }

  /**
   * The hits in relevance groups: the reference or article number is the text (0), the
   * reference starts with it (1), holds it (2), holds some of its words (3), the rest (4).
   * "The text" is the words found in that field, without separators, or the whole text.
   * The groups that touch the reference (1 to 3) are first ordered by the longest run of the
   * words, in the order typed, that the reference holds (at its start before inside), so a
   * reference holding more of the text comes first. Within each group, a part of a kind the
   * words name, then a description holding more of the measures asked for, come first, and parts
   * whose lifecycle ranks them last (obsolete, NRND) after the others.
   */
  private byRelevance(hits: Int32Array, condition: TextCondition, end: number): Int32Array[] {
    const reference = this.store.text.reference;
    const article = this.store.text.articleNumber;
    const referenceWords = condition.words.map((word) => word.verdicts.get('reference'));
    const articleWords = condition.words.map((word) => word.verdicts.get('articleNumber'));
    const wholeReference = condition.whole?.verdicts.get('reference');
    const wholeArticle = condition.whole?.verdicts.get('articleNumber');
    const whole = wholeKeys(condition.variants);
    const wordCount = condition.words.length;
    // A word's verdict in a part-number column says the value holds its key there, unless the
    // word is a measure (then it says the value states the amount); the whole text's verdict says
    // the same of the whole text's keys, which are every word's run together.
    const heldByVerdict = (w: number) => !condition.read[w]?.measure;
    // The keys to compare depend only on which words the value holds (and whether it holds the
    // whole text): worked out once per such combination and column, not once per hit.
    const keysFor = (held: number, wholeTried: boolean): ValueKeys => {
      const words = condition.words.flatMap((_, w) => ((held & (2 << w)) !== 0 ? [w] : []));
      const keys = wholeKeys(words.map((w) => condition.variants[w]!));
      const isWhole = words.length === wordCount && wordCount > 1 && wholeTried;
      const known = new Set<string>(held & 1 ? whole : []);
      const unknown: string[] = [];
      if (words.length === 1 && heldByVerdict(words[0]!)) keys.forEach((key) => known.add(key));
      // All the words run together are the whole text, held exactly when its verdict says so.
      else if (!isWhole) unknown.push(...keys);
      return {
        held: [...known],
        unknown: unknown.filter((key) => !known.has(key)),
        any: keys.length > 0 || known.size > 0,
      };
    };
    const keysOfColumn = (verdicts: (Uint8Array | undefined)[], wholeVerdict: Uint8Array | undefined) => {
      const cache: (ValueKeys | undefined)[] = [];
      return (code: number): ValueKeys => {
        let held = wholeVerdict?.[code] === 1 ? 1 : 0;
        for (let w = 0; w < verdicts.length; w++) if (verdicts[w]?.[code] === 1) held |= 2 << w;
        return (cache[held] ??= keysFor(held, wholeVerdict !== undefined));
      };
    };
    const referenceKeysOf = keysOfColumn(referenceWords, wholeReference);
    const articleKeysOf = keysOfColumn(articleWords, wholeArticle);
    const referenceLengths = this.partNumberLengths('reference');
    const articleLengths = this.partNumberLengths('articleNumber');
    const runs = runKeys(condition.variants).map((run) => ({
      ...run,
      // A run of one word is held where the word is; a run of every word is the whole text.
      reading:
        run.length === 1 && heldByVerdict(run.start)
          ? ('held' as const)
          : run.length === wordCount && wordCount > 1 && wholeReference
            ? ('whole' as const)
            : ('unknown' as const),
    }));
    const longestRun = runs[0]?.length ?? 0;
    // Per reference code: how far from the longest run its own longest run is, twice, plus one
    // when that run is not at the reference's start (worked out once per code, -1 until then).
    const runCache = this.scratch.int32(longestRun > 1 ? reference.size : 0).fill(-1);
    const referenceForms = reference.forms!;
    const runRankOf = (code: number): number => {
      let rank = runCache[code]!;
      if (rank !== -1) return rank;
      const formLength = referenceLengths.of(code);
      rank = 2 * longestRun + 1;
      let text: string | undefined;
      runs: for (const { start, length, keys, reading } of runs) {
        // A run can be in the reference only if each of its words is.
        for (let w = start; w < start + length; w++) if (referenceWords[w]?.[code] !== 1) continue runs;
        if (reading === 'whole' && wholeReference![code] !== 1) continue;
        // The best relation of any of its keys: 1 or better at the start, 2 inside.
        let relation = 3;
        for (let k = 0; k < keys.length && relation > 1; k++)
          relation = Math.min(
            relation,
            reading === 'unknown'
              ? partNumberRelation((text ??= referenceForms.at(code)!), keys[k]!, formLength)
              : heldRelation(referenceForms, code, keys[k]!, formLength),
          );
        if (relation === 3) continue;
        rank = 2 * (longestRun - length) + (relation <= 1 ? 0 : 1);
        break;
      }
      runCache[code] = rank;
      return rank;
    };
    const kindCodes = [...condition.kinds.keys()].map((field) => this.store.text[field].codes);
    const kindVerdicts = [...condition.kinds.values()];
    const kinds = kindCodes.length;
    const measures = condition.read.flatMap((word, w) => (word.measure ? [condition.words[w]!] : []));
    const descriptions = measures.length ? descriptionFields.filter((field) => condition.fields.includes(field)) : [];
    const descriptionCodes = descriptions.map((field) => this.store.text[field].codes);
    // Per measure, per description field: 1 where the value states the measure.
    const measureVerdicts = measures.map((match) => descriptions.map((field) => match.verdicts.get(field)!));
    // The rank within the tier (exact; the reference touched; the rest), in turn: the run (longest
    // first, at the start first), the group, the kind (of one first), the measures the
    // description misses (fewest first), and last the parts whose lifecycle ranks them last.
    const runRanks = 2 * longestRun + 2;
    const kindRanks = kinds ? 2 : 1;
    const measureRanks = measures.length + 1;
    const ranksLast = this.lastRankingTest();
    const rankCount = 3 * runRanks * 5 * kindRanks * measureRanks * 2;
    const articleForms = article.forms!;
    const rankOfSlot = (slot: number): number => {
      const referenceCode = reference.codes[slot]!;
      const articleCode = article.codes[slot]!;
      let group = 4;
      let touched = wholeReference?.[referenceCode] === 1 || wholeArticle?.[articleCode] === 1;
      for (let w = 0; w < referenceWords.length && !touched; w++)
        touched = referenceWords[w]?.[referenceCode] === 1 || articleWords[w]?.[articleCode] === 1;
      if (touched) {
        if (articleCode !== 0) {
          const keys = articleKeysOf(articleCode);
          if (keys.any && isOneOf(articleForms, articleCode, keys, articleLengths)) group = 0;
        }
        if (group > 0 && referenceCode !== 0) {
          const keys = referenceKeysOf(referenceCode);
          if (keys.any) group = relationTo(referenceForms, referenceCode, keys, referenceLengths.of(referenceCode), 0);
        }
      }
      const tier = group === 0 ? 0 : group === 4 ? 2 : 1;
      // With one word the run says no more than the group does: left out.
      const runRank = tier === 1 && longestRun > 1 ? runRankOf(referenceCode) : 0;
      let kind = 0;
      if (kinds) {
        kind = 1;
        for (let k = 0; k < kinds && kind === 1; k++) if (kindVerdicts[k]![kindCodes[k]![slot]!] === 1) kind = 0;
      }
      let missing = 0;
      for (let m = 0; m < measureVerdicts.length; m++) {
        const verdicts = measureVerdicts[m]!;
        let stated = false;
        for (let d = 0; d < verdicts.length && !stated; d++) stated = verdicts[d]![descriptionCodes[d]![slot]!] === 1;
        if (!stated) missing++;
      }
      const last = ranksLast?.(slot) ? 1 : 0;
      return ((((tier * runRanks + runRank) * 5 + group) * kindRanks + kind) * measureRanks + missing) * 2 + last;
    };

    // The page often lies among the hits of the top ranks alone: an exact part number, then (one
    // word) a reference starting with the word, or (several) one holding them all run together.
    // Those are found without ranking every hit: a value that is or starts with a key is one run
    // of the part-number order, and one holding the whole text is marked in its verdict. Every
    // hit that may rank there is ranked; if enough do, the page is theirs.
    const perClass = kindRanks * measureRanks * 2;
    const topClasses = longestRun > 1 ? (runRanks + 1) * 5 + 5 : runRanks * 5 + 2;
    const shortcut =
      hits.length > Math.max(end, this.store.liveCount / SHORTCUT_SHARE) &&
      end <= SHORTCUT_END &&
      wordCount >= 1 &&
      wordCount <= SHORTCUT_WORDS &&
      (wordCount === 1 || (longestRun === wordCount && wholeReference !== undefined));
    if (shortcut) {
      const top = this.topOfRelevance(hits, end, rankOfSlot, topClasses * perClass, rankCount, {
        startKeys: wordCount === 1 ? whole : [],
        exactKeys: everySubsetKeys(condition.variants),
        wholeReference: wordCount > 1 ? wholeReference : undefined,
      });
      if (top) return top;
    }
    const rankOf = this.scratch.uint32(hits.length);
    for (let i = 0; i < hits.length; i++) rankOf[i] = rankOfSlot(hits[i]!);
    return this.rankGroups(hits, rankOf, hits.length, rankCount);
  }

  /**
   * The hits that rank below `limit` (a rank), found from candidates alone: the references
   * starting with one of `startKeys`, the part numbers (reference or article number) that are
   * one of `exactKeys`, the references `wholeReference` marks, and the values added since the
   * part-number orders were made. Undefined when fewer than `end` of them rank there.
   */
  private topOfRelevance(
    hits: Int32Array,
    end: number,
    rankOfSlot: (slot: number) => number,
    limit: number,
    rankCount: number,
    keys: { startKeys: readonly string[]; exactKeys: readonly string[]; wholeReference: Uint8Array | undefined },
  ): Int32Array[] | undefined {
    const reference = this.store.text.reference;
    const article = this.store.text.articleNumber;
    const referenceOrder = this.prefixOrderOf('reference');
    const articleOrder = this.prefixOrderOf('articleNumber');
    const referenceMarks = this.scratch.uint8(reference.size).fill(0);
    const articleMarks = this.scratch.uint8(article.size).fill(0);
    const markReference = (code: number) => (referenceMarks[code] = 1);
    const markArticle = (code: number) => (articleMarks[code] = 1);
    for (const key of keys.startKeys) referenceOrder.forEach(key, false, markReference);
    for (const key of keys.exactKeys) {
      referenceOrder.forEach(key, true, markReference);
      articleOrder.forEach(key, true, markArticle);
    }
    const whole = keys.wholeReference;
    const referenceUpTo = referenceOrder.upTo;
    const articleUpTo = articleOrder.upTo;
    const referenceCodes = reference.codes;
    const articleCodes = article.codes;
    const picked = this.scratch.int32(hits.length);
    const rankOf = this.scratch.uint32(hits.length);
    let count = 0;
    for (let i = 0; i < hits.length; i++) {
      const slot = hits[i]!;
      const referenceCode = referenceCodes[slot]!;
      const articleCode = articleCodes[slot]!;
      if (
        referenceMarks[referenceCode] === 0 &&
        articleMarks[articleCode] === 0 &&
        whole?.[referenceCode] !== 1 &&
        referenceCode < referenceUpTo &&
        articleCode < articleUpTo
      )
        continue;
      const rank = rankOfSlot(slot);
      if (rank >= limit) continue;
      picked[count] = slot;
      rankOf[count++] = rank;
    }
    if (count < end) return undefined;
    return this.rankGroups(picked, rankOf, count, rankCount);
  }

  /** The first `count` of `slots` in groups by rank (a counting sort: each rank's slots in the order they came). */
  private rankGroups(slots: Int32Array, rankOf: Uint32Array, count: number, rankCount: number): Int32Array[] {
    const sizes = new Uint32Array(rankCount + 1);
    for (let i = 0; i < count; i++) sizes[rankOf[i]! + 1]!++;
    for (let rank = 0; rank < rankCount; rank++) sizes[rank + 1]! += sizes[rank]!;
    const sorted = this.scratch.int32(count);
    const next = sizes.slice(0, rankCount);
    for (let i = 0; i < count; i++) sorted[next[rankOf[i]!]!++] = slots[i]!;
    const groups: Int32Array[] = [];
    for (let rank = 0; rank < rankCount; rank++)
      if (sizes[rank + 1]! > sizes[rank]!) groups.push(sorted.subarray(sizes[rank]!, sizes[rank + 1]!));
    return groups;
  }

  /** A part-number column's prefix order, made when first asked for and again once the column has grown past it by a twentieth. */
  private prefixOrderOf(field: 'reference' | 'articleNumber'): PrefixOrder {
    const column = this.store.text[field];
    const known = this.prefixOrders.get(field);
    if (known && known.forms === column.forms && column.size - known.order.upTo <= known.order.upTo / 20)
      return known.order;
    const order = new PrefixOrder(column.forms!, this.partNumberLengths(field));
    this.prefixOrders.set(field, { forms: column.forms!, order });
    return order;
  }

  /**
   * Whether a slot ranks last in its relevance group (its lifecycle is obsolete or NRND); none
   * when no value the store holds ranks a part last, so nothing needs moving.
   */
  private lastRankingTest(): ((slot: number) => boolean) | undefined {
    const columns = [...ranksLastValues].flatMap(([field, last]) => {
      const column = this.store.text[field];
      const verdict = new Uint8Array(column.size);
      let any = false;
      for (let code = 1; code < column.size; code++) {
        if (!last.has(column.values.at(code)!)) continue;
        verdict[code] = 1;
        any = true;
      }
      return any ? [{ codes: column.codes, verdict }] : [];
    });
    if (columns.length === 0) return undefined;
    if (columns.length === 1) {
      const { codes, verdict } = columns[0]!;
      return (slot) => verdict[codes[slot]!] === 1;
    }
    return (slot) => columns.some(({ codes, verdict }) => verdict[codes[slot]!] === 1);
  }

  /**
   * The slots of the page [offset, end) of every live part in relevance order without a text:
   * reference order, the parts that rank last after the others. A walk along the order that
   * stops at the page's end, so a first page costs a few slots, not the catalogue.
   */
  pageOfAll(offset: number, end: number): number[] {
    const order = this.order;
    const ranksLast = this.lastRankingTest();
    if (!ranksLast) return Array.from(order.subarray(offset, Math.max(offset, end)));
    const page: number[] = [];
    let seen = 0;
    for (const last of [false, true]) {
      for (let position = 0; position < order.length && seen < end; position++) {
        const slot = order[position]!;
        if (ranksLast(slot) !== last) continue;
        if (seen >= offset) page.push(slot);
        seen++;
      }
    }
    return page;
  }

  /**
   * Each group split in two, its parts that rank last (obsolete, NRND) after the others; each
   * half keeps the group's reference order.
   */
  private lastRankedAfter(groups: Int32Array[]): Int32Array[] {
    const ranksLast = this.lastRankingTest();
    if (!ranksLast) return groups;
    return groups.flatMap((group) => {
      const flags = new Uint8Array(group.length);
      let lastCount = 0;
      for (let i = 0; i < group.length; i++) {
        if (!ranksLast(group[i]!)) continue;
        flags[i] = 1;
        lastCount++;
      }
      if (lastCount === 0) return [group];
      const first = new Int32Array(group.length - lastCount);
      const last = new Int32Array(lastCount);
      for (let i = 0, f = 0, l = 0; i < group.length; i++) {
        if (flags[i]) last[l++] = group[i]!;
        else first[f++] = group[i]!;
      }
      return [first, last];
    });
  }

  /** The hits grouped by one column's value (folded order; no value last), each group in reference order. */
  private byColumn(hits: Int32Array, field: SearchFacetField, descending: boolean): Int32Array[] {
    const column = this.store.text[field];
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
    const column = this.store.text[field];
    const known = this.sortRanks.get(field);
    if (known && known.size === column.size) return known.ranks;
    // Each value read once: the sort reads each many times.
    const values = toArray(column.values);
    const folded = column.folded ? toArray(column.folded) : values.map(foldText);
    const codes = Array.from({ length: column.size - 1 }, (_, i) => i + 1).sort((a, b) => {
      const fa = folded[a]!;
      const fb = folded[b]!;
      if (fa !== fb) return fa < fb ? -1 : 1;
      const va = values[a]!;
      const vb = values[b]!;
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
    const order = this.order;
    const rank = this.rank;
    if (slots.length * 8 < this.store.liveCount) {
      // Few slots: sort their ranks.
      const ranks = new Int32Array(slots.length);
      for (let i = 0; i < slots.length; i++) ranks[i] = rank[slots[i]!]!;
      ranks.sort();
      if (reverse) ranks.reverse();
      return Array.from(ranks.subarray(skip, end), (position) => order[position]!);
    }
    // Many: their places in the order as bits, skipped 32 places at a time.
    const words = new Int32Array((order.length + 31) >>> 5);
    for (let i = 0; i < slots.length; i++) {
      const position = rank[slots[i]!]!;
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
        if (seen >= skip) page.push(order[(word << 5) + bit]!);
        seen++;
      }
    }
    return page;
  }
}
