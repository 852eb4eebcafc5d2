/**
 * The one local HTTP server, shaped like CloudFront in front of the deployed app:
 * `/api/*` goes to the local API Gateway, `/app` and `/app/*` to the built SPA in web/dist
 * (with the SPA fallback for deep links), `/` redirects to `/app/`, anything else is a 404.
 * The site's files are compressed as CloudFront compresses them.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, extname, join, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { siteSecurityHeaders } from '../../infra/site-headers.ts';
import { createApiGateway, type ApiGatewayOptions, type RequestListener } from './api-gateway.ts';
import { repoRoot } from './env.ts';
import { LOOPBACK } from './ports.ts';

export const defaultWebDist = join(repoRoot, 'web', 'dist');

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** esbuild's `[name]-[hash]` names (main-XKQ4M2AB.js, .js.map): the content never changes under them. */
const HASHED = /-[A-Z0-9]{8}(\.[A-Za-z0-9]+)+$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * CloudFront compresses what a viewer accepts, brotli before gzip, for text types between 1,000
 * bytes and 10 MB, and says it varies with Accept-Encoding; the same here, so what a browser loads
 * from this server weighs what it would from the deployed site.
 */
const COMPRESSIBLE = /^(text\/(html|css|javascript|plain)|application\/(json|manifest\+json)|image\/svg\+xml)\b/;
const COMPRESS_MIN_BYTES = 1000;
const COMPRESS_MAX_BYTES = 10_000_000;
/**
 * An edge compresses on the fly at a middling brotli quality: the highest (11) saves another 8% on
 * a large chunk but takes seconds for it, and would make a first load here slower than a user's.
 */
const BROTLI_QUALITY = 5;
type Encoding = 'br' | 'gzip';
const compressors: Record<Encoding, (data: Buffer) => Promise<Buffer>> = {
  br: (data) =>
    promisify(brotliCompress)(data, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: data.byteLength,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      },
    }),
  gzip: (data) => promisify(gzip)(data, { level: zlibConstants.Z_BEST_COMPRESSION }),
};

/** The encoding to answer with: brotli if accepted, else gzip, else none (q=0 refuses one). */
export const chooseEncoding = (acceptEncoding: string | undefined): Encoding | undefined => {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    weights.set(name, q === undefined ? 1 : Number(q));
  }
  const accepted = (name: Encoding) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  return accepted('br') ? 'br' : accepted('gzip') ? 'gzip' : undefined;
};

/** Compressed files by path, version and encoding: each is compressed once, not per request. */
const compressedCache = new Map<string, Promise<Buffer>>();
const COMPRESSED_CACHE_ENTRIES = 500;
const compressedFile = (file: string, version: string, encoding: Encoding): Promise<Buffer> => {
  const key = `${file}\0${version}\0${encoding}`;
  let compressed = compressedCache.get(key);
  if (!compressed) {
    compressed = readFile(file).then(compressors[encoding]);
    compressed.catch(() => compressedCache.delete(key));
    compressedCache.set(key, compressed);
    for (const oldest of compressedCache.keys()) {
      if (compressedCache.size <= COMPRESSED_CACHE_ENTRIES) break;
      compressedCache.delete(oldest);
    }
  }
  return compressed;
};

const plain = (
  response: ServerResponse,
  statusCode: number,
  text: string,
  headers: Record<string, string> = {},
): void => {
  response.writeHead(statusCode, {
    'content-type': 'text/plain; charset=utf-8',
    'x-content-type-options': 'nosniff',
    ...headers,
  });
  response.end(text);
};

const fileStat = async (path: string) => {
  try {
    const stats = await stat(path);
    return stats.isFile() ? stats : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The headers CloudFront's response headers policy adds to the site's answers (the one definition
 * in infra/site-headers.ts), for a local S3 server at `s3Endpoint`.
 */
export const localSiteHeaders = (s3Endpoint: string | undefined): Record<string, string> =>
  siteSecurityHeaders(s3Endpoint ? new URL(s3Endpoint).origin : '', { https: false });

/** Serves web/dist under /app, with the SPA's index.html for every extension-less path. */
export const createStaticHandler = (distDir: string) => {
  const root = resolve(distDir);

  return async (request: IncomingMessage, response: ServerResponse, pathname: string): Promise<void> => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      plain(response, 405, 'Method Not Allowed', { allow: 'GET, HEAD' });
      return;
    }
    let relative: string;
    try {
      relative = decodeURIComponent(pathname.replace(/^\/app\/?/, ''));
    } catch {
      plain(response, 400, 'Bad Request');
      return;
    }
    const requested = resolve(root, relative);
    if (requested !== root && !requested.startsWith(root + sep)) {
      plain(response, 404, 'Not Found');
      return;
    }

    let file = requested;
    let stats = relative === '' ? undefined : await fileStat(file);
    if (!stats && extname(relative) === '') {
      // A client-side route (/app/components/42): the SPA decides what to show.
      file = join(root, 'index.html');
      stats = await fileStat(file);
      if (!stats) {
        plain(response, 503, `The web app is not built: ${file} is missing. Run npm run build:web.`);
        return;
      }
    }
    if (!stats) {
      plain(response, 404, 'Not Found');
      return;
    }

    const contentType = CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    const compressible = COMPRESSIBLE.test(contentType);
    const encoding =
      compressible && stats.size >= COMPRESS_MIN_BYTES && stats.size <= COMPRESS_MAX_BYTES
        ? chooseEncoding(request.headers['accept-encoding'])
        : undefined;
    const version = `${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}`;
    // Each encoding is a representation of its own, with its own validator.
    const etag = `W/"${version}${encoding ? `-${encoding}` : ''}"`;
    const headers: Record<string, string> = {
      'content-type': contentType,
      'cache-control': HASHED.test(basename(file)) ? IMMUTABLE : 'no-cache',
      'x-content-type-options': 'nosniff',
      ...(compressible ? { vary: 'Accept-Encoding' } : {}),
      etag,
    };
    if (request.headers['if-none-match'] === etag) {
      response.writeHead(304, headers);
      response.end();
      return;
    }
    if (encoding) {
      const body = await compressedFile(file, version, encoding);
      response.writeHead(200, { ...headers, 'content-encoding': encoding, 'content-length': String(body.byteLength) });
      response.end(request.method === 'HEAD' ? undefined : body);
      return;
    }
    response.writeHead(200, { ...headers, 'content-length': String(stats.size) });
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    createReadStream(file)
      .on('error', () => response.destroy())
      .pipe(response);
  };
};

export interface LocalServerOptions {
  /** 0 picks a free port. */
  readonly port: number;
  readonly host?: string;
  /** The built SPA; defaults to web/dist. */
  readonly webDist?: string;
  /** Options for the API Gateway (routes and handler directory default to the real ones). */
  readonly api?: ApiGatewayOptions;
  /** The S3 server the browser uploads to and downloads from (the site's CSP allows it); AWS_ENDPOINT_URL_S3 by default. */
  readonly s3Endpoint?: string;
}

export interface LocalServer {
  /** `http://localhost:<port>` */
  readonly url: string;
  readonly port: number;
  readonly server: Server;
  close(): Promise<void>;
}

export const createRequestListener = (
  options: { webDist?: string; api?: ApiGatewayOptions; s3Endpoint?: string } = {},
): RequestListener => {
  const api = createApiGateway(options.api);
  const serveStatic = createStaticHandler(options.webDist ?? defaultWebDist);
  const siteHeaders = localSiteHeaders(options.s3Endpoint ?? process.env.AWS_ENDPOINT_URL_S3);

  return (request, response) => {
    const pathname = (request.url ?? '/').split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      api(request, response);
      return;
    }
    // Everything but the API is the site's behaviour on CloudFront, with its response headers policy.
    for (const [name, value] of Object.entries(siteHeaders)) response.setHeader(name, value);
    if (pathname === '/app' || pathname.startsWith('/app/')) {
      serveStatic(request, response, pathname).catch(() => {
        if (!response.headersSent) plain(response, 500, 'Internal Server Error');
        else response.destroy();
      });
    } else if (pathname === '/') {
      response.writeHead(302, { location: '/app/', 'content-length': '0' });
      response.end();
    } else {
      plain(response, 404, 'Not Found');
    }
  };
};

export const startLocalServer = async (options: LocalServerOptions): Promise<LocalServer> => {
  const host = options.host ?? LOOPBACK;
  const server = createServer(createRequestListener(options));
  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen({ port: options.port, host, exclusive: true }, () => {
      server.off('error', reject);
      resolvePromise();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    port,
    server,
    close: () =>
      new Promise<void>((resolvePromise) => {
        server.close(() => resolvePromise());
        server.closeAllConnections();
      }),
  };
};
