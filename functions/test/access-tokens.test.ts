import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import type { Component } from '#shared/schemas/component';
import type { AccessToken, CreatedToken, TokenScope } from '#shared/schemas/tokens';
import { getToken, putToken } from '#repositories/access-tokens';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi, type TestClient } from '../../scripts/test/api-client';
import { signIn, useFaultProxies, sentWhilePaused } from './support';

/*
 * Access tokens as a script uses them: made once in Settings, sent as `Authorization: Bearer`,
 * with no cookie and no CSRF token, within their scopes; revoked by their person, disabled by an
 * administrator, ended by their expiry.
 */
const stack = useTestStack();
const api = useTestApi();
const proxies = useFaultProxies(stack, ['dynamodb'], { timeouts: 'deployed' });

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const makeToken = async (client: TestClient, scopes: TokenScope[], extra: Record<string, unknown> = {}) => {
  const made = await client.post<CreatedToken & { message?: string }>('/api/tokens', {
    name: `script ${scopes.join('+')}`,
    scopes,
    expiresAt: inDays(30),
    ...extra,
  });
  return made;
};

/** A client with no cookies at all: only the token speaks for it. */
const withToken = (token: string) => {
  const client = api.client();
  const headers = { authorization: `Bearer ${token}` };
  return {
    get: <T>(path: string) => client.get<T>(path, { headers }),
    post: <T>(path: string, body: unknown) => client.post<T>(path, body, { csrf: false, headers }),
    patch: <T>(path: string, body: unknown) => client.patch<T>(path, body, { csrf: false, headers }),
  };
};

describe('access tokens', () => {
  it('are shown once, listed without their secret, and read the catalogue without cookies', async () => {
    const { client } = await signIn(api, 'user');
    const made = await makeToken(client, ['read']);
    expect(made.status).toBe(201);
    expect(made.body.token).toMatch(/^chub_[0-9A-Z]{26}\.[\w-]{43}$/);
    const listed = (await client.get<AccessToken[]>('/api/tokens')).body;
    expect(listed.find((token) => token.id === made.body.id)).toMatchObject({ name: 'script read', scopes: ['read'] });
    expect(JSON.stringify(listed)).not.toContain(made.body.token.split('.')[1]);
    expect((await getToken(made.body.id))!.secretHash).not.toContain(made.body.token.split('.')[1]);

    const script = withToken(made.body.token);
    const found = await script.get<Component[]>('/api/components?limit=1');
    expect(found.status).toBe(200);
    // Its use is noted on the token.
    expect(
      (await client.get<AccessToken[]>('/api/tokens')).body.find((t) => t.id === made.body.id)!.lastUsedAt,
    ).not.toBeNull();
  });

  it('keep to their scopes: read cannot write, propose files requests without CSRF, none reaches account routes', async () => {
    const { client } = await signIn(api, 'user');
    const reader = withToken((await makeToken(client, ['read'])).body.token);
    const proposer = withToken((await makeToken(client, ['propose'])).body.token);
    const part = {
      reference: `TOKEN-${Date.now().toString(36).toUpperCase()}`,
      class: 'Relay',
      manufacturer: 'Finder',
    };

    const refused = await reader.post<{ message: string }>('/api/components', part);
    expect(refused).toMatchObject({ status: 403, body: { message: messages.tokenScopeTooNarrow } });
    const filed = await proposer.post<{ requestId: string }>('/api/components', part);
    expect(filed.status).toBe(201);
    expect((await proposer.get('/api/user')).status).toBe(403);
    expect((await proposer.post('/api/tokens', { name: 'x', scopes: ['read'], expiresAt: inDays(3) })).status).toBe(
      403,
    );
    // Administration needs the admin scope, which only an administrator may give.
    expect((await makeToken(client, ['admin'])).status).toBe(403);
    expect((await makeToken(client, ['read'], { kind: 'service' })).status).toBe(403);
    expect((await proposer.get('/api/admin/tokens')).status).toBe(403);
  });

  it("an administrator token administers; an administrator lists and disables anyone's token", async () => {
    const user = await signIn(api, 'user');
    const admin = await signIn(api, 'admin');
    const service = await makeToken(admin.client, ['read', 'admin'], { kind: 'service' });
    expect(service.status).toBe(201);
    const robot = withToken(service.body.token);
    expect((await robot.get('/api/users')).status).toBe(200);
    // Tokens are the person's business: no token lists or makes them.
    expect((await robot.get('/api/admin/tokens')).status).toBe(403);

    const usersToken = await makeToken(user.client, ['read']);
    const all = (await admin.client.get<AccessToken[]>('/api/admin/tokens')).body;
    expect(all.find((token) => token.id === usersToken.body.id)).toMatchObject({ userId: user.user.id });
    const disabled = await admin.client.patch<AccessToken>(`/api/admin/tokens/${usersToken.body.id}`, {
      disabled: true,
    });
    expect(disabled.body.disabledAt).not.toBeNull();
    const answer = await withToken(usersToken.body.token).get<{ message: string }>('/api/components?limit=1');
    expect(answer).toMatchObject({ status: 401, body: { message: messages.tokenInvalid } });
    await admin.client.patch(`/api/admin/tokens/${usersToken.body.id}`, { disabled: false });
    expect((await withToken(usersToken.body.token).get('/api/components?limit=1')).status).toBe(200);
  });

  it('stop at revocation, at expiry, and for anything that is not a token', async () => {
    const { client, user } = await signIn(api, 'user');
    const made = await makeToken(client, ['read']);
    const script = withToken(made.body.token);
    // Revoked twice at once: both answered, revoked once.
    const [a, b] = await Promise.all([
      client.delete(`/api/tokens/${made.body.id}`),
      client.delete(`/api/tokens/${made.body.id}`),
    ]);
    expect([a.status, b.status]).toEqual([204, 204]);
    expect((await script.get('/api/components?limit=1')).status).toBe(401);
    // Someone else's token is not theirs to revoke.
    const other = await signIn(api, 'user');
    const theirs = await makeToken(other.client, ['read']);
    expect((await client.delete(`/api/tokens/${theirs.body.id}`)).status).toBe(404);

    const stored = (await getToken(theirs.body.id))!;
    await putToken({
      ...stored,
      id: '01JEXPIRED0000000000000000',
      userId: user.id,
      expiresAt: '2020-01-01T23:59:59.999Z',
    });
    const expired = `chub_01JEXPIRED0000000000000000.${theirs.body.token.split('.')[1]}`;
    expect((await withToken(expired).get('/api/components?limit=1')).status).toBe(401);
    expect((await withToken('not-a-token').get('/api/components?limit=1')).status).toBe(401);
    const forged = `${theirs.body.token.slice(0, -1)}${theirs.body.token.endsWith('A') ? 'B' : 'A'}`;
    expect((await withToken(forged).get('/api/components?limit=1')).status).toBe(401);

    const refusals = await Promise.all([
      makeToken(client, ['read'], { expiresAt: inDays(400) }),
      makeToken(client, ['read'], { expiresAt: '2020-01-01' }),
      makeToken(client, [], {}),
      client.post('/api/tokens', { scopes: ['read'], expiresAt: inDays(3) }),
    ]);
    expect(refusals.map((answer) => answer.status)).toEqual([400, 400, 400, 400]);
  });

  it(
    'DynamoDB paused while a token is revoked or disabled: a 503 in time, and sending it again ends the token',
    { timeout: 180_000 },
    async () => {
      const { client } = await signIn(api, 'user');
      const admin = await signIn(api, 'admin');
      const made = await makeToken(client, ['read']);
      const script = withToken(made.body.token);
      const revoked = await sentWhilePaused(proxies.dynamodb, 'UpdateItem', client, (options) =>
        client.delete<{ message: string }>(`/api/tokens/${made.body.id}`, undefined, options),
      );
      expect(revoked.status).toBe(503);
      // Whether or not the held write landed, the same revocation again answers 204 and ends it.
      expect((await client.delete(`/api/tokens/${made.body.id}`)).status).toBe(204);
      expect((await script.get('/api/components?limit=1')).status).toBe(401);

      const other = await makeToken(client, ['read']);
      const disabled = await sentWhilePaused(proxies.dynamodb, 'UpdateItem', admin.client, (options) =>
        admin.client.patch<{ message: string }>(`/api/admin/tokens/${other.body.id}`, { disabled: true }, options),
      );
      expect(disabled.status).toBe(503);
      const again = await admin.client.patch<AccessToken>(`/api/admin/tokens/${other.body.id}`, { disabled: true });
      expect(again.status).toBe(200);
      expect(again.body.disabledAt).not.toBeNull();
      expect((await withToken(other.body.token).get('/api/components?limit=1')).status).toBe(401);
    },
  );

  it(
    'DynamoDB paused while a token is made: a 503 in time, and the same request made again makes one',
    { timeout: 120_000 },
    async () => {
      const { client } = await signIn(api, 'user');
      const before = (await client.get<AccessToken[]>('/api/tokens')).body.length;
      const answer = await sentWhilePaused(proxies.dynamodb, 'PutItem', client, (options) =>
        client.post<{ message: string }>(
          '/api/tokens',
          { name: 'paused', scopes: ['read'], expiresAt: inDays(5) },
          options,
        ),
      );
      expect(answer.status).toBe(503);
      expect(answer.body.message).toBe(messages.serviceUnavailable);
      // The held write may have landed after all; its secret was never shown, so it is useless
      // and listed for its person to revoke. Making it again gives one working token.
      const again = await makeToken(client, ['read']);
      expect(again.status).toBe(201);
      expect((await withToken(again.body.token).get('/api/components?limit=1')).status).toBe(200);
      const after = (await client.get<AccessToken[]>('/api/tokens')).body.length;
      expect(after - before).toBeGreaterThanOrEqual(1);
      expect(after - before).toBeLessThanOrEqual(2);
    },
  );
});
