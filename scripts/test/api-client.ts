/**
 * The API as a browser sees it, for integration tests: startTestApi() serves the real route
 * manifest and handlers through the local API Gateway on a free loopback port, and a TestClient
 * behaves like one browser: it keeps cookies and sends the CSRF token on mutating requests.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import type { ApiGatewayOptions } from '../local/api-gateway.ts';
import { startLocalServer } from '../local/server.ts';

export interface TestApi {
  /** `http://127.0.0.1:<port>` */
  readonly baseUrl: string;
  readonly port: number;
  close(): Promise<void>;
}

export interface TestApiOptions extends Omit<ApiGatewayOptions, 'edge'> {
  /**
   * The local edge (CloudFront's viewer address and origin secret) is on whenever the functions
   * expect it (ORIGIN_VERIFY_SECRET, set by useTestStack); `false` serves the bare execute-api
   * endpoint instead.
   */
  readonly edge?: ApiGatewayOptions['edge'] | false;
}

/** Starts the local server (API part) on an ephemeral 127.0.0.1 port. */
export const startTestApi = async (options: TestApiOptions = {}): Promise<TestApi> => {
  const secret = process.env.ORIGIN_VERIFY_SECRET;
  const edge =
    options.edge === false ? undefined : (options.edge ?? (secret ? { originVerifySecret: secret } : undefined));
  const server = await startLocalServer({ port: 0, api: { ...options, edge } });
  return { baseUrl: `http://127.0.0.1:${server.port}`, port: server.port, close: () => server.close() };
};

export interface RequestOptions {
  /** Fetch GET /api/csrf-token first and send it as x-csrf-token (mutating methods; default true). */
  readonly csrf?: boolean;
  readonly headers?: Record<string, string>;
}

export interface TestResponse<Body = unknown> {
  readonly status: number;
  readonly headers: Headers;
  /** Parsed JSON when the answer is JSON, else the text; undefined when empty. */
  readonly body: Body;
  /** This answer's Set-Cookie headers, as sent. */
  readonly cookies: string[];
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export class TestClient {
  private readonly jar = new Map<string, string>();

  /**
   * `localAddress`: the loopback address this browser connects from (`127.0.0.7`), so tests can
   * play several clients at once: the local edge reports it as the viewer's address.
   */
  constructor(
    readonly baseUrl: string,
    readonly localAddress?: string,
  ) {}

  /** The value of a cookie the client holds. */
  cookie(name: string): string | undefined {
    return this.jar.get(name);
  }

  setCookie(name: string, value: string): void {
    this.jar.set(name, value);
  }

  clearCookies(): void {
    this.jar.clear();
  }

  get<Body = unknown>(path: string, options?: RequestOptions): Promise<TestResponse<Body>> {
    return this.request('GET', path, undefined, options);
  }

  post<Body = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<TestResponse<Body>> {
    return this.request('POST', path, body, options);
  }

  put<Body = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<TestResponse<Body>> {
    return this.request('PUT', path, body, options);
  }

  patch<Body = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<TestResponse<Body>> {
    return this.request('PATCH', path, body, options);
  }

  delete<Body = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<TestResponse<Body>> {
    return this.request('DELETE', path, body, options);
  }

  async request<Body = unknown>(
    method: string,
    path: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<TestResponse<Body>> {
    const headers = new Headers(options.headers);
    if (MUTATING.has(method.toUpperCase()) && options.csrf !== false && !headers.has('x-csrf-token')) {
      const { status, body: tokenBody } = await this.request<{ token?: string }>('GET', '/api/csrf-token');
      if (status !== 200 || typeof tokenBody?.token !== 'string') {
        throw new Error(`GET /api/csrf-token answered ${status} ${JSON.stringify(tokenBody)}`);
      }
      headers.set('x-csrf-token', tokenBody.token);
    }
    if (this.jar.size > 0) headers.set('cookie', [...this.jar].map(([name, value]) => `${name}=${value}`).join('; '));

    let payload: BodyInit | undefined;
    if (body instanceof Uint8Array || typeof body === 'string') {
      payload = body as BodyInit;
    } else if (body !== undefined) {
      payload = JSON.stringify(body);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    }

    const response = await this.send(new URL(path, this.baseUrl), method, headers, payload);
    const cookies = response.headers.getSetCookie();
    for (const line of cookies) this.store(line);
    const text = await response.text();
    const isJson = /[/+]json\b/.test(response.headers.get('content-type') ?? '');
    const parsed: unknown = text === '' ? undefined : isJson ? JSON.parse(text) : text;
    return { status: response.status, headers: response.headers, body: parsed as Body, cookies };
  }

  /** fetch, or node:http from `localAddress` (fetch cannot choose the address it connects from). */
  private async send(url: URL, method: string, headers: Headers, payload: BodyInit | undefined): Promise<Response> {
    if (!this.localAddress) return fetch(url, { method, headers, body: payload, redirect: 'manual' });
    const body =
      payload === undefined ? undefined : typeof payload === 'string' ? payload : Buffer.from(payload as Uint8Array);
    return new Promise<Response>((resolve, reject) => {
      const outgoing = httpRequest(
        url,
        { method, headers: Object.fromEntries(headers), localAddress: this.localAddress },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('error', reject);
          incoming.on('end', () => {
            const answer = new Headers();
            for (const [name, value] of Object.entries(incoming.headers)) {
              for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value])
                answer.append(name, one);
            }
            const status = incoming.statusCode ?? 0;
            const empty = status === 204 || status === 304;
            resolve(new Response(empty ? null : Buffer.concat(chunks), { status, headers: answer }));
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }

  /** Keeps or drops a cookie as a browser would (Max-Age or Expires in the past deletes it). */
  private store(setCookie: string): void {
    const [pair = '', ...attributes] = setCookie.split(';').map((part) => part.trim());
    const equals = pair.indexOf('=');
    if (equals <= 0) return;
    const name = pair.slice(0, equals);
    const value = pair.slice(equals + 1);
    const attribute = (key: string): string | undefined =>
      attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
    const maxAge = attribute('max-age');
    const expires = attribute('expires');
    const expired =
      maxAge !== undefined ? Number(maxAge) <= 0 : expires !== undefined && Date.parse(expires) <= Date.now();
    if (expired) this.jar.delete(name);
    else this.jar.set(name, value);
  }
}

/**
 * Serves the API for the calling test file (started before its tests, closed after) and hands
 * out fresh browsers: `const api = useTestApi(); ... api.client().post(...)`.
 */
export const useTestApi = (options: TestApiOptions = {}): { client(from?: string): TestClient } => {
  let api: TestApi | undefined;
  beforeAll(async () => {
    api = await startTestApi(options);
  });
  afterAll(async () => {
    await api?.close();
  });
  return {
    client: (from?: string) => {
      if (!api) throw new Error('useTestApi(): the API starts in beforeAll; create clients inside tests');
      return new TestClient(api.baseUrl, from);
    },
  };
};
