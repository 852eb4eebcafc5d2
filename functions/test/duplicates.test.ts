import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import type { ApprovalRequest } from '#shared/schemas/approvals';
import type { ComponentData } from '#shared/schemas/component';
import type { DuplicateCandidate } from '#shared/schemas/duplicates';
import { createComponents } from '#repositories/components';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi, type TestClient } from '../../scripts/test/api-client';
import { signIn } from './support';

/*
 * Duplicates caught before they are filed: the candidates of a part being typed, from the
 * catalogue (through the search index) and the pending new-part requests, on makers' real part
 * numbers written the ways people and distributors write them; and the approval queue's
 * new-part requests with the parts they may duplicate.
 */
useTestStack();
const api = useTestApi();

const candidatesOf = async (client: TestClient, query: Record<string, string>) => {
  const answer = await client.get<DuplicateCandidate[] & { message?: string }>(
    `/api/components/duplicates?${new URLSearchParams(query)}`,
  );
  expect(answer.status).toBe(200);
  return answer.body;
};

const propose = async (client: TestClient, part: Record<string, unknown>): Promise<string> => {
  const filed = await client.post<{ requestId: string }>('/api/components', part);
  expect(filed.status).toBe(201);
  return filed.body.requestId;
};

/** A reference no other test of the file uses, in a maker's style. */
let made = 0;
const uniqueReference = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${++made}`;

describe('GET /api/components/duplicates', () => {
  it('finds the same part written another way, and parts one character away, in the catalogue and the queue', async () => {
    const { client } = await signIn(api, 'user');
    const [pt, wago, wagoBlue, contactor, bigger] = await createComponents(
      [
        { reference: 'PT 2,5', manufacturer: 'Phoenix Contact', articleNumber: '3209510', class: 'Terminal Block' },
        { reference: '2002-1201', manufacturer: 'WAGO', class: 'Terminal Block' },
        { reference: '2002-1204', manufacturer: 'WAGO', class: 'Terminal Block' },
        { reference: '3RT2015-1BB41', manufacturer: 'Siemens', class: 'Relay' },
        { reference: '3RT2016-1BB41', manufacturer: 'Siemens', class: 'Relay' },
      ] as ComponentData[],
      { username: 'test' },
    );
    const other = await signIn(api, 'user');
    const waiting = await propose(other.client, {
      reference: '2002 1201',
      manufacturer: 'Wago',
      class: 'Terminal Block',
    });

    expect(await candidatesOf(client, { reference: 'PT2.5', manufacturer: 'Phoenix Contact' })).toEqual([
      { kind: 'part', id: pt!.id, reference: 'PT 2,5', manufacturer: 'Phoenix Contact', exact: true },
    ]);
    expect(await candidatesOf(client, { reference: '2002 1201', manufacturer: 'WAGO' })).toEqual([
      { kind: 'part', id: wago!.id, reference: '2002-1201', manufacturer: 'WAGO', exact: true },
      { kind: 'request', id: waiting, reference: '2002 1201', manufacturer: 'Wago', exact: true },
      { kind: 'part', id: wagoBlue!.id, reference: '2002-1204', manufacturer: 'WAGO', exact: false },
    ]);
    expect(await candidatesOf(client, { reference: '3RT20151BB41', manufacturer: 'Siemens' })).toEqual([
      { kind: 'part', id: contactor!.id, reference: '3RT2015-1BB41', manufacturer: 'Siemens', exact: true },
      { kind: 'part', id: bigger!.id, reference: '3RT2016-1BB41', manufacturer: 'Siemens', exact: false },
    ]);
    // Another maker's part of the same reference is worth a look, not the same part.
    expect(await candidatesOf(client, { reference: '3RT2015 1BB41', manufacturer: 'ABB' })).toEqual([
      { kind: 'part', id: contactor!.id, reference: '3RT2015-1BB41', manufacturer: 'Siemens', exact: false },
    ]);
    // The article number alone finds the part; a maker alone finds nothing.
    expect(await candidatesOf(client, { articleNumber: '3209 510' })).toEqual([
      { kind: 'part', id: pt!.id, reference: 'PT 2,5', manufacturer: 'Phoenix Contact', exact: false },
    ]);
    expect(await candidatesOf(client, { manufacturer: 'Phoenix Contact' })).toEqual([]);
  });

  it('sees a part approved a moment ago as a part, and its request no longer', async () => {
    const user = await signIn(api, 'user');
    const admin = await signIn(api, 'admin');
    const reference = uniqueReference('EK1100-');
    const requestId = await propose(user.client, { reference, manufacturer: 'Beckhoff', class: 'PLC' });
    expect(await candidatesOf(user.client, { reference: reference.toLowerCase() })).toEqual([
      { kind: 'request', id: requestId, reference, manufacturer: 'Beckhoff', exact: true },
    ]);
    const approved = await admin.client.patch<ApprovalRequest>(`/api/approval-requests/${requestId}`, {
      status: 'approved',
    });
    expect(approved.status).toBe(200);
    expect(await candidatesOf(user.client, { reference, manufacturer: 'BECKHOFF' })).toEqual([
      { kind: 'part', id: approved.body.componentId, reference, manufacturer: 'Beckhoff', exact: true },
    ]);
  });

  it('refuses a text longer than a field holds', async () => {
    const { client } = await signIn(api, 'user');
    const answer = await client.get<{ message: string }>(`/api/components/duplicates?reference=${'X'.repeat(1001)}`);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(messages.textTooLong('Reference', 1000));
  });
});

describe('the approval queue', () => {
  it('lists a new part with the parts and the other pending requests it may duplicate, for administrators', async () => {
    const first = await signIn(api, 'user');
    const second = await signIn(api, 'user');
    const admin = await signIn(api, 'admin');
    const reference = uniqueReference('UK 5 N-');
    const [existing] = await createComponents(
      [{ reference, manufacturer: 'Phoenix Contact', class: 'Terminal Block' } as ComponentData],
      { username: 'test' },
    );
    const spaced = reference.replace('UK 5 N-', 'UK5N ');
    const one = await propose(first.client, {
      reference: spaced,
      manufacturer: 'Phoenix Contact',
      class: 'Terminal Block',
    });
    const two = await propose(second.client, { reference: `${spaced}X`, manufacturer: null, class: 'Terminal Block' });
    const unrelated = await propose(second.client, {
      reference: uniqueReference('S201-C'),
      manufacturer: 'ABB',
      class: 'Circuit Protection',
    });

    const queue = await admin.client.get<ApprovalRequest[]>('/api/approval-requests?status=pending');
    const card = (id: string) => queue.body.find((request) => request.id === id)!;
    expect(card(one).possibleDuplicates).toEqual([
      { kind: 'part', id: existing!.id, reference, manufacturer: 'Phoenix Contact', exact: true },
      { kind: 'request', id: two, reference: `${spaced}X`, manufacturer: null, exact: false },
    ]);
    expect(card(two).possibleDuplicates).toEqual([
      { kind: 'part', id: existing!.id, reference, manufacturer: 'Phoenix Contact', exact: false },
      { kind: 'request', id: one, reference: spaced, manufacturer: 'Phoenix Contact', exact: false },
    ]);
    expect(card(unrelated).possibleDuplicates).toBeUndefined();
    // A submitter's own list is not where requests are reviewed.
    const own = await first.client.get<ApprovalRequest[]>('/api/approval-requests?status=pending');
    expect(own.body.find((request) => request.id === one)?.possibleDuplicates).toBeUndefined();
  });
});
