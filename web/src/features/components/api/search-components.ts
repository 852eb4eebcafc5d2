import useSWR from 'swr';
import {
  CORRECTION_HEADER,
  FACETS_HEADER,
  SUGGESTIONS_HEADER,
  TOTAL_COUNT_HEADER,
  searchCorrectionSchema,
  searchFacetsSchema,
  searchSuggestionsSchema,
  type Component,
  type SearchCorrection,
  type SearchFacets,
  type SearchSuggestion,
} from '#shared/schemas/component';
import { apiRequestWithHeaders } from '#web/lib/api-client.ts';
import { PAGE_SIZE, componentsQuery, pageOffset, type SearchCriteria } from '../utils/search-params';

export interface ComponentPage {
  components: Component[];
  /** Every match, not just this page (the real total, from X-Total-Count). */
  total: number;
  /** The counts beside the results, when asked for. */
  facets?: SearchFacets;
  /** 'Did you mean' searches, when nothing was found. */
  suggestions: SearchSuggestion[];
  /** The correction answered instead, when the search as typed found nothing. */
  correction?: SearchCorrection;
}

/** A JSON header as a schema reads it; a missing or unreadable one is left out. */
const headerValue = <T>(
  headers: Headers,
  name: string,
  schema: { safeParse: (value: unknown) => { success: boolean; data?: T } },
) => {
  const text = headers.get(name);
  if (!text) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
};

/** GET /api/components?{query, filters, limit, offset}: one window of matches and the total. */
export const fetchComponentPage = async (path: string): Promise<ComponentPage> => {
  const { data, headers } = await apiRequestWithHeaders<Component[]>(path);
  const components = data ?? [];
  const total = Number(headers.get(TOTAL_COUNT_HEADER));
  return {
    components,
    total: Number.isFinite(total) && headers.has(TOTAL_COUNT_HEADER) ? total : components.length,
    facets: headerValue(headers, FACETS_HEADER, searchFacetsSchema),
    suggestions: headerValue(headers, SUGGESTIONS_HEADER, searchSuggestionsSchema) ?? [],
    correction: headerValue(headers, CORRECTION_HEADER, searchCorrectionSchema),
  };
};

export const componentsPath = (criteria: SearchCriteria, limit: number, offset: number, facets = false) =>
  `/components?${componentsQuery(criteria, { limit, offset, facets })}`;

/**
 * One page of the component list, 10 a page, with the counts beside it; nothing is
 * fetched while `enabled` is false.
 */
export const useComponentSearch = (criteria: SearchCriteria, page: number, enabled = true) => {
  const { data, error, isLoading } = useSWR<ComponentPage>(
    enabled ? componentsPath(criteria, PAGE_SIZE, pageOffset(page), true) : null,
    fetchComponentPage,
  );
  return { page: data, error: error as unknown, isLoading };
};
