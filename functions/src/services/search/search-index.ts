import type { Component, SearchFacets } from '#shared/schemas/component';
import {
  ColumnStore,
  type IndexColumns,
  type SearchDocument,
  type SearchedField,
  type StoredTextField,
} from './column-store';
import * as facets from './facets';
import type { IndexStats } from './facets';
import { Matcher, type IndexQuery } from './matching';
import { partNumberNeighbours, type PartNumberReach } from './neighbours';
import { ResultOrder } from './ordering';
import type { ReadonlyStringList } from './string-list';
import { searchedFields } from './column-store';
import { ValuePostings } from './value-postings';

/*
 * The in-memory search index, one per function instance. It holds every component whole, so a
 * page of results is answered from it without reading the table.
 *
 * Layout, for 100,000 components in well under 300 MB:
 * - one slot per component version; columns are typed arrays indexed by slot (column-store.ts);
 * - text fields are dictionary-coded (each distinct value kept once, codes as narrow as the
 *   dictionary allows); the searched fields also keep each value's folded forms (folding.ts);
 * - a trigram index over the distinct values of the searched fields (value-postings.ts), so a
 *   search word is judged once per distinct value, and for the quick-search fields the slots
 *   holding each value (slot lists), so the matching values lead straight to their parts
 *   (matching.ts);
 * - the live slots sorted by reference (folded, then exact) and id, so results are stable and a
 *   page is a walk along them (ordering.ts).
 *
 * Matching: a quick search's words must each be found in some quick field (in any folded form;
 * in part-number fields also without separators), or the whole text without separators must be
 * found in a part-number field. Advanced text filters apply the same rule to their own field;
 * numeric filters are ranges. Order: relevance (exact reference or article number, reference
 * starting with the text, the text in the reference, some word in the reference, the rest; in
 * each, obsolete and NRND parts after the others), then reference order; or one column's
 * values, then reference order. Facet counts and the other
 * counts over the live components are in facets.ts.
 *
 * Changes append new slots (a delta that every search scans) and mark the old slot dead; the
 * value index and slot lists are rebuilt when the delta grows past a few percent, and the whole
 * index is compacted when dead slots pile up.
 *
 * This class only ties the parts together: the store owns the columns, and the matcher and the
 * result order read them; none of them knows this class.
 */

export {
  measuredNumberFields,
  partNumberFields,
  storedNumberFields,
  storedTextFields,
  type IndexColumns,
  type SearchDocument,
  type SearchedField,
  type StoredNumberField,
  type StoredTextField,
} from './column-store';
export { FACET_VALUES, type IndexStats } from './facets';
export type { IndexQuery, NumberRange } from './matching';
export type { PartNumberReach } from './neighbours';

export interface IndexResult {
  /** The page's component ids, in order. */
  ids: number[];
  /** How many components match in all. */
  total: number;
  facets?: SearchFacets;
}

export class SearchIndex {
  private readonly store: ColumnStore;
  private readonly matcher: Matcher;
  private readonly results: ResultOrder;

  private constructor(capacity: number) {
    this.store = new ColumnStore(capacity);
    this.matcher = new Matcher(this.store);
    this.results = new ResultOrder(this.store, (field) => this.matcher.partNumberLengths(field), this.matcher.scratch);
  }

  /** An index of these components. */
  static build(documents: Iterable<SearchDocument>, sizeHint = 0): SearchIndex {
    const index = new SearchIndex(sizeHint);
    for (const document of documents) index.store.append(document);
    index.results.rebuild();
    index.matcher.rebuildLookups();
    return index;
  }

  /** An index over columns (a snapshot's), taken over without re-encoding. */
  static fromColumns(columns: IndexColumns): SearchIndex {
    // The store takes the columns' arrays as its own: no room is made for them beforehand.
    const index = new SearchIndex(0);
    index.load(columns);
    return index;
  }

  /** Takes over columns into this (empty, large enough) index. */
  private load(columns: IndexColumns): void {
    this.store.load(columns);
    this.results.rebuild();
    this.matcher.rebuildLookups(this.storedPostings(columns));
  }

  /** The columns' value index when it was built over exactly the dictionaries now loaded. */
  private storedPostings(columns: IndexColumns): ValuePostings | undefined {
    const postings = columns.postings && ValuePostings.fromArrays(columns.postings);
    if (!postings || postings.indexedUpTo.length !== searchedFields.length) return undefined;
    let base = 0;
    for (let index = 0; index < searchedFields.length; index++) {
      const size = this.store.text[searchedFields[index]!].size;
      if (postings.bases[index] !== base || postings.indexedUpTo[index] !== size) return undefined;
      base += size;
    }
    return postings;
  }

  /** The live components as columns in result order, each dictionary holding only used values. */
  toColumns(): IndexColumns {
    return this.store.toColumns(this.results.order);
  }

  get size(): number {
    return this.store.liveCount;
  }

  has(id: number): boolean {
    return this.store.slotOfId.has(id);
  }

  /** Applies changed components (added or replaced) and removed ids. */
  apply(changed: readonly SearchDocument[], removedIds: readonly number[] = []): void {
    const store = this.store;
    for (const id of removedIds) store.kill(id);
    const added: number[] = [];
    for (const document of changed) {
      store.kill(document.id);
      added.push(store.append(document));
    }
    this.results.merge(added);
    if (store.needsCompaction()) this.compact();
    else if (this.matcher.deltaIsLarge()) this.matcher.rebuildLookups();
  }

  /** Drops dead slots and values no live component uses any more. */
  private compact(): void {
    const columns = this.toColumns();
    this.store.reset(0);
    this.results.reset();
    this.matcher.reset();
    this.load(columns);
  }

  /** The components with these ids, in the order given; ids not in the index are left out. */
  components(ids: readonly number[]): Component[] {
    return ids.flatMap((id) => {
      const slot = this.store.slotOfId.get(id);
      return slot === undefined ? [] : [this.store.document(slot)];
    });
  }

  /** One component, or undefined. */
  component(id: number): Component | undefined {
    const slot = this.store.slotOfId.get(id);
    return slot === undefined ? undefined : this.store.document(slot);
  }

  search(query: IndexQuery): IndexResult {
    try {
      return this.searchOnce(query);
    } finally {
      this.matcher.returnVerdicts();
    }
  }

  private searchOnce(query: IndexQuery): IndexResult {
    const plan = this.matcher.plan(query);
    const sort = query.sort ?? 'relevance';
    const descending = query.descending === true;
    const ids = this.store.ids;
    const order = this.results.order;
    if (plan.unconditional && (sort === 'relevance' || sort === 'reference') && !query.facets) {
      // Everything matches: the page is a walk along the result order (relevance has no direction).
      const total = this.store.liveCount;
      const start = Math.min(query.offset, total);
      const end = Math.min(total, query.offset + query.limit);
      if (sort === 'relevance') return { ids: this.results.pageOfAll(start, end).map((slot) => ids[slot]!), total };
      const positions = Array.from({ length: Math.max(0, end - start) }, (_, i) =>
        descending ? total - 1 - (start + i) : start + i,
      );
      return { ids: positions.map((position) => ids[order[position]!]!), total };
    }
    const hits = plan.unconditional ? order : this.matcher.matchingSlots(plan);
    const total = hits.length;
    const result: IndexResult = { ids: [], total };
    if (query.facets)
      result.facets = facets.facetsOf(this.store, this.matcher, hits, query.choices ?? {}, (field) => {
        // The hits as they would be without this field's own choice (its other values' counts).
        const without = this.matcher.plan({ ...query, choices: { ...query.choices, [field]: undefined } });
        return without.unconditional ? order : this.matcher.matchingSlots(without);
      });
    const end = Math.min(total, query.offset + query.limit);
    if (query.offset >= end) return result;
    const page = this.results.page(hits, plan.relevance, sort, descending, query.offset, end);
    result.ids = page.map((slot) => ids[slot]!);
    return result;
  }

  /** How many components a search finds (no page, no order). */
  count(query: Omit<IndexQuery, 'offset' | 'limit'>): number {
    try {
      const plan = this.matcher.plan({ ...query, offset: 0, limit: 0 });
      return plan.unconditional ? this.store.liveCount : this.matcher.matchingSlots(plan).length;
    } finally {
      this.matcher.returnVerdicts();
    }
  }

  /**
   * Up to `limit` other live components sharing the series, type or class of `source` (the same
   * text, ignoring case and surrounding spaces), ranked by what they share: series outweighs
   * type, type outweighs class, and sharing more ranks higher (series and type before series
   * alone). Ties keep the result order, so the answer is stable.
   */
  related(
    source: { id: number } & Partial<Record<'series' | 'type' | 'class', string | null>>,
    limit: number,
  ): number[] {
    return facets.related(this.store, this.results.order, source, limit);
  }

  /** Distinct values of one field among live components (trimmed), sorted case-insensitively. */
  distinct(field: StoredTextField): string[] {
    return facets.distinct(this.store, this.results.order, field);
  }

  /**
   * The distinct values of a field with how many live components hold each (for suggestions:
   * a value no live component holds is never suggested).
   */
  valueCounts(field: StoredTextField): { value: string; folded: string; count: number }[] {
    return facets.valueCounts(this.store, this.results.order, field);
  }

  /**
   * A searched column's dictionary: every value it has held (some perhaps no longer used), its
   * plain fold and its folded forms (a part-number column's first form is the plain fold without
   * separators). Read-only views, for suggestions.
   */
  dictionary(field: SearchedField): {
    values: ReadonlyStringList;
    folded: ReadonlyStringList;
    forms: ReadonlyStringList;
  } {
    return facets.dictionary(this.store, field);
  }

  /**
   * The codes of a part-number field's dictionary whose values may be within `edits` of `key`
   * in part-number form (a superset, for suggestions to compare).
   */
  partNumbersNear(field: SearchedField, key: string, edits: number): number[] {
    return this.matcher.mayBeNear(field, key, edits);
  }

  /** Every live component's id and value of one text field, in result order (image coverage, batches). */
  fieldValues(field: StoredTextField): { id: number; value: string | null }[] {
    return facets.fieldValues(this.store, this.results.order, field);
  }

  stats(): IndexStats {
    return facets.stats(this.store, this.results.order);
  }

  /**
   * For each of `references` that live components have exactly (case and all), their
   * manufacturers: how an import tells a part already in the catalogue. One pass over the
   * reference column's codes, no document built.
   */
  manufacturersOf(references: Iterable<string>): Map<string, (string | null)[]> {
    return facets.manufacturersOf(this.store, this.results.order, references);
  }

  /**
   * The live components whose value of a part-number field is `text` written another way
   * (case, separators), or with `one-edit` also one character away, lowest id first.
   */
  partNumberNeighbours(field: 'reference' | 'articleNumber', text: string, reach: PartNumberReach): number[] {
    return partNumberNeighbours(this.store, this.matcher, field, text, reach);
  }

  /** Every live component, in result order (what a snapshot stores). */
  *documents(): Generator<SearchDocument> {
    for (const slot of this.results.order) yield this.store.document(slot);
  }
}
