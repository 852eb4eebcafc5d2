/**
 * A local stand-in for the Digi-Key Product Information API v4 and the Mouser Search API, on
 * loopback, so distributor search works offline (`npm start` without credentials) and the
 * clients' failure paths can be tested.
 *
 * It answers the documented shapes: Digi-Key `POST /v1/oauth2/token` (client credentials) and
 * `POST /products/v4/search/keyword` (bearer token, `X-DIGIKEY-Client-Id`); Mouser
 * `POST /api/v1/search/partnumber` and `/api/v1/search/keyword` (`?apiKey=`). Products come from
 * the demo catalogue (the same generator and seed as the seeded local catalogue), and any other
 * reference that looks like a part number gets a plausible product of an unnamed maker (Digi-Key
 * keyword search; Mouser keyword search only, so its part-number search is a real miss first).
 * Product photos are generated PNGs (one look per distributor); datasheets are one-page PDFs,
 * byte-identical at both distributors as a maker's PDF would be.
 *
 * Callers are told apart by their credentials (the Digi-Key client id, the Mouser key): each is a
 * tenant with its own faults, extra products and counters, so parallel test files do not meet.
 * The control API under `/__emulator/` (see `emulatorControl`) queues faults (429 with
 * Retry-After, 500, 401, an answer that is not JSON or not the shape, no answer at all), adds
 * products with chosen files (GIF, HTML posing as an image, an oversized file, a redirect, 404),
 * sets token lifetimes, expires tokens and reports what each tenant sent.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';
import { generateDemoCatalogue } from '#services/demo-catalogue';
import { normalisePartNumber } from '#services/distributors/matcher';
import { DEMO_CATALOGUE_SIZE, demoDatasheetPdf } from '#services/seed-catalogue';
import { LOOPBACK } from './ports.ts';

type Provider = 'digikey' | 'mouser';
export type EmulatorEndpoint = 'token' | 'search';

export type FaultKind = 'throttle' | 'error' | 'unauthorized' | 'malformed' | 'wrong-shape' | 'hang';

export interface Fault {
  kind: FaultKind;
  /** Only this distributor's calls (both when absent). */
  provider?: Provider;
  /** Only token or only search calls (both when absent; tokens are Digi-Key's only). */
  endpoint?: EmulatorEndpoint;
  /** How many matching calls get it (1 when absent). */
  times?: number;
  /** The Retry-After of a `throttle` fault, in seconds (1 when absent). */
  retryAfterSeconds?: number;
}

/** How a registered product's file is served. */
export type FileVariant = 'png' | 'gif' | 'pdf' | 'html' | 'oversized' | 'redirect' | 'missing';

export interface EmulatedProduct {
  manufacturerPartNumber: string;
  manufacturer: string;
  description?: string;
  /** Photo: 'png' (default), 'gif', 'html', 'oversized', 'redirect', 'missing', or null for none. */
  image?: FileVariant | null;
  /** Datasheet: 'pdf' (default), 'html', 'oversized', 'redirect', 'missing', or null for none. */
  datasheet?: FileVariant | null;
}

export interface TenantStats {
  tokensIssued: number;
  calls: Record<string, number>;
  /** The last requests (newest last): endpoint, answer status, the headers and body that matter. */
  requests: { endpoint: string; status: number; headers: Record<string, string>; body: unknown }[];
}

/** The manufacturer of products the emulator makes up for references it does not know. */
export const UNKNOWN_MAKER = 'Unbranded (emulated)';

interface Product {
  mpn: string;
  manufacturer: string;
  description: string;
  image: FileVariant | null;
  datasheet: FileVariant | null;
  /** Registered through the control API: files served by variant. */
  custom: boolean;
}

interface Tenant {
  faults: (Fault & { left: number })[];
  products: Map<string, Product>;
  tokenLifetimeSeconds: number;
  stats: TenantStats;
}

// ------------------------------------------------------------------------------- files

const chunk = (type: string, data: Buffer): Buffer => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A truecolour PNG drawn by `pixel`. */
export const pngImage = (
  width: number,
  height: number,
  pixel: (x: number, y: number) => readonly [number, number, number],
): Buffer => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, adaptive filtering, no interlace
  const rows = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 3);
    rows[row] = 0; // filter: none
    for (let x = 0; x < width; x++) rows.set(pixel(x, y), row + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

const hashOf = (text: string): number => {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ char.codePointAt(0)!, 16777619);
  return hash >>> 0;
};

const frames: Record<Provider, readonly [number, number, number]> = { digikey: [204, 0, 0], mouser: [0, 87, 168] };

/** A product photo: a device body with terminals, coloured by part number, framed in the distributor's colour. */
export const productPhoto = (provider: Provider, partNumber: string): Buffer => {
  const hash = hashOf(partNumber);
  const body = [60 + (hash & 0x7f), 60 + ((hash >>> 8) & 0x7f), 60 + ((hash >>> 16) & 0x7f)] as const;
  const terminals = 2 + ((hash >>> 24) % 5);
  const size = 96;
  return pngImage(size, size, (x, y) => {
    if (x < 3 || y < 3 || x >= size - 3 || y >= size - 3) return frames[provider];
    const inBody = x >= 20 && x < 76 && y >= 28 && y < 72;
    if (inBody) return body;
    const terminal = (y >= 18 && y < 28) || (y >= 72 && y < 82);
    const slot = Math.floor(((x - 20) * terminals) / 56);
    if (terminal && x >= 20 && x < 76 && x - 20 - Math.floor((slot * 56) / terminals) < 6) return [190, 190, 190];
    return [248, 248, 248];
  });
};

/** The smallest GIF: one white pixel. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
const HTML = '<!doctype html><html><head><title>Not a file</title></head><body>Access denied</body></html>';
/** More than the 10 MB an attachment may have. */
const OVERSIZED_BYTES = 10 * 1024 * 1024 + 64 * 1024;

// ------------------------------------------------------------------------------- catalogue

const looksLikePartNumber = (text: string): boolean =>
  /^(?=.*\d)[A-Za-z0-9][A-Za-z0-9 .,\-/_:+#()]{1,59}$/.test(text) && (text.match(/ /g)?.length ?? 0) <= 4;

const demoProducts = (size: number, seed: number): Map<string, Product> => {
  const products = new Map<string, Product>();
  for (const { fields, hasDataSheet } of generateDemoCatalogue(size, seed)) {
    products.set(normalisePartNumber(fields.reference), {
      mpn: fields.reference,
      manufacturer: fields.manufacturer ?? UNKNOWN_MAKER,
      description: fields.description ?? fields.type ?? fields.class,
      image: 'png',
      datasheet: hasDataSheet ? 'pdf' : null,
      custom: false,
    });
  }
  return products;
};

// ------------------------------------------------------------------------------- server

export interface DistributorEmulatorOptions {
  /** 0 picks a free port. */
  readonly port: number;
  readonly host?: string;
  /** The demo catalogue it knows (DEMO_CATALOGUE_SIZE parts of seed 1 unless told). */
  readonly catalogueSize?: number;
  readonly seed?: number;
}

export interface DistributorEmulator {
  /** `http://127.0.0.1:<port>`: the base URL of both APIs (DIGIKEY_API_URL, MOUSER_API_URL). */
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
}

const readBody = (request: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (data: Buffer) => {
      size += data.length;
      if (size > 1024 * 1024) request.destroy(new Error('body too large'));
      else chunks.push(data);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

const send = (
  response: ServerResponse,
  status: number,
  body: string | Buffer,
  contentType: string,
  headers: Record<string, string> = {},
) => {
  response.writeHead(status, {
    'content-type': contentType,
    'content-length': String(Buffer.byteLength(body)),
    ...headers,
  });
  response.end(body);
};
const sendJson = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  send(response, status, JSON.stringify(body), 'application/json; charset=utf-8', headers);

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

const correlationId = () => randomBytes(8).toString('hex');

export const startDistributorEmulator = async (options: DistributorEmulatorOptions): Promise<DistributorEmulator> => {
  const host = options.host ?? LOOPBACK;
  let catalogue: Map<string, Product> | undefined;
  const knownProducts = () =>
    (catalogue ??= demoProducts(options.catalogueSize ?? DEMO_CATALOGUE_SIZE, options.seed ?? 1));
  const tenants = new Map<string, Tenant>();
  const tokens = new Map<string, { tenant: string; expiresAt: number }>();

  const tenantOf = (name: string): Tenant => {
    let tenant = tenants.get(name);
    if (!tenant) {
      tenant = {
        faults: [],
        products: new Map(),
        tokenLifetimeSeconds: 599,
        stats: { tokensIssued: 0, calls: {}, requests: [] },
      };
      tenants.set(name, tenant);
    }
    return tenant;
  };

  const record = (tenant: Tenant, endpoint: string, status: number, request: IncomingMessage, body: unknown) => {
    tenant.stats.calls[endpoint] = (tenant.stats.calls[endpoint] ?? 0) + 1;
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(
        ([name]) => name.startsWith('x-digikey-') || name === 'authorization' || name === 'content-type',
      ),
    ) as Record<string, string>;
    tenant.stats.requests.push({ endpoint, status, headers, body });
    if (tenant.stats.requests.length > 50) tenant.stats.requests.shift();
  };

  /** The next queued fault for this call, used up by one. */
  const takeFault = (tenant: Tenant, provider: Provider, endpoint: EmulatorEndpoint): Fault | undefined => {
    const index = tenant.faults.findIndex(
      (fault) => (!fault.provider || fault.provider === provider) && (!fault.endpoint || fault.endpoint === endpoint),
    );
    if (index < 0) return undefined;
    const fault = tenant.faults[index]!;
    if (--fault.left <= 0) tenant.faults.splice(index, 1);
    return fault;
  };

  /** Answers a fault; false when there is none. A `hang` never answers. */
  const answerFault = (fault: Fault | undefined, provider: Provider, response: ServerResponse): boolean => {
    if (!fault) return false;
    switch (fault.kind) {
      case 'throttle':
        if (provider === 'digikey') {
          sendJson(
            response,
            429,
            {
              type: 'https://httpstatuses.io/429',
              title: 'Too Many Requests',
              status: 429,
              detail: 'Rate limit exceeded',
              correlationId: correlationId(),
            },
            { 'retry-after': String(fault.retryAfterSeconds ?? 1) },
          );
        } else {
          sendJson(
            response,
            429,
            {
              Errors: [{ Id: 0, Code: 'TooManyRequests', Message: 'Maximum calls per minute exceeded.' }],
              SearchResults: null,
            },
            { 'retry-after': String(fault.retryAfterSeconds ?? 1) },
          );
        }
        return true;
      case 'error':
        sendJson(response, 500, { title: 'Internal Server Error', status: 500, correlationId: correlationId() });
        return true;
      case 'unauthorized':
        if (provider === 'digikey')
          sendJson(response, 401, { error: 'invalid_client', error_description: 'The client credentials are invalid' });
        else sendJson(response, 200, mouserKeyError());
        return true;
      case 'malformed':
        send(response, 200, '{"Products": [{"ManufacturerProductNumber": "', 'application/json; charset=utf-8');
        return true;
      case 'wrong-shape':
        sendJson(response, 200, { message: 'Service moved', results: null });
        return true;
      case 'hang':
        return true;
    }
  };

  const mouserKeyError = () => ({
    Errors: [
      {
        Id: 0,
        Code: 'Invalid',
        Message: 'Invalid unique identifier.',
        ResourceKey: 'InvalidIdentifier',
        ResourceFormatString: null,
        ResourceFormatString2: null,
        PropertyName: 'API Key',
      },
    ],
    SearchResults: null,
  });

  /** Products for a searched text: the tenant's own, then the catalogue's; exact first, then the family (prefix). */
  const lookUp = (
    tenant: Tenant,
    text: string,
    mode: 'exact' | 'keyword',
    limit: number,
  ): { exact: Product[]; all: Product[] } => {
    const wanted = normalisePartNumber(text);
    if (!wanted) return { exact: [], all: [] };
    const exact: Product[] = [];
    const family: Product[] = [];
    for (const source of [tenant.products, knownProducts()]) {
      const hit = source.get(wanted);
      if (hit && !exact.includes(hit)) exact.push(hit);
      if (mode === 'keyword') {
        for (const [key, product] of source)
          if (key !== wanted && key.startsWith(wanted) && family.length < limit) family.push(product);
      }
    }
    return { exact, all: [...exact, ...family].slice(0, limit) };
  };

  const synthesised = (text: string): Product => ({
    mpn: text.trim(),
    manufacturer: UNKNOWN_MAKER,
    description: `Industrial component ${text.trim()}`,
    image: 'png',
    datasheet: 'pdf',
    custom: false,
  });

  const fileUrl = (origin: string, provider: Provider, product: Product, kind: 'image' | 'datasheet'): string => {
    const variant = kind === 'image' ? product.image : product.datasheet;
    if (!variant) return '';
    const name = encodeURIComponent(product.mpn);
    if (product.custom)
      return `${origin}/files/custom/${variant}/${kind}/${encodeURIComponent(product.manufacturer)}/${name}`;
    return kind === 'image'
      ? `${origin}/files/${provider}/photos/${name}.png`
      : `${origin}/files/${provider}/datasheets/${name}.pdf`;
  };
  const productPage = (origin: string, provider: Provider, product: Product) =>
    `${origin}/products/${provider}/${encodeURIComponent(product.mpn)}`;

  const digiKeyProduct = (origin: string, product: Product) => {
    const id = hashOf(product.mpn) % 9_000_000;
    return {
      Description: { ProductDescription: product.description.slice(0, 60), DetailedDescription: product.description },
      Manufacturer: { Id: hashOf(product.manufacturer) % 10_000, Name: product.manufacturer },
      ManufacturerProductNumber: product.mpn,
      UnitPrice: Number(((hashOf(product.mpn) % 5000) / 100 + 0.5).toFixed(2)),
      ProductUrl: productPage(origin, 'digikey', product),
      DatasheetUrl: fileUrl(origin, 'digikey', product, 'datasheet'),
      PhotoUrl: fileUrl(origin, 'digikey', product, 'image'),
      ProductVariations: [
        {
          DigiKeyProductNumber: `${id}-${product.mpn.replace(/\s+/g, '')}-ND`,
          PackageType: { Id: 3, Name: 'Bulk' },
          StandardPricing: [{ BreakQuantity: 1, UnitPrice: 1, TotalPrice: 1 }],
          MinimumOrderQuantity: 1,
          StandardPackage: 1,
        },
      ],
      QuantityAvailable: hashOf(product.mpn) % 1000,
      ProductStatus: { Id: 0, Status: 'Active' },
      Discontinued: false,
      EndOfLife: false,
      Parameters: [],
      Category: { CategoryId: 1, Name: 'Industrial Automation and Controls' },
    };
  };

  const mouserPart = (origin: string, product: Product) => ({
    Availability: `${hashOf(product.mpn) % 1000} In Stock`,
    DataSheetUrl: fileUrl(origin, 'mouser', product, 'datasheet'),
    Description: product.description.slice(0, 120),
    FactoryStock: '0',
    ImagePath: fileUrl(origin, 'mouser', product, 'image'),
    Category: 'Industrial Controls',
    LeadTime: '21 Days',
    LifecycleStatus: null,
    Manufacturer: product.manufacturer,
    ManufacturerPartNumber: product.mpn,
    Min: '1',
    Mult: '1',
    MouserPartNumber: `${100 + (hashOf(product.manufacturer) % 900)}-${product.mpn.replace(/\s+/g, '')}`,
    ProductAttributes: [],
    PriceBreaks: [],
    ProductDetailUrl: productPage(origin, 'mouser', product),
    Reeling: false,
    ROHSStatus: 'RoHS Compliant',
  });

  // ----------------------------------------------------------------------------- the APIs

  const digiKeyToken = async (request: IncomingMessage, response: ServerResponse) => {
    const form = new URLSearchParams(await readBody(request));
    const clientId = form.get('client_id') ?? '';
    const tenant = tenantOf(clientId);
    if (answerFault(takeFault(tenant, 'digikey', 'token'), 'digikey', response))
      return record(tenant, 'digikey:token', response.statusCode, request, null);
    if (form.get('grant_type') !== 'client_credentials' || !clientId || !form.get('client_secret')) {
      sendJson(response, 401, { error: 'invalid_client', error_description: 'The client credentials are invalid' });
      return record(tenant, 'digikey:token', 401, request, null);
    }
    const token = randomBytes(18).toString('base64url');
    tokens.set(token, { tenant: clientId, expiresAt: Date.now() + tenant.tokenLifetimeSeconds * 1000 });
    tenant.stats.tokensIssued++;
    sendJson(response, 200, { access_token: token, expires_in: tenant.tokenLifetimeSeconds, token_type: 'Bearer' });
    record(tenant, 'digikey:token', 200, request, null);
  };

  const digiKeySearch = async (request: IncomingMessage, response: ServerResponse, origin: string) => {
    const clientId = String(request.headers['x-digikey-client-id'] ?? '');
    const tenant = tenantOf(clientId);
    const body = parseJson(await readBody(request)) as
      { Keywords?: unknown; Limit?: unknown; Offset?: unknown } | undefined;
    if (answerFault(takeFault(tenant, 'digikey', 'search'), 'digikey', response))
      return record(tenant, 'digikey:search', response.statusCode, request, body);
    const bearer = /^Bearer (.+)$/i.exec(String(request.headers.authorization ?? ''))?.[1];
    const token = bearer ? tokens.get(bearer) : undefined;
    if (!token || token.expiresAt <= Date.now() || token.tenant !== clientId) {
      sendJson(response, 401, {
        type: 'https://httpstatuses.io/401',
        title: 'Unauthorized',
        status: 401,
        detail: 'The Bearer token is invalid or has expired, or does not belong to X-DIGIKEY-Client-Id',
        correlationId: correlationId(),
      });
      return record(tenant, 'digikey:search', 401, request, body);
    }
    const limit = body?.Limit === undefined ? 50 : Number(body.Limit);
    if (
      typeof body?.Keywords !== 'string' ||
      !Number.isInteger(limit) ||
      limit < 1 ||
      limit > 50 ||
      body.Keywords.length > 250
    ) {
      sendJson(response, 400, {
        type: 'https://httpstatuses.io/400',
        title: 'Bad Request',
        status: 400,
        detail: 'Keywords (up to 250 characters) and Limit (1 to 50) are required',
        correlationId: correlationId(),
      });
      return record(tenant, 'digikey:search', 400, request, body);
    }
    const found = lookUp(tenant, body.Keywords, 'keyword', limit);
    const products =
      found.all.length || !looksLikePartNumber(body.Keywords.trim()) ? found.all : [synthesised(body.Keywords)];
    const exact = found.all.length ? found.exact : products;
    sendJson(response, 200, {
      Products: products.map((product) => digiKeyProduct(origin, product)),
      ProductsCount: products.length,
      ExactMatches: exact.map((product) => digiKeyProduct(origin, product)),
      FilterOptions: {
        Manufacturers: [],
        Packaging: [],
        Status: [],
        Series: [],
        ParametricFilters: [],
        TopCategories: [],
        MarketPlaceFilters: [],
      },
      SearchLocaleUsed: {
        Site: String(request.headers['x-digikey-locale-site'] ?? 'US'),
        Language: String(request.headers['x-digikey-locale-language'] ?? 'en'),
        Currency: String(request.headers['x-digikey-locale-currency'] ?? 'USD'),
      },
      AppliedParametricFiltersDto: [],
    });
    record(tenant, 'digikey:search', 200, request, body);
  };

  const mouserSearch = async (
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
    kind: 'partnumber' | 'keyword',
  ) => {
    const apiKey = url.searchParams.get('apiKey') ?? '';
    const tenant = tenantOf(apiKey);
    const endpoint = `mouser:${kind}`;
    const body = parseJson(await readBody(request)) as Record<string, Record<string, unknown> | undefined> | undefined;
    if (answerFault(takeFault(tenant, 'mouser', 'search'), 'mouser', response))
      return record(tenant, endpoint, response.statusCode, request, body);
    if (!apiKey) {
      sendJson(response, 200, mouserKeyError());
      return record(tenant, endpoint, 200, request, body);
    }
    const search = kind === 'partnumber' ? body?.SearchByPartRequest : body?.SearchByKeywordRequest;
    const text = kind === 'partnumber' ? search?.mouserPartNumber : search?.keyword;
    if (typeof text !== 'string' || !text.trim()) {
      sendJson(response, 200, {
        Errors: [
          {
            Id: 0,
            Code: 'Required',
            Message: 'Required',
            PropertyName: kind === 'partnumber' ? 'MouserPartNumber' : 'Keyword',
          },
        ],
        SearchResults: null,
      });
      return record(tenant, endpoint, 200, request, body);
    }
    const records = Math.min(50, Math.max(1, Number(search?.records) || 50));
    let parts: Product[];
    if (kind === 'partnumber') {
      // Up to ten part numbers separated by '|'; with partSearchOptions 'Exact' only exact hits.
      const exactOnly = String(search?.partSearchOptions ?? '').toLowerCase() === 'exact';
      parts = text
        .split('|')
        .slice(0, 10)
        .flatMap((one) =>
          exactOnly ? lookUp(tenant, one, 'exact', records).exact : lookUp(tenant, one, 'keyword', records).all,
        )
        .slice(0, records);
    } else {
      const found = lookUp(tenant, text, 'keyword', records).all;
      parts = found.length || !looksLikePartNumber(text.trim()) ? found : [synthesised(text)];
    }
    const origin = `http://${request.headers.host}`;
    sendJson(response, 200, {
      Errors: [],
      SearchResults: { NumberOfResult: parts.length, Parts: parts.map((part) => mouserPart(origin, part)) },
    });
    record(tenant, endpoint, 200, request, body);
  };

  // ----------------------------------------------------------------------------- files and pages

  const serveVariant = (
    response: ServerResponse,
    variant: string,
    kind: string,
    manufacturer: string,
    partNumber: string,
    url: URL,
  ) => {
    switch (variant) {
      case 'png':
        return send(response, 200, productPhoto('digikey', `${manufacturer} ${partNumber}`), 'image/png');
      case 'gif':
        return send(response, 200, GIF, 'image/gif');
      case 'pdf':
        return send(
          response,
          200,
          demoDatasheetPdf({ reference: partNumber, manufacturer, description: `Datasheet of ${partNumber}` }),
          'application/pdf',
        );
      case 'html':
        // A login page served under an image or PDF name: the type must come from the bytes.
        return send(response, 200, HTML, kind === 'image' ? 'image/png' : 'application/pdf');
      case 'oversized': {
        response.writeHead(200, { 'content-type': kind === 'image' ? 'image/png' : 'application/pdf' });
        const head = kind === 'image' ? productPhoto('digikey', partNumber) : Buffer.from('%PDF-1.4\n');
        const filler = Buffer.alloc(64 * 1024, 0x20);
        let sent = 0;
        const pump = () => {
          if (sent === 0) {
            sent += head.length;
            response.write(head);
          }
          while (sent < OVERSIZED_BYTES) {
            sent += filler.length;
            if (!response.write(filler)) return void response.once('drain', pump);
          }
          response.end();
        };
        response.on('close', () => response.removeAllListeners('drain'));
        return pump();
      }
      case 'redirect':
        response.writeHead(302, {
          location: url.pathname.replace(
            '/files/custom/redirect/',
            `/files/custom/${kind === 'image' ? 'png' : 'pdf'}/`,
          ),
        });
        return response.end();
      default:
        return send(response, 404, 'Not Found', 'text/plain');
    }
  };

  const serveFile = (response: ServerResponse, url: URL) => {
    const parts = url.pathname
      .split('/')
      .slice(2)
      .map((part) => decodeURIComponent(part));
    if (parts[0] === 'custom' && parts.length === 5)
      return serveVariant(response, parts[1]!, parts[2]!, parts[3]!, parts[4]!, url);
    const [provider, folder, name = ''] = parts;
    if ((provider === 'digikey' || provider === 'mouser') && folder === 'photos' && name.endsWith('.png')) {
      return send(response, 200, productPhoto(provider, name.slice(0, -4)), 'image/png', {
        'cache-control': 'public, max-age=86400',
      });
    }
    if ((provider === 'digikey' || provider === 'mouser') && folder === 'datasheets' && name.endsWith('.pdf')) {
      const partNumber = name.slice(0, -4);
      const known = knownProducts().get(normalisePartNumber(partNumber));
      const pdf = demoDatasheetPdf({
        reference: partNumber,
        manufacturer: known?.manufacturer ?? UNKNOWN_MAKER,
        description: known?.description ?? `Industrial component ${partNumber}`,
      });
      return send(response, 200, pdf, 'application/pdf');
    }
    return send(response, 404, 'Not Found', 'text/plain');
  };

  const productPageHtml = (response: ServerResponse, url: URL) => {
    const [provider = '', partNumber = ''] = url.pathname
      .split('/')
      .slice(2)
      .map((part) => decodeURIComponent(part));
    const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
    const name = provider === 'mouser' ? 'Mouser (emulated)' : 'Digi-Key (emulated)';
    send(
      response,
      200,
      `<!doctype html><html><head><meta charset="utf-8"><title>${escape(partNumber)} | ${name}</title></head><body><h1>${escape(partNumber)}</h1><p>${name}: a local stand-in for the distributor's product page.</p></body></html>`,
      'text/html; charset=utf-8',
    );
  };

  // ----------------------------------------------------------------------------- control

  const control = async (request: IncomingMessage, response: ServerResponse, url: URL) => {
    const action = url.pathname.slice('/__emulator/'.length);
    if (request.method === 'GET' && action === 'stats') {
      return sendJson(response, 200, tenantOf(url.searchParams.get('tenant') ?? '').stats);
    }
    const body = (parseJson(await readBody(request)) ?? {}) as Record<string, unknown>;
    const tenantName = typeof body.tenant === 'string' ? body.tenant : '';
    if (request.method !== 'POST' || !tenantName)
      return sendJson(response, 400, { message: 'POST with a tenant (the client id or API key)' });
    const tenant = tenantOf(tenantName);
    switch (action) {
      case 'faults': {
        const fault = body as unknown as Fault;
        const kinds: FaultKind[] = ['throttle', 'error', 'unauthorized', 'malformed', 'wrong-shape', 'hang'];
        if (!kinds.includes(fault.kind))
          return sendJson(response, 400, { message: `kind must be one of ${kinds.join(', ')}` });
        tenant.faults.push({
          kind: fault.kind,
          provider: fault.provider,
          endpoint: fault.endpoint,
          retryAfterSeconds: fault.retryAfterSeconds,
          left: Math.max(1, Number(fault.times) || 1),
        });
        return sendJson(response, 200, { queued: tenant.faults.length });
      }
      case 'products': {
        const products = Array.isArray(body.products) ? (body.products as EmulatedProduct[]) : [];
        for (const product of products) {
          tenant.products.set(normalisePartNumber(product.manufacturerPartNumber), {
            mpn: product.manufacturerPartNumber,
            manufacturer: product.manufacturer,
            description: product.description ?? `Component ${product.manufacturerPartNumber}`,
            image: product.image === undefined ? 'png' : product.image,
            datasheet: product.datasheet === undefined ? 'pdf' : product.datasheet,
            custom: true,
          });
        }
        return sendJson(response, 200, { products: tenant.products.size });
      }
      case 'tokens': {
        if (typeof body.lifetimeSeconds === 'number' && body.lifetimeSeconds > 0)
          tenant.tokenLifetimeSeconds = body.lifetimeSeconds;
        if (body.expireAll === true)
          for (const [token, holder] of tokens) if (holder.tenant === tenantName) tokens.delete(token);
        return sendJson(response, 200, { lifetimeSeconds: tenant.tokenLifetimeSeconds });
      }
      case 'reset':
        tenants.delete(tenantName);
        for (const [token, holder] of tokens) if (holder.tenant === tenantName) tokens.delete(token);
        return sendJson(response, 200, {});
      default:
        return sendJson(response, 404, { message: 'Unknown control action' });
    }
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://${request.headers.host ?? host}`);
    const origin = `http://${request.headers.host ?? host}`;
    const route = `${request.method} ${url.pathname}`;
    const handle = async () => {
      if (url.pathname.startsWith('/__emulator/')) return control(request, response, url);
      if (route === 'POST /v1/oauth2/token') return digiKeyToken(request, response);
      if (route === 'POST /products/v4/search/keyword') return digiKeySearch(request, response, origin);
      if (route === 'POST /api/v1/search/partnumber') return mouserSearch(request, response, url, 'partnumber');
      if (route === 'POST /api/v1/search/keyword') return mouserSearch(request, response, url, 'keyword');
      if (request.method === 'GET' && url.pathname.startsWith('/files/')) return serveFile(response, url);
      if (request.method === 'GET' && url.pathname.startsWith('/products/')) return productPageHtml(response, url);
      return sendJson(response, 404, { message: 'Not Found' });
    };
    handle().catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { message: (error as Error).message });
      else response.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: options.port, host }, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Hanging answers (the 'hang' fault) and kept-alive sockets end now.
        server.closeAllConnections();
      }),
  };
};

// ------------------------------------------------------------------------------- control client

/** Drives the emulator for one tenant (the client id / API key the code under test uses). */
export const emulatorControl = (baseUrl: string, tenant: string) => {
  const post = async (action: string, body: Record<string, unknown>) => {
    const response = await fetch(`${baseUrl}/__emulator/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, tenant }),
    });
    if (!response.ok) throw new Error(`emulator ${action}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<unknown>;
  };
  return {
    tenant,
    /** Queues a fault for this tenant's next matching call(s). */
    fault: (fault: Fault) => post('faults', { ...fault }),
    /** Products this tenant's searches find first, with the files chosen. */
    addProducts: (products: EmulatedProduct[]) => post('products', { products }),
    /** Lifetime of the tokens issued from now on. */
    setTokenLifetime: (lifetimeSeconds: number) => post('tokens', { lifetimeSeconds }),
    /** Makes every token issued so far invalid (as a revoked or expired token). */
    expireTokens: () => post('tokens', { expireAll: true }),
    /** Forgets this tenant's faults, products, tokens and counters. */
    reset: () => post('reset', {}),
    stats: async (): Promise<TenantStats> =>
      (await fetch(`${baseUrl}/__emulator/stats?tenant=${encodeURIComponent(tenant)}`)).json() as Promise<TenantStats>,
  };
};
export type EmulatorControl = ReturnType<typeof emulatorControl>;

// `tsx scripts/local/distributor-emulator.ts`: the emulator alone, on DISTRIBUTOR_EMULATOR_PORT (or a free port).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const emulator = await startDistributorEmulator({ port: Number(process.env.DISTRIBUTOR_EMULATOR_PORT ?? 0) });
  console.log(`Distributor emulator on ${emulator.url} (DIGIKEY_API_URL and MOUSER_API_URL); Ctrl-C stops it.`);
  process.on('SIGINT', () => void emulator.stop().then(() => process.exit(0)));
}
