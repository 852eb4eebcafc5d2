import { readFileSync } from 'node:fs';
import { request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { RouteDefinition } from '#shared/routes';
import { buildEvent, formatRequestTime, matchRoute, toHttpAnswer, type IncomingRequest } from './api-gateway.ts';
import { startLocalServer, type LocalServer } from './server.ts';

/** AWS's documented payload 2.0 example (API Gateway developer guide, "Create AWS Lambda proxy integrations for HTTP APIs"). */
const awsExample = JSON.parse(
  readFileSync(fileURLToPath(new URL('./fixtures/apigw-v2-event.json', import.meta.url)), 'utf8'),
) as APIGatewayProxyEventV2 & { stageVariables?: unknown };

const RECORDS = new Set(['headers', 'queryStringParameters', 'pathParameters']);

/** Keys and value types, recursively; header, query and path maps only need string values. */
const shape = (value: unknown, path = ''): unknown => {
  if (RECORDS.has(path)) {
    const values = Object.values(value as object);
    return values.every((v) => typeof v === 'string') ? 'Record<string, string>' : 'not a string map';
  }
  if (Array.isArray(value)) return [...new Set(value.map((item) => JSON.stringify(shape(item, `${path}[]`))))];
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, shape((value as Record<string, unknown>)[key], path ? `${path}.${key}` : key)]),
    );
  }
  return typeof value;
};

/** What a plain HTTP API (no mTLS, no authorizer, no stage variables) sends: the example without those. */
const withoutUnusedFeatures = (event: typeof awsExample): unknown => {
  const { stageVariables: _stageVariables, requestContext, ...rest } = event;
  const {
    authentication: _authentication,
    authorizer: _authorizer,
    ...context
  } = requestContext as typeof requestContext & {
    authentication?: unknown;
    authorizer?: unknown;
  };
  return { ...rest, requestContext: context };
};

const route = (method: RouteDefinition['method'], path: string, handler: string): RouteDefinition => ({
  method,
  path,
  handler,
  access: 'public',
});

describe('the event', () => {
  const exampleRequest: IncomingRequest = {
    method: 'POST',
    url: '/my/path?parameter1=value1&parameter1=value2&parameter2=value',
    rawHeaders: [
      'Header1',
      'value1',
      'header2',
      'value1',
      'Header2',
      'value2',
      'Cookie',
      'cookie1; cookie2',
      'Content-Type',
      'text/plain',
      'User-Agent',
      'agent',
      'Host',
      'id.execute-api.us-east-1.amazonaws.com',
      'Connection',
      'keep-alive',
    ],
    body: Buffer.from('Hello from Lambda'),
    sourceIp: '192.0.2.1',
    httpVersion: '1.1',
    localPort: 3000,
  };
  const match = matchRoute([route('POST', '/my/{parameter1}', 'example')], 'POST', '/my/path')!;
  const event = buildEvent(exampleRequest, match, { requestId: 'id', now: new Date(1583348638390) });

  it('has the keys and shapes of the AWS example', () => {
    expect(shape(event)).toEqual(shape(withoutUnusedFeatures(awsExample)));
  });

  it('carries the example request the way AWS does', () => {
    expect(event).toMatchObject({
      version: awsExample.version,
      rawPath: awsExample.rawPath,
      rawQueryString: awsExample.rawQueryString,
      cookies: awsExample.cookies,
      queryStringParameters: awsExample.queryStringParameters,
      body: awsExample.body,
      isBase64Encoded: false,
      requestContext: {
        domainName: awsExample.requestContext.domainName,
        domainPrefix: awsExample.requestContext.domainPrefix,
        http: awsExample.requestContext.http,
        requestId: 'id',
        stage: '$default',
        timeEpoch: awsExample.requestContext.timeEpoch,
      },
    });
    // Lower-case names, repeated headers joined with commas, the Cookie header moved to `cookies`.
    expect(event.headers).toMatchObject(awsExample.headers);
    expect(event.headers).not.toHaveProperty('cookie');
    expect(event.headers).not.toHaveProperty('connection');
    expect(event.headers).toMatchObject({
      'x-forwarded-for': '192.0.2.1',
      'x-forwarded-proto': 'http',
      'x-forwarded-port': '3000',
    });
    expect(event.routeKey).toBe('POST /my/{parameter1}');
    expect(event.requestContext.routeKey).toBe(event.routeKey);
    expect(event.pathParameters).toEqual({ parameter1: 'path' });
  });

  it('formats the request time like API Gateway', () => {
    expect(formatRequestTime(new Date('2020-03-12T19:03:58.390Z'))).toBe(awsExample.requestContext.time);
    expect(event.requestContext.time).toMatch(/^\d{2}\/[A-Z][a-z]{2}\/\d{4}:\d{2}:\d{2}:\d{2} \+0000$/);
  });

  it('leaves out cookies, query parameters, path parameters and body when there are none', () => {
    const bare = buildEvent(
      {
        ...exampleRequest,
        method: 'GET',
        url: '/things',
        rawHeaders: ['Host', 'localhost:3000'],
        body: Buffer.alloc(0),
      },
      matchRoute([route('GET', '/things', 'things')], 'GET', '/things')!,
    );
    expect(bare).not.toHaveProperty('cookies');
    expect(bare).not.toHaveProperty('queryStringParameters');
    expect(bare).not.toHaveProperty('pathParameters');
    expect(bare).not.toHaveProperty('body');
    expect(bare.isBase64Encoded).toBe(false);
    expect(bare.rawQueryString).toBe('');
    expect(bare.requestContext.domainName).toBe('localhost');
  });

  it('base64-encodes bodies that are not text', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 255]);
    for (const contentType of [
      'application/octet-stream',
      'image/png',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const binary = buildEvent({ ...exampleRequest, rawHeaders: ['Content-Type', contentType], body: bytes }, match);
      expect(binary.isBase64Encoded, contentType).toBe(true);
      expect(Buffer.from(binary.body!, 'base64')).toEqual(bytes);
    }
    for (const contentType of [
      'application/json',
      'application/json; charset=utf-8',
      'application/problem+json',
      'text/csv',
    ]) {
      const text = buildEvent(
        { ...exampleRequest, rawHeaders: ['Content-Type', contentType], body: Buffer.from('{"a":"é"}') },
        match,
      );
      expect(text.isBase64Encoded, contentType).toBe(false);
      expect(text.body).toBe('{"a":"é"}');
    }
  });

  it('decodes query and path parameters but keeps the raw strings raw', () => {
    const encoded = buildEvent(
      { ...exampleRequest, method: 'GET', url: '/my/a%20b?q=3RT2015%2B1&name=a+b&flag&empty=', body: Buffer.alloc(0) },
      matchRoute([route('GET', '/my/{parameter1}', 'x')], 'GET', '/my/a%20b')!,
    );
    expect(encoded.rawPath).toBe('/my/a%20b');
    expect(encoded.rawQueryString).toBe('q=3RT2015%2B1&name=a+b&flag&empty=');
    expect(encoded.queryStringParameters).toEqual({ q: '3RT2015+1', name: 'a b', flag: '', empty: '' });
    expect(encoded.pathParameters).toEqual({ parameter1: 'a b' });
  });
});

describe('routing', () => {
  const routes = [
    route('GET', '/api/components/{id}', 'get-component'),
    route('GET', '/api/components/stats', 'stats'),
    route('DELETE', '/api/components/{id}', 'delete-component'),
    route('GET', '/api/components/{id}/versions/{version}', 'get-version'),
  ];

  it('prefers literal segments to parameters, whatever the manifest order', () => {
    expect(matchRoute(routes, 'GET', '/api/components/stats')?.route.handler).toBe('stats');
    expect(matchRoute(routes, 'GET', '/api/components/42')).toMatchObject({
      route: { handler: 'get-component' },
      pathParameters: { id: '42' },
    });
    expect(matchRoute(routes, 'GET', '/api/components/7/versions/3')?.pathParameters).toEqual({
      id: '7',
      version: '3',
    });
  });

  it('matches nothing for an unknown path, a wrong method, an empty parameter or a trailing slash', () => {
    expect(matchRoute(routes, 'GET', '/api/unknown')).toBeUndefined();
    expect(matchRoute(routes, 'POST', '/api/components/42')).toBeUndefined();
    expect(matchRoute(routes, 'GET', '/api/components/')).toBeUndefined();
    expect(matchRoute(routes, 'GET', '/api/components/42/')).toBeUndefined();
  });
});

describe('the result', () => {
  it('maps a structured result: status, headers, one Set-Cookie per cookie, base64 body decoded', () => {
    const answer = toHttpAnswer({
      statusCode: 201,
      headers: { 'Content-Type': 'image/png', 'X-Count': 3 },
      cookies: ['a=1; HttpOnly', 'b=2'],
      body: Buffer.from([1, 2, 255]).toString('base64'),
      isBase64Encoded: true,
    });
    expect(answer).toEqual({
      statusCode: 201,
      headers: { 'content-type': 'image/png', 'x-count': '3' },
      cookies: ['a=1; HttpOnly', 'b=2'],
      body: Buffer.from([1, 2, 255]),
    });
  });

  it('treats any other value as a 200 JSON answer, as API Gateway infers for payload 2.0', () => {
    expect(toHttpAnswer({ hello: 'world' })).toMatchObject({
      statusCode: 200,
      headers: { 'content-type': 'application/json' },
      body: Buffer.from('{"hello":"world"}'),
    });
    expect(toHttpAnswer('Hello from Lambda!')).toMatchObject({
      statusCode: 200,
      body: Buffer.from('Hello from Lambda!'),
    });
    expect(toHttpAnswer({ statusCode: 204 })).toMatchObject({ statusCode: 204, body: Buffer.alloc(0) });
  });

  it('refuses a result with an invalid status code', () => {
    expect(() => toHttpAnswer({ statusCode: 'teapot' })).toThrow(/statusCode/);
    expect(() => toHttpAnswer({ statusCode: 1000 })).toThrow(/statusCode/);
  });
});

describe('through HTTP', () => {
  const handlersDir = fileURLToPath(new URL('./fixtures/handlers', import.meta.url));
  const logError = vi.fn();
  let server: LocalServer;
  let slowServer: LocalServer;

  beforeAll(async () => {
    const routes = [
      route('POST', '/api/echo/{id}', 'echo'),
      route('GET', '/api/echo/{id}', 'echo'),
      route('GET', '/api/echo/special', 'results'),
      route('GET', '/api/results', 'results'),
      route('GET', '/api/missing', 'no-such-handler'),
    ];
    server = await startLocalServer({ port: 0, api: { routes, handlersDir, logError } });
    slowServer = await startLocalServer({ port: 0, api: { routes, handlersDir, logError, timeoutMs: 200 } });
  });
  afterAll(async () => {
    await server?.close();
    await slowServer?.close();
  });

  /** node:http rather than fetch, to send repeated headers as separate lines. */
  const send = (
    target: LocalServer,
    method: string,
    path: string,
    headers: OutgoingHttpHeaders = {},
    body?: Buffer | string,
  ): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> =>
    new Promise((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port: target.port, method, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end(body);
    });

  const echoed = async (method: string, path: string, headers: OutgoingHttpHeaders, body?: Buffer | string) => {
    const answer = await send(server, method, path, headers, body);
    expect(answer.status).toBe(200);
    return JSON.parse(answer.body.toString()) as {
      event: APIGatewayProxyEventV2;
      context: { awsRequestId: string; functionName: string; remainingMs: number };
    };
  };

  it('hands the handler a payload 2.0 event and a Lambda context', async () => {
    const { event, context } = await echoed(
      'POST',
      '/api/echo/a%2Fb?x=1&x=2',
      {
        'content-type': 'application/json',
        cookie: 'sid=abc; theme=dark',
        'x-multi': ['one', 'two'],
        'user-agent': 'vitest',
      },
      '{"name":"ada"}',
    );
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'POST /api/echo/{id}',
      rawPath: '/api/echo/a%2Fb',
      rawQueryString: 'x=1&x=2',
      cookies: ['sid=abc', 'theme=dark'],
      queryStringParameters: { x: '1,2' },
      pathParameters: { id: 'a/b' },
      body: '{"name":"ada"}',
      isBase64Encoded: false,
      requestContext: {
        http: {
          method: 'POST',
          path: '/api/echo/a%2Fb',
          protocol: 'HTTP/1.1',
          sourceIp: '127.0.0.1',
          userAgent: 'vitest',
        },
        stage: '$default',
        routeKey: 'POST /api/echo/{id}',
      },
    });
    expect(event.headers).toMatchObject({
      'x-multi': 'one,two',
      'x-forwarded-proto': 'http',
      'x-forwarded-for': '127.0.0.1',
      host: `127.0.0.1:${server.port}`,
    });
    expect(event.headers).not.toHaveProperty('cookie');
    expect(context.functionName).toBe('component-hub-local-echo');
    expect(context.awsRequestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(context.remainingMs).toBeGreaterThan(25_000);
    expect(context.remainingMs).toBeLessThanOrEqual(30_000);
  });

  it('sends binary bodies base64-encoded', async () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 255]);
    const { event } = await echoed('POST', '/api/echo/1', { 'content-type': 'application/octet-stream' }, bytes);
    expect(event.isBase64Encoded).toBe(true);
    expect(Buffer.from(event.body!, 'base64')).toEqual(bytes);
  });

  it('routes a literal path before a parameter', async () => {
    const answer = await send(server, 'GET', '/api/echo/special?kind=object');
    expect(JSON.parse(answer.body.toString())).toEqual({ hello: 'world' });
  });

  it('maps cookies, headers, status and base64 bodies back to HTTP', async () => {
    const answer = await send(server, 'GET', '/api/results?kind=structured');
    expect(answer.status).toBe(201);
    expect(answer.headers['content-type']).toBe('image/png');
    expect(answer.headers['x-count']).toBe('3');
    expect(answer.headers['set-cookie']).toEqual(['a=1; Path=/; HttpOnly', 'b=2; Path=/; Max-Age=60']);
    expect(answer.headers['apigw-requestid']).toMatch(/^[A-Za-z0-9+/]{15}=$/);
    expect(answer.body).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]));

    const text = await send(server, 'GET', '/api/results?kind=string');
    expect(text).toMatchObject({ status: 200, headers: { 'content-type': 'application/json' } });
    expect(text.body.toString()).toBe('just text');
  });

  it('answers 404 Not Found for an unknown path and for a known path with another method', async () => {
    for (const [method, path] of [
      ['GET', '/api/nowhere'],
      ['DELETE', '/api/echo/1'],
      ['GET', '/api'],
    ]) {
      const answer = await send(server, method!, path!);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(JSON.parse(answer.body.toString())).toEqual({ message: 'Not Found' });
    }
  });

  it('answers 500 Internal Server Error when the handler throws, returns nonsense or cannot be loaded, and logs why', async () => {
    logError.mockClear();
    for (const path of ['/api/results?kind=crash', '/api/results?kind=bad-status', '/api/missing']) {
      const answer = await send(server, 'GET', path);
      expect(answer.status, path).toBe(500);
      expect(JSON.parse(answer.body.toString())).toEqual({ message: 'Internal Server Error' });
    }
    expect(logError).toHaveBeenCalledTimes(3);
    expect(String(logError.mock.calls[0]?.[1])).toMatch(/fixture crash/);
  });

  it('answers 503 when the handler outlives the integration timeout', async () => {
    const answer = await send(slowServer, 'GET', '/api/results?kind=slow');
    expect(answer.status).toBe(503);
    expect(JSON.parse(answer.body.toString())).toEqual({ message: 'Service Unavailable' });
  });

  it("answers 413 when the event would exceed Lambda's 6 MB, base64 growth included", async () => {
    const tooBigText = await send(
      server,
      'POST',
      '/api/echo/1',
      { 'content-type': 'text/plain' },
      'x'.repeat(6.5 * 1024 * 1024),
    );
    expect(tooBigText.status).toBe(413);
    expect(JSON.parse(tooBigText.body.toString())).toEqual({ message: 'Request Entity Too Large' });
    const binary = await send(
      server,
      'POST',
      '/api/echo/1',
      { 'content-type': 'application/octet-stream' },
      Buffer.alloc(5 * 1024 * 1024),
    );
    expect(binary.status).toBe(413);
    const fits = await send(server, 'POST', '/api/echo/1', { 'content-type': 'text/plain' }, 'x'.repeat(1024 * 1024));
    expect(fits.status).toBe(200);
  });
});
