import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteContentSecurityPolicy, siteSecurityHeaders } from '../../infra/site-headers.ts';
import { chooseEncoding, startLocalServer, type LocalServer } from './server.ts';

let base: string;
let server: LocalServer;
/** A script big enough to be compressed (CloudFront leaves files under 1,000 bytes as they are). */
const bigScript = `export const parts = [${Array.from({ length: 400 }, (_, i) => `"part-${i}"`).join(',')}];\n`;

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'web-dist-'));
  const dist = join(base, 'dist');
  await mkdir(join(dist, 'assets'), { recursive: true });
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>Component Hub</title>');
  await writeFile(join(dist, 'assets', 'main-XKQ4M2AB.js'), 'console.log(1)');
  await writeFile(join(dist, 'assets', 'main-XKQ4M2AB.js.map'), '{}');
  await writeFile(join(dist, 'assets', 'logo.svg'), '<svg/>');
  await writeFile(join(dist, 'assets', 'chunk-ABCDEFGH.js'), bigScript);
  await writeFile(join(dist, 'assets', 'photo.png'), Buffer.alloc(4000, 7));
  await writeFile(join(base, 'outside.txt'), 'not for the web');
  server = await startLocalServer({
    port: 0,
    webDist: dist,
    api: { routes: [] },
    s3Endpoint: 'http://127.0.0.1:4569',
  });
});
afterAll(async () => {
  await server?.close();
  await rm(base, { recursive: true, force: true });
});

/** node:http keeps the path exactly as written (fetch would normalise `..`). */
const get = (path: string, method = 'GET', headers: Record<string, string> = {}) =>
  new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string; raw: Buffer }>(
    (resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port: server.port, path, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: raw.toString('utf8'), raw });
        });
      });
      req.on('error', reject);
      req.end();
    },
  );

describe('the local server', () => {
  it("sends the site's security headers as CloudFront does: the same CSP, with the local S3 server allowed", async () => {
    const expected = siteSecurityHeaders('http://127.0.0.1:4569', { https: false });
    for (const path of ['/app/', '/app/components/42', '/app/assets/main-XKQ4M2AB.js', '/app/missing.png', '/']) {
      const answer = await get(path);
      for (const [name, value] of Object.entries(expected))
        expect(answer.headers[name], `${path}: ${name}`).toBe(value);
    }
    const csp = (await get('/app/')).headers['content-security-policy'];
    expect(csp).toBe(siteContentSecurityPolicy('http://127.0.0.1:4569'));
    // WebAssembly may be compiled (the 3D viewer's OpenCascade), JavaScript never evaluated.
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(eval|inline)'/);
    // The viewer's worker is a script of the site's own; no blob: or data: worker.
    expect(csp).toContain("worker-src 'self';");
    expect(csp).toContain("connect-src 'self' http://127.0.0.1:4569;");
    // Over plain http a browser ignores HSTS; the deployed site sends it (infra/edge-security.test.ts).
    expect((await get('/app/')).headers['strict-transport-security']).toBeUndefined();
  });

  it('redirects / to /app/', async () => {
    expect(await get('/')).toMatchObject({ status: 302, headers: { location: '/app/' } });
  });

  it('serves the SPA at /app and /app/, uncached so a new build shows at once', async () => {
    for (const path of ['/app', '/app/']) {
      const answer = await get(path);
      expect(answer).toMatchObject({
        status: 200,
        headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' },
      });
      expect(answer.body).toContain('Component Hub');
    }
  });

  it('answers deep links with index.html, so a reload shows the same screen', async () => {
    const answer = await get('/app/components/42?tab=versions');
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('Component Hub');
  });

  it('serves hashed assets with their type and immutable caching, other files revalidated', async () => {
    expect(await get('/app/assets/main-XKQ4M2AB.js')).toMatchObject({
      status: 200,
      headers: {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'public, max-age=31536000, immutable',
      },
      body: 'console.log(1)',
    });
    expect((await get('/app/assets/main-XKQ4M2AB.js.map')).headers['cache-control']).toContain('immutable');
    expect(await get('/app/assets/logo.svg')).toMatchObject({
      headers: { 'content-type': 'image/svg+xml', 'cache-control': 'no-cache' },
    });
  });

  it('answers 304 to a matching If-None-Match, and HEAD without a body', async () => {
    const first = await get('/app/assets/logo.svg');
    expect((await get('/app/assets/logo.svg', 'GET', { 'if-none-match': String(first.headers.etag) })).status).toBe(
      304,
    );
    expect(await get('/app/assets/logo.svg', 'HEAD')).toMatchObject({ status: 200, body: '' });
  });

  it('answers 404 for a missing file, a path outside /app or /api, and a way out of web/dist', async () => {
    expect((await get('/app/assets/missing-ABCDEFGH.js')).status).toBe(404);
    expect((await get('/favicon.ico')).status).toBe(404);
    expect((await get('/app/../outside.txt')).status).toBe(404);
    expect((await get('/app/%2e%2e/outside.txt')).status).toBe(404);
  });

  it('sends /api to the API gateway', async () => {
    const answer = await get('/api/anything');
    expect(answer).toMatchObject({ status: 404, headers: { 'content-type': 'application/json' } });
    expect(JSON.parse(answer.body)).toEqual({ message: 'Not Found' });
  });

  it('refuses to change static files', async () => {
    expect((await get('/app/index.html', 'POST')).status).toBe(405);
  });

  it('compresses scripts as CloudFront does: brotli when accepted, else gzip, else as they are', async () => {
    const path = '/app/assets/chunk-ABCDEFGH.js';
    const chromium = await get(path, 'GET', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(chromium.headers).toMatchObject({ 'content-encoding': 'br', vary: 'Accept-Encoding' });
    expect(chromium.raw.byteLength).toBeLessThan(bigScript.length / 3);
    expect(Number(chromium.headers['content-length'])).toBe(chromium.raw.byteLength);
    expect(brotliDecompressSync(chromium.raw).toString('utf8')).toBe(bigScript);

    const gzipOnly = await get(path, 'GET', { 'accept-encoding': 'gzip' });
    expect(gzipOnly.headers).toMatchObject({ 'content-encoding': 'gzip', vary: 'Accept-Encoding' });
    expect(gunzipSync(gzipOnly.raw).toString('utf8')).toBe(bigScript);

    const refusingBrotli = await get(path, 'GET', { 'accept-encoding': 'br;q=0, gzip;q=0.5' });
    expect(refusingBrotli.headers['content-encoding']).toBe('gzip');

    const none = await get(path);
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.headers.vary).toBe('Accept-Encoding');
    expect(none.body).toBe(bigScript);
  });

  it('gives each encoding its own validator, so a cached copy is revalidated in its own encoding', async () => {
    const path = '/app/assets/chunk-ABCDEFGH.js';
    const brotli = await get(path, 'GET', { 'accept-encoding': 'br' });
    const plainCopy = await get(path);
    expect(brotli.headers.etag).not.toBe(plainCopy.headers.etag);
    const etag = String(brotli.headers.etag);
    expect((await get(path, 'GET', { 'accept-encoding': 'br', 'if-none-match': etag })).status).toBe(304);
    expect((await get(path, 'GET', { 'if-none-match': etag })).status).toBe(200);
    const head = await get(path, 'HEAD', { 'accept-encoding': 'br' });
    expect(head).toMatchObject({ status: 200, body: '', headers: { 'content-encoding': 'br' } });
    expect(head.headers['content-length']).toBe(brotli.headers['content-length']);
  });

  it('compresses the page itself and its JSON, but not small files or images', async () => {
    await writeFile(
      join(base, 'dist', 'index.html'),
      `<!doctype html><title>Component Hub</title>${'<p>x</p>'.repeat(300)}`,
    );
    const page = await get('/app/auth', 'GET', { 'accept-encoding': 'gzip' });
    expect(page.headers).toMatchObject({ 'content-encoding': 'gzip', 'content-type': 'text/html; charset=utf-8' });
    expect(gunzipSync(page.raw).toString('utf8')).toContain('Component Hub');

    const small = await get('/app/assets/main-XKQ4M2AB.js', 'GET', { 'accept-encoding': 'br' });
    expect(small).toMatchObject({ body: 'console.log(1)', headers: { vary: 'Accept-Encoding' } });
    expect(small.headers['content-encoding']).toBeUndefined();

    const image = await get('/app/assets/photo.png', 'GET', { 'accept-encoding': 'br, gzip' });
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.headers.vary).toBeUndefined();
    expect(image.raw.byteLength).toBe(4000);
  });
});

describe('chooseEncoding', () => {
  it('prefers brotli, falls back to gzip, honours q=0 and the wildcard', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('GZIP;q=0.8, identity')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*, br;q=0')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
  });
});
