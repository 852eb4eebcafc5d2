import * as z from 'zod';
import {
  DistributorCannotSearch,
  DistributorDailyLimit,
  DistributorMalformedAnswer,
  DistributorRefused,
} from './errors';
import { callApi, candidateOf, readAnswer, recordStop, type CallPolicy } from './http';
import type { RateLimiter } from './rate-limiter';
import { asciiSearchText } from './search-text';
import { readMouserPart } from './product-data';
import type { Distributor, DistributorCandidate, FindPartOptions } from './types';

/*
 * Mouser Search API v1: the key in the `apiKey` query parameter; `POST /api/v1/search/partnumber`
 * with the exact option first (only for 3 to 40 characters, what Mouser accepts there), and
 * `POST /api/v1/search/keyword` (at most 50 records) when the exact search finds nothing. Mouser
 * reports request errors inside a 200 answer, in `Errors`: a refused key, its daily limit
 * (`TooManyRequests`, with a null message), characters it does not take (`InvalidCharacters`).
 */

export interface MouserSettings extends CallPolicy {
  apiUrl: string;
  apiKey: string;
  limiter?: RateLimiter;
  /** Epoch milliseconds, for when a daily limit ends. */
  clock?: () => number;
}

/** The most records Mouser returns for one call. */
export const MOUSER_MAX_RECORDS = 50;
/** Mouser's part-number search takes each number of 3 to 40 characters; others go to the keyword search. */
export const MOUSER_PART_NUMBER_LENGTH = { min: 3, max: 40 } as const;
const KEYWORD_MAX_LENGTH = 250;

const part = z.looseObject({
  ManufacturerPartNumber: z.string().nullish(),
  MouserPartNumber: z.string().nullish(),
  Manufacturer: z.string().nullish(),
  Description: z.string().nullish(),
  ImagePath: z.string().nullish(),
  DataSheetUrl: z.string().nullish(),
  ProductDetailUrl: z.string().nullish(),
});
const searchError = z.object({
  Code: z.string().nullish(),
  Message: z.string().nullish(),
  PropertyName: z.string().nullish(),
});
const searchAnswer = z.object({
  Errors: z.array(searchError).nullish(),
  SearchResults: z.object({ NumberOfResult: z.number().nullish(), Parts: z.array(part).nullish() }).nullish(),
});

const toCandidate = (item: z.infer<typeof part>): DistributorCandidate | undefined => {
  const candidate = candidateOf({
    manufacturerPartNumber: item.ManufacturerPartNumber,
    manufacturer: item.Manufacturer,
    // Mouser writes 'N/A' for a part it does not sell.
    orderNumbers: [item.MouserPartNumber].filter((number) => number?.trim() !== 'N/A'),
    descriptions: [item.Description],
    imageUrl: item.ImagePath,
    datasheetUrl: item.DataSheetUrl,
    productUrl: item.ProductDetailUrl,
  });
  const data = candidate && readMouserPart(item);
  return candidate && (data ? { ...candidate, data } : candidate);
};

/** Mouser does not say when its daily count restarts: the next midnight UTC is assumed. */
const nextUtcMidnight = (now: number): Date => {
  const reset = new Date(now);
  reset.setUTCHours(24, 0, 0, 0);
  return reset;
};

/** An answer's parts, or what its `Errors` mean. */
type Outcome = { parts: DistributorCandidate[] } | { refusedText: true };

const TEXT_REFUSALS = new Set(['invalidcharacters', 'minlength', 'maxlength']);

export const createMouserClient = (settings: MouserSettings): Distributor => {
  const base = settings.apiUrl.replace(/\/+$/, '');
  const clock = settings.clock ?? Date.now;

  const outcomeOf = async (answer: unknown): Promise<Outcome> => {
    const { Errors, SearchResults } = readAnswer('mouser', searchAnswer, answer);
    const errors = Errors ?? [];
    if (errors.length > 0) {
      const codes = errors.map((error) => (error.Code ?? '').trim().toLowerCase());
      const text = errors
        .map((error) => `${error.Code ?? ''} ${error.Message ?? ''} ${error.PropertyName ?? ''}`)
        .join('; ');
      if (codes.includes('toomanyrequests')) {
        const stop = new DistributorDailyLimit('mouser', nextUtcMidnight(clock()), clock());
        await recordStop(settings.limiter, stop);
        throw stop;
      }
      if (/api ?key|unique identifier|unauthori[sz]ed|invalid key/i.test(text))
        throw new DistributorRefused('mouser', { cause: new Error(text) });
      if (codes.some((code) => TEXT_REFUSALS.has(code))) return { refusedText: true };
      throw new DistributorMalformedAnswer('mouser', { cause: new Error(text) });
    }
    if (!SearchResults)
      throw new DistributorMalformedAnswer('mouser', { cause: new Error('no SearchResults and no Errors') });
    return {
      parts: (SearchResults.Parts ?? []).slice(0, MOUSER_MAX_RECORDS).flatMap((item) => toCandidate(item) ?? []),
    };
  };

  const search = async (kind: 'partnumber' | 'keyword', body: unknown, options: FindPartOptions) =>
    outcomeOf(
      await callApi(
        {
          provider: 'mouser',
          label: `${kind} search`,
          url: `${base}/api/v1/search/${kind}?${new URLSearchParams({ apiKey: settings.apiKey })}`,
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(body),
          limiter: settings.limiter,
          purpose: options.purpose,
          signal: options.signal,
        },
        settings,
      ),
    );

  /** The exact part-number search where Mouser takes the text, then the keyword search. */
  const searchText = async (text: string, options: FindPartOptions): Promise<Outcome> => {
    const { min, max } = MOUSER_PART_NUMBER_LENGTH;
    if (text.length >= min && text.length <= max) {
      const exact = await search(
        'partnumber',
        { SearchByPartRequest: { mouserPartNumber: text, partSearchOptions: 'Exact' } },
        options,
      );
      if ('refusedText' in exact || exact.parts.length > 0) return exact;
    }
    return search(
      'keyword',
      {
        SearchByKeywordRequest: {
          keyword: text.slice(0, KEYWORD_MAX_LENGTH),
          records: MOUSER_MAX_RECORDS,
          startingRecord: 0,
          searchOptions: 'None',
          searchWithYourSignUpLanguage: 'false',
        },
      },
      options,
    );
  };

  return {
    name: 'mouser',
    apiOrigin: new URL(base).origin,
    findPart: async (key: string, _manufacturer?: string | null, options: FindPartOptions = {}) => {
      // Mouser reads '|' as a separator between up to ten part numbers: one part is searched here.
      const text = key.replace(/\|/g, ' ').trim();
      if (!text) return [];
      const first = await searchText(text, options);
      if ('parts' in first) return first.parts;
      // Refused characters: once more written in plain ASCII (Ö as O, µ as u, ² as 2).
      const ascii = asciiSearchText(text);
      if (ascii && ascii !== text) {
        const second = await searchText(ascii, options);
        if ('parts' in second) return second.parts;
      }
      throw new DistributorCannotSearch('mouser', key.trim());
    },
  };
};
