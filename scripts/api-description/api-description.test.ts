import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { isMutating, routeKey, routes, type RouteDefinition } from '#shared/routes';
import { API_DESCRIPTION_FILE, buildApiDescription, loadRouteInputs } from './build.ts';
import { tokenMayCall, tokenScopes } from '#shared/schemas/tokens';
import { pathParameterNames, SECURITY } from './describe-api.ts';
import { operationNotes } from './operations.ts';

type Json = Record<string, unknown>;
type Operation = {
  operationId: string;
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, unknown>;
  security: Record<string, string[]>[];
  'x-access': string;
};

const manifest: readonly RouteDefinition[] = routes;
let description: Json;
let inputs: Awaited<ReturnType<typeof loadRouteInputs>>;

beforeAll(async () => {
  [description, inputs] = await Promise.all([buildApiDescription(), loadRouteInputs()]);
});

const operationOf = (route: RouteDefinition): Operation | undefined =>
  (description.paths as Record<string, Record<string, Operation>>)[route.path]?.[route.method.toLowerCase()];

const handlerSource = (route: RouteDefinition) =>
  readFile(path.join(import.meta.dirname, '../../functions/src/handlers', `${route.handler}.ts`), 'utf8');

describe('the API description', () => {
  it('is a valid OpenAPI 3.1 document whose references all resolve', async () => {
    const validator = new Validator();
    // The validator resolves references in the object it is given: it gets a copy.
    const result = await validator.validate(structuredClone(description));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(() => validator.resolveRefs()).not.toThrow();
  });

  it('is what the serving function ships: built from the code as it is now (else run `npm run openapi`)', async () => {
    const shipped = JSON.parse(await readFile(API_DESCRIPTION_FILE, 'utf8')) as unknown;
    expect(shipped, 'shared/api-description.json is out of date: run `npm run openapi`').toEqual(description);
  });

  it('has one operation per route of the manifest, and nothing else', () => {
    const operations = Object.entries(description.paths as Record<string, Record<string, unknown>>).flatMap(
      ([apiPath, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${apiPath}`),
    );
    expect(operations.sort()).toEqual(routes.map(routeKey).sort());
    const ids = routes.map((route) => operationOf(route)!.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(manifest.map((route) => [routeKey(route), route] as const))(
    '%s: declares its path parameters, its input and who may call',
    (_key, route) => {
      const operation = operationOf(route)!;
      const input = inputs.get(route.handler);
      const parameters = operation.parameters ?? [];
      const named = pathParameterNames(route.path);
      expect(parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name)).toEqual(
        named,
      );
      expect(parameters.filter((parameter) => parameter.in === 'path').every((parameter) => parameter.required)).toBe(
        true,
      );
      // A path schema that reads a parameter the path does not have would never be given it.
      const pathShape = (input?.path as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
      expect(Object.keys(pathShape).filter((name) => !named.includes(name))).toEqual([]);
      expect(Boolean(operation.requestBody)).toBe(Boolean(input?.body));
      if (input?.query) expect(parameters.some((parameter) => parameter.in === 'query')).toBe(true);

      expect(operation['x-access']).toBe(route.access);
      const schemes = operation.security.map((requirement) => Object.keys(requirement).sort().join('+'));
      if (route.caller === 'provider') expect(schemes).toEqual([]);
      else if (route.access === 'public') expect(schemes).toEqual(isMutating(route.method) ? [SECURITY.csrf] : []);
      else {
        const browser = isMutating(route.method)
          ? [SECURITY.csrf, SECURITY.session].sort().join('+')
          : SECURITY.session;
        const tokens = tokenMayCall(route, tokenScopes);
        expect(schemes).toEqual(tokens ? [browser, SECURITY.bearer] : [browser]);
        // The scope named is one that serves, and no narrower one would.
        if (tokens) {
          const [scope] = operation.security[1]![SECURITY.bearer]!;
          const index = tokenScopes.indexOf(scope as (typeof tokenScopes)[number]);
          expect(index).toBeGreaterThanOrEqual(0);
          expect(tokenMayCall(route, [tokenScopes[index]!])).toBe(true);
          expect(tokenScopes.slice(0, index).some((narrower) => tokenMayCall(route, [narrower]))).toBe(false);
        }
      }
      if (route.access !== 'public') expect(operation.responses).toHaveProperty('401');
      if (named.length > 0) expect(operation.responses).toHaveProperty('404');
    },
  );

  it.each(manifest.map((route) => [routeKey(route), route] as const))(
    '%s: documents every success status its handler answers with',
    async (_key, route) => {
      const source = await handlerSource(route);
      const written = [...source.matchAll(/status:\s*([^,}\n]+)/g)].flatMap(([, expression]) =>
        [...expression!.matchAll(/\b([1-5]\d\d)\b/g)].map(([, status]) => status!),
      );
      const documented = Object.keys(operationOf(route)!.responses).filter((status) => /^[23]/.test(status));
      expect(documented.length).toBeGreaterThan(0);
      for (const status of written) expect(documented, `${route.handler} answers ${status}`).toContain(status);
      // A route that makes its write once per Idempotency-Key says so.
      const header = operationOf(route)!.parameters?.some((parameter) => parameter.name === 'Idempotency-Key');
      expect(Boolean(header)).toBe(source.includes('idempotencyKey'));
    },
  );

  it('keeps notes only for routes the manifest has', () => {
    const keys = new Set(routes.map(routeKey));
    expect(Object.keys(operationNotes).filter((key) => !keys.has(key as never))).toEqual([]);
  });

  it('tells nothing about the deployment: no address, account, secret or key name', () => {
    const text = JSON.stringify(description);
    expect(text).not.toMatch(/arn:aws|amazonaws\.com|cloudfront\.net|execute-api|\b\d{12}\b/);
    expect(text).not.toMatch(/SECRET|_ARN\b|pk#|COMP#|USER#|SESSION#/);
    expect((description.servers as { url: string }[]).map((server) => server.url)).toEqual(['/']);
  });
});
