/**
 * The emulated Mouser Search API v1: `POST /api/v1/search/partnumber` and `/api/v1/search/keyword`
 * (`?apiKey=`), with Mouser's answer shapes: request errors inside an HTTP 200 (`Errors`), a
 * refused key ("Invalid unique identifier."), its daily limit (`TooManyRequests` with a null
 * message), characters it does not take (`InvalidCharacters`, for any non-ASCII text, as the
 * real search), part numbers outside 3 to 40 characters (`MinLength`, `MaxLength`), a burst 429.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { findOffers, type Offer } from './catalogue.ts';
import { hashOf } from './files.ts';
import { answerSharedFault, parseJson, readBody, sendJson } from './http.ts';
import { record, takeFault, type Fault, type Tenant } from './tenants.ts';

const mouserError = (
  code: string,
  message: string | null,
  propertyName: string | null,
  resourceKey: string | null = null,
) => ({
  Errors: [
    {
      Id: 0,
      Code: code,
      Message: message,
      ResourceKey: resourceKey,
      ResourceFormatString: null,
      ResourceFormatString2: null,
      PropertyName: propertyName,
    },
  ],
  SearchResults: null,
});

/** Recorded in Part-DB/Part-DB-server#1017 (a key Mouser does not know). */
export const mouserKeyError = () =>
  mouserError('Invalid', 'Invalid unique identifier.', 'API Key', 'InvalidIdentifier');

/** Answers a queued fault the way Mouser does; false when there is none. A `hang` never answers. */
export const answerMouserFault = (fault: Fault | undefined, response: ServerResponse, property: string): boolean => {
  if (!fault) return false;
  switch (fault.kind) {
    case 'throttle':
      sendJson(response, 429, mouserError('TooManyRequests', 'Maximum calls per minute exceeded.', null), {
        'retry-after': String(fault.retryAfterSeconds ?? 1),
      });
      return true;
    case 'daily-limit':
      sendJson(response, 200, mouserError('TooManyRequests', null, null));
      return true;
    case 'invalid-characters':
      sendJson(response, 200, mouserError('InvalidCharacters', null, property));
      return true;
    case 'error':
    case 'ratelimited-503':
      sendJson(response, fault.kind === 'error' ? 500 : 503, { Message: 'An error has occurred.' });
      return true;
    case 'unauthorized':
      sendJson(response, 200, mouserKeyError());
      return true;
    default:
      return answerSharedFault(fault.kind, response, '{"Errors": [], "SearchResults": {"Parts": [');
  }
};

const partOf = (offer: Offer) => ({
  Availability: `${hashOf(offer.mpn) % 1000} In Stock`,
  DataSheetUrl: offer.datasheetUrl ?? '',
  Description: offer.description.slice(0, 120),
  FactoryStock: '0',
  ImagePath: offer.photoUrl,
  Category: 'Industrial Controls',
  LeadTime: '21 Days',
  LifecycleStatus: null,
  Manufacturer: offer.manufacturer,
  ManufacturerPartNumber: offer.mpn,
  Min: '1',
  Mult: '1',
  MouserPartNumber: offer.mouserNumber ?? 'N/A',
  ProductAttributes: [],
  PriceBreaks: [],
  ProductDetailUrl: offer.productUrl,
  Reeling: false,
  ROHSStatus: 'RoHS Compliant',
  ...offer.recorded,
});

const NON_ASCII = /[^\x20-\x7e]/;

export const mouserSearch = async (
  tenantOf: (name: string) => Tenant,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  kind: 'partnumber' | 'keyword',
) => {
  const apiKey = url.searchParams.get('apiKey') ?? '';
  const tenant = tenantOf(apiKey);
  const endpoint = `mouser:${kind}`;
  const property = kind === 'partnumber' ? 'MouserPartNumber' : 'Keyword';
  const body = parseJson(await readBody(request)) as Record<string, Record<string, unknown> | undefined> | undefined;
  const answer = (status: number, payload: unknown) => {
    sendJson(response, status, payload);
    record(tenant, endpoint, status, request, body);
  };
  if (answerMouserFault(takeFault(tenant, 'mouser', 'search'), response, property))
    return record(tenant, endpoint, response.statusCode, request, body);
  if (!apiKey) return answer(200, mouserKeyError());
  const search = kind === 'partnumber' ? body?.SearchByPartRequest : body?.SearchByKeywordRequest;
  const text = kind === 'partnumber' ? search?.mouserPartNumber : search?.keyword;
  if (typeof text !== 'string' || !text.trim()) return answer(200, mouserError('Required', 'Required', property));
  if (NON_ASCII.test(text)) return answer(200, mouserError('InvalidCharacters', null, property));
  const records = Math.min(50, Math.max(1, Number(search?.records) || 50));
  const origin = `http://${request.headers.host}`;
  let parts: Offer[];
  if (kind === 'partnumber') {
    // Up to ten part numbers separated by '|', each of 3 to 40 characters; 'Exact' finds only exact hits.
    const numbers = text.split('|').slice(0, 10);
    const tooShort = numbers.find((one) => one.trim().length < 3);
    const tooLong = numbers.find((one) => one.trim().length > 40);
    if (tooShort !== undefined) return answer(200, mouserError('MinLength', null, property));
    if (tooLong !== undefined) return answer(200, mouserError('MaxLength', null, property));
    const exactOnly = String(search?.partSearchOptions ?? '').toLowerCase() === 'exact';
    parts = numbers
      .flatMap((one) => {
        const found = findOffers(tenant, 'mouser', one, exactOnly ? 'exact' : 'keyword', origin, records);
        return exactOnly ? found.exact : found.all;
      })
      .slice(0, records);
  } else {
    parts = findOffers(tenant, 'mouser', text, 'keyword', origin, records).all;
  }
  answer(200, { Errors: [], SearchResults: { NumberOfResult: parts.length, Parts: parts.map(partOf) } });
};
