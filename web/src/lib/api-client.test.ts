import { beforeEach, describe, expect, it, vi } from 'vitest';
import { csrfHandler, mockApi } from '../testing/mock-api';
import { ApiError, api, clearCsrfToken, contentDigest, errorMessage, idempotencyKeyFor } from './api-client';

beforeEach(() => {
  clearCsrfToken();
  vi.restoreAllMocks();
});

describe('api client', () => {
  it('reads under /api with cookies and no CSRF token', async () => {
    const server = mockApi({ 'GET /api/user': { body: { id: '1' } } });
    await expect(api.get('/user')).resolves.toEqual({ id: '1' });
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]).toMatchObject({ path: '/api/user', credentials: 'include' });
    expect(server.calls[0]!.headers.has('x-csrf-token')).toBe(false);
  });

  it('fetches the CSRF token once, then sends it with every write as JSON', async () => {
    const server = mockApi({
      'GET /api/csrf-token': csrfHandler,
      'POST /api/login': { body: { id: '1' } },
      'PATCH /api/user': { body: { id: '1' } },
      'DELETE /api/user': { status: 204 },
    });
    await api.post('/login', { email: 'a@b.c', password: 'x' });
    await api.patch('/user', { username: 'abc' });
    await expect(api.delete('/user')).resolves.toBeUndefined();

    expect(server.callsTo('GET /api/csrf-token')).toHaveLength(1);
    const writes = server.calls.filter((call) => call.method !== 'GET');
    expect(writes.map((call) => call.headers.get('x-csrf-token'))).toEqual([
      'csrf-token-1',
      'csrf-token-1',
      'csrf-token-1',
    ]);
    expect(writes[0]!.headers.get('content-type')).toBe('application/json');
    expect(writes[0]!.body).toEqual({ email: 'a@b.c', password: 'x' });
    expect(writes.every((call) => call.credentials === 'include')).toBe(true);
  });

  it('sends an Idempotency-Key when asked: the same for the same action from this page, another for another', async () => {
    const server = mockApi({ 'GET /api/csrf-token': csrfHandler, 'PATCH /api/approval-requests/R1': { body: {} } });
    const key = idempotencyKeyFor('review', 'R1', 'approved');
    expect(idempotencyKeyFor('review', 'R1', 'approved')).toBe(key);
    expect(idempotencyKeyFor('review', 'R1', 'rejected')).not.toBe(key);
    await api.patch('/approval-requests/R1', { status: 'approved' }, { idempotencyKey: key });
    await api.patch('/approval-requests/R1', { status: 'approved' });
    const [keyed, plain] = server.callsTo('PATCH /api/approval-requests/R1');
    expect(keyed!.headers.get('idempotency-key')).toBe(key);
    expect(plain!.headers.has('idempotency-key')).toBe(false);
  });

  it('digests what an action carries, so changed content gets a key of its own', async () => {
    const digest = await contentDigest('Checked the datasheet');
    expect(digest).toMatch(/^[0-9a-f]{24}$/);
    expect(await contentDigest('Checked the datasheet')).toBe(digest);
    expect(await contentDigest('Checked the datasheet.')).not.toBe(digest);
  });

  it('shares one token request between writes sent at the same time', async () => {
    const server = mockApi({ 'GET /api/csrf-token': csrfHandler, 'POST /api/logout': { body: {} } });
    await Promise.all([api.post('/logout'), api.post('/logout')]);
    expect(server.callsTo('GET /api/csrf-token')).toHaveLength(1);
  });

  it('goes on with an empty token and a console warning when the token cannot be fetched', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const server = mockApi({ 'GET /api/csrf-token': { status: 500, body: 'down' }, 'POST /api/logout': { body: {} } });
    await api.post('/logout');
    expect(server.callsTo('POST /api/logout')[0]!.headers.get('x-csrf-token')).toBe('');
    expect(warn).toHaveBeenCalledOnce();
  });

  it('forgets the token after a 403, so the next write fetches a fresh one', async () => {
    let tokens = 0;
    let answered403 = false;
    const server = mockApi({
      'GET /api/csrf-token': () => ({ body: { token: `token-${++tokens}` } }),
      'POST /api/logout': () => {
        if (answered403) return { body: {} };
        answered403 = true;
        return { status: 403, body: { message: 'Invalid or missing CSRF token' } };
      },
    });
    await expect(api.post('/logout')).rejects.toThrow('403: {"message":"Invalid or missing CSRF token"}');
    await api.post('/logout');
    expect(server.callsTo('POST /api/logout').map((call) => call.headers.get('x-csrf-token'))).toEqual([
      'token-1',
      'token-2',
    ]);
  });

  it('throws "{status}: {body}" for a non-OK answer, or "{status}: {status text}" when the body is empty', async () => {
    mockApi({
      'POST /api/login': { status: 401, body: { message: 'Invalid email or password' } },
      'GET /api/user': { status: 502, statusText: 'Bad Gateway' },
      'GET /api/csrf-token': csrfHandler,
    });
    const error = await api.post('/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('401: {"message":"Invalid email or password"}');
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).serverMessage).toBe('Invalid email or password');
    expect(errorMessage(error, 'fallback')).toBe('Invalid email or password');
    await expect(api.get('/user')).rejects.toThrow('502: Bad Gateway');
  });

  it('gives null for a 401 on a read that allows it, and still throws other failures', async () => {
    mockApi({ 'GET /api/user': { status: 401, body: { message: 'Not logged in' } } });
    await expect(api.getOrNull('/user')).resolves.toBeNull();
    mockApi({ 'GET /api/user': { status: 500, body: { message: 'boom' } } });
    await expect(api.getOrNull('/user')).rejects.toThrow('500: {"message":"boom"}');
  });
});
