import { distance } from 'fastest-levenshtein';
import {
  quickSearchFields,
  type SearchCorrection,
  type SearchSuggestion,
  type SearchTextFilterField,
} from '#shared/schemas/component';
import { compactFolded, foldText, splitSearchText } from './folding';
import type { IndexQuery, IndexResult, SearchedField, SearchIndex } from './search-index';
import { FORM_SEPARATOR_CODE, INDEXED_END_CODE } from './text-column';

/*
 * 'Did you mean …': when a search finds nothing, the searches it probably meant. Each word of
 * the text that finds nothing on its own is compared with the catalogue's makers, series,
 * classes and types (whole names and their single words) and with its references, article
 * numbers and commercial references (in part-number form); a word within one edit (up to five
 * characters) or two (longer) of one of them is replaced by it. Only searches that find
 * something are offered, closest first.
 */

/** The most searches offered. */
export const SUGGESTIONS_MAX = 3;

const NAME_FIELDS: readonly SearchedField[] = ['manufacturer', 'series', 'class', 'type'];
const NUMBER_FIELDS: readonly SearchedField[] = ['reference', 'articleNumber', 'commercialReference'];

/** How many edits a word of this length may be away from what it meant. */
const editsAllowed = (length: number): number => (length <= 3 ? 0 : length <= 5 ? 1 : 2);

/** Where a value's first folded form ends (at the first separator between forms, or its end). */
const firstFormEnd = (forms: string): number => {
  for (let i = 0; i < forms.length; i++) {
    const char = forms.charCodeAt(i);
    if (char === FORM_SEPARATOR_CODE || char === INDEXED_END_CODE) return i;
  }
  return forms.length;
};

interface Candidate {
  text: string;
  edits: number;
}

/** Values of `fields` within the allowed edits of `word` (folded), closest first. */
const closest = (index: SearchIndex, word: string, fields: readonly SearchedField[]): Candidate[] => {
  const allowed = editsAllowed(word.length);
  if (allowed === 0) return [];
  const compactWord = compactFolded(word);
  const found = new Map<string, number>();
  const offer = (text: string, edits: number) => {
    if (edits <= allowed && edits < (found.get(text) ?? Infinity)) found.set(text, edits);
  };
  for (const field of fields) {
    const { values, folded, forms } = index.dictionary(field);
    const numbers = NUMBER_FIELDS.includes(field);
    // A part-number field has a value for nearly every part: only those the value index finds
    // near the word are compared.
    const near = numbers ? index.partNumbersNear(field, compactWord, allowed) : undefined;
    const count = near ? near.length : values.length - 1;
    for (let at = 0; at < count; at++) {
      const code = near ? near[at]! : at + 1;
      const value = folded.at(code)!;
      if (numbers) {
        // Separators do not count: compare part-number forms.
        if (value.length < compactWord.length - allowed || value.length > 2 * (compactWord.length + allowed)) continue;
        // The part-number form (the plain fold without separators) is the value's first form.
        const form = forms.at(code)!;
        const formEnd = firstFormEnd(form);
        if (Math.abs(formEnd - compactWord.length) > allowed) continue;
        const key = formEnd === form.length ? form : form.slice(0, formEnd);
        offer(values.at(code)!.trim(), distance(key, compactWord));
        continue;
      }
      if (Math.abs(value.length - word.length) <= allowed) offer(values.at(code)!.trim(), distance(value, word));
      if (value.includes(' ')) {
        // A word of a longer name ('Contact' of 'Phoenix Contact'), in its own spelling.
        const spelled = values.at(code)!.trim().split(/\s+/);
        for (const piece of spelled) {
          const pieceFolded = foldText(piece);
          if (Math.abs(pieceFolded.length - word.length) <= allowed) offer(piece, distance(pieceFolded, word));
        }
      }
    }
  }
  return [...found.entries()]
    .map(([text, edits]) => ({ text, edits }))
    .filter((candidate) => foldText(candidate.text) !== word)
    .sort((a, b) => a.edits - b.edits || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
};

interface Offer {
  suggestion: SearchSuggestion;
  edits: number;
}

/**
 * Searches to offer for one that found nothing: the quick search text, or else the text of a
 * filter on the reference or the manufacturer, with its unknown words replaced. The rest of the
 * search stays as it was, and every offer finds something with it. Fewest edits first.
 */
const offersFor = (index: SearchIndex, query: IndexQuery): Offer[] => {
  const targets: { field: 'query' | SearchTextFilterField; fields: readonly SearchedField[]; text: string }[] = [];
  if (query.query) targets.push({ field: 'query', fields: quickSearchFields, text: query.query });
  for (const field of ['reference', 'manufacturer'] as const) {
    const text = query.text?.[field];
    if (text) targets.push({ field, fields: [field], text });
  }
  const withText = (field: 'query' | SearchTextFilterField, text: string): Omit<IndexQuery, 'offset' | 'limit'> =>
    field === 'query' ? { ...query, query: text } : { ...query, text: { ...query.text, [field]: text } };
  const alone = (field: 'query' | SearchTextFilterField, text: string): Omit<IndexQuery, 'offset' | 'limit'> =>
    field === 'query' ? { query: text } : { text: { [field]: text } };

  const offers: Offer[] = [];
  for (const target of targets) {
    const words = splitSearchText(target.text);
    const replacements = words.map((word) => {
      if (index.count(alone(target.field, word)) > 0) return undefined;
      const folded = foldText(word);
      const vocabulary = target.field === 'query' ? [...NAME_FIELDS, ...NUMBER_FIELDS] : target.fields;
      return closest(index, folded, vocabulary).slice(0, SUGGESTIONS_MAX);
    });
    const first = replacements.findIndex((candidates) => candidates && candidates.length > 0);
    if (first === -1) continue;
    for (const candidate of replacements[first]!) {
      let edits = 0;
      const text = words
        .map((word, i) => {
          const chosen = i === first ? candidate : replacements[i]?.[0];
          if (!chosen) return word;
          edits += chosen.edits;
          return chosen.text;
        })
        .join(' ');
      if (index.count(withText(target.field, text)) > 0)
        offers.push({ suggestion: { field: target.field, text }, edits });
    }
  }
  const seen = new Set<string>();
  return offers
    .sort((a, b) => a.edits - b.edits)
    .filter(({ suggestion }) => {
      const key = `${suggestion.field}\u0000${suggestion.text}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
};

/** 'Did you mean' searches for one that found nothing, closest first. */
export const suggestSearches = (index: SearchIndex, query: IndexQuery): SearchSuggestion[] =>
  offersFor(index, query)
    .slice(0, SUGGESTIONS_MAX)
    .map(({ suggestion }) => suggestion);

/**
 * The one search a search that found nothing clearly meant, if there is one: the offer with the
 * fewest edits when every other offer needs more (offers that differ only in case or accents,
 * `SIEMENS` and `Siemens`, find the same parts and count as one).
 */
export const clearSuggestion = (index: SearchIndex, query: IndexQuery): SearchSuggestion | undefined => {
  const offers = offersFor(index, query);
  const best = offers[0];
  if (!best) return undefined;
  const same = (offer: Offer) =>
    offer.suggestion.field === best.suggestion.field &&
    foldText(offer.suggestion.text) === foldText(best.suggestion.text);
  return offers.every((offer) => offer.edits > best.edits || same(offer)) ? best.suggestion : undefined;
};

/**
 * A search, answered as typed; or, when that finds nothing and one correction is clearly
 * right (and the text is not to be taken as typed), answered with that correction, saying so.
 */
export const searchOrCorrect = (
  index: SearchIndex,
  query: IndexQuery,
  asTyped = false,
): { result: IndexResult; correction?: SearchCorrection } => {
  const result = index.search(query);
  if (result.total > 0 || asTyped) return { result };
  const meant = clearSuggestion(index, query);
  if (!meant) return { result };
  const original = meant.field === 'query' ? query.query! : query.text![meant.field]!;
  const corrected =
    meant.field === 'query'
      ? { ...query, query: meant.text }
      : { ...query, text: { ...query.text, [meant.field]: meant.text } };
  return { result: index.search(corrected), correction: { ...meant, original } };
};
