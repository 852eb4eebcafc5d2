import * as z from 'zod';
import { DistributorMalformedAnswer, DistributorRefused, DistributorThrottled } from './errors';
import { callApi, readAnswer, webAddress, type CallPolicy } from './http';
import type { RateLimiter } from './rate-limiter';
import type { Distributor, DistributorCandidate, FindPartOptions } from './types';

/*
 * Mouser Search API v1: the key in the `apiKey` query parameter; `POST /api/v1/search/partnumber`
 * with the exact option first, and `POST /api/v1/search/keyword` (at most 50 records) when the
 * exact search finds nothing. Mouser reports some failures inside a 200 answer, in `Errors`.
 */

export interface MouserSettings extends CallPolicy {
  apiUrl: string;
  apiKey: string;
  limiter?: RateLimiter;
}

/** The most records Mouser returns for one call. */
export const MOUSER_MAX_RECORDS = 50;
const KEYWORD_MAX_LENGTH = 250;

const part = z.object({
  ManufacturerPartNumber: z.string().nullish(),
  Manufacturer: z.string().nullish(),
  Description: z.string().nullish(),
  ImagePath: z.string().nullish(),
  DataSheetUrl: z.string().nullish(),
  ProductDetailUrl: z.string().nullish(),
});
const searchAnswer = z.object({
  Errors: z
    .array(z.object({ Code: z.string().nullish(), Message: z.string().nullish(), PropertyName: z.string().nullish() }))
    .nullish(),
  SearchResults: z.object({ NumberOfResult: z.number().nullish(), Parts: z.array(part).nullish() }).nullish(),
});

const toCandidate = (item: z.infer<typeof part>): DistributorCandidate | undefined => {
  const manufacturerPartNumber = item.ManufacturerPartNumber?.trim();
  if (!manufacturerPartNumber) return undefined;
  return {
    manufacturerPartNumber,
    manufacturer: item.Manufacturer?.trim() ?? '',
    description: item.Description?.trim() || null,
    imageUrl: webAddress(item.ImagePath),
    datasheetUrl: webAddress(item.DataSheetUrl),
    productUrl: webAddress(item.ProductDetailUrl),
  };
};

/** The parts of an answer, or the typed error its `Errors` describe. */
const partsOf = (answer: unknown): DistributorCandidate[] => {
  const { Errors, SearchResults } = readAnswer('mouser', searchAnswer, answer);
  const errors = Errors ?? [];
  if (errors.length > 0) {
    const text = errors
      .map((error) => `${error.Code ?? ''} ${error.Message ?? ''} ${error.PropertyName ?? ''}`)
      .join('; ');
    if (/api ?key|unique identifier|unauthori[sz]ed|invalid key/i.test(text))
      throw new DistributorRefused('mouser', { cause: new Error(text) });
    if (/too ?many|exceeded|rate limit/i.test(text)) throw new DistributorThrottled('mouser', 60);
    throw new DistributorMalformedAnswer('mouser', { cause: new Error(text) });
  }
  if (!SearchResults)
    throw new DistributorMalformedAnswer('mouser', { cause: new Error('no SearchResults and no Errors') });
  return (SearchResults.Parts ?? []).slice(0, MOUSER_MAX_RECORDS).flatMap((item) => toCandidate(item) ?? []);
};

export const createMouserClient = (settings: MouserSettings): Distributor => {
  const base = settings.apiUrl.replace(/\/+$/, '');
  const search = (kind: 'partnumber' | 'keyword', body: unknown, signal?: AbortSignal) =>
    callApi(
      {
        provider: 'mouser',
        label: `${kind} search`,
        url: `${base}/api/v1/search/${kind}?${new URLSearchParams({ apiKey: settings.apiKey })}`,
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        limiter: settings.limiter,
        signal,
      },
      settings,
    );

  return {
    name: 'mouser',
    apiOrigin: new URL(base).origin,
    findPart: async (reference: string, _manufacturer?: string | null, options: FindPartOptions = {}) => {
      // Mouser reads '|' as a separator between up to ten part numbers: one part is searched here.
      const partNumber = reference.replace(/\|/g, ' ').trim().slice(0, KEYWORD_MAX_LENGTH);
      if (!partNumber) return [];
      const exact = partsOf(
        await search(
          'partnumber',
          { SearchByPartRequest: { mouserPartNumber: partNumber, partSearchOptions: 'Exact' } },
          options.signal,
        ),
      );
      if (exact.length > 0) return exact;
      return partsOf(
        await search(
          'keyword',
          {
            SearchByKeywordRequest: {
              keyword: partNumber,
              records: MOUSER_MAX_RECORDS,
              startingRecord: 0,
              searchOptions: 'None',
              searchWithYourSignUpLanguage: 'false',
            },
          },
          options.signal,
        ),
      );
    },
  };
};
