import {
  SEARCH_DEFAULT_LIMIT,
  componentFieldLabels,
  searchNumberFilterFields,
  searchTextFilterFields,
  type SearchNumberFilterField,
  type SearchTextFilterField,
} from '#shared/schemas/component';

/** Spec §9: the list shows 10 components a page. */
export const PAGE_SIZE = SEARCH_DEFAULT_LIMIT;

export type SearchFilterField = SearchTextFilterField | SearchNumberFilterField;

export const searchFilterFields: readonly SearchFilterField[] = [
  ...searchTextFilterFields,
  ...searchNumberFilterFields,
];

/**
 * What the search panel emits (spec §2 "Search panel"): `{ query }` for All Fields, a single
 * `{ field: text }` from Quick Search, or the non-empty advanced filters.
 */
export type SearchCriteria = Partial<Record<'query' | SearchFilterField, string>>;

export type SearchKey = keyof SearchCriteria;

const searchKeys: readonly SearchKey[] = ['query', ...searchFilterFields];

/** The list's state as its URL holds it, so Back and a shared link restore it. */
export interface ListState {
  criteria: SearchCriteria;
  /** 1-based. */
  page: number;
}

/** The label a criterion goes by on screen ('All Fields' for the quick query). */
export const searchKeyLabel = (key: SearchKey): string => (key === 'query' ? 'All Fields' : componentFieldLabels[key]);

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

/** `GET /api/components`'s query string for the criteria and one window of results. */
export const componentsQuery = (
  criteria: SearchCriteria,
  { limit, offset }: { limit: number; offset: number },
): string => {
  const params = new URLSearchParams(Object.entries(cleanCriteria(criteria)));
  params.set('limit', String(limit));
  params.set('offset', String(offset));
  return params.toString();
};

/** The offset of a page's first component. */
export const pageOffset = (page: number, pageSize = PAGE_SIZE): number => (page - 1) * pageSize;
