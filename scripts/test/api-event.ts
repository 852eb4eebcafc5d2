/**
 * API Gateway events for code that calls a handler directly (unit tests, benchmarks): built by
 * the local API Gateway's own builder, so a test sees the very event the local server, and AWS,
 * hand the handler.
 */
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { routes, type HttpMethod } from '#shared/routes';
import { buildEvent, lambdaContext, matchRoute } from '../local/api-gateway.ts';

export interface ApiEventInit {
  readonly query?: Readonly<Record<string, string>>;
  /** Sent as they are; `host` and a JSON content type unless given. */
  readonly headers?: Readonly<Record<string, string>>;
  /** `name=value` each, as the browser's Cookie header carries them. */
  readonly cookies?: readonly string[];
  readonly body?: string;
  /** `https`: as CloudFront forwards a request; plain http (the local server) otherwise. */
  readonly proto?: 'http' | 'https';
  readonly requestId?: string;
  readonly sourceIp?: string;
}

/**
 * The payload 2.0 event for `request`, `'GET /api/components/12'`: a path of the route manifest
 * gets its route key and path parameters; any other path keeps itself as the route key, as a
 * request no route serves.
 */
export const apiEvent = (request: string, init: ApiEventInit = {}): APIGatewayProxyEventV2 => {
  const [method = 'GET', path = '/'] = request.split(' ');
  const query = init.query ? new URLSearchParams(init.query).toString() : '';
  const headers: Record<string, string> = {
    host: 'localhost:3000',
    'content-type': 'application/json',
    ...init.headers,
    ...(init.cookies?.length && { cookie: init.cookies.join('; ') }),
  };
  const match = matchRoute(routes, method, path) ?? {
    route: { method: method as HttpMethod, path, handler: '', access: 'public' as const },
    pathParameters: {},
  };
  const event = buildEvent(
    {
      method,
      url: query ? `${path}?${query}` : path,
      rawHeaders: Object.entries(headers).flat(),
      body: Buffer.from(init.body ?? ''),
      sourceIp: init.sourceIp ?? '127.0.0.1',
      httpVersion: '1.1',
      localPort: 3000,
    },
    match,
    init.requestId === undefined ? {} : { requestId: init.requestId },
  );
  if (init.proto === 'https') event.headers['x-forwarded-proto'] = 'https';
  return event;
};

/** A Lambda context with `remainingMs` left from now, for a handler called directly. */
export const apiContext = (requestId = 'test-request', remainingMs = 10_000): Context =>
  lambdaContext('test', requestId, Date.now() + remainingMs);
