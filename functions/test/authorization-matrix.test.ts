import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { routes, type Access, type RouteDefinition } from '#shared/routes';
import { tokenMayCall, tokenScopes, type TokenScope } from '#shared/schemas/tokens';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi, type TestClient } from '../../scripts/test/api-client';
import { signedInClient } from './support';

/*
 * Generated from the route manifest: every route as an anonymous caller, a user and an admin,
 * with an access token of each scope, and every mutating route without a CSRF token. A route added to the manifest is covered here
 * without a line of test code.
 */
useTestStack();
const api = useTestApi();

type Caller = 'anonymous' | 'user' | 'admin';

const expectedRefusal: Record<Access, Record<Caller, 401 | 403 | undefined>> = {
  public: { anonymous: undefined, user: undefined, admin: undefined },
  user: { anonymous: 401, user: undefined, admin: undefined },
  admin: { anonymous: 401, user: 403, admin: undefined },
};

const concretePath = (route: RouteDefinition) => route.path.replace(/\{[^}]+\}/g, '1');

/** One token per role and scope, made through the API by a person of that role. */
const tokens = new Map<string, Promise<string>>();
const tokenFor = (role: 'user' | 'admin', scope: TokenScope): Promise<string> => {
  const key = `${role}:${scope}`;
  if (!tokens.has(key))
    tokens.set(
      key,
      signedInClient(api, role).then(async (client) => {
        const made = await client.post<{ token: string }>('/api/tokens', {
          name: `matrix ${key}`,
          scopes: [scope],
          expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
        });
        return made.body.token;
      }),
    );
  return tokens.get(key)!;
};

/** Each case gets its own caller, so routes that end a session or delete an account touch nobody else. */
const callerClient = async (caller: Caller): Promise<TestClient> =>
  caller === 'anonymous' ? api.client() : signedInClient(api, caller);

const send = (client: TestClient, route: RouteDefinition, csrf: boolean) =>
  client.request(route.method, concretePath(route), route.method === 'GET' ? undefined : {}, { csrf });

const isAccessRefusal = (status: number, body: unknown) =>
  status === 401 ||
  (status === 403 &&
    [messages.forbidden, messages.csrfInvalid].includes((body as { message?: string })?.message as never));

describe.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))('%s', (_name, route) => {
  it.each(['anonymous', 'user', 'admin'] as const)(`as %s: ${route.access} access`, async (caller) => {
    const answer = await send(await callerClient(caller), route, true);
    const refusal = expectedRefusal[route.access][caller];
    if (refusal) {
      expect(answer.status).toBe(refusal);
      expect(answer.body).toEqual({ message: refusal === 401 ? messages.notLoggedIn : messages.forbidden });
    } else {
      expect(
        isAccessRefusal(answer.status, answer.body),
        `answered ${answer.status} ${JSON.stringify(answer.body)}`,
      ).toBe(false);
    }
    expect(answer.status).toBeLessThan(500);
  });

  // An access token in place of a session: each scope reaches exactly what it allows.
  if (route.access !== 'public' && (route as RouteDefinition).caller !== 'provider') {
    it.each(tokenScopes)('with a %s token', async (scope) => {
      const token = await tokenFor(route.access === 'admin' || scope === 'admin' ? 'admin' : 'user', scope);
      const answer = await api
        .client()
        .request(route.method, concretePath(route), route.method === 'GET' ? undefined : {}, {
          csrf: false,
          headers: { authorization: `Bearer ${token}` },
        });
      if (!tokenMayCall(route, [scope])) {
        expect(answer.status).toBe(403);
        expect(answer.body).toEqual({ message: messages.tokenScopeTooNarrow });
      } else {
        expect(
          answer.status === 401 || answer.status === 403,
          `answered ${answer.status} ${JSON.stringify(answer.body)}`,
        ).toBe(false);
      }
      expect(answer.status).toBeLessThan(500);
    });
  }

  // The provider's server-to-server calls carry no browser state; a signed token proves them (sso.test.ts).
  if (route.method !== 'GET' && (route as RouteDefinition).caller !== 'provider') {
    it('without a CSRF token: 403', async () => {
      const caller: Caller = route.access === 'public' ? 'anonymous' : route.access;
      const answer = await send(await callerClient(caller), route, false);
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ message: messages.csrfInvalid });
    });
  }
});
