import { absentChoice, choiceValues, type Lifecycle } from '#shared/schemas/choice-fields';
import {
  searchFacetFields,
  searchNumberColumn,
  searchNumberFilterFields,
  type SearchFacetField,
  type SearchFacets,
} from '#shared/schemas/component';
import type { ColumnStore, SearchedField, StoredTextField } from './column-store';
import { foldText } from './folding';
import type { ReadonlyStringList } from './string-list';
import { facetKey, type Matcher } from './matching';

/*
 * Counts and values over the live components: the facet counts of a search's hits, the parts
 * related to one part, a field's distinct values (with their counts, or its whole dictionary)
 * and the catalogue's figures. Each is one pass over the hits or the result order, reading the
 * store's code arrays, so every distinct value is looked at once, not once per component.
 */

/** The most facet values answered per field (besides the chosen ones). */
export const FACET_VALUES = 8;
/** How many ranges a numeric filter's values among the results are split into, at most. */
export const NUMBER_FACET_RANGES = 5;

export interface IndexStats {
  totalComponents: number;
  withDatasheets: number;
  manufacturers: number;
  /** Parts per lifecycle, every value named. */
  lifecycle: Record<Lifecycle, number>;
}

const lower = (text: string): string => text.toLowerCase();

/**
 * The facets of a search's hits. For each facet field, its values among the hits as they would
 * be without that field's own choice (`hitsWithout`), grouped by their folded form and shown in
 * their most common spelling, each with exactly how many parts choosing it shows: the most
 * common ones and every chosen one. For each numeric filter with values among the hits, the
 * lowest, the highest and up to five ranges split at value changes, each with its parts.
 */
export const facetsOf = (
  store: ColumnStore,
  matcher: Matcher,
  hits: Int32Array,
  chosen: Partial<Record<SearchFacetField, readonly string[]>>,
  hitsWithout: (field: SearchFacetField) => Int32Array,
): SearchFacets => {
  const facets = { numbers: [] } as unknown as SearchFacets;
  for (const field of searchFacetFields) {
    const blankless = chosen[field]?.filter((value) => facetKey(value) !== '');
    const picked = blankless?.length ? blankless : undefined;
    const among = picked ? hitsWithout(field) : hits;
    const column = store.text[field];
    const keys = matcher.facetKeys(field);
    const counts = new Uint32Array(column.size);
    for (let i = 0; i < among.length; i++) counts[column.codes[among[i]!]!]!++;
    const groups = new Map<string, { count: number; spellings: Map<string, number> }>();
    for (let code = 1; code < column.size; code++) {
      const count = counts[code]!;
      const key = keys[code]!;
      if (count === 0 || !key) continue;
      const group = groups.get(key) ?? { count: 0, spellings: new Map<string, number>() };
      const spelling = column.values.at(code)!.trim();
      group.count += count;
      group.spellings.set(spelling, (group.spellings.get(spelling) ?? 0) + count);
      groups.set(key, group);
    }
    const spelled = (group: { spellings: Map<string, number> }) =>
      [...group.spellings.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0];
    const ranked = [...groups.entries()]
      .map(([key, group]) => ({ key, value: spelled(group), count: group.count }))
      .sort((a, b) => b.count - a.count || (lower(a.value) < lower(b.value) ? -1 : 1));
    const pickedKeys = new Set((picked ?? []).map(facetKey));
    const shown = ranked.filter((entry, place) => place < FACET_VALUES || pickedKeys.has(entry.key));
    // A chosen value none of the hits holds still shows, with none.
    for (const value of picked ?? [])
      if (!groups.has(facetKey(value)) && !shown.some((entry) => entry.key === facetKey(value)))
        shown.push({ key: facetKey(value), value, count: 0 });
    facets[field] = shown.map(({ value, count }) => ({ value, count }));
  }
  const valuesOf = matcher.sortedValuesAmong(searchNumberFilterFields.map(searchNumberColumn), hits);
  for (const param of searchNumberFilterFields) {
    const values = valuesOf.get(searchNumberColumn(param));
    if (!values) continue;
    const ranges: SearchFacets['numbers'][number]['ranges'] = [];
    for (let part = 1, start = 0; start < values.length; part++) {
      let end =
        part >= NUMBER_FACET_RANGES
          ? values.length
          : Math.max(start + 1, Math.round((values.length * part) / NUMBER_FACET_RANGES));
      while (end < values.length && values[end] === values[end - 1]) end++;
      ranges.push({ min: values[start]!, max: values[end - 1]!, count: end - start });
      start = end;
    }
    facets.numbers.push({ field: param, min: values[0]!, max: values[values.length - 1]!, ranges });
  }
  return facets;
};

/**
 * Up to `limit` other live components sharing the series, type or class of `source` (the same
 * text, ignoring case and surrounding spaces), ranked by what they share: series outweighs
 * type, type outweighs class, and sharing more ranks higher (series and type before series
 * alone). Ties keep the result order, so the answer is stable. One pass over the order, each
 * distinct value judged once.
 */
export const related = (
  store: ColumnStore,
  order: Int32Array,
  source: { id: number } & Partial<Record<'series' | 'type' | 'class', string | null>>,
  limit: number,
): number[] => {
  const matchers = (['series', 'type', 'class'] as const).flatMap((field, rank) => {
    const wanted = lower(source[field] ?? '').trim();
    if (!wanted) return [];
    const column = store.text[field];
    const verdict = new Uint8Array(column.size);
    for (let code = 1; code < column.size; code++)
      if (lower(column.values.at(code)!).trim() === wanted) verdict[code] = 1;
    return [{ codes: column.codes, verdict, weight: 4 >> rank }];
  });
  if (matchers.length === 0 || limit <= 0) return [];
  const ids = store.ids;
  const bestScore = matchers.reduce((sum, matcher) => sum + matcher.weight, 0);
  const byScore: number[][] = Array.from({ length: 8 }, () => []);
  for (const slot of order) {
    if (ids[slot] === source.id) continue;
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
    .map((slot) => ids[slot]!);
};

/** Distinct values of one field among the slots of `order` (trimmed), sorted case-insensitively. */
export const distinct = (store: ColumnStore, order: Int32Array, field: StoredTextField): string[] => {
  const column = store.text[field];
  const used = new Uint8Array(column.size);
  for (const slot of order) used[column.codes[slot]!] = 1;
  const found = new Map<string, string>();
  for (let code = 1; code < used.length; code++) {
    if (!used[code]) continue;
    const value = column.values.at(code)!.trim();
    if (value && !found.has(value)) found.set(value, lower(value));
  }
  return [...found.entries()]
    .sort(([a, fa], [b, fb]) => (fa < fb ? -1 : fa > fb ? 1 : a < b ? -1 : a > b ? 1 : 0))
    .map(([value]) => value);
};

/** The distinct values of a field with how many slots of `order` hold each (values none holds are left out). */
export const valueCounts = (
  store: ColumnStore,
  order: Int32Array,
  field: StoredTextField,
): { value: string; folded: string; count: number }[] => {
  const column = store.text[field];
  const counts = new Uint32Array(column.size);
  for (const slot of order) counts[column.codes[slot]!]!++;
  const out: { value: string; folded: string; count: number }[] = [];
  for (let code = 1; code < column.size; code++)
    if (counts[code]! > 0)
      out.push({
        value: column.values.at(code)!,
        folded: column.folded?.at(code) ?? foldText(column.values.at(code)!),
        count: counts[code]!,
      });
  return out;
};

/** A searched column's dictionary (every value it has held) and its plain folds, as read-only views. */
export const dictionary = (
  store: ColumnStore,
  field: SearchedField,
): { values: ReadonlyStringList; folded: ReadonlyStringList; forms: ReadonlyStringList } => {
  const column = store.text[field];
  return { values: column.values, folded: column.folded!, forms: column.forms! };
};

/** Each slot of `order`'s id and value of one text field, in that order. */
export const fieldValues = (
  store: ColumnStore,
  order: Int32Array,
  field: StoredTextField,
): { id: number; value: string | null }[] => {
  const column = store.text[field];
  return Array.from(order, (slot) => ({ id: store.ids[slot]!, value: column.value(slot) }));
};

/**
 * How many live components, how many with a data sheet, how many manufacturers (ignoring case),
 * and how many of each lifecycle.
 */
export const stats = (store: ColumnStore, order: Int32Array): IndexStats => {
  const manufacturer = store.text.manufacturer;
  const dataSheet = store.text.dataSheet;
  const lifecycleColumn = store.text.lifecycle;
  const names = new Set<string>();
  const seenCode = new Uint8Array(manufacturer.size);
  const perLifecycleCode = new Uint32Array(lifecycleColumn.size);
  let withDatasheets = 0;
  for (const slot of order) {
    if (dataSheet.codes[slot] !== 0) withDatasheets++;
    perLifecycleCode[lifecycleColumn.codes[slot]!]!++;
    const code = manufacturer.codes[slot]!;
    if (code !== 0 && !seenCode[code]) {
      seenCode[code] = 1;
      const name = lower(manufacturer.values.at(code)!).trim();
      if (name) names.add(name);
    }
  }
  const lifecycle = Object.fromEntries(choiceValues('lifecycle').map((value) => [value, 0])) as Record<
    Lifecycle,
    number
  >;
  for (let code = 0; code < lifecycleColumn.size; code++) {
    const value = (lifecycleColumn.values.at(code) || absentChoice('lifecycle')) as Lifecycle;
    if (perLifecycleCode[code]! > 0 && value in lifecycle) lifecycle[value] += perLifecycleCode[code]!;
  }
  return { totalComponents: store.liveCount, withDatasheets, manufacturers: names.size, lifecycle };
};

/**
 * For each of `references` that slots of `order` have exactly (case and all), their
 * manufacturers. One pass over the reference column's codes, no document built.
 */
export const manufacturersOf = (
  store: ColumnStore,
  order: Int32Array,
  references: Iterable<string>,
): Map<string, (string | null)[]> => {
  const reference = store.text.reference;
  const wanted = new Map<number, string>();
  for (const text of references) {
    const code = reference.find(text);
    if (code) wanted.set(code, text);
  }
  const found = new Map<string, (string | null)[]>();
  if (wanted.size === 0) return found;
  for (const slot of order) {
    const text = wanted.get(reference.codes[slot]!);
    if (text === undefined) continue;
    const list = found.get(text) ?? [];
    list.push(store.text.manufacturer.value(slot));
    found.set(text, list);
  }
  return found;
};
