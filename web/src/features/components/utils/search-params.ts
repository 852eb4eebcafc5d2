import { messages } from '#shared/messages';
import {
  SEARCH_DEFAULT_LIMIT,
  componentFieldLabels,
  componentFieldUnits,
  parseNumberText,
  rangeParam,
  searchNumberFilterFields,
  searchNumberLabel,
  searchSortFields,
  searchTextFilterFields,
  type SearchNumberFilterField,
  type SearchRangeParam,
  type SearchSortField,
  type SearchTextFilterField,
} from '#shared/schemas/component';

/** The list shows 10 components a page. */
export const PAGE_SIZE = SEARCH_DEFAULT_LIMIT;

export type SearchFilterField = SearchTextFilterField | SearchNumberFilterField;

export const searchFilterFields: readonly SearchFilterField[] = [
  ...searchTextFilterFields,
  ...searchNumberFilterFields,
];

/** Each numeric filter's range ends: `voltageMin`, `voltageMax`. */
export const searchRangeKeys: readonly SearchRangeParam[] = searchNumberFilterFields.flatMap((field) => [
  rangeParam(field, 'Min'),
  rangeParam(field, 'Max'),
]);

/**
 * What the search panel emits: `{ query }` for All Fields, a single
 * `{ field: text }` from Quick Search, or the non-empty advanced filters (numbers as ranges);
 * with the order chosen by a column header (`sort`, `order`).
 */
export type SearchCriteria = Partial<Record<'query' | SearchFilterField | SearchRangeParam | 'sort' | 'order', string>>;

export type SearchKey = keyof SearchCriteria;

const searchKeys: readonly SearchKey[] = ['query', ...searchFilterFields, ...searchRangeKeys, 'sort', 'order'];

/** The number field a numeric criterion is about, and which end of its range (none: an exact value). */
export const numericKey = (key: SearchKey): { field: SearchNumberFilterField; end?: 'Min' | 'Max' } | undefined => {
  if ((searchNumberFilterFields as readonly string[]).includes(key)) return { field: key as SearchNumberFilterField };
  const match = /^(.*)(Min|Max)$/.exec(key);
  if (match && (searchNumberFilterFields as readonly string[]).includes(match[1]!))
    return { field: match[1] as SearchNumberFilterField, end: match[2] as 'Min' | 'Max' };
  return undefined;
};

/**
 * Numeric criteria the API would refuse, each with the hint its input shows: text that is not a
 * number, or a range whose "from" is above its "to" (the hint goes on "from").
 */
export const numberProblems = (criteria: SearchCriteria): Partial<Record<SearchKey, string>> => {
  const problems: Partial<Record<SearchKey, string>> = {};
  const value = (key: SearchKey, field: SearchNumberFilterField) => {
    const text = criteria[key]?.trim();
    return text ? parseNumberText(text, componentFieldUnits[field]) : undefined;
  };
  for (const key of searchKeys) {
    const numeric = numericKey(key);
    const text = criteria[key]?.trim();
    if (!numeric || !text) continue;
    if (value(key, numeric.field) === undefined)
      problems[key] = messages.numberInvalid(searchNumberLabel(numeric.field, numeric.end));
  }
  for (const field of searchNumberFilterFields) {
    const min = rangeParam(field, 'Min');
    const max = rangeParam(field, 'Max');
    const low = value(min, field);
    const high = value(max, field);
    if (low !== undefined && high !== undefined && low > high && !problems[min])
      problems[min] = messages.searchRangeInvalid(componentFieldLabels[field]);
  }
  return problems;
};

/** The sort a criteria set asks for: a known column (relevance when none), and the direction. */
export const sortOf = (criteria: SearchCriteria): { sort: SearchSortField; descending: boolean } => ({
  sort: (searchSortFields as readonly string[]).includes(criteria.sort ?? '')
    ? (criteria.sort as SearchSortField)
    : 'relevance',
  descending: criteria.order === 'desc',
});

/** The list's state as its URL holds it, so Back and a shared link restore it. */
export interface ListState {
  criteria: SearchCriteria;
  /** 1-based. */
  page: number;
}

/** The label a criterion goes by on screen ('All Fields' for the quick query). */
export const searchKeyLabel = (key: SearchKey): string => {
  if (key === 'query') return 'All Fields';
  if (key === 'sort') return 'Sorted by';
  if (key === 'order') return 'Order';
  const numeric = numericKey(key);
  return numeric ? searchNumberLabel(numeric.field, numeric.end) : componentFieldLabels[key as SearchTextFilterField];
};

/** The criteria without empty values, trimmed, in a fixed order. */
export const cleanCriteria = (criteria: SearchCriteria): SearchCriteria => {
  const clean: SearchCriteria = {};
  for (const key of searchKeys) {
    const value = criteria[key]?.trim();
    if (value) clean[key] = value;
  }
  return clean;
};

/** Reads the list's state from the page URL's query string; unknown parameters are ignored. */
export const readListState = (params: URLSearchParams): ListState => {
  const criteria: SearchCriteria = {};
  for (const key of searchKeys) {
    const value = params.get(key);
    if (value !== null) criteria[key] = value;
  }
  const page = Number(params.get('page'));
  return { criteria: cleanCriteria(criteria), page: Number.isSafeInteger(page) && page > 1 ? page : 1 };
};

/** The page URL's query string for a state: empty criteria and page 1 are left out. */
export const listSearchParams = ({ criteria, page }: ListState): URLSearchParams => {
  const params = new URLSearchParams(Object.entries(cleanCriteria(criteria)));
  if (page > 1) params.set('page', String(page));
  return params;
};

/**
 * `GET /api/components`'s query string for the criteria and one window of results. Numeric
 * criteria the API would refuse are left out (their inputs show why); `facets` asks for the
 * counts beside the results.
 */
export const componentsQuery = (
  criteria: SearchCriteria,
  { limit, offset, facets = false }: { limit: number; offset: number; facets?: boolean },
): string => {
  const problems = numberProblems(criteria);
  const params = new URLSearchParams(
    Object.entries(cleanCriteria(criteria)).filter(([key]) => !problems[key as SearchKey]),
  );
  params.set('limit', String(limit));
  params.set('offset', String(offset));
  if (facets) params.set('facets', 'true');
  return params.toString();
};

/** The offset of a page's first component. */
export const pageOffset = (page: number, pageSize = PAGE_SIZE): number => (page - 1) * pageSize;
