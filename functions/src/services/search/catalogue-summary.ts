import type { Component } from '#shared/schemas/component';
import { ColumnStore, type IndexColumns, type SearchDocument } from './column-store';
import * as facets from './facets';
import type { IndexStats } from './facets';
import type { ColumnFile } from './snapshot';

/*
 * The catalogue summary: the few columns the counting routes read (the dashboard's counts, the
 * class, manufacturer and type lists, the image coverage and batches, related parts, the class
 * list and its changes), one slot per part as the search index has it, without the lookups a
 * search needs. The snapshot job writes it beside the search snapshot from the same index, in
 * result order; a counting route loads it in a fraction of the index's time and memory (about
 * 20 MB at a million parts) and catches up from the change log as the index does.
 *
 * A part's data sheet is held only as present or absent: its key would make every value
 * distinct, and the summary only counts them.
 */

export const summaryFields = ['class', 'manufacturer', 'type', 'series', 'lifecycle', 'dataSheet'] as const;
export type SummaryField = (typeof summaryFields)[number];

export const summaryFile: ColumnFile = {
  format: 'component-hub/catalogue-summary',
  // 2: sections compressed one by one (an older file is not read; the table is, once).
  version: 2,
  textFields: summaryFields,
  numberFields: [],
  built: false,
};

const HAS_FILE = '1';

/** A column of `columns` with every value but "none" made one. */
const presence = (column: IndexColumns['text']['dataSheet']): IndexColumns['text']['dataSheet'] => {
  const codes = new Uint8Array(column.codes.length);
  for (let slot = 0; slot < codes.length; slot++) codes[slot] = column.codes[slot] === 0 ? 0 : 1;
  return { values: ['', HAS_FILE], codes };
};

/** The summary's columns of an index's columns (what the snapshot job writes). */
export const summaryColumns = (columns: IndexColumns): IndexColumns =>
  ({
    ids: columns.ids,
    text: { ...columns.text, dataSheet: presence(columns.text.dataSheet) },
    numbers: {},
  }) as IndexColumns;

const summarized = (document: SearchDocument): SearchDocument =>
  ({ ...document, dataSheet: document.dataSheet ? HAS_FILE : null }) as Component;

export class SummaryIndex {
  private readonly store: ColumnStore;
  /** The live slots in slot order (result order, then parts changed since), until the next change. */
  private liveSlots: Int32Array | undefined;

  private constructor(capacity: number) {
    this.store = new ColumnStore(capacity, { text: summaryFields, numbers: [] });
  }

  static build(documents: Iterable<SearchDocument>, sizeHint = 0): SummaryIndex {
    const summary = new SummaryIndex(sizeHint);
    for (const document of documents) summary.store.append(summarized(document));
    summary.store.forgetLookups();
    return summary;
  }

  /** A summary over columns as the summary file holds them. */
  static fromColumns(columns: IndexColumns): SummaryIndex {
    const summary = new SummaryIndex(0);
    summary.store.load(columns);
    return summary;
  }

  get size(): number {
    return this.store.liveCount;
  }

  apply(changed: readonly SearchDocument[], removedIds: readonly number[] = []): void {
    for (const id of removedIds) this.store.kill(id);
    for (const document of changed) this.store.append(summarized(document));
    this.liveSlots = undefined;
    if (this.store.needsCompaction()) {
      const columns = this.store.toColumns(this.order());
      this.store.load(columns);
      this.liveSlots = undefined;
    }
  }

  private order(): Int32Array {
    if (this.liveSlots) return this.liveSlots;
    const { alive, slotCount, liveCount } = this.store;
    const slots = new Int32Array(liveCount);
    for (let slot = 0, at = 0; slot < slotCount; slot++) if (alive[slot] === 1) slots[at++] = slot;
    return (this.liveSlots = slots);
  }

  stats(): IndexStats {
    return facets.stats(this.store, this.order());
  }

  distinct(field: SummaryField): string[] {
    return facets.distinct(this.store, this.order(), field);
  }

  valueCounts(field: SummaryField): { value: string; folded: string; count: number }[] {
    return facets.valueCounts(this.store, this.order(), field);
  }

  fieldValues(field: SummaryField): { id: number; value: string | null }[] {
    return facets.fieldValues(this.store, this.order(), field);
  }

  /** As the search index ranks them (series, then type, then class), ties in result order. */
  related(source: { id: number } & Partial<Record<'series' | 'type' | 'class', string | null>>, limit: number) {
    return facets.related(this.store, this.order(), source, limit);
  }
}
