/**
 * A local stand-in for the API Gateway HTTP API: matches a request to a route of the manifest,
 * turns it into a payload format 2.0 event the way AWS builds one, calls the route's handler
 * module with a Lambda-like context, and maps the result back to an HTTP answer as AWS does.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { routeKey, routes as manifestRoutes, type RouteDefinition } from '#shared/routes';
import { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from '#lib/edge';
import type { LambdaHandler } from '#lib/http';
import { repoRoot } from './env.ts';

/** API Gateway HTTP API's own payload limit. */
export const API_GATEWAY_MAX_BODY_BYTES = 10 * 1024 * 1024;
/** Lambda's limit for a synchronous invocation's payload (the whole event) and its response. */
export const LAMBDA_MAX_PAYLOAD_BYTES = 6 * 1024 * 1024;
/** API Gateway's longest integration timeout. */
export const API_GATEWAY_TIMEOUT_MS = 30_000;

const ACCOUNT_ID = '000000000000';
const API_ID = 'local';

// ---------------------------------------------------------------------------------------------
// Routing

export interface RouteMatch {
  readonly route: RouteDefinition;
  readonly pathParameters: Record<string, string>;
}

const decode = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

const PARAMETER = /^\{([A-Za-z0-9_.-]+)\}$/;

const matchPath = (template: string, segments: readonly string[]): Record<string, string> | undefined => {
  const parts = template.split('/');
  if (parts.length !== segments.length) return undefined;
  const parameters: Record<string, string> = {};
  for (const [index, part] of parts.entries()) {
    const segment = segments[index] ?? '';
    const name = PARAMETER.exec(part)?.[1];
    if (name) {
      if (segment === '') return undefined;
      parameters[name] = decode(segment);
    } else if (part !== decode(segment)) {
      return undefined;
    }
  }
  return parameters;
};

/** Literal segments beat parameters, the leftmost difference deciding, as API Gateway chooses. */
const specificity = (template: string): string =>
  template
    .split('/')
    .map((part) => (PARAMETER.test(part) ? '0' : '1'))
    .join('');

/**
 * The route for a method and raw path, or undefined. As on API Gateway, a path that exists
 * only for other methods does not match either (the caller answers 404).
 */
export const matchRoute = (
  routes: readonly RouteDefinition[],
  method: string,
  rawPath: string,
): RouteMatch | undefined => {
  const segments = rawPath.split('/');
  const matches = routes
    .filter((route) => route.method === method)
    .flatMap((route) => {
      const pathParameters = matchPath(route.path, segments);
      return pathParameters ? [{ route, pathParameters }] : [];
    });
  matches.sort((a, b) => specificity(b.route.path).localeCompare(specificity(a.route.path)));
  return matches[0];
};

// ---------------------------------------------------------------------------------------------
// The event

export interface IncomingRequest {
  readonly method: string;
  /** The request target as received: raw path and query string. */
  readonly url: string;
  /** Alternating names and values, as node:http's `rawHeaders`. */
  readonly rawHeaders: readonly string[];
  readonly body: Buffer;
  readonly sourceIp: string;
  /** `1.1` */
  readonly httpVersion: string;
  /** The port the client connected to, for x-forwarded-port. */
  readonly localPort: number;
}

export interface EventOptions {
  readonly requestId?: string;
  readonly now?: Date;
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
]);

/** Content types API Gateway passes as text; every other body arrives base64-encoded. */
export const isTextContentType = (contentType: string | undefined): boolean => {
  const type = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  return (
    type.startsWith('text/') ||
    /^application\/([\w.+-]+\+)?(json|xml)$/.test(type) ||
    type === 'application/javascript' ||
    type === 'application/graphql'
  );
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (value: number): string => String(value).padStart(2, '0');

/** `12/Mar/2020:19:03:58 +0000`, API Gateway's requestContext.time. */
export const formatRequestTime = (date: Date): string =>
  `${pad(date.getUTCDate())}/${MONTHS[date.getUTCMonth()]}/${date.getUTCFullYear()}:` +
  `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000`;

/** Request ids look like `JKJaXmPLvHcESHA=` on API Gateway. */
export const newRequestId = (): string => randomBytes(11).toString('base64');

const traceId = (now: Date): string =>
  `Root=1-${Math.floor(now.getTime() / 1000).toString(16)}-${randomBytes(12).toString('hex')}`;

/** Repeated parameters are joined with commas; `+` and percent escapes are decoded. */
const parseQuery = (rawQueryString: string): Record<string, string> | undefined => {
  const parameters: Record<string, string> = {};
  for (const part of rawQueryString.split('&')) {
    if (!part) continue;
    const equals = part.indexOf('=');
    const name = decode((equals < 0 ? part : part.slice(0, equals)).replaceAll('+', ' '));
    const value = equals < 0 ? '' : decode(part.slice(equals + 1).replaceAll('+', ' '));
    parameters[name] = name in parameters ? `${parameters[name]},${value}` : value;
  }
  return Object.keys(parameters).length > 0 ? parameters : undefined;
};

export const buildEvent = (
  request: IncomingRequest,
  match: RouteMatch,
  options: EventOptions = {},
): APIGatewayProxyEventV2 => {
  const now = options.now ?? new Date();
  const requestId = options.requestId ?? newRequestId();
  const queryStart = request.url.indexOf('?');
  const rawPath = queryStart < 0 ? request.url : request.url.slice(0, queryStart);
  const rawQueryString = queryStart < 0 ? '' : request.url.slice(queryStart + 1);

  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (let index = 0; index + 1 < request.rawHeaders.length; index += 2) {
    const name = (request.rawHeaders[index] ?? '').toLowerCase();
    const value = request.rawHeaders[index + 1] ?? '';
    if (name === 'cookie') {
      cookies.push(
        ...value
          .split(';')
          .map((cookie) => cookie.trim())
          .filter(Boolean),
      );
    } else if (!HOP_BY_HOP.has(name)) {
      headers[name] = name in headers ? `${headers[name]},${value}` : value;
    }
  }
  headers['x-forwarded-for'] = headers['x-forwarded-for']
    ? `${headers['x-forwarded-for']}, ${request.sourceIp}`
    : request.sourceIp;
  headers['x-forwarded-port'] = String(request.localPort);
  headers['x-forwarded-proto'] = 'http';
  headers['x-amzn-trace-id'] ??= traceId(now);

  const domainName = (headers.host ?? 'localhost').replace(/:\d+$/, '');
  const key = routeKey(match.route);
  const queryStringParameters = parseQuery(rawQueryString);
  const hasBody = request.body.length > 0;
  const isBase64Encoded = hasBody && !isTextContentType(headers['content-type']);

  return {
    version: '2.0',
    routeKey: key,
    rawPath,
    rawQueryString,
    ...(cookies.length > 0 && { cookies }),
    headers,
    ...(queryStringParameters && { queryStringParameters }),
    requestContext: {
      accountId: ACCOUNT_ID,
      apiId: API_ID,
      domainName,
      domainPrefix: domainName.split('.')[0] ?? domainName,
      http: {
        method: request.method,
        path: rawPath,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: request.sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey: key,
      stage: '$default',
      time: formatRequestTime(now),
      timeEpoch: now.getTime(),
    },
    ...(hasBody && { body: request.body.toString(isBase64Encoded ? 'base64' : 'utf8') }),
    ...(Object.keys(match.pathParameters).length > 0 && { pathParameters: match.pathParameters }),
    isBase64Encoded,
  };
};

/**
 * What CloudFront does to a request on its way to the API: whatever the client sent as the viewer
 * address or the origin secret is dropped, and CloudFront's own values are added (the viewer's
 * address and source port, and the secret custom origin header).
 */
export const throughEdge = (
  rawHeaders: readonly string[],
  viewer: { address: string; port: number },
  originVerifySecret: string,
): string[] => {
  const kept: string[] = [];
  for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
    const name = (rawHeaders[index] ?? '').toLowerCase();
    if (name === ORIGIN_VERIFY_HEADER || name === VIEWER_ADDRESS_HEADER) continue;
    kept.push(rawHeaders[index] ?? '', rawHeaders[index + 1] ?? '');
  }
  kept.push('CloudFront-Viewer-Address', `${viewer.address}:${viewer.port}`, ORIGIN_VERIFY_HEADER, originVerifySecret);
  return kept;
};

// ---------------------------------------------------------------------------------------------
// The result

export interface HttpAnswer {
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  /** One Set-Cookie header each. */
  readonly cookies: readonly string[];
  readonly body: Buffer;
}

const jsonAnswer = (statusCode: number, body: unknown): HttpAnswer => ({
  statusCode,
  headers: { 'content-type': 'application/json' },
  cookies: [],
  body: Buffer.from(JSON.stringify(body)),
});

export const NOT_FOUND = jsonAnswer(404, { message: 'Not Found' });
export const INTERNAL_SERVER_ERROR = jsonAnswer(500, { message: 'Internal Server Error' });
export const TOO_LARGE = jsonAnswer(413, { message: 'Request Entity Too Large' });
export const SERVICE_UNAVAILABLE = jsonAnswer(503, { message: 'Service Unavailable' });

const isStructured = (result: unknown): result is APIGatewayProxyStructuredResultV2 =>
  typeof result === 'object' && result !== null && 'statusCode' in result;

/**
 * What API Gateway answers for a handler's result (payload 2.0): a result with a statusCode is
 * taken as the response; any other value is a 200 with that value as JSON (a string as is).
 */
export const toHttpAnswer = (result: unknown): HttpAnswer => {
  if (!isStructured(result)) {
    const body = typeof result === 'string' ? result : (JSON.stringify(result) ?? 'null');
    return { statusCode: 200, headers: { 'content-type': 'application/json' }, cookies: [], body: Buffer.from(body) };
  }
  const { statusCode } = result;
  if (typeof statusCode !== 'number' || !Number.isInteger(statusCode) || statusCode < 100 || statusCode > 599) {
    throw new TypeError(`The handler returned an invalid statusCode: ${String(statusCode)}`);
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) {
    if (value !== undefined && value !== null) headers[name.toLowerCase()] = String(value);
  }
  const body =
    result.body === undefined || result.body === null
      ? Buffer.alloc(0)
      : Buffer.from(String(result.body), result.isBase64Encoded ? 'base64' : 'utf8');
  return { statusCode, headers, cookies: [...(result.cookies ?? [])], body };
};

// ---------------------------------------------------------------------------------------------
// The listener

export interface ApiGatewayOptions {
  /** Defaults to the manifest in shared/routes.ts. */
  readonly routes?: readonly RouteDefinition[];
  /** Where `<handler>.ts` modules live; defaults to functions/src/handlers. */
  readonly handlersDir?: string;
  readonly timeoutMs?: number;
  readonly logError?: (message: string, error: unknown) => void;
  /**
   * Stand in for CloudFront in front of the API, as on AWS: every request gets the viewer address
   * and the origin-verify secret (the functions' ORIGIN_VERIFY_SECRET), and the source address
   * API Gateway reports is the edge's (this server's), not the client's. Without it the gateway
   * is the bare execute-api endpoint.
   */
  readonly edge?: { readonly originVerifySecret: string };
}

export type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

class BodyTooLarge extends Error {}

const readBody = (request: IncomingMessage, limit: number): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > limit) {
      reject(new BodyTooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        request.removeAllListeners('data');
        reject(new BodyTooLarge());
      } else {
        chunks.push(chunk);
      }
    });
    request.once('end', () => resolve(Buffer.concat(chunks)));
    request.once('error', reject);
  });

const send = (response: ServerResponse, answer: HttpAnswer, requestId: string, method: string): void => {
  const headers: Record<string, string | string[]> = { ...answer.headers, 'apigw-requestid': requestId };
  const cookies = [...(answer.headers['set-cookie'] ? [answer.headers['set-cookie']] : []), ...answer.cookies];
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  headers['content-length'] = String(answer.body.length);
  response.writeHead(answer.statusCode, headers);
  response.end(method === 'HEAD' ? undefined : answer.body);
};

const functionName = (handler: string): string => `component-hub-local-${handler.replaceAll('/', '-')}`;

export const lambdaContext = (handler: string, requestId: string, deadline: number): Context => {
  const name = functionName(handler);
  const today = new Date().toISOString().slice(0, 10).replaceAll('-', '/');
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName: name,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:${ACCOUNT_ID}:function:${name}`,
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${name}`,
    logStreamName: `${today}/[$LATEST]${randomBytes(16).toString('hex')}`,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => {},
    fail: () => {},
    succeed: () => {},
  };
};

/** The node:http listener for `/api/*`. Handler modules are imported on first use and kept. */
export const createApiGateway = (options: ApiGatewayOptions = {}): RequestListener => {
  const routes = options.routes ?? manifestRoutes;
  const handlersDir = options.handlersDir ?? join(repoRoot, 'functions', 'src', 'handlers');
  const timeoutMs = options.timeoutMs ?? API_GATEWAY_TIMEOUT_MS;
  const logError = options.logError ?? ((message: string, error: unknown) => console.error(message, error));
  const modules = new Map<string, Promise<LambdaHandler>>();

  const loadHandler = (handler: string): Promise<LambdaHandler> => {
    let loading = modules.get(handler);
    if (!loading) {
      const file = join(handlersDir, `${handler}.ts`);
      loading = import(pathToFileURL(file).href).then((module: { handler?: unknown }) => {
        if (typeof module.handler !== 'function')
          throw new TypeError(`${file} does not export a function named handler`);
        return module.handler as LambdaHandler;
      });
      // A module that failed to load is tried again on the next request (it may be fixed by then).
      loading.catch(() => modules.delete(handler));
      modules.set(handler, loading);
    }
    return loading;
  };

  const invoke = async (request: IncomingMessage, requestId: string): Promise<HttpAnswer> => {
    const method = (request.method ?? 'GET').toUpperCase();
    const url = request.url ?? '/';
    const rawPath = url.split('?')[0] ?? '/';
    const match = matchRoute(routes, method, rawPath);
    if (!match) {
      request.resume();
      return NOT_FOUND;
    }

    let body: Buffer;
    try {
      body = await readBody(request, API_GATEWAY_MAX_BODY_BYTES);
    } catch (error) {
      if (error instanceof BodyTooLarge) return TOO_LARGE;
      throw error;
    }
    const now = new Date();
    const clientAddress = (request.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
    const edgeAddress = (request.socket.localAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
    const event = buildEvent(
      {
        method,
        url,
        rawHeaders: options.edge
          ? throughEdge(
              request.rawHeaders,
              { address: clientAddress, port: request.socket.remotePort ?? 0 },
              options.edge.originVerifySecret,
            )
          : request.rawHeaders,
        body,
        sourceIp: options.edge ? edgeAddress : clientAddress,
        httpVersion: request.httpVersion,
        localPort: request.socket.localPort ?? 0,
      },
      match,
      { requestId, now },
    );
    if (Buffer.byteLength(JSON.stringify(event)) > LAMBDA_MAX_PAYLOAD_BYTES) return TOO_LARGE;

    const label = `${routeKey(match.route)} (request ${requestId})`;
    const deadline = now.getTime() + timeoutMs;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)));
    try {
      const handler = await loadHandler(match.route.handler);
      const result = await Promise.race([
        handler(event, lambdaContext(match.route.handler, randomUUID(), deadline)),
        timedOut,
      ]);
      if (result === 'timeout') {
        logError(`${label}: no answer within ${timeoutMs} ms`, undefined);
        return SERVICE_UNAVAILABLE;
      }
      const answer = toHttpAnswer(result);
      if (answer.body.length > LAMBDA_MAX_PAYLOAD_BYTES) {
        logError(`${label}: the response is larger than Lambda's ${LAMBDA_MAX_PAYLOAD_BYTES} bytes`, undefined);
        return INTERNAL_SERVER_ERROR;
      }
      return answer;
    } catch (error) {
      logError(`${label} failed:`, error);
      return INTERNAL_SERVER_ERROR;
    } finally {
      clearTimeout(timer);
    }
  };

  return (request, response) => {
    const requestId = newRequestId();
    invoke(request, requestId)
      .catch((error: unknown) => {
        logError(`${request.method} ${request.url} (request ${requestId}) failed:`, error);
        return INTERNAL_SERVER_ERROR;
      })
      .then((answer) => {
        if (answer === TOO_LARGE) response.setHeader('connection', 'close');
        send(response, answer, requestId, request.method ?? 'GET');
      })
      .catch((error: unknown) => logError('Could not write the response:', error));
  };
};
