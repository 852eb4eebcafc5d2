import middy, { type MiddlewareObj, type Request } from '@middy/core';
import httpSecurityHeaders from '@middy/http-security-headers';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { parseCookie } from 'cookie';
import type { z, ZodError, ZodType } from 'zod';
import { findRoute, isMutating, writeLimitOf, type HttpMethod, type RouteDefinition } from '#shared/routes';
import { messages } from '#shared/messages';
import { tokenMayCall } from '#shared/schemas/tokens';
import { hasRole } from '#shared/schemas/auth';
import { csrfHolder, isValidCsrfToken } from '#services/auth/csrf';
import { config } from './config';
import { withRouteNeeds } from './identity-key-guard';
import { resolveAccessToken, type TokenGrant } from '#services/auth/access-tokens';
import { resolveSession, type ActiveSession } from '#services/auth/sessions';
import type { AllowanceTicket } from '#services/allowances';
import { mustSetUpSecondFactor } from '#services/auth/second-factor/rules';
import { takeWriteSlot } from '#services/write-limits';
import { withGatheredReads } from '#repositories/table';
import { PRESESSION_COOKIE, SESSION_COOKIE } from './cookies';
import { isOriginSecret, ORIGIN_VERIFY_HEADER, originVerifySecret, VIEWER_ADDRESS_HEADER, viewerAddress } from './edge';
import {
  DomainError,
  Forbidden,
  Invalid,
  isServiceUnavailable,
  Moved,
  NotFound,
  Unauthorized,
  type FieldErrors,
} from './errors';
import { JSON_BODY_MAX_BYTES, parseBody } from './json-body';
import { logger } from './logger';

export type Event = APIGatewayProxyEventV2;
export type Result = APIGatewayProxyStructuredResultV2;
/** What every route module exports as `handler`: API Gateway payload 2.0 in, a structured result out. */
export type LambdaHandler = (event: Event, context: Context) => Promise<Result>;

interface Schemas {
  body?: ZodType;
  query?: ZodType;
  path?: ZodType;
}
type Parsed<S extends Schemas, K extends keyof Schemas> = S[K] extends ZodType ? z.output<S[K]> : undefined;

export interface RequestInfo {
  id: string;
  /** The client's address: behind CloudFront the viewer's (see lib/edge.ts), else the connection's. */
  sourceIp: string;
  /** The client's User-Agent header, as it named itself (recorded with a new session). */
  userAgent: string | undefined;
  /** False only on plain-http loopback (the local stack): cookies drop `Secure` there. */
  secure: boolean;
  cookies: Record<string, string | undefined>;
  /**
   * The client's token for a write it may send again after an unknown outcome (the
   * `Idempotency-Key` header); the services that take it make that write once.
   */
  idempotencyKey: string | undefined;
  /** What the client said it takes (the `Accept` header). */
  accept: string | undefined;
}

export interface HandlerInput<S extends Schemas, P = undefined> {
  body: Parsed<S, 'body'>;
  query: Parsed<S, 'query'>;
  path: Parsed<S, 'path'>;
  request: RequestInfo;
  /** The caller's session, when logged in. */
  session: ActiveSession | undefined;
  /** The caller's session; routes whose manifest access is `user` or `admin` always have one. */
  requireSession(): ActiveSession;
  /** What the route's `prefetch` read while the session was checked. */
  prefetched: P;
}

/** A handler's answer when it needs more than `200` with a JSON body. */
export class Reply {
  constructor(
    readonly statusCode: number,
    readonly body?: unknown,
    readonly cookies: string[] = [],
    readonly headers: Record<string, string> = {},
  ) {}
}

export const reply = (init: {
  status?: number;
  body?: unknown;
  cookies?: string[];
  headers?: Record<string, string>;
}): Reply => new Reply(init.status ?? (init.body === undefined ? 204 : 200), init.body, init.cookies, init.headers);

interface HttpContext extends Context {
  requestInfo: RequestInfo;
  route: RouteDefinition;
  session: ActiveSession | undefined;
  /** What an access token allows, when the request signed in with one. */
  grant: TokenGrant | undefined;
  input: { body: unknown; query: unknown; path: unknown };
  startedAt: number;
  prefetched: Promise<unknown> | undefined;
  /** The write allowance this request took, if it is a counted write. */
  writeTicket: AllowanceTicket | undefined;
}
type HttpRequest = Request<Event, Result, Error, HttpContext>;
type Middleware = MiddlewareObj<Event, Result, Error, HttpContext>;

const json = (
  statusCode: number,
  body: unknown,
  headers: Record<string, string> = {},
  cookies: string[] = [],
): Result => ({
  statusCode,
  headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  ...(cookies.length ? { cookies } : {}),
  body: body === undefined ? '' : JSON.stringify(body),
});

const isLoopback = (host: string): boolean => /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/i.test(host);

const describeRequest = (event: Event, context: Context): RequestInfo => {
  const proto = event.headers['x-forwarded-proto'] ?? 'https';
  return {
    id: event.requestContext?.requestId ?? context.awsRequestId,
    sourceIp: event.requestContext?.http?.sourceIp ?? 'unknown',
    userAgent: event.headers['user-agent'],
    secure: !(proto === 'http' && isLoopback(event.headers.host ?? '')),
    cookies: parseCookie((event.cookies ?? []).join('; ')),
    idempotencyKey: event.headers['idempotency-key']?.trim().slice(0, 200) || undefined,
    accept: event.headers.accept,
  };
};

/** Request id, timing and one structured log line per request. */
const requestLog = (): Middleware => {
  const finish = (request: HttpRequest) => {
    const { context } = request;
    logger.info('request', {
      requestId: context.requestInfo?.id,
      route: request.event.routeKey,
      status: request.response?.statusCode,
      userId: context.session?.user.id,
      latencyMs: Date.now() - context.startedAt,
    });
  };
  return {
    before: (request) => {
      request.context.startedAt = Date.now();
      // function name, memory, cold start and the Lambda request id on every line of this request.
      logger.addContext(request.context);
      request.context.requestInfo = describeRequest(request.event, request.context);
    },
    after: finish,
    onError: finish,
  };
};

/**
 * Behind CloudFront (an origin-verify secret configured): refuses a request that does not carry
 * the secret, so nobody reaches the functions around the edge, and takes the client's address
 * from the viewer address CloudFront forwarded, which only such a request can be trusted for.
 */
const trustedEdge = (): Middleware => ({
  before: async (request) => {
    const secret = await originVerifySecret();
    if (secret === undefined) return;
    const { headers } = request.event;
    if (!isOriginSecret(headers[ORIGIN_VERIFY_HEADER], secret)) throw new Forbidden(messages.forbidden);
    const viewer = viewerAddress(headers[VIEWER_ADDRESS_HEADER]);
    if (viewer) request.context.requestInfo.sourceIp = viewer;
    else logger.warn('no viewer address from CloudFront', { requestId: request.context.requestInfo.id });
  },
});

/** The request's body, read once for the validation after the access checks (see json-body.ts). */
const jsonBody = (maxBytes: number): Middleware => ({
  before: (request) => {
    const { event } = request;
    // The provider posts a form (`logout_token=…`), as back-channel logout prescribes.
    const form = findRoute(event.routeKey)?.caller === 'provider';
    request.context.input = { body: parseBody(event, { maxBytes, form }), query: undefined, path: undefined };
  },
});

/** The route's manifest entry, which the checks after this one read; a route missing from it is a 404. */
const manifestRoute = (): Middleware => ({
  before: (request) => {
    const route = findRoute(request.event.routeKey);
    if (!route) throw new NotFound(messages.notFound);
    request.context.route = route;
  },
});

/**
 * A server-to-server call from the provider carries no browser state to check (no session, no
 * Origin, no CSRF token): it proves itself by what it sends (a logout token signed by the provider).
 */
const fromProvider = (request: HttpRequest): boolean => request.context.route.caller === 'provider';

/**
 * The session from the cookie. A route's prefetch starts first, beside the session read, for a
 * request that may be allowed (a public route, or one with a session cookie); the handler waits
 * for it.
 */
const sessionLookup = (prefetch: (() => Promise<unknown>) | undefined): Middleware => ({
  before: async (request) => {
    const { context } = request;
    context.prefetched = undefined;
    context.session = undefined;
    context.grant = undefined;
    if (fromProvider(request)) return;
    const token = context.requestInfo.cookies[SESSION_COOKIE];
    if (prefetch && (token || context.route.access === 'public')) {
      const prefetched = prefetch();
      // Refused requests never wait for it; its failure is the handler's to report.
      prefetched.catch(() => undefined);
      context.prefetched = prefetched;
    }
    // A script's access token stands for its user, without cookies (and without CSRF: no
    // browser sends one by itself); one that is not valid is refused, never ignored.
    const bearer = /^Bearer\s+(.+)$/i.exec(request.event.headers.authorization ?? '')?.[1];
    if (bearer !== undefined) {
      const signedIn = await resolveAccessToken(bearer, request.event.routeKey);
      if (!signedIn) throw new Unauthorized(messages.tokenInvalid);
      const { grant, ...session } = signedIn;
      context.session = session;
      context.grant = grant;
      return;
    }
    if (token) context.session = await resolveSession(token);
  },
});

/**
 * The manifest's access rule: signed in for `user`; a librarian or an administrator for
 * `librarian`; an administrator for `admin`.
 */
const roleCheck = (): Middleware => ({
  before: (request) => {
    const { route, session } = request.context;
    if (route.access === 'public' || fromProvider(request)) return;
    if (!session) throw new Unauthorized(messages.notLoggedIn);
    const { grant } = request.context;
    if (grant && !tokenMayCall(route, grant.scopes)) throw new Forbidden(messages.tokenScopeTooNarrow);
    if (route.access === 'user') return;
    if (!hasRole(session.user.role, route.access)) throw new Forbidden(messages.forbidden);
    // Where the deployment makes a second factor mandatory for administrators, administration
    // stays shut until one is set up (Settings, a user route, stays open for that).
    if (mustSetUpSecondFactor(session.user)) throw new Forbidden(messages.secondFactorRequiredForAdmins);
  },
});

/** A write whose caller's browser state is checked: not the provider's, not a token's (no cookies). */
const isCheckedWrite = (request: HttpRequest): boolean =>
  isMutating(request.context.route.method as HttpMethod) && !fromProvider(request) && !request.context.grant;

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The origins the app is served from: APP_URL's, and on loopback the same port under any loopback name. */
const ownOrigins = (): Set<string> => {
  const app = new URL(config().APP_URL);
  if (!LOOPBACK_NAMES.has(app.hostname)) return new Set([app.origin]);
  return new Set([...LOOPBACK_NAMES].map((name) => `${app.protocol}//${name}${app.port ? `:${app.port}` : ''}`));
};

const originOf = (url: string): string | undefined => {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

/**
 * A browser names the page a request came from in Origin (or, failing that, Referer). When it
 * does and that is not the app, the request is another site's and is refused whatever else it
 * carries; callers that send neither (scripts, older clients) are left to the CSRF token.
 */
const isOwnOrigin = (headers: Event['headers']): boolean => {
  const stated = headers.origin ?? headers.referer;
  if (stated === undefined || stated === '') return true;
  const origin = stated === 'null' ? 'null' : originOf(stated);
  return origin !== undefined && ownOrigins().has(origin);
};

const sameOrigin = (): Middleware => ({
  before: (request) => {
    if (isCheckedWrite(request) && !isOwnOrigin(request.event.headers)) throw new Forbidden(messages.foreignOrigin);
  },
});

/** The header a write carries its CSRF token in. */
export const CSRF_HEADER = 'x-csrf-token';

/** A write carries the CSRF token of what it is bound to (the session, or before login the pre-session cookie). */
const csrfCheck = (): Middleware => ({
  before: async (request) => {
    if (!isCheckedWrite(request)) return;
    const { event, context } = request;
    const holder = csrfHolder(context.session?.session, context.requestInfo.cookies[PRESESSION_COOKIE]);
    if (!(await isValidCsrfToken(event.headers[CSRF_HEADER], holder))) throw new Forbidden(messages.csrfInvalid);
  },
});

/**
 * A signed-in user's write counts against their allowance for its kind (429 past it). Only
 * accepted writes count: one answered with a client error (invalid, refused, conflicting) is
 * given back, so mistakes do not use up what is left for real work.
 */
const writeLimits = (): Middleware => {
  const giveBackRefused = async (request: HttpRequest) => {
    const ticket = request.context.writeTicket;
    const status = request.response?.statusCode ?? 0;
    if (!ticket || status < 400 || status >= 500) return;
    request.context.writeTicket = undefined;
    await ticket.giveBack().catch((error: unknown) =>
      logger.warn('write allowance not given back', {
        requestId: request.context.requestInfo?.id,
        error: error as Error,
      }),
    );
  };
  return {
    before: async (request) => {
      request.context.writeTicket = undefined;
      const kind = writeLimitOf(request.context.route);
      const user = request.context.session?.user;
      if (kind && user) request.context.writeTicket = await takeWriteSlot(user.id, kind);
    },
    after: giveBackRefused,
    onError: giveBackRefused,
  };
};

const fieldErrors = (error: ZodError, prefix?: string): FieldErrors => {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || prefix || 'body';
    fields[key] ??= issue.message;
  }
  return fields;
};

const validate = (schemas: Schemas): Middleware => ({
  before: (request) => {
    const { event, context } = request;
    const sources = {
      body: context.input.body,
      query: event.queryStringParameters ?? {},
      path: event.pathParameters ?? {},
    };
    const fields: FieldErrors = {};
    for (const part of ['path', 'query', 'body'] as const) {
      const schema = schemas[part];
      if (!schema) continue;
      const result = schema.safeParse(sources[part]);
      if (result.success) context.input[part] = result.data;
      else Object.assign(fields, fieldErrors(result.error, part === 'body' ? undefined : part));
    }
    const first = Object.values(fields)[0];
    if (first) throw new Invalid(first, fields);
  },
});

/**
 * Typed errors become their status; an AWS service that cannot be reached a 503; anything else
 * a 500 that names only the request id.
 */
const errorMapper = (): Middleware => ({
  onError: (request) => {
    const { error } = request;
    if (error instanceof DomainError) {
      request.response = json(
        error.statusCode,
        {
          message: error.message,
          ...(error.fields ? { fields: error.fields } : {}),
          ...(error instanceof Moved ? { movedTo: error.movedTo } : {}),
        },
        error.headers,
      );
      return;
    }
    const requestId = request.context.requestInfo?.id ?? request.context.awsRequestId;
    if (isServiceUnavailable(error)) {
      logger.error('service unavailable', { requestId, route: request.event.routeKey, error: error as Error });
      request.response = json(503, { message: messages.serviceUnavailable, requestId }, { 'retry-after': '30' });
      return;
    }
    logger.error('unhandled error', { requestId, route: request.event.routeKey, error: error as Error });
    request.response = json(500, { message: messages.internalError, requestId });
  },
});

const securityHeaders = () =>
  httpSecurityHeaders({
    contentSecurityPolicy: { 'default-src': "'none'", 'frame-ancestors': "'none'" },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    reportTo: false,
  }) as unknown as Middleware;

/** HSTS only means something over https; the local stack is plain http. */
const stripHstsOnPlainHttp = (): Middleware => {
  const strip = (request: HttpRequest) => {
    if (request.context.requestInfo?.secure === false && request.response?.headers) {
      delete request.response.headers['Strict-Transport-Security'];
    }
  };
  return { after: strip, onError: strip };
};

/**
 * Wraps a route handler in the one fixed middleware stack: log, the edge check, security headers, JSON body,
 * the manifest entry, session, role check, Origin and CSRF on writes, per-user write limits, zod
 * validation, error mapping.
 */
/** What a route handler takes, as it declared it: its schemas and its largest body. */
export interface DeclaredInput extends Schemas {
  maxBodyBytes: number;
}

const declaredInputs = new WeakMap<LambdaHandler, DeclaredInput>();

/**
 * What a handler made by {@link httpHandler} validates, for the API description, which is built
 * from these ahead of deployment; undefined for any other function.
 */
export const declaredInputOf = (handler: LambdaHandler): DeclaredInput | undefined => declaredInputs.get(handler);

/** A handler that wraps a route's (to answer other events too) declares the route's input. */
export const declareInputOf = <H extends LambdaHandler>(wrapper: H, route: LambdaHandler): H => {
  const declared = declaredInputs.get(route);
  if (declared) declaredInputs.set(wrapper, declared);
  return wrapper;
};

export const httpHandler = <S extends Schemas = Record<never, never>, P = undefined>(options: {
  schema?: S;
  /** The largest body this route takes; JSON_BODY_MAX_BYTES unless it carries inline files. */
  maxBodyBytes?: number;
  /** A read that needs no input, started while the session is checked (one round trip instead of two in a row). */
  prefetch?: () => Promise<P>;
  handler: (input: HandlerInput<S, P>) => Promise<unknown>;
}): LambdaHandler => {
  const stack = middy<Event, Result, Error, HttpContext>()
    .use(requestLog())
    .use(trustedEdge())
    .use(stripHstsOnPlainHttp())
    .use(securityHeaders())
    .use(jsonBody(options.maxBodyBytes ?? JSON_BODY_MAX_BYTES))
    .use(manifestRoute())
    .use(sessionLookup(options.prefetch))
    .use(roleCheck())
    .use(sameOrigin())
    .use(csrfCheck())
    .use(writeLimits())
    .use(validate(options.schema ?? {}))
    .use(errorMapper())
    .handler(async (_event, context) => {
      const { input, session, requestInfo } = context;
      const prefetched = (await (context.prefetched ?? options.prefetch?.())) as P;
      const answer = await options.handler({
        prefetched,
        body: input.body as Parsed<S, 'body'>,
        query: input.query as Parsed<S, 'query'>,
        path: input.path as Parsed<S, 'path'>,
        request: requestInfo,
        session,
        requireSession: () => {
          if (!session) throw new Unauthorized(messages.notLoggedIn);
          return session;
        },
      });
      if (answer instanceof Reply) return json(answer.statusCode, answer.body, answer.headers, answer.cookies);
      return json(200, answer);
    });
  const lambda: LambdaHandler = (event, context) =>
    withRouteNeeds(event.routeKey, findRoute(event.routeKey)?.needs ?? [], () =>
      withGatheredReads(() => stack(event, context as HttpContext)),
    );
  declaredInputs.set(lambda, { ...options.schema, maxBodyBytes: options.maxBodyBytes ?? JSON_BODY_MAX_BYTES });
  return lambda;
};
