import * as z from 'zod';
import { DistributorRefused } from './errors';
import { callApi, candidateOf, readAnswer, retryAfterMs, type CallPolicy, type RefusalReader } from './http';
import type { RateLimiter } from './rate-limiter';
import { readDigiKeyProduct } from './product-data';
import type { Distributor, DistributorCandidate, FindPartOptions } from './types';

/*
 * Digi-Key Product Information API v4: OAuth2 client credentials (`POST /v1/oauth2/token`), then
 * `POST /products/v4/search/keyword` with the token, the client id and the locale headers, or
 * `GET /products/v4/search/{productNumber}/productdetails` for a Digi-Key order number (`...-ND`).
 * Both answers carry each product's photo, datasheet and page, so no media call is needed.
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
const HOUR_MS = 3_600_000;

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive(),
  token_type: z.string().optional(),
});

const product = z.looseObject({
  ManufacturerProductNumber: z.string().nullish(),
  Manufacturer: z.object({ Name: z.string().nullish() }).nullish(),
  Description: z
    .object({ ProductDescription: z.string().nullish(), DetailedDescription: z.string().nullish() })
    .nullish(),
  PhotoUrl: z.string().nullish(),
  DatasheetUrl: z.string().nullish(),
  ProductUrl: z.string().nullish(),
  ProductVariations: z.array(z.looseObject({ DigiKeyProductNumber: z.string().nullish() })).nullish(),
});
const keywordAnswer = z.object({
  Products: z.array(product),
  ExactMatches: z.array(product).nullish(),
  ProductsCount: z.number().nullish(),
});
const detailsAnswer = z.object({ Product: product.nullish() });

/** A Digi-Key order number: the product-details call finds exactly it. */
const isDigiKeyNumber = (key: string) => /\S-ND$/i.test(key);

const toCandidate = (
  item: z.infer<typeof product>,
  read: { currency: string; productNumber?: string },
): DistributorCandidate | undefined => {
  const candidate = candidateOf({
    manufacturerPartNumber: item.ManufacturerProductNumber,
    manufacturer: item.Manufacturer?.Name,
    orderNumbers: (item.ProductVariations ?? []).map((variation) => variation.DigiKeyProductNumber),
    descriptions: [item.Description?.ProductDescription, item.Description?.DetailedDescription],
    imageUrl: item.PhotoUrl,
    datasheetUrl: item.DatasheetUrl,
    productUrl: item.ProductUrl,
  });
  const data = candidate && readDigiKeyProduct(item, read);
  return candidate && (data ? { ...candidate, data } : candidate);
};

/** Digi-Key's daily limit resets at midnight US Central time: 05:00 or 06:00 UTC; the later one is safe. */
const nextCentralMidnight = (now: number): Date => {
  const reset = new Date(now);
  reset.setUTCHours(6, 0, 0, 0);
  if (reset.getTime() <= now) reset.setUTCDate(reset.getUTCDate() + 1);
  return reset;
};

/**
 * Digi-Key's two limits, as its FAQ and OpenAPI document describe them: a burst limit (429 with
 * a Retry-After of seconds and `X-BurstLimit-*` headers) and the daily limit (429 with
 * `X-RateLimit-Remaining: 0`, a Retry-After or `X-RateLimit-Reset` of hours, and a detail
 * saying "Daily Ratelimit exceeded"). A 503 that carries rate-limit headers is a throttle too;
 * one without them is a server error.
 */
export const readDigiKeyRefusal: RefusalReader = ({ status, headers, text }, now) => {
  const names = [...headers.keys()];
  const burstHeaders = names.some((name) => name.startsWith('x-burstlimit-'));
  const dayHeaders = names.some((name) => name.startsWith('x-ratelimit-'));
  if (status === 503 && !burstHeaders && !dayHeaders) return undefined;
  const retryAfter = retryAfterMs(headers.get('retry-after'), now);
  const resetSeconds = Number(headers.get('x-ratelimit-reset'));
  const resetIn = Number.isFinite(resetSeconds) && resetSeconds > 0 ? resetSeconds * 1000 : undefined;
  // Every answer carries the day's X-RateLimit-* counters; the body and the remaining count say which limit struck.
  const saysBurst = /burst\s*limit/i.test(text);
  const saysDaily =
    headers.get('x-ratelimit-remaining')?.trim() === '0' ||
    /daily/i.test(text) ||
    (retryAfter !== undefined && retryAfter > HOUR_MS);
  if (saysDaily && !saysBurst) {
    const wait = retryAfter ?? resetIn;
    return { kind: 'daily', resumesAt: wait !== undefined ? new Date(now + wait) : nextCentralMidnight(now) };
  }
  return { kind: 'burst', waitMs: retryAfter ?? 1000 };
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
        readRefusal: readDigiKeyRefusal,
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

  const headers = async (signal?: AbortSignal) => ({
    authorization: `Bearer ${await accessToken(signal)}`,
    'x-digikey-client-id': settings.clientId,
    'x-digikey-locale-site': locale.site,
    'x-digikey-locale-language': locale.language,
    'x-digikey-locale-currency': locale.currency,
    accept: 'application/json',
  });

  const keywordSearch = async (keywords: string, options: FindPartOptions) =>
    callApi(
      {
        provider: 'digikey',
        label: 'keyword search',
        url: `${base}/products/v4/search/keyword`,
        method: 'POST',
        headers: { ...(await headers(options.signal)), 'content-type': 'application/json' },
        body: JSON.stringify({ Keywords: keywords, Limit: SEARCH_LIMIT, Offset: 0 }),
        limiter: settings.limiter,
        purpose: options.purpose,
        readRefusal: readDigiKeyRefusal,
        signal: options.signal,
      },
      settings,
    );

  const productDetails = async (productNumber: string, options: FindPartOptions) =>
    callApi(
      {
        provider: 'digikey',
        label: 'product details',
        url: `${base}/products/v4/search/${encodeURIComponent(productNumber)}/productdetails`,
        method: 'GET',
        headers: await headers(options.signal),
        limiter: settings.limiter,
        purpose: options.purpose,
        readRefusal: readDigiKeyRefusal,
        notFoundIsEmpty: true,
        signal: options.signal,
      },
      settings,
    );

  /** A call with the cached token; a token the API no longer accepts (revoked, expired early) is renewed once. */
  const withToken = async (call: () => Promise<unknown>): Promise<unknown> => {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof DistributorRefused) || !token) throw error;
      token = undefined;
      return call();
    }
  };

  return {
    name: 'digikey',
    apiOrigin: new URL(base).origin,
    findPart: async (key: string, _manufacturer?: string | null, options: FindPartOptions = {}) => {
      const keywords = key.trim().slice(0, KEYWORDS_MAX_LENGTH);
      if (!keywords) return [];
      if (isDigiKeyNumber(keywords)) {
        const answer = await withToken(() => productDetails(keywords, options));
        if (answer === null) return [];
        const found = readAnswer('digikey', detailsAnswer, answer).Product;
        const candidate = found
          ? toCandidate(found, { currency: locale.currency, productNumber: keywords.toUpperCase() })
          : undefined;
        return candidate ? [candidate] : [];
      }
      const { Products, ExactMatches } = readAnswer(
        'digikey',
        keywordAnswer,
        await withToken(() => keywordSearch(keywords, options)),
      );
      const seen = new Set<string>();
      const candidates: DistributorCandidate[] = [];
      for (const item of [...(ExactMatches ?? []), ...Products]) {
        const candidate = toCandidate(item, { currency: locale.currency });
        const key = candidate && `${candidate.manufacturerPartNumber}\u0000${candidate.manufacturer}`;
        if (!candidate || seen.has(key!)) continue;
        seen.add(key!);
        candidates.push(candidate);
      }
      return candidates;
    },
  };
};
