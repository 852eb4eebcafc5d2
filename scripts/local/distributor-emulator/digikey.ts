/**
 * The emulated Digi-Key Product Information API v4: `POST /v1/oauth2/token` (client
 * credentials), `POST /products/v4/search/keyword` and `GET /products/v4/search/{number}/productdetails`
 * (bearer token and `X-DIGIKEY-Client-Id`), with Digi-Key's answer shapes: DKProblemDetails
 * errors (its OpenAPI document), a burst 429 with X-BurstLimit-* headers, the daily 429 with
 * X-RateLimit-Remaining 0 and a Retry-After of hours (its FAQ shows 28,416 s), a 503 that
 * carries X-RateLimit-* headers.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { findOffers, type Offer } from './catalogue.ts';
import { hashOf } from './files.ts';
import { answerSharedFault, correlationId, parseJson, readBody, sendJson } from './http.ts';
import { record, takeFault, type Fault, type Tenant } from './tenants.ts';

/** What the FAQ's example shows: the daily limit resets in 28,416 seconds. */
export const DIGIKEY_DAILY_RETRY_AFTER_SECONDS = 28_416;

export interface DigiKeyContext {
  tenantOf(name: string): Tenant;
  tokens: Map<string, { tenant: string; expiresAt: number }>;
}

const problem = (status: number, title: string, detail: string) => ({
  type: `https://httpstatuses.io/${status}`,
  title,
  status,
  detail,
  instance: `/products/v4/search/keyword`,
  correlationId: correlationId(),
});

const gmt = (seconds: number) => new Date(Date.now() + seconds * 1000).toUTCString();

/** Answers a queued fault the way Digi-Key does; false when there is none. A `hang` never answers. */
export const answerDigiKeyFault = (fault: Fault | undefined, response: ServerResponse): boolean => {
  if (!fault) return false;
  switch (fault.kind) {
    case 'throttle': {
      const wait = fault.retryAfterSeconds ?? 1;
      sendJson(response, 429, problem(429, 'Too Many Requests', 'BurstLimit exceeded'), {
        'retry-after': String(wait),
        'x-burstlimit-limit': '120',
        'x-burstlimit-remaining': '0',
        'x-burstlimit-reset': String(wait),
        'x-burstlimit-resettime': gmt(wait),
        'x-ratelimit-limit': '1000',
        'x-ratelimit-remaining': '640',
      });
      return true;
    }
    case 'daily-limit': {
      const wait = fault.retryAfterSeconds ?? DIGIKEY_DAILY_RETRY_AFTER_SECONDS;
      sendJson(
        response,
        429,
        problem(
          429,
          'Too Many Requests',
          'Daily Ratelimit exceeded. Please try again after the number of seconds in the Retry-After header',
        ),
        {
          'retry-after': String(wait),
          'x-ratelimit-limit': '1000',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': String(wait),
          'x-ratelimit-resettime': gmt(wait),
        },
      );
      return true;
    }
    case 'ratelimited-503':
      sendJson(response, 503, problem(503, 'Service Unavailable', 'The service is temporarily unavailable'), {
        'x-ratelimit-limit': '1000',
        'x-ratelimit-remaining': '212',
        ...(fault.retryAfterSeconds !== undefined && { 'retry-after': String(fault.retryAfterSeconds) }),
      });
      return true;
    case 'error':
      sendJson(response, 500, problem(500, 'Internal Server Error', 'An unexpected error occurred'));
      return true;
    case 'unauthorized':
      sendJson(response, 401, { error: 'invalid_client', error_description: 'The client credentials are invalid' });
      return true;
    default:
      return answerSharedFault(fault.kind, response, '{"Products": [{"ManufacturerProductNumber": "');
  }
};

const productOf = (offer: Offer) => {
  const id = hashOf(offer.mpn) % 9_000_000;
  return {
    Description: { ProductDescription: offer.description.slice(0, 60), DetailedDescription: offer.description },
    Manufacturer: { Id: hashOf(offer.manufacturer) % 10_000, Name: offer.manufacturer },
    ManufacturerProductNumber: offer.mpn,
    UnitPrice: Number(((hashOf(offer.mpn) % 5000) / 100 + 0.5).toFixed(2)),
    ProductUrl: offer.productUrl,
    DatasheetUrl: offer.datasheetUrl ?? '',
    PhotoUrl: offer.photoUrl,
    ProductVariations: (offer.digikeyNumbers.length ? offer.digikeyNumbers : [`${id}-ND`]).map((number) => ({
      DigiKeyProductNumber: number,
      PackageType: /CT-ND$/.test(number)
        ? { Id: 2, Name: 'Cut Tape (CT)' }
        : /TR-ND$/.test(number)
          ? { Id: 1, Name: 'Tape & Reel (TR)' }
          : { Id: 3, Name: 'Bulk' },
      StandardPricing: [{ BreakQuantity: 1, UnitPrice: 1, TotalPrice: 1 }],
      MinimumOrderQuantity: 1,
      StandardPackage: 1,
    })),
    QuantityAvailable: hashOf(offer.mpn) % 1000,
    ProductStatus: { Id: 0, Status: 'Active' },
    Discontinued: false,
    EndOfLife: false,
    Parameters: [],
    Category: { CategoryId: 1, Name: 'Industrial Automation and Controls' },
    ...offer.recorded,
  };
};

const locale = (request: IncomingMessage) => ({
  Site: String(request.headers['x-digikey-locale-site'] ?? 'US'),
  Language: String(request.headers['x-digikey-locale-language'] ?? 'en'),
  Currency: String(request.headers['x-digikey-locale-currency'] ?? 'USD'),
});

export const digiKeyToken = async (context: DigiKeyContext, request: IncomingMessage, response: ServerResponse) => {
  const form = new URLSearchParams(await readBody(request));
  const clientId = form.get('client_id') ?? '';
  const tenant = context.tenantOf(clientId);
  if (answerDigiKeyFault(takeFault(tenant, 'digikey', 'token'), response))
    return record(tenant, 'digikey:token', response.statusCode, request, null);
  if (form.get('grant_type') !== 'client_credentials' || !clientId || !form.get('client_secret')) {
    sendJson(response, 401, { error: 'invalid_client', error_description: 'The client credentials are invalid' });
    return record(tenant, 'digikey:token', 401, request, null);
  }
  const token = randomBytes(18).toString('base64url');
  context.tokens.set(token, { tenant: clientId, expiresAt: Date.now() + tenant.tokenLifetimeSeconds * 1000 });
  tenant.stats.tokensIssued++;
  sendJson(response, 200, { access_token: token, expires_in: tenant.tokenLifetimeSeconds, token_type: 'Bearer' });
  record(tenant, 'digikey:token', 200, request, null);
};

/** The tenant of a search call, or an answered fault / refused token (undefined). */
const authorised = (
  context: DigiKeyContext,
  request: IncomingMessage,
  response: ServerResponse,
  endpoint: string,
  body: unknown,
): Tenant | undefined => {
  const clientId = String(request.headers['x-digikey-client-id'] ?? '');
  const tenant = context.tenantOf(clientId);
  if (answerDigiKeyFault(takeFault(tenant, 'digikey', 'search'), response)) {
    record(tenant, endpoint, response.statusCode, request, body);
    return undefined;
  }
  const bearer = /^Bearer (.+)$/i.exec(String(request.headers.authorization ?? ''))?.[1];
  const token = bearer ? context.tokens.get(bearer) : undefined;
  if (!token || token.expiresAt <= Date.now() || token.tenant !== clientId) {
    sendJson(response, 401, {
      ...problem(
        401,
        'Unauthorized',
        'The Bearer token is invalid or has expired, or does not belong to X-DIGIKEY-Client-Id',
      ),
    });
    record(tenant, endpoint, 401, request, body);
    return undefined;
  }
  return tenant;
};

export const digiKeyKeywordSearch = async (
  context: DigiKeyContext,
  request: IncomingMessage,
  response: ServerResponse,
  origin: string,
) => {
  const body = parseJson(await readBody(request)) as { Keywords?: unknown; Limit?: unknown } | undefined;
  const tenant = authorised(context, request, response, 'digikey:search', body);
  if (!tenant) return;
  const limit = body?.Limit === undefined ? 50 : Number(body.Limit);
  if (
    typeof body?.Keywords !== 'string' ||
    !Number.isInteger(limit) ||
    limit < 1 ||
    limit > 50 ||
    body.Keywords.length > 250
  ) {
    sendJson(
      response,
      400,
      problem(400, 'Bad Request', 'Keywords (up to 250 characters) and Limit (1 to 50) are required'),
    );
    return record(tenant, 'digikey:search', 400, request, body);
  }
  const found = findOffers(tenant, 'digikey', body.Keywords, 'keyword', origin, limit);
  sendJson(
    response,
    200,
    {
      Products: found.all.map(productOf),
      ProductsCount: found.all.length,
      ExactMatches: found.exact.map(productOf),
      FilterOptions: {
        Manufacturers: [],
        Packaging: [],
        Status: [],
        Series: [],
        ParametricFilters: [],
        TopCategories: [],
        MarketPlaceFilters: ['ExcludeMarketPlace', 'MarketPlaceOnly'],
      },
      SearchLocaleUsed: locale(request),
      AppliedParametricFiltersDto: [],
    },
    { 'x-ratelimit-limit': '1000', 'x-ratelimit-remaining': '999' },
  );
  record(tenant, 'digikey:search', 200, request, body);
};

export const digiKeyProductDetails = async (
  context: DigiKeyContext,
  request: IncomingMessage,
  response: ServerResponse,
  productNumber: string,
  origin: string,
) => {
  const tenant = authorised(context, request, response, 'digikey:details', { productNumber });
  if (!tenant) return;
  const [offer] = findOffers(tenant, 'digikey', productNumber, 'exact', origin, 1).exact;
  if (!offer) {
    sendJson(response, 404, problem(404, 'Not Found', `Requested Product ${productNumber} Not Found`));
    return record(tenant, 'digikey:details', 404, request, { productNumber });
  }
  sendJson(response, 200, {
    Product: productOf(offer),
    SearchLocaleUsed: locale(request),
    AccountIdUsed: 0,
    CustomerIdUsed: 0,
  });
  record(tenant, 'digikey:details', 200, request, { productNumber });
};
