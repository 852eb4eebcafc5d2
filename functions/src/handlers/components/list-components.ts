import {
  CORRECTION_HEADER,
  FACETS_HEADER,
  SUGGESTIONS_HEADER,
  TOTAL_COUNT_HEADER,
  headerJson,
  searchQuerySchema,
} from '#shared/schemas/component';
import { declareInputOf, httpHandler, reply } from '#lib/http';
import { currentSearchIndex, searchComponents } from '#services/search/search-answers';
import { loadSearchIndexAtInit } from '#services/search/catalogue-search';
import { answerHolderEvent } from '#services/search/holder';
import { isHolderEvent, type HolderEvent } from '#services/search/holder-protocol';

// The index is loaded while the function initialises, before the first request.
await loadSearchIndexAtInit();

const searchRoute = httpHandler({
  schema: { query: searchQuerySchema },
  // The index is brought up to date while the session is checked.
  prefetch: currentSearchIndex,
  handler: async ({ query, prefetched }) => {
    const { components, total, facets, suggestions, correction } = await searchComponents(query, prefetched);
    return reply({
      body: components,
      headers: {
        [TOTAL_COUNT_HEADER]: String(total),
        ...(facets ? { [FACETS_HEADER]: headerJson(facets) } : {}),
        ...(suggestions ? { [SUGGESTIONS_HEADER]: headerJson(suggestions) } : {}),
        ...(correction ? { [CORRECTION_HEADER]: headerJson(correction) } : {}),
        'Access-Control-Expose-Headers': [
          TOTAL_COUNT_HEADER,
          FACETS_HEADER,
          SUGGESTIONS_HEADER,
          CORRECTION_HEADER,
        ].join(', '),
      },
    });
  },
});

/**
 * The one function that holds the search index: it answers `GET /api/components` and the other
 * functions' internal invocations (duplicates, unread values, exports, a data batch's parts).
 */
const answer = (event: Parameters<typeof searchRoute>[0] | HolderEvent, context: Parameters<typeof searchRoute>[1]) =>
  isHolderEvent(event) ? answerHolderEvent(event) : searchRoute(event, context);

export const handler = declareInputOf(
  answer as typeof searchRoute & ((event: HolderEvent) => ReturnType<typeof answerHolderEvent>),
  searchRoute,
);
