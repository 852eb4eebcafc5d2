/*
 * The search index's plain model for its tests: every rule written out the obvious way (a filter
 * over the documents and a sort), which the index must agree with.
 */
import { absentChoice, isChoiceField, ranksLastValues } from '#shared/schemas/choice-fields';
import {
  componentChoiceFields,
  quickSearchFields,
  readTranslatedField,
  searchFacetFields,
  type Component,
  type SearchFacetField,
  type SearchFacets,
} from '#shared/schemas/component';
import { compactFolded, foldText, foldVariants, joinedFolded } from './folding';
import { runKeys } from './matching';
import {
  holdsCount,
  holdsMeasure,
  isOfKind,
  readQuery as readQueryOnce,
  type Count,
  type QueryWord,
} from './query-words';

/** A text read once per text (the model reads the same text for every document). */
const readTexts = new Map<string, ReturnType<typeof readQueryOnce>>();
const readQuery = (text: string, quick: boolean) => {
  const key = `${quick ? 1 : 0}${text}`;
  let read = readTexts.get(key);
  if (!read) {
    if (readTexts.size > 10_000) readTexts.clear();
    read = readQueryOnce(text, quick);
    readTexts.set(key, read);
  }
  return read;
};
import {
  FACET_VALUES,
  measuredNumberFields,
  partNumberFields,
  storedNumberFields,
  storedTextFields,
  type IndexQuery,
  type SearchDocument,
} from './search-index';

export const document = (id: number, fields: Partial<Record<keyof Component, unknown>> = {}): SearchDocument => {
  const base: Record<string, unknown> = { id, version: 1, createdAt: '2026-01-01T00:00:00.000Z' };
  for (const field of storedTextFields) base[field] ??= null;
  for (const field of storedNumberFields) base[field] ??= null;
  // As the table answers a part without a lifecycle; a test may still give one none (null).
  for (const field of componentChoiceFields) base[field] = absentChoice(field);
  base.updatedAt = base.createdAt;
  return { ...base, reference: `REF-${id}`, class: 'Relay', ...fields } as SearchDocument;
};

// ------------------------------------------------------------------ the naive model

export type Doc = SearchDocument & Record<string, unknown>;
/** A value's folded forms, and the same without separators (part numbers) or with words run together (the rest). */
const formsOf = (value: unknown, partNumber: boolean): string[] => {
  if (typeof value !== 'string' || value === '') return [];
  const variants = foldVariants(value);
  return [...variants, ...variants.map(partNumber ? compactFolded : joinedFolded)];
};
/** A word (its folded variants) is in a value: some form of the word inside some form of the value. */
const wordIn = (variants: string[], value: unknown, partNumber: boolean): boolean => {
  const probes = partNumber ? [...variants, ...variants.map(compactFolded)] : variants;
  const forms = formsOf(value, partNumber);
  return probes.some((probe) => probe !== '' && forms.some((form) => form.includes(probe)));
};
const joined = (words: string[][]): string[] =>
  [...new Set([0, 1].map((v) => compactFolded(words.map((w) => w[Math.min(v, w.length - 1)]!).join(''))))].filter(
    Boolean,
  );
const wholeIn = (words: string[][], value: unknown): boolean =>
  words.length > 1 && formsOf(value, true).some((form) => joined(words).some((key) => form.includes(key)));
const plainFold = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? foldText(value) : undefined;
/**
 * A read word in one field of a document: a measure stated there as a whole number, else its
 * letters; and in the class or type, a value of the kind it names.
 */
const wordHolds = (word: QueryWord, field: string, doc: Doc): boolean => {
  const value = doc[field];
  if (word.kind && (field === 'class' || field === 'type') && isOfKind(value as string, word.kind)) return true;
  if (word.measure) {
    const folded = plainFold(value);
    return folded !== undefined && holdsMeasure(folded, word.measure);
  }
  return wordIn(word.forms, value, partNumberFields.has(field as never));
};
/** A measure the quick search asks for, as the amount of one of the part's number fields of its quantity. */
const measuredIn = (word: QueryWord, doc: Doc): boolean =>
  word.measure !== undefined &&
  (measuredNumberFields.get(word.measure.quantity) ?? []).some((field) => doc[field] === word.measure!.value);
/** A count asked for: the part's count field has it, or one of the fields (not a part number) states it. */
const countHolds = (count: Count, fields: readonly string[], doc: Doc): boolean =>
  doc[count.field] === count.count ||
  fields.some((field) => {
    if (partNumberFields.has(field as never)) return false;
    const folded = plainFold(doc[field]);
    return folded !== undefined && holdsCount(folded, count);
  });
/**
 * A text's rule on some fields: every count (quick search), and every word in one of them or
 * the words run together in a part-number one.
 */
export const textMatches = (text: string, fields: readonly string[], doc: Doc, quick = false): boolean => {
  const { words, counts } = readQuery(text, quick);
  if (!counts.every((count) => countHolds(count, fields, doc))) return false;
  if (words.every((word) => fields.some((field) => wordHolds(word, field, doc)) || (quick && measuredIn(word, doc))))
    return true;
  return fields.some(
    (field) =>
      partNumberFields.has(field as never) &&
      wholeIn(
        words.map((word) => word.forms),
        doc[field],
      ),
  );
};

/**
 * Relevance rank of a hit, written out plainly: its group (exact, prefix, inside, some word,
 * the rest), then within it how long a run of the words in order its reference holds (groups 1
 * to 3), whether it is of a kind the words name, and how many measures its description misses.
 */
const rankOf = (text: string, fields: readonly string[], quick: boolean, doc: Doc): number[] => {
  const read = readQuery(text, quick).words;
  const words = read.map((word) => word.forms);
  const keysFor = (field: string) => {
    if (!fields.includes(field)) return [];
    const found = read.filter((word) => wordHolds(word, field, doc)).map((word) => word.forms);
    return [...joined(found), ...(wholeIn(words, doc[field]) ? joined(words) : [])];
  };
  const compactForms = (field: string) => formsOf(doc[field], true).map(compactFolded);
  const runs = runKeys(words);
  const longest = runs[0]?.length ?? 0;
  const kind =
    quick && read.some((word) => word.kind)
      ? read.some((word) => word.kind && (isOfKind(doc.class, word.kind) || isOfKind(doc.type as string, word.kind)))
        ? 0
        : 1
      : 0;
  const descriptions = quick
    ? fields.filter((field) => field === 'description' || field.startsWith('description_'))
    : [];
  const missing = read.filter(
    (word) => word.measure && !descriptions.some((field) => wordHolds(word, field, doc)),
  ).length;
  const group = (): number => {
    if (keysFor('articleNumber').some((key) => compactForms('articleNumber').includes(key))) return 0;
    const keys = keysFor('reference');
    if (keys.length === 0) return 4;
    const forms = compactForms('reference');
    if (keys.some((key) => forms.includes(key))) return 0;
    if (keys.some((key) => forms.some((form) => form.startsWith(key)))) return 1;
    if (keys.some((key) => forms.some((form) => form.includes(key)))) return 2;
    return 3;
  };
  const place = group();
  const tier = place === 0 ? 0 : place === 4 ? 2 : 1;
  const forms = compactForms('reference');
  // A run: words each found in the reference, and found there run together.
  const found = runs.find(
    (candidate) =>
      read
        .slice(candidate.start, candidate.start + candidate.length)
        .every((word) => wordHolds(word, 'reference', doc)) &&
      candidate.keys.some((key) => forms.some((form) => form.includes(key))),
  );
  const runRank = !found
    ? 2 * longest + 1
    : 2 * (longest - found.length) + (found.keys.some((key) => forms.some((form) => form.startsWith(key))) ? 0 : 1);
  return [tier, tier === 1 ? runRank : 0, place, kind, missing];
};

const compareReference = (a: Doc, b: Doc): number => {
  const fa = foldText(a.reference);
  const fb = foldText(b.reference);
  if (fa !== fb) return fa < fb ? -1 : 1;
  if (a.reference !== b.reference) return a.reference < b.reference ? -1 : 1;
  return a.id - b.id;
};

/** A facet value's comparison form, written out plainly. */
export const facetForm = (value: unknown): string => (typeof value === 'string' ? foldText(value.trim()) : '');

/** A field's value in a document: a choice field without one has its absent value (lifecycle 'unknown'). */
const valueOf = (doc: Doc, field: string): unknown =>
  isChoiceField(field) ? (doc[field] ?? absentChoice(field)) : doc[field];

/** 1 when a document's value of some field ranks it last in its relevance group (obsolete, NRND). */
const ranksLast = (doc: Doc): number =>
  [...ranksLastValues].some(([field, values]) => values.has(String(valueOf(doc, field)))) ? 1 : 0;

/**
 * Facets written out plainly: per field, the hits as they would be without the field's own
 * choice, grouped by folded value; each value counted by the parts holding exactly it.
 */
const naiveFacets = (hitsWithout: (field: SearchFacetField | undefined) => Doc[], chosen: IndexQuery['choices']) => {
  const facets = {} as Omit<SearchFacets, 'numbers'>;
  // The hits with every choice are the same for each field without one of its own.
  let withEvery: Doc[] | undefined;
  for (const field of searchFacetFields) {
    const picked = (chosen?.[field] ?? []).filter((value) => facetForm(value) !== '');
    const among = picked.length ? hitsWithout(field) : (withEvery ??= hitsWithout(undefined));
    const groups = new Map<string, Map<string, number>>();
    for (const doc of among) {
      const value = valueOf(doc, field);
      const key = facetForm(value);
      if (key === '') continue;
      const spellings = groups.get(key) ?? new Map<string, number>();
      spellings.set(String(value).trim(), (spellings.get(String(value).trim()) ?? 0) + 1);
      groups.set(key, spellings);
    }
    const ranked = [...groups.entries()]
      .map(([key, spellings]) => ({
        key,
        value: [...spellings.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0],
        count: among.filter((doc) => facetForm(valueOf(doc, field)) === key).length,
      }))
      .sort((a, b) => b.count - a.count || (a.value.toLowerCase() < b.value.toLowerCase() ? -1 : 1));
    const pickedForms = new Set(picked.map(facetForm));
    const shown = ranked.filter((entry, place) => place < FACET_VALUES || pickedForms.has(entry.key));
    for (const value of picked)
      if (!shown.some((entry) => entry.key === facetForm(value)))
        shown.push({ key: facetForm(value), value, count: 0 });
    facets[field] = shown.map(({ value, count }) => ({ value, count }));
  }
  return facets;
};

/** The obvious implementation the index must agree with. */
export const naiveSearch = (documents: readonly SearchDocument[], query: IndexQuery) => {
  const docs = documents as Doc[];
  const chosenHold = (doc: Doc, except: SearchFacetField | undefined) =>
    Object.entries(query.choices ?? {}).every(
      ([field, values]) =>
        field === except ||
        // A blank value chooses nothing.
        !values?.some((value) => facetForm(value) !== '') ||
        values
          .map(facetForm)
          .filter(Boolean)
          .includes(facetForm(valueOf(doc, field))),
    );
  // A field is searched in every language a document holds it in (`description_de`).
  const inAnyLanguage = (fields: readonly string[], doc: Doc) =>
    fields.flatMap((field) => [
      field,
      ...Object.keys(doc).filter((name) => readTranslatedField(name)?.field === field),
    ]);
  const matches = (doc: Doc) =>
    (query.query === undefined || textMatches(query.query, inAnyLanguage(quickSearchFields, doc), doc, true)) &&
    Object.entries(query.text ?? {}).every(([field, term]) => textMatches(term!, inAnyLanguage([field], doc), doc)) &&
    Object.entries(query.numbers ?? {}).every(([field, range]) => {
      // A range without ends asks nothing.
      if (range!.min === undefined && range!.max === undefined) return true;
      const value = doc[field];
      return typeof value === 'number' && value >= (range!.min ?? -Infinity) && value <= (range!.max ?? Infinity);
    });
  const hits = docs.filter((doc) => matches(doc) && chosenHold(doc, undefined));
  const sort = query.sort ?? 'relevance';
  const readsSomething = (text: string, quick: boolean) => {
    const read = readQuery(text, quick);
    return read.words.length + read.counts.length > 0;
  };
  const relevance =
    query.query !== undefined && readsSomething(query.query, true)
      ? { text: query.query, quick: true }
      : query.text?.reference !== undefined && readsSomething(query.text.reference, false)
        ? { text: query.text.reference, quick: false }
        : undefined;
  const sorted = [...hits].sort(compareReference);
  let ordered: Doc[];
  if (sort === 'relevance') {
    // Within a relevance group (all one group without text to judge by), obsolete and NRND last.
    // The fields the text was searched in: the quick ones (in every language), or the reference.
    const rank = new Map(
      sorted.map((doc) => [
        doc,
        relevance
          ? rankOf(
              relevance.text,
              relevance.quick ? inAnyLanguage(quickSearchFields, doc) : ['reference'],
              relevance.quick,
              doc,
            )
          : [0],
      ]),
    );
    const byRank = (a: Doc, b: Doc) => {
      const ra = rank.get(a)!;
      const rb = rank.get(b)!;
      for (let i = 0; i < ra.length; i++) if (ra[i] !== rb[i]) return ra[i]! - rb[i]!;
      return 0;
    };
    ordered = [...sorted].sort((a, b) => byRank(a, b) || ranksLast(a) - ranksLast(b));
  } else if (sort === 'manufacturer' || sort === 'class' || sort === 'type') {
    const key = (doc: Doc) => (typeof doc[sort] === 'string' && doc[sort] !== '' ? foldText(doc[sort]) : undefined);
    const valued = sorted.filter((doc) => key(doc) !== undefined);
    valued.sort((a, b) => (key(a)! < key(b)! ? -1 : key(a)! > key(b)! ? 1 : 0) * (query.descending ? -1 : 1));
    ordered = [...valued, ...sorted.filter((doc) => key(doc) === undefined)];
  } else {
    ordered = sort === 'reference' && query.descending ? sorted.reverse() : sorted;
  }
  return {
    ids: ordered.slice(query.offset, query.offset + query.limit).map((doc) => doc.id),
    allIds: hits.map((doc) => doc.id),
    total: hits.length,
    facets: naiveFacets((except) => docs.filter((doc) => matches(doc) && chosenHold(doc, except)), query.choices),
  };
};
