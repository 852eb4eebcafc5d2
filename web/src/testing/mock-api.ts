import { vi } from 'vitest';
import { routes } from '#shared/routes';

export interface MockResponse {
  status?: number;
  body?: unknown;
  statusText?: string;
  headers?: Record<string, string>;
}

export type Handler = (request: {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}) => MockResponse | Promise<MockResponse>;

export interface RecordedCall {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

/** The manifest's routes as `METHOD /api/path` patterns (`{id}` matches one path segment). */
const routePatterns = routes.map(
  (route) => new RegExp(`^${route.method} ${route.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
);

/**
 * Replaces fetch with a fake API: each handler answers `"METHOD /api/path"`; any other request
 * fails the test, so a screen cannot call an endpoint the test did not expect. A handler for an
 * API endpoint the route manifest does not have fails at once: the screen would meet a 404.
 */
export const mockApi = (handlers: Record<string, Handler | MockResponse>) => {
  // Other addresses (a presigned S3 POST) are not the API's.
  const unknown = Object.keys(handlers).filter(
    (key) => key.split(' ')[1]?.startsWith('/api/') && !routePatterns.some((pattern) => pattern.test(key)),
  );
  if (unknown.length > 0) throw new Error(`mockApi: no route of the manifest answers ${unknown.join(', ')}`);
  const calls: RecordedCall[] = [];
  const unhandled: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path: url.pathname + url.search, headers, body, credentials: init.credentials });
    const key = `${method} ${url.pathname}`;
    const handler = handlers[key];
    if (!handler) {
      unhandled.push(key);
      throw new Error(`unhandled request ${key}`);
    }
    const {
      status = 200,
      body: answer,
      statusText = '',
      headers: answerHeaders,
    } = typeof handler === 'function'
      ? await handler({ method, path: url.pathname, query: url.searchParams, headers, body })
      : handler;
    const text = answer === undefined ? '' : typeof answer === 'string' ? answer : JSON.stringify(answer);
    return new Response(status === 204 ? null : text, { status, statusText, headers: answerHeaders });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    unhandled,
    /** The calls to one endpoint, e.g. `callsTo('POST /api/login')`. */
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path.split('?')[0]}` === key),
  };
};

export const csrfHandler: MockResponse = { body: { token: 'csrf-token-1' } };
