/**
 * A local stand-in for the Digi-Key Product Information API v4 and the Mouser Search API, on
 * loopback, so distributor search works offline (`npm start` without credentials) and the
 * clients' failure paths can be tested. One module per distributor answers its API
 * (./distributor-emulator/digikey.ts, ./distributor-emulator/mouser.ts); both serve the fixed
 * product list of ./distributor-emulator/products.ts and answer "no result" for anything else.
 *
 * Callers are tenants, told apart by their credentials (./distributor-emulator/tenants.ts). The
 * control API under `/__emulator/` (see `emulatorControl`) queues the real error shapes as
 * faults (burst and daily limits, 503 with rate-limit headers, 401 bodies, Mouser's
 * TooManyRequests and InvalidCharacters, a bot-protection 403 from the file host, 500, answers
 * that are not JSON or not the shape, no answer at all), registers products with chosen files
 * (GIF, HTML posing as an image, an oversized file, a redirect, 404), sets token lifetimes,
 * expires tokens and reports what each tenant sent.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { findOffers } from './distributor-emulator/catalogue.ts';
import {
  digiKeyKeywordSearch,
  digiKeyProductDetails,
  digiKeyToken,
  type DigiKeyContext,
} from './distributor-emulator/digikey.ts';
import { datasheetPdf, productPhoto, sendBlockedPage, serveVariant } from './distributor-emulator/files.ts';
import { parseJson, readBody, send, sendJson } from './distributor-emulator/http.ts';
import { mouserSearch } from './distributor-emulator/mouser.ts';
import type { EmulatedProvider } from './distributor-emulator/products.ts';
import {
  faultKinds,
  newTenant,
  takeFault,
  type EmulatedProduct,
  type Fault,
  type Tenant,
  type TenantStats,
} from './distributor-emulator/tenants.ts';
import { LOOPBACK } from './ports.ts';

export { productPhoto, pngImage, type FileVariant } from './distributor-emulator/files.ts';
export { listedProducts, type ListedProduct } from './distributor-emulator/products.ts';
export { DIGIKEY_DAILY_RETRY_AFTER_SECONDS } from './distributor-emulator/digikey.ts';
export type {
  EmulatedProduct,
  EmulatorEndpoint,
  Fault,
  FaultKind,
  TenantStats,
} from './distributor-emulator/tenants.ts';

export interface DistributorEmulatorOptions {
  /** 0 picks a free port. */
  readonly port: number;
  readonly host?: string;
}

export interface DistributorEmulator {
  /** `http://127.0.0.1:<port>`: the base URL of both APIs (DIGIKEY_API_URL, MOUSER_API_URL). */
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
}

const providers: readonly EmulatedProvider[] = ['digikey', 'mouser'];

export const startDistributorEmulator = async (options: DistributorEmulatorOptions): Promise<DistributorEmulator> => {
  const host = options.host ?? LOOPBACK;
  const tenants = new Map<string, Tenant>();
  const tenantOf = (name: string): Tenant => {
    let tenant = tenants.get(name);
    if (!tenant) {
      tenant = newTenant(name);
      tenants.set(name, tenant);
    }
    return tenant;
  };
  const digiKey: DigiKeyContext = { tenantOf, tokens: new Map() };

  // ----------------------------------------------------------------------------- files and pages

  /** `/files/<tenant>/<provider>/{photos,datasheets,images/...}/<name>` and `/files/<tenant>/custom/<variant>/<kind>/<maker>/<mpn>`. */
  const serveFile = (response: ServerResponse, url: URL, origin: string) => {
    const parts = url.pathname
      .split('/')
      .slice(2)
      .map((part) => decodeURIComponent(part));
    const [tenantName = '', area = '', ...rest] = parts;
    const tenant = tenantOf(tenantName);
    const provider: EmulatedProvider = area === 'mouser' ? 'mouser' : 'digikey';
    const fault = takeFault(tenant, provider, 'file');
    if (fault?.kind === 'blocked') return sendBlockedPage(response);
    if (fault?.kind === 'hang') return;
    if (fault) return send(response, 500, 'Internal Server Error', 'text/plain');

    if (area === 'custom' && rest.length === 4) {
      const [variant, kind, manufacturer, partNumber] = rest as [string, string, string, string];
      const target = `${origin}/files/${encodeURIComponent(tenantName)}/custom/${kind === 'image' ? 'png' : 'pdf'}/${rest
        .slice(1)
        .map(encodeURIComponent)
        .join('/')}`;
      return serveVariant(response, variant, kind, manufacturer, partNumber, target);
    }
    if (!providers.includes(area as EmulatedProvider)) return send(response, 404, 'Not Found', 'text/plain');
    const name = rest.at(-1) ?? '';
    if (name.endsWith('.png')) {
      return send(response, 200, productPhoto(provider, name.slice(0, -4)), 'image/png', {
        'cache-control': 'public, max-age=86400',
      });
    }
    if (rest[0] === 'datasheets' && name.endsWith('.pdf')) {
      const partNumber = name.slice(0, -4);
      const [offer] = findOffers(tenant, provider, partNumber, 'exact', origin, 1).exact;
      if (!offer) return send(response, 404, 'Not Found', 'text/plain');
      // The maker's PDF: the same bytes whichever distributor serves it.
      return send(response, 200, datasheetPdf(offer.mpn, offer.manufacturer, offer.description), 'application/pdf');
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
        if (!faultKinds.includes(fault.kind))
          return sendJson(response, 400, { message: `kind must be one of ${faultKinds.join(', ')}` });
        tenant.faults.push({
          kind: fault.kind,
          provider: fault.provider,
          endpoint: fault.endpoint ?? (fault.kind === 'blocked' ? 'file' : undefined),
          retryAfterSeconds: fault.retryAfterSeconds,
          left: Math.max(1, Number(fault.times) || 1),
        });
        return sendJson(response, 200, { queued: tenant.faults.length });
      }
      case 'products': {
        const products = Array.isArray(body.products) ? (body.products as EmulatedProduct[]) : [];
        for (const product of products) {
          tenant.products.set(product.manufacturerPartNumber.toUpperCase(), {
            manufacturerPartNumber: product.manufacturerPartNumber,
            manufacturer: product.manufacturer,
            description: product.description ?? `Component ${product.manufacturerPartNumber}`,
            image: product.image === undefined ? 'png' : product.image,
            datasheet: product.datasheet === undefined ? 'pdf' : product.datasheet,
          });
        }
        return sendJson(response, 200, { products: tenant.products.size });
      }
      case 'tokens': {
        if (typeof body.lifetimeSeconds === 'number' && body.lifetimeSeconds > 0)
          tenant.tokenLifetimeSeconds = body.lifetimeSeconds;
        if (body.expireAll === true)
          for (const [token, holder] of digiKey.tokens) if (holder.tenant === tenantName) digiKey.tokens.delete(token);
        return sendJson(response, 200, { lifetimeSeconds: tenant.tokenLifetimeSeconds });
      }
      case 'reset':
        tenants.delete(tenantName);
        for (const [token, holder] of digiKey.tokens) if (holder.tenant === tenantName) digiKey.tokens.delete(token);
        return sendJson(response, 200, {});
      default:
        return sendJson(response, 404, { message: 'Unknown control action' });
    }
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://${request.headers.host ?? host}`);
    const origin = `http://${request.headers.host ?? host}`;
    const route = `${request.method} ${url.pathname}`;
    const details = /^\/products\/v4\/search\/([^/]+)\/productdetails$/.exec(url.pathname);
    const handle = async () => {
      if (url.pathname.startsWith('/__emulator/')) return control(request, response, url);
      if (route === 'POST /v1/oauth2/token') return digiKeyToken(digiKey, request, response);
      if (route === 'POST /products/v4/search/keyword') return digiKeyKeywordSearch(digiKey, request, response, origin);
      if (request.method === 'GET' && details)
        return digiKeyProductDetails(digiKey, request, response, decodeURIComponent(details[1]!), origin);
      if (route === 'POST /api/v1/search/partnumber')
        return mouserSearch(tenantOf, request, response, url, 'partnumber');
      if (route === 'POST /api/v1/search/keyword') return mouserSearch(tenantOf, request, response, url, 'keyword');
      if (request.method === 'GET' && url.pathname.startsWith('/files/')) return serveFile(response, url, origin);
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
