import { messages } from '#shared/messages';
import { choiceLabel, readChoice } from '#shared/schemas/choice-fields';
import {
  SEARCH_DEFAULT_LIMIT,
  choiceParam,
  choiceSeparator,
  isChoiceField,
  searchFacetFields,
  componentFieldLabels,
  containsFilters,
  parseContainsFilter,
  parseSearchNumber,
  rangeParam,
  searchNumberFilterFields,
  searchNumberLabel,
  searchSortFields,
  searchTextFilterFields,
  type ContainsFilterParam,
  type SearchChoiceParam,
  type SearchFacetField,
  type SearchNumberFilterField,
  type SearchRangeParam,
  type SearchSortField,
  type SearchTextFilterField,
} from '#shared/schemas/component';
import { componentFieldDefinitions, formTabs } from '#shared/schemas/component-fields';

/** The list shows 10 components a page. */
export const PAGE_SIZE = SEARCH_DEFAULT_LIMIT;

export type SearchFilterField = SearchTextFilterField | SearchNumberFilterField | ContainsFilterParam;

const containsParams: readonly ContainsFilterParam[] = containsFilters.map((filter) => filter.param);
/** Whether a filter is a wire size a part must take. */
export const isContainsFilter = (key: string): key is ContainsFilterParam =>
  (containsParams as readonly string[]).includes(key);

export const searchFilterFields: readonly SearchFilterField[] = [
  ...searchTextFilterFields,
  ...searchNumberFilterFields,
  ...containsParams,
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
export type SearchCriteria = Partial<
  Record<'query' | SearchFilterField | SearchRangeParam | SearchChoiceParam | 'sort' | 'order' | 'asTyped', string>
>;

export type SearchKey = keyof SearchCriteria;

const choiceKeys: readonly SearchChoiceParam[] = searchFacetFields.map(choiceParam);

const searchKeys: readonly SearchKey[] = [
  'query',
  ...searchFilterFields,
  ...searchRangeKeys,
  ...choiceKeys,
  'sort',
  'order',
  // The text taken as typed: a misspelling is not answered with its correction.
  'asTyped',
];

/**
 * The values chosen for a facet field (`classIs=Relay|Contactor`); a fixed list's as its codes
 * (`lifecycle=obsolete,nrnd`, a label in the address read as its code).
 */
export const chosenValues = (criteria: SearchCriteria, field: SearchFacetField): string[] =>
  (criteria[choiceParam(field)] ?? '')
    .split(choiceSeparator(field))
    .map((value) => value.trim())
    .filter(Boolean)
    .map((value) => (isChoiceField(field) ? (readChoice(field, value) ?? value) : value));

/** A facet value as the reader sees it: a fixed list's label ('Obsolete'), else the value. */
export const choiceText = (field: SearchFacetField, value: string): string =>
  isChoiceField(field) ? choiceLabel(field, value) : value;

/** The criteria with a facet value chosen, or let go when it was chosen (values of one field are either-or). */
export const toggleChoice = (criteria: SearchCriteria, field: SearchFacetField, value: string): SearchCriteria => {
  const same = (a: string) => a.toLowerCase() === value.trim().toLowerCase();
  const current = chosenValues(criteria, field);
  const next = current.some(same) ? current.filter((chosen) => !same(chosen)) : [...current, value.trim()];
  const { [choiceParam(field)]: _previous, ...rest } = criteria;
  return next.length ? { ...rest, [choiceParam(field)]: next.join(choiceSeparator(field)) } : rest;
};

const choiceField = (key: string): SearchFacetField | undefined =>
  searchFacetFields.find((field) => choiceParam(field) === key);

/** A criterion's value as the search in effect shows it: the chosen values of a fixed list by their labels. */
export const searchValueText = (key: SearchKey, value: string): string => {
  const field = choiceField(key);
  return field && isChoiceField(field)
    ? chosenValues({ [key]: value }, field)
        .map((chosen) => choiceText(field, chosen))
        .join(', ')
    : value;
};

/**
 * Advanced Search: one group per tab of the Add form, holding the filters of that tab's fields
 * in their declared order, then the wire sizes a part must take.
 */
export const advancedSearchGroups: readonly { id: string; title: string; fields: readonly SearchFilterField[] }[] =
  formTabs
    .map((tab) => ({
      id: tab.id,
      title: tab.title,
      fields: [
        ...componentFieldDefinitions.flatMap((definition): SearchFilterField[] => {
          if (!('tab' in definition) || definition.tab !== tab.id || definition.kind === 'file') return [];
          if ('filter' in definition && definition.filter) return [definition.name as SearchFilterField];
          if ('range' in definition && definition.range)
            return [
              (typeof definition.range === 'object' ? definition.range.param : definition.name) as SearchFilterField,
            ];
          return [];
        }),
        ...containsFilters.filter((filter) => filter.tab === tab.id).map((filter) => filter.param),
      ],
    }))
    .filter((group) => group.fields.length > 0);

/** The label of a wire-size filter. */
export const containsLabel = (param: ContainsFilterParam): string =>
  containsFilters.find((filter) => filter.param === param)!.label;

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
    return text ? parseSearchNumber(field, text) : undefined;
  };
  for (const param of containsParams) {
    const text = criteria[param]?.trim();
    if (text && parseContainsFilter(param, text) === undefined)
      problems[param] = messages.numberInvalid(containsLabel(param));
  }
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
      problems[min] = messages.searchRangeInvalid(searchNumberLabel(field));
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
  if (key === 'asTyped') return 'As typed';
  if (isContainsFilter(key)) return containsLabel(key);
  const chosen = choiceField(key);
  if (chosen) return componentFieldLabels[chosen];
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
  const paging = { limit: String(limit), offset: String(offset) };
  return criteriaQuery(criteria, facets ? { ...paging, facets: 'true' } : paging);
};

/** A query string of the search's criteria (those the API takes) and the parameters given. */
export const criteriaQuery = (criteria: SearchCriteria, extra: Record<string, string>): string => {
  const problems = numberProblems(criteria);
  const params = new URLSearchParams(
    Object.entries(cleanCriteria(criteria)).filter(([key]) => !problems[key as SearchKey]),
  );
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return params.toString();
};

/** The offset of a page's first component. */
export const pageOffset = (page: number, pageSize = PAGE_SIZE): number => (page - 1) * pageSize;
