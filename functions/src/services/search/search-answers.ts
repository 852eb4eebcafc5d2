import type {
  Component,
  SearchCorrection,
  SearchFacets,
  SearchQuery,
  SearchSuggestion,
} from '#shared/schemas/component';
import { toApiComponent, toIndexQuery } from '../components';
import { catalogueSearch } from './catalogue-search';
import type { SearchIndex } from './search-index';
import { searchOrCorrect, suggestSearches } from './suggestions';

/*
 * The catalogue search as the search function answers it. Only the search function imports
 * this module (it holds the index); the others ask it (holder-client.ts).
 */

export interface SearchAnswer {
  components: Component[];
  total: number;
  /** When asked for. */
  facets?: SearchFacets;
  /** When nothing was found: searches that find something ('Did you mean …'). */
  suggestions?: SearchSuggestion[];
  /** When the search as typed found nothing and was answered with its clear correction: which. */
  correction?: SearchCorrection;
}

/**
 * `GET /api/components`: one page of matches, most relevant first, and the total. The index
 * holds whole components, so after the one catalogue-revision read nothing else is read.
 */
/** The search index brought up to the catalogue's current revision (one consistent read when it is). */
export const currentSearchIndex = (): Promise<SearchIndex> => catalogueSearch().current();

export const searchComponents = async (query: SearchQuery, current?: SearchIndex): Promise<SearchAnswer> => {
  const index = current ?? (await currentSearchIndex());
  const indexQuery = toIndexQuery(query);
  // A misspelling with one clearly right correction is answered with it, saying so.
  const { result, correction } = searchOrCorrect(index, indexQuery, query.asTyped);
  const { ids, total, facets } = result;
  const answer: SearchAnswer = { components: index.components(ids).map(toApiComponent), total };
  if (facets) answer.facets = facets;
  if (correction) answer.correction = correction;
  else if (total === 0) {
    const suggestions = suggestSearches(index, indexQuery);
    if (suggestions.length > 0) answer.suggestions = suggestions;
  }
  return answer;
};
