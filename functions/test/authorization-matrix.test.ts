import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { routes, type RouteDefinition } from '#shared/routes';
import { hasRole, type Role } from '#shared/schemas/auth';
import { tokenMayCall, tokenScopes, type TokenScope } from '#shared/schemas/tokens';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi, type TestClient } from '../../scripts/test/api-client';
import { signedInClient } from './support';

/*
 * Generated from the route manifest: every route as an anonymous caller, a user, a librarian and
 * an admin, with an access token of each scope, and every mutating route without a CSRF token. A
 * route added to the manifest is covered here without a line of test code.
 *
 * One request per route and principal. A signed-in client per role serves every case, except
 * writes to the routes of one's own account (sign-in, sessions, second factors), which may end
 * a session or delete the account: each of those gets its own caller. Scopes nest (read within
 * propose within admin), so a route's tokens are tried at its boundary: the widest scope it
 * refuses and the narrowest it allows.
 */
useTestStack();
const api = useTestApi();

type Caller = 'anonymous' | Role;
const callers: readonly Caller[] = ['anonymous', 'user', 'librarian', 'admin'];

/** What the caller must be refused with, or undefined when the route lets them through. */
const expectedRefusal = (route: RouteDefinition, caller: Caller): 401 | 403 | undefined => {
  if (route.access === 'public') return undefined;
  if (caller === 'anonymous') return 401;
  if (route.access === 'user') return undefined;
  return hasRole(caller, route.access) ? undefined : 403;
};

const concretePath = (route: RouteDefinition) => route.path.replace(/\{[^}]+\}/g, '1');

/** Made once per key, on first use, and shared by the cases that ask for it. */
const once = <T>(make: (key: string) => Promise<T>) => {
  const made = new Map<string, Promise<T>>();
  return (key: string): Promise<T> => {
    if (!made.has(key)) made.set(key, make(key));
    return made.get(key)!;
  };
};

/** One token per role and scope, made through the API by a person of that role. */
const tokenOf = once(async (key) => {
  const [role, scope] = key.split(':') as [Role, TokenScope];
  const client = await signedInClient(api, role);
  const made = await client.post<{ token: string }>('/api/tokens', {
    name: `matrix ${key}`,
    scopes: [scope],
    expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
  });
  if (made.status !== 201 && made.status !== 200) throw new Error(`No ${key} token: ${JSON.stringify(made.body)}`);
  return made.body.token;
});

/** The handler areas whose writes act on the caller's own session or account. */
const ownAccountAreas = new Set(['auth', 'sso', 'second-factor']);
const actsOnOwnAccount = (route: RouteDefinition) =>
  route.method !== 'GET' && ownAccountAreas.has(route.handler.split('/')[0]!);

const sharedClientOf = once((role) => signedInClient(api, role as Role));

const callerClient = async (caller: Caller, route: RouteDefinition): Promise<TestClient> => {
  if (caller === 'anonymous') return api.client();
  return actsOnOwnAccount(route) ? signedInClient(api, caller) : sharedClientOf(caller);
};

/** The widest scope `route` refuses and the narrowest it allows (either may be missing). */
const boundaryScopes = (route: RouteDefinition): TokenScope[] => {
  const allowed = tokenScopes.filter((scope) => tokenMayCall(route, [scope]));
  const refused = tokenScopes.filter((scope) => !tokenMayCall(route, [scope]));
  return [...refused.slice(-1), ...allowed.slice(0, 1)];
};

const send = (client: TestClient, route: RouteDefinition, csrf: boolean) =>
  client.request(route.method, concretePath(route), route.method === 'GET' ? undefined : {}, { csrf });

const sendWithToken = (token: string, route: RouteDefinition) =>
  api.client().request(route.method, concretePath(route), route.method === 'GET' ? undefined : {}, {
    csrf: false,
    headers: { authorization: `Bearer ${token}` },
  });

const isAccessRefusal = (status: number, body: unknown) =>
  status === 401 ||
  (status === 403 &&
    [messages.forbidden, messages.csrfInvalid].includes((body as { message?: string })?.message as never));

/** The least role that may hold a token of `scope` and call `route` (an admin-scope token is a librarian's at least). */
const tokenHolder = (route: RouteDefinition, scope: TokenScope): Role => {
  if (route.access === 'admin') return 'admin';
  if (route.access === 'librarian' || scope === 'admin') return 'librarian';
  return 'user';
};

describe.concurrent.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))(
  '%s',
  (_name, route: RouteDefinition) => {
    it.each(callers)(`as %s: ${route.access} access`, async (caller) => {
      const answer = await send(await callerClient(caller, route), route, true);
      const refusal = expectedRefusal(route, caller);
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
    if (route.access !== 'public' && route.caller !== 'provider') {
      it.each(boundaryScopes(route))('with a %s token', async (scope) => {
        const answer = await sendWithToken(await tokenOf(`${tokenHolder(route, scope)}:${scope}`), route);
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

    // The admin scope reaches no further than its holder's role: a librarian's stops at the people.
    if (route.access === 'admin' && tokenMayCall(route, ['admin'])) {
      it("with a librarian's admin token: 403", async () => {
        const answer = await sendWithToken(await tokenOf('librarian:admin'), route);
        expect(answer.status).toBe(403);
        expect(answer.body).toEqual({ message: messages.forbidden });
      });
    }

    // The provider's server-to-server calls carry no browser state; a signed token proves them (sso.test.ts).
    if (route.method !== 'GET' && route.caller !== 'provider') {
      it('without a CSRF token: 403', async () => {
        const caller: Caller = route.access === 'public' ? 'anonymous' : route.access;
        const answer = await send(await callerClient(caller, route), route, false);
        expect(answer.status).toBe(403);
        expect(answer.body).toEqual({ message: messages.csrfInvalid });
      });
    }
  },
);

describe('the matrix itself', () => {
  it('has routes of each access, so every principal is both let through and refused somewhere', () => {
    const accesses = new Set(routes.map((route) => route.access));
    expect([...accesses].sort()).toEqual(['admin', 'librarian', 'public', 'user']);
  });
});
