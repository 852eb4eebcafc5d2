import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { routes, type RouteDefinition } from '#shared/routes';
import { dynamo } from '#lib/clients';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi, type TestClient } from '../../scripts/test/api-client';
import { clientWithSession, signIn } from './support';

/*
 * Property-based hostile input: every manifest route gets generated path parameters, query
 * strings and bodies (wrong types, huge strings, deep nesting, unicode, __proto__ keys, numbers
 * out of range, empty and duplicate fields) from an anonymous caller, a user and an admin. The
 * answer is never a 5xx, never shows a stack trace or an internal name, and an error answer
 * writes nothing.
 */
const stack = useTestStack();
const api = useTestApi();
// 200 a route in CI; fewer on a developer's machine unless HOSTILE_RUNS says otherwise.
const RUNS_PER_ROUTE = Number(process.env.HOSTILE_RUNS ?? (process.env.CI ? 200 : 50));

/** Field names the schemas know, so generated objects reach past the first validation step. */
const knownKeys = [
  'email',
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'username',
  'firstName',
  'lastName',
  'name',
  'role',
  'reference',
  'class',
  'manufacturer',
  'type',
  'description',
  'query',
  'limit',
  'offset',
  'width',
  'voltage',
  'numberOfTerminals',
  'status',
  'reviewNotes',
  'comment',
  'fileName',
  'fileType',
  'fileData',
  'uploadKey',
  'size',
  'componentId',
  'userId',
  'id',
  '__proto__',
  'constructor',
  'prototype',
];

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    'javascript:alert(1)',
    "' OR 1=1 --",
    '${jndi:x}',
    'NaN',
    '-1',
    '1e309',
    '\r\nSet-Cookie: x=1',
    '%00',
    '🔥'.repeat(100),
  ),
  fc.integer({ min: 1_000, max: 20_000 }).map((n) => 'x'.repeat(n)),
);
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -0, 1e308, -1e308),
);
const leaf = fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null));
const value = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...knownKeys), fc.string()), tie('value'), { maxKeys: 4 }),
  ),
})).value;
const deepNesting = fc.integer({ min: 50, max: 3_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth));

/** A body as raw text: JSON objects of known keys, any JSON, malformed JSON, deep nesting, duplicate keys. */
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...knownKeys), value, { maxKeys: 8 }).map((object) => JSON.stringify(object)),
  value.map((v) => JSON.stringify(v) ?? 'null'),
  fc.constantFrom(
    '{',
    '{"email":',
    'null',
    '[]',
    '""',
    '{"__proto__":{"role":"admin"}}',
    '{"role":"user","role":"admin"}',
    '{"constructor":{"prototype":{"x":1}}}',
  ),
  deepNesting,
  fc.string(),
);
const query = fc.dictionary(fc.oneof(fc.constantFrom(...knownKeys), fc.string({ maxLength: 20 })), hostileString, {
  maxKeys: 5,
});
const pathValue = fc.oneof(
  hostileString,
  fc.integer().map(String),
  fc.constantFrom('0', '-1', '1.5', '99999999999999999999', '%2e%2e', '..'),
);

/**
 * The table without what an error may legitimately touch: throttle counters, write-limit windows
 * and a session's idle clock (any signed-in request, refused or not, counts as activity and slides
 * it every few minutes; the test reuses sessions for longer than that).
 */
const tableState = async (): Promise<string> => {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new ScanCommand({ TableName: stack.tableName, ConsistentRead: true, ExclusiveStartKey }),
    );
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return JSON.stringify(
    items
      .filter((item) => !String(item.pk).startsWith('THROTTLE#') && !String(item.pk).startsWith('RATE#writes:'))
      .map((item) => {
        if (item.entity !== 'session') return JSON.stringify(item);
        const { lastSeenAt: _seen, expiresAt: _expires, ...rest } = item;
        return JSON.stringify(rest);
      })
      .sort(),
  );
};

const leaks =
  /\bat [\w.<>]+ \(|node_modules|\/work\/|\.ts:\d+|Exception\b|DynamoDB|TransactWrite|ConditionalCheck|s3rver|stack/i;

/**
 * Signed-in callers are reused across a route's cases (a new user a case would grow the table,
 * and every scan with it); one that lost its session (logout, self-deletion) is replaced.
 */
const callers = new Map<string, string>();
const callerClient = async (caller: 'anonymous' | 'user' | 'admin'): Promise<TestClient> => {
  if (caller === 'anonymous') return api.client();
  const token = callers.get(caller);
  if (token) return clientWithSession(api, token);
  const { client, sessionToken } = await signIn(api, caller);
  callers.set(caller, sessionToken);
  return client;
};

const fillPath = (route: RouteDefinition, values: string[]) => {
  let index = 0;
  return route.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(values[index++] ?? 'x'));
};

describe.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))('%s', (_name, route) => {
  it(`never fails on hostile input (${RUNS_PER_ROUTE} cases)`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('anonymous' as const, 'user' as const, 'admin' as const),
        fc.array(pathValue, { minLength: 3, maxLength: 3 }),
        query,
        body,
        async (caller, pathValues, queryValues, rawBody) => {
          const client = await callerClient(caller);
          if (caller !== 'anonymous' && (await client.get('/api/user')).status === 401) {
            callers.delete(caller);
            return;
          }
          const before = await tableState();
          const search = new URLSearchParams(queryValues).toString();
          const url = `${fillPath(route, pathValues)}${search ? `?${search}` : ''}`;
          const answer = await client.request(route.method, url, route.method === 'GET' ? undefined : rawBody, {
            headers: { 'content-type': 'application/json' },
          });
          const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? '');
          expect(answer.status, `${route.method} ${url} -> ${answer.status} ${text.slice(0, 300)}`).toBeLessThan(500);
          expect(text).not.toMatch(leaks);
          expect(text).not.toContain(stack.tableName);
          if (answer.status >= 400)
            expect(await tableState(), `an error answer (${answer.status}) wrote to the table`).toBe(before);
        },
      ),
      { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
    );
  }, 600_000);
});
