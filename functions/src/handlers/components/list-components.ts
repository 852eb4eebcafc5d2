import {
  CORRECTION_HEADER,
  FACETS_HEADER,
  SUGGESTIONS_HEADER,
  TOTAL_COUNT_HEADER,
  headerJson,
  searchQuerySchema,
} from '#shared/schemas/component';
import { httpHandler, reply } from '#lib/http';
import { currentSearchIndex, searchComponents } from '#services/components';
import { loadSearchIndexAtInit } from '#services/search/catalogue-search';

// The index is loaded while the function initialises, before the first request.
await loadSearchIndexAtInit();

export const handler = httpHandler({
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
