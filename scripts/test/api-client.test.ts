import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteDefinition } from '#shared/routes';
import { startTestApi, TestClient, type TestApi } from './api-client.ts';

// The fixture handler plays the CSRF scheme in miniature: a token bound to a `sid` cookie.
const handlersDir = fileURLToPath(new URL('../local/fixtures/handlers', import.meta.url));
const routes: RouteDefinition[] = [
  { method: 'GET', path: '/api/csrf-token', handler: 'session', access: 'public' },
  { method: 'GET', path: '/api/echo', handler: 'session', access: 'public' },
  { method: 'POST', path: '/api/echo', handler: 'session', access: 'public' },
  { method: 'PATCH', path: '/api/echo', handler: 'session', access: 'public' },
  { method: 'DELETE', path: '/api/thing', handler: 'session', access: 'public' },
  { method: 'POST', path: '/api/logout', handler: 'session', access: 'public' },
];

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ routes, handlersDir });
});
afterAll(async () => {
  await api?.close();
});

describe('TestClient', () => {
  it('fetches a CSRF token before a mutating request and keeps the cookies it is given', async () => {
    const browser = new TestClient(api.baseUrl);
    const answer = await browser.post('/api/echo', { name: 'ada' });
    expect(answer.status).toBe(200);
    const sid = browser.cookie('sid');
    expect(sid).toMatch(/^[0-9a-f]{16}$/);
    expect(answer.body).toEqual({ method: 'POST', sid, body: { name: 'ada' }, contentType: 'application/json' });

    const again = await browser.patch('/api/echo', { n: 2 }, { headers: { 'x-custom': 'yes' } });
    expect(again.body).toMatchObject({ method: 'PATCH', sid, custom: 'yes' });
  });

  it('sends no token with csrf: false, and the server refuses', async () => {
    const browser = new TestClient(api.baseUrl);
    await browser.get('/api/csrf-token');
    const answer = await browser.post('/api/echo', {}, { csrf: false });
    expect(answer).toMatchObject({ status: 403, body: { message: 'Invalid CSRF token' } });
  });

  it('returns each answer’s Set-Cookie lines and drops cookies the server expires', async () => {
    const browser = new TestClient(api.baseUrl);
    const first = await browser.get('/api/csrf-token');
    expect(first.cookies).toEqual([expect.stringMatching(/^sid=[0-9a-f]{16}; Path=\/; HttpOnly; SameSite=Lax$/)]);
    const logout = await browser.post('/api/logout');
    expect(logout.cookies).toEqual(['sid=; Path=/; Max-Age=0']);
    expect(browser.cookie('sid')).toBeUndefined();
  });

  it('gives an empty body as undefined, and plain text as text', async () => {
    const browser = new TestClient(api.baseUrl);
    const deleted = await browser.delete('/api/thing');
    expect(deleted).toMatchObject({ status: 204, body: undefined });
    const notFound = await fetch(`${api.baseUrl}/nowhere`);
    expect(await notFound.text()).toBe('Not Found');
  });

  it('sends a cookie set by hand', async () => {
    const browser = new TestClient(api.baseUrl);
    browser.setCookie('sid', 'handmade');
    expect((await browser.get('/api/echo')).body).toMatchObject({ method: 'GET', sid: 'handmade' });
  });
});
