import { BatchGetCommand, DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { messages } from '#shared/messages';
import { handler as csrfTokenHandler } from '../handlers/auth/get-csrf-token';
import { handler as loginHandler } from '../handlers/auth/login';
import { resetClients } from './clients';
import { resetConfig } from './config';
import { apiContext, apiEvent } from '../../../scripts/test/api-event';
import { httpHandler, type Event, type LambdaHandler } from './http';
import { SESSION_COOKIE } from './cookies';
import { readCatalogueRevision } from '#repositories/catalogue';

const dynamo = mockClient(DynamoDBDocumentClient);
const call = async (fn: LambdaHandler, e: Event) => {
  const result = await fn(e, apiContext());
  return { ...result, json: result.body ? JSON.parse(result.body) : undefined };
};

describe('httpHandler', () => {
  beforeEach(() => {
    process.env.TABLE_NAME = 'offline';
    process.env.CSRF_SECRET = 's'.repeat(40);
    resetConfig();
    resetClients();
    dynamo.reset();
    dynamo.on(GetCommand).resolves({});
    dynamo.on(BatchGetCommand).resolves({ Responses: {} });
  });

  it('sets the security headers and no-store on every answer, HSTS only on https', async () => {
    const plain = await call(csrfTokenHandler, apiEvent('GET /api/csrf-token'));
    expect(plain.statusCode).toBe(200);
    expect(plain.headers).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'cache-control': 'no-store',
    });
    expect(plain.headers?.['Strict-Transport-Security']).toBeUndefined();
    const secure = await call(csrfTokenHandler, apiEvent('GET /api/csrf-token', { proto: 'https' }));
    expect(secure.headers?.['Strict-Transport-Security']).toMatch(/max-age=\d+/);
    expect(secure.cookies?.[0]).toMatch(/; Secure/);
    expect(plain.cookies?.[0]).not.toMatch(/Secure/);
  });

  it('refuses a mutating call without a valid CSRF token before touching the body', async () => {
    const result = await call(loginHandler, apiEvent('POST /api/login', { body: '{"email":"a@b.co","password":"x"}' }));
    expect(result.statusCode).toBe(403);
    expect(result.json).toEqual({ message: messages.csrfInvalid });
    const forged = await call(
      loginHandler,
      apiEvent('POST /api/login', {
        body: '{}',
        headers: { 'x-csrf-token': 'forged' },
        cookies: ['ch_presession=abc'],
      }),
    );
    expect(forged.statusCode).toBe(403);
  });

  it('answers 400 with the first message and every field for an invalid body', async () => {
    const issued = await call(csrfTokenHandler, apiEvent('GET /api/csrf-token'));
    const cookie = issued.cookies![0]!.split(';')[0]!;
    const result = await call(
      loginHandler,
      apiEvent('POST /api/login', {
        body: '{"email":"nope"}',
        headers: { 'x-csrf-token': issued.json.token },
        cookies: [cookie],
      }),
    );
    expect(result.statusCode).toBe(400);
    expect(result.json).toEqual({
      message: messages.emailInvalid,
      fields: { email: messages.emailInvalid, password: messages.passwordRequired },
    });
  });

  it('answers 400 for malformed JSON and 404 for a route missing from the manifest', async () => {
    const issued = await call(csrfTokenHandler, apiEvent('GET /api/csrf-token'));
    const cookie = issued.cookies![0]!.split(';')[0]!;
    const malformed = await call(
      loginHandler,
      apiEvent('POST /api/login', {
        body: '{"email":',
        headers: { 'x-csrf-token': issued.json.token },
        cookies: [cookie],
      }),
    );
    expect(malformed.statusCode).toBe(400);
    const unknown = await call(loginHandler, apiEvent('GET /api/nowhere'));
    expect(unknown.statusCode).toBe(404);
  });

  it("starts a route's prefetch beside the session check, and only for a request that may be let in", async () => {
    let sessionReadStarted = false;
    let prefetchStartedBeforeSessionRead: boolean | undefined;
    dynamo.on(BatchGetCommand).callsFake(async () => {
      sessionReadStarted = true;
      return { Responses: {} };
    });
    const prefetch = vi.fn(async () => {
      prefetchStartedBeforeSessionRead ??= !sessionReadStarted;
      throw new Error('not read');
    });
    const route = httpHandler({ prefetch, handler: async ({ prefetched }) => prefetched });
    // Signed out, a signed-in route never starts it.
    expect((await call(route, apiEvent('GET /api/components'))).statusCode).toBe(401);
    expect(prefetch).not.toHaveBeenCalled();
    // With a cookie it starts before the session is read; a refused request never waits for it
    // and its failure goes nowhere.
    const refused = await call(route, apiEvent('GET /api/components', { cookies: ['ch_session=unknown'] }));
    expect(refused.statusCode).toBe(401);
    expect(prefetch).toHaveBeenCalledTimes(1);
    expect(prefetchStartedBeforeSessionRead).toBe(true);
  });

  it('reads the session, its user and what the route prefetches in one round trip', async () => {
    const route = httpHandler({ prefetch: readCatalogueRevision, handler: async () => ({}) });
    const cookie = `${SESSION_COOKIE}=01ARZ3NDEKTSV4RRFFQ69G5FAV.secret`;
    expect((await call(route, apiEvent('GET /api/components', { cookies: [cookie] }))).statusCode).toBe(401);
    const batches = dynamo.commandCalls(BatchGetCommand);
    expect(batches).toHaveLength(1);
    const keys = batches[0]!.args[0].input.RequestItems!.offline!.Keys!.map((key) => key.pk);
    expect(keys).toEqual(expect.arrayContaining(['CATALOGUE#revision', 'USER#01ARZ3NDEKTSV4RRFFQ69G5FAV']));
    expect(keys).toHaveLength(3);
    expect(dynamo.commandCalls(GetCommand)).toHaveLength(0);
  });

  it('hides internals of an unexpected error behind a 500 with the request id', async () => {
    const failing = httpHandler({
      schema: { query: z.object({}) },
      handler: async () => {
        throw new Error('secret table name ComponentHubTable exploded');
      },
    });
    const result = await call(failing, apiEvent('GET /api/csrf-token', { requestId: 'req-1' }));
    expect(result.statusCode).toBe(500);
    expect(result.json).toEqual({ message: messages.internalError, requestId: 'req-1' });
    expect(result.body).not.toMatch(/ComponentHubTable|at .*\.ts/);
  });
});
