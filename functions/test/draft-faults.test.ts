import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { ulid } from 'ulid';
import { DRAFTS_MAX_PER_USER, type Draft } from '#shared/schemas/drafts';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi, type TestClient } from '../../scripts/test/api-client';
import { signIn, useFaultProxies } from './support';

/*
 * Saving a draft while DynamoDB is unreachable or stops answering mid-request: the person gets a
 * 503 in words within the function's timeout, the draft is either as it was or as it was sent
 * (never half of each, never counted twice), and the same save works once DynamoDB is back.
 */
const stack = useTestStack();
const api = useTestApi();
const LAMBDA_TIMEOUT_MS = 10_000;
// The deployed timeouts are what this file measures, not the generous ones of the local stack.
const { dynamodb: proxy } = useFaultProxies(stack, ['dynamodb'], { timeouts: 'deployed' });

const values = (reference: string) => ({ reference, class: 'Relay', description: `typed for ${reference}` });

/** A CSRF token fetched while DynamoDB answers, for calls made while it does not. */
const csrfOf = async (client: TestClient) => (await client.get<{ token: string }>('/api/csrf-token')).body.token;

describe('a draft saved while DynamoDB is out', () => {
  it('is refused in words when DynamoDB is down, stores nothing, and saves once it is back', async () => {
    const { client } = await signIn(api, 'user');
    const token = await csrfOf(client);
    proxy.set('down');
    const started = Date.now();
    try {
      const refused = await client.post<{ message: string }>(
        '/api/drafts',
        { values: values('DOWN-1'), fileNames: {} },
        { csrf: false, headers: { 'x-csrf-token': token } },
      );
      expect(refused.status).toBe(503);
      expect(refused.body.message).toBe(messages.serviceUnavailable);
      expect(Date.now() - started).toBeLessThan(LAMBDA_TIMEOUT_MS);
    } finally {
      proxy.set('up');
    }
    expect((await client.get<Draft[]>('/api/drafts')).body).toEqual([]);
    const saved = await client.post<Draft>('/api/drafts', { values: values('DOWN-1'), fileNames: {} });
    expect(saved.status).toBe(201);
    expect((await client.get<Draft[]>('/api/drafts')).body.map((draft) => draft.values.reference)).toEqual(['DOWN-1']);
  });

  it('paused mid-save: a 503 before the timeout, the write landing later, and the same save sent again answered once', async () => {
    const { client } = await signIn(api, 'user');
    const id = ulid();
    const first = { id, values: values('NEW'), fileNames: {} };

    // A new draft whose transaction is held: the caller gives up, then DynamoDB takes it after all.
    let paused = proxy.pause('TransactWriteItems');
    let call = client.post<{ message: string }>('/api/drafts', first);
    await paused;
    let answer = await call;
    expect(answer.status).toBe(503);
    expect(answer.body.message).toBe(messages.serviceUnavailable);
    await proxy.resume();
    // The form sends the same save again: one draft, counted once.
    const again = await client.post<Draft>('/api/drafts', first);
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ id, revision: 1, values: values('NEW') });
    expect((await client.get<Draft[]>('/api/drafts')).body.map((draft) => draft.id)).toEqual([id]);

    // A later save of it held the same way, then sent again from the revision the form still holds.
    const second = { values: values('EDITED'), fileNames: {}, revision: 1 };
    paused = proxy.pause('UpdateItem');
    const started = Date.now();
    call = client.put<{ message: string }>(`/api/drafts/${id}`, second);
    await paused;
    answer = await call;
    expect(answer.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(LAMBDA_TIMEOUT_MS);
    await proxy.resume();
    const resent = await client.put<Draft>(`/api/drafts/${id}`, second);
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ revision: 2, values: values('EDITED') });
    // Another content from that old revision is a different save: refused, not merged.
    const stale = await client.put<{ message: string }>(`/api/drafts/${id}`, { ...second, values: values('OTHER') });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(messages.draftChanged);

    // A deletion held mid-request: the draft and its place in the count go together, or neither.
    paused = proxy.pause('TransactWriteItems');
    const deletion = client.delete(`/api/drafts/${id}`);
    await paused;
    expect((await deletion).status).toBe(503);
    await proxy.resume();
    expect((await client.get<Draft[]>('/api/drafts')).body).toEqual([]);
    const refill = await Promise.all(
      Array.from({ length: DRAFTS_MAX_PER_USER + 1 }, (_, i) =>
        client.post('/api/drafts', { values: values(`REFILL-${i}`), fileNames: {} }),
      ),
    );
    expect(refill.filter((r) => r.status === 201)).toHaveLength(DRAFTS_MAX_PER_USER);
  });
});
