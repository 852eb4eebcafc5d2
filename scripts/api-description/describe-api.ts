/**
 * The API description (OpenAPI 3.1), made from the route manifest, the schemas each handler
 * validates with, and the notes on what routes answer (operations.ts). Nothing in it is written
 * by hand: a route, a parameter or a field appears here because the code that serves it says so.
 */
import * as z from 'zod';
import type { ZodType } from 'zod';
import { isMutating, routeKey, writeLimitOf, type RouteDefinition } from '#shared/routes';
import { tokenMayCall, tokenScopes, type TokenScope } from '#shared/schemas/tokens';
import { areaTags, operationNotes, type OperationNotes, type SuccessAnswer } from './operations.ts';

/** What a route's handler takes, as its `httpHandler` declared it. */
export interface RouteInput {
  readonly path?: ZodType;
  readonly query?: ZodType;
  readonly body?: ZodType;
  readonly maxBodyBytes: number;
}

export interface DescribeApiOptions {
  readonly routes: readonly RouteDefinition[];
  /** The handler's declared input; undefined for a handler that validates nothing. */
  readonly inputOf: (route: RouteDefinition) => RouteInput | undefined;
  readonly version: string;
  /** The session cookie's name. */
  readonly sessionCookie: string;
  /** The header a browser's write carries its CSRF token in. */
  readonly csrfHeader: string;
}

type Json = Record<string, unknown>;

/** The names the document gives its security schemes. */
export const SECURITY = { session: 'sessionCookie', csrf: 'csrfToken', bearer: 'bearerAuth' } as const;

/**
 * A zod schema as JSON Schema. Requests are described as a caller writes them (`input`: before
 * transforms, defaults still optional); answers as the API sends them (`output`). Answers are
 * left open (no `additionalProperties: false`): a component carries its other-language values
 * beside the listed fields, and a later version may add fields a client should ignore.
 */
const jsonSchemaOf = (schema: ZodType, io: 'input' | 'output'): Json => {
  // A schema with no JSON Schema form (a custom check standing alone) stops the build rather than
  // being described as anything at all.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    override: ({ jsonSchema }) => {
      if (io === 'output' && jsonSchema.additionalProperties === false) delete jsonSchema.additionalProperties;
    },
  });
  return rest as Json;
};

const sentence = (words: string): string => words.charAt(0).toUpperCase() + words.slice(1).replaceAll('-', ' ');
const camel = (words: string): string => words.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

const areaOf = (route: RouteDefinition): string => route.handler.split('/')[0]!;
const nameOf = (route: RouteDefinition): string => route.handler.split('/')[1]!;

/** The tag of an area: its entry in operations.ts, else the folder's name as words. */
export const tagOf = (area: string): { name: string; description?: string } =>
  areaTags[area] ?? { name: sentence(area) };

/** `{id}` and the like, in the order the path names them. */
export const pathParameterNames = (path: string): string[] =>
  [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);

/**
 * The handler's file name (`getComponent`), or with its area before it where two areas have a
 * handler of the same name (`authDeleteUser`, `usersDeleteUser`).
 */
const operationIds = (routes: readonly RouteDefinition[]): Map<RouteDefinition, string> => {
  const count = new Map<string, number>();
  for (const route of routes) count.set(nameOf(route), (count.get(nameOf(route)) ?? 0) + 1);
  return new Map(
    routes.map((route) => [
      route,
      camel(count.get(nameOf(route))! > 1 ? `${areaOf(route)}-${nameOf(route)}` : nameOf(route)),
    ]),
  );
};

const fromProvider = (route: RouteDefinition): boolean => route.caller === 'provider';

/**
 * The narrowest scope an access token needs for a route (a wider one serves too), by the token
 * rules themselves; undefined where no token may call it (signing in, the person's own security).
 */
export const leastTokenScope = (route: RouteDefinition): TokenScope | undefined =>
  tokenScopes.find((scope) => tokenMayCall(route, [scope]));

/**
 * Who may call: a public route anyone (a write still with a CSRF token, but the provider's with
 * none); any other route a browser session (with the CSRF token on writes) or, where the token
 * rules allow, an access token with the scope named.
 */
const securityOf = (route: RouteDefinition): Json[] => {
  if (fromProvider(route)) return [];
  const writes = isMutating(route.method);
  if (route.access === 'public') return writes ? [{ [SECURITY.csrf]: [] }] : [];
  const scope = leastTokenScope(route);
  return [
    { [SECURITY.session]: [], ...(writes && { [SECURITY.csrf]: [] }) },
    ...(scope ? [{ [SECURITY.bearer]: [scope] }] : []),
  ];
};

const accessSentence = (route: RouteDefinition): string => {
  if (fromProvider(route)) return 'Called by the identity provider, server to server.';
  if (route.access === 'public') return 'No sign-in needed.';
  if (route.access === 'admin') return 'Administrators only.';
  if (route.access === 'librarian') return 'Librarians and administrators.';
  return 'Any signed-in user.';
};

const ERROR_SCHEMA = '#/components/schemas/Error';

const retryAfter: Json = {
  'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } },
};

/** A failure's answer: the error shape every failure has. */
const errorAnswer = (description: string, headers?: Json): Json => ({
  description,
  ...(headers && { headers }),
  content: { 'application/json': { schema: { $ref: ERROR_SCHEMA } } },
});

/** The failures routes share, by name; operations refer to them. */
const sharedFailures: Record<string, Json> = {
  Invalid: errorAnswer('The input is not valid: `message` says what to fix, `fields` which input.'),
  Unauthorized: errorAnswer('Not signed in, or the access token is not valid.'),
  Forbidden: errorAnswer(
    'Not allowed: the caller’s role, the access token’s scopes, or a browser write without its CSRF token.',
  ),
  NotFound: errorAnswer('No such item.'),
  Conflict: errorAnswer('The change clashes with the current state (changed meanwhile, already exists or decided).'),
  TooManyRequests: errorAnswer('Too many requests of this kind for now.', retryAfter),
  Unavailable: errorAnswer('A service the API depends on did not answer; try again.', retryAfter),
  InternalError: errorAnswer('Something went wrong on the server; `requestId` names the request in the logs.'),
};

const sizeInWords = (bytes: number): string =>
  bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB` : `${Math.round(bytes / 1024)} KiB`;

const errorRef = (name: string): Json => ({ $ref: `#/components/responses/${name}` });

/** The failures a route can answer, from what its manifest entry and its input say about it. */
const failuresOf = (route: RouteDefinition, input: RouteInput | undefined, notes: OperationNotes): Json => {
  const writes = isMutating(route.method);
  const signedIn = route.access !== 'public';
  const failures: Record<string, Json> = {};
  if (input?.path || input?.query || input?.body || writes) failures['400'] = errorRef('Invalid');
  if (signedIn) failures['401'] = errorRef('Unauthorized');
  if (signedIn || (writes && !fromProvider(route))) failures['403'] = errorRef('Forbidden');
  if (pathParameterNames(route.path).length > 0) failures['404'] = errorRef('NotFound');
  if (writes && signedIn) failures['409'] = errorRef('Conflict');
  if (writes && input)
    failures['413'] = errorAnswer(`The body is larger than the ${sizeInWords(input.maxBodyBytes)} this route takes.`);
  if (writeLimitOf(route) || notes.throttled) failures['429'] = errorRef('TooManyRequests');
  failures['500'] = errorRef('InternalError');
  failures['503'] = errorRef('Unavailable');
  return failures;
};

const successOf = (answer: SuccessAnswer): Json => ({
  description: answer.description,
  ...(answer.headers && {
    headers: Object.fromEntries(
      Object.entries(answer.headers).map(([name, description]) => [name, { description, schema: { type: 'string' } }]),
    ),
  }),
  ...(!answer.noBody && {
    content: { 'application/json': answer.schema ? { schema: jsonSchemaOf(answer.schema, 'output') } : {} },
  }),
});

const objectProperties = (schema: Json): { properties: Record<string, Json>; required: string[] } => ({
  properties: (schema.properties as Record<string, Json> | undefined) ?? {},
  required: (schema.required as string[] | undefined) ?? [],
});

/** Path parameters, every one the path names, described by the handler's path schema where it has one. */
const pathParametersOf = (route: RouteDefinition, input: RouteInput | undefined): Json[] => {
  const properties: Record<string, Json> = input?.path
    ? objectProperties(jsonSchemaOf(input.path, 'input')).properties
    : {};
  return pathParameterNames(route.path).map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: properties[name] ?? { type: 'string' },
  }));
};

/**
 * One parameter per property of the query schema; a query schema that takes any names (the
 * provider's answer at the single sign-on callback) is one free-form object.
 */
const queryParametersOf = (input: RouteInput | undefined): Json[] => {
  if (!input?.query) return [];
  const schema = jsonSchemaOf(input.query, 'input');
  if (!schema.properties) {
    return [{ name: 'parameters', in: 'query', style: 'form', explode: true, schema }];
  }
  const { properties, required } = objectProperties(schema);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    ...(required.includes(name) && { required: true }),
    ...(typeof property.description === 'string' && { description: property.description }),
    schema: property,
  }));
};

const idempotencyKeyParameter: Json = {
  name: 'Idempotency-Key',
  in: 'header',
  description: 'Any unique text: the same key sent again after a timeout makes the write once.',
  schema: { type: 'string', maxLength: 200 },
};

const requestBodyOf = (route: RouteDefinition, input: RouteInput | undefined): Json | undefined => {
  if (!input?.body) return undefined;
  // The provider posts a form, as back-channel logout prescribes; everyone else sends JSON.
  const mediaType = fromProvider(route) ? 'application/x-www-form-urlencoded' : 'application/json';
  return { required: true, content: { [mediaType]: { schema: jsonSchemaOf(input.body, 'input') } } };
};

const operationOf = (route: RouteDefinition, input: RouteInput | undefined, operationId: string): Json => {
  const notes = operationNotes[routeKey(route)] ?? {};
  const limit = writeLimitOf(route);
  const description = [
    notes.description,
    accessSentence(route),
    limit && `Counts against the caller’s “${limit}” write allowance.`,
  ]
    .filter(Boolean)
    .join('\n\n');
  const parameters = [
    ...pathParametersOf(route, input),
    ...queryParametersOf(input),
    ...(notes.idempotencyKey ? [idempotencyKeyParameter] : []),
  ];
  const answers = notes.answers ?? { 200: { description: 'Done.' } };
  const body = requestBodyOf(route, input);
  return {
    operationId,
    summary: notes.summary ?? sentence(nameOf(route)),
    description,
    tags: [tagOf(areaOf(route)).name],
    ...(parameters.length > 0 && { parameters }),
    ...(body && { requestBody: body }),
    responses: {
      ...Object.fromEntries(Object.entries(answers).map(([status, answer]) => [status, successOf(answer)])),
      ...failuresOf(route, input, notes),
    },
    security: securityOf(route),
    // Who may call, as the manifest says: the reference page marks administrators' routes by it.
    'x-access': route.access,
    ...(limit && { 'x-write-limit': limit }),
  };
};

const errorSchema: Json = {
  type: 'object',
  required: ['message'],
  properties: {
    message: { type: 'string', description: 'What went wrong, in words to show a person.' },
    fields: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: 'For invalid input: a message per field (`query.limit`, `email`).',
    },
    requestId: { type: 'string', description: 'On server errors: the request’s id in the logs.' },
  },
};

const INTRODUCTION = [
  'The Component Hub API: every route the app itself uses.',
  '',
  '**Signing in.** A script sends `Authorization: Bearer <token>` with a personal or service access token ' +
    '(Settings → Security); it needs no cookie and no CSRF token, and acts as its user within its scopes. ' +
    'The browser app signs in with the session cookie and sends a CSRF token (from `GET /api/csrf-token`) in a ' +
    'header with every write.',
  '',
  '**Errors** are JSON `{ message, fields? }`: `message` is meant for people, `fields` names the inputs at fault.',
  '',
  '**Writes** count against per-user allowances per kind of write; past one the answer is 429 with `Retry-After`.',
].join('\n');

/** The whole document. */
export const describeApi = (options: DescribeApiOptions): Json => {
  const { routes } = options;
  const inputs = new Map(routes.map((route) => [route, options.inputOf(route)]));
  const ids = operationIds(routes);
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    paths[route.path] ??= {};
    paths[route.path]![route.method.toLowerCase()] = operationOf(route, inputs.get(route), ids.get(route)!);
  }
  const areas = [...new Set(routes.map(areaOf))];
  const known = Object.keys(areaTags);
  const rank = (area: string) => (known.includes(area) ? known.indexOf(area) : known.length);
  const tags = areas
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    .map((area) => {
      const { name, description } = tagOf(area);
      return { name, ...(description && { description }) };
    });
  return {
    openapi: '3.1.0',
    info: { title: 'Component Hub API', version: options.version, description: INTRODUCTION },
    servers: [{ url: '/', description: 'The site the app is served from.' }],
    tags,
    paths,
    components: {
      schemas: { Error: errorSchema },
      responses: sharedFailures,
      securitySchemes: {
        [SECURITY.bearer]: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A personal or service access token. Its scopes decide what it may call: `read` the reads, `propose` ' +
            'change requests as well, `admin` reviewing and administration as well, as far as its holder’s role ' +
            'reaches (a librarian’s or an administrator’s token only). An ' +
            'operation names the narrowest scope it needs; one without this scheme takes no token (signing in, ' +
            'one’s own sessions, second factor and tokens need the person).',
        },
        [SECURITY.session]: {
          type: 'apiKey',
          in: 'cookie',
          name: options.sessionCookie,
          description: 'The browser’s session, set by signing in.',
        },
        [SECURITY.csrf]: {
          type: 'apiKey',
          in: 'header',
          name: options.csrfHeader,
          description:
            'A browser’s writes carry the token from `GET /api/csrf-token`, bound to its session (or, before ' +
            'signing in, to the pre-session cookie that call sets).',
        },
      },
    },
  };
};
