import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteContentSecurityPolicy, siteSecurityHeaders } from '../../infra/site-headers.ts';
import { startLocalServer, type LocalServer } from './server.ts';

let base: string;
let server: LocalServer;

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'web-dist-'));
  const dist = join(base, 'dist');
  await mkdir(join(dist, 'assets'), { recursive: true });
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>Component Hub</title>');
  await writeFile(join(dist, 'assets', 'main-XKQ4M2AB.js'), 'console.log(1)');
  await writeFile(join(dist, 'assets', 'main-XKQ4M2AB.js.map'), '{}');
  await writeFile(join(dist, 'assets', 'logo.svg'), '<svg/>');
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
  new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>(
    (resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port: server.port, path, method, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
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
    expect(csp).toContain("script-src 'self';");
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
});
