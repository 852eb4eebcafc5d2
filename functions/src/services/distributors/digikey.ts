import * as z from 'zod';
import { DistributorRefused } from './errors';
import { callApi, readAnswer, webAddress, type CallPolicy } from './http';
import type { RateLimiter } from './rate-limiter';
import type { Distributor, DistributorCandidate, FindPartOptions } from './types';

/*
 * Digi-Key Product Information API v4: OAuth2 client credentials (`POST /v1/oauth2/token`), then
 * `POST /products/v4/search/keyword` with the token, the client id and the locale headers. The
 * keyword answer already carries each product's photo, datasheet and page, so no product-details
 * or media call is needed.
 */

export interface DigiKeySettings extends CallPolicy {
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  limiter?: RateLimiter;
  locale?: { site: string; language: string; currency: string };
  /** Epoch milliseconds, for the token's lifetime. */
  clock?: () => number;
}

/** Products asked for per search (the API allows 1 to 50). */
const SEARCH_LIMIT = 25;
const KEYWORDS_MAX_LENGTH = 250;

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive(),
  token_type: z.string().optional(),
});

const product = z.object({
  ManufacturerProductNumber: z.string().nullish(),
  Manufacturer: z.object({ Name: z.string().nullish() }).nullish(),
  Description: z
    .object({ ProductDescription: z.string().nullish(), DetailedDescription: z.string().nullish() })
    .nullish(),
  PhotoUrl: z.string().nullish(),
  DatasheetUrl: z.string().nullish(),
  ProductUrl: z.string().nullish(),
});
const keywordAnswer = z.object({
  Products: z.array(product),
  ExactMatches: z.array(product).nullish(),
  ProductsCount: z.number().nullish(),
});

const toCandidate = (item: z.infer<typeof product>): DistributorCandidate | undefined => {
  const manufacturerPartNumber = item.ManufacturerProductNumber?.trim();
  if (!manufacturerPartNumber) return undefined;
  return {
    manufacturerPartNumber,
    manufacturer: item.Manufacturer?.Name?.trim() ?? '',
    description: item.Description?.ProductDescription?.trim() || item.Description?.DetailedDescription?.trim() || null,
    imageUrl: webAddress(item.PhotoUrl),
    datasheetUrl: webAddress(item.DatasheetUrl),
    productUrl: webAddress(item.ProductUrl),
  };
};

export const createDigiKeyClient = (settings: DigiKeySettings): Distributor => {
  const base = settings.apiUrl.replace(/\/+$/, '');
  const clock = settings.clock ?? Date.now;
  const locale = settings.locale ?? { site: 'US', language: 'en', currency: 'USD' };
  let token: { value: string; renewAt: number } | undefined;
  let pendingToken: Promise<string> | undefined;

  const requestToken = async (signal?: AbortSignal): Promise<string> => {
    const answer = await callApi(
      {
        provider: 'digikey',
        label: 'oauth2 token',
        url: `${base}/v1/oauth2/token`,
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          client_id: settings.clientId,
          client_secret: settings.clientSecret,
          grant_type: 'client_credentials',
        }).toString(),
        signal,
      },
      settings,
    );
    const { access_token, expires_in } = readAnswer('digikey', tokenAnswer, answer);
    // Renewed shortly before it expires (a minute, or a tenth of a short lifetime), never mid-call.
    const margin = Math.min(60, expires_in / 10);
    token = { value: access_token, renewAt: clock() + (expires_in - margin) * 1000 };
    return access_token;
  };

  /** The cached token while it is fresh; concurrent callers share one token request. */
  const accessToken = (signal?: AbortSignal): Promise<string> => {
    if (token && clock() < token.renewAt) return Promise.resolve(token.value);
    pendingToken ??= requestToken(signal).finally(() => {
      pendingToken = undefined;
    });
    return pendingToken;
  };

  const keywordSearch = async (keywords: string, signal?: AbortSignal) =>
    callApi(
      {
        provider: 'digikey',
        label: 'keyword search',
        url: `${base}/products/v4/search/keyword`,
        method: 'POST',
        headers: {
          authorization: `Bearer ${await accessToken(signal)}`,
          'x-digikey-client-id': settings.clientId,
          'x-digikey-locale-site': locale.site,
          'x-digikey-locale-language': locale.language,
          'x-digikey-locale-currency': locale.currency,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({ Keywords: keywords, Limit: SEARCH_LIMIT, Offset: 0 }),
        limiter: settings.limiter,
        signal,
      },
      settings,
    );

  return {
    name: 'digikey',
    apiOrigin: new URL(base).origin,
    findPart: async (reference: string, _manufacturer?: string | null, options: FindPartOptions = {}) => {
      const keywords = reference.trim().slice(0, KEYWORDS_MAX_LENGTH);
      if (!keywords) return [];
      let answer: unknown;
      try {
        answer = await keywordSearch(keywords, options.signal);
      } catch (error) {
        // A token the API no longer accepts (revoked, or expired early): one more try with a new one.
        if (!(error instanceof DistributorRefused) || !token) throw error;
        token = undefined;
        answer = await keywordSearch(keywords, options.signal);
      }
      const { Products, ExactMatches } = readAnswer('digikey', keywordAnswer, answer);
      const seen = new Set<string>();
      const candidates: DistributorCandidate[] = [];
      for (const item of [...(ExactMatches ?? []), ...Products]) {
        const candidate = toCandidate(item);
        const key = candidate && `${candidate.manufacturerPartNumber}\u0000${candidate.manufacturer}`;
        if (!candidate || seen.has(key!)) continue;
        seen.add(key!);
        candidates.push(candidate);
      }
      return candidates;
    },
  };
};
