import { DynamoDBClient, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import type { ApprovalRequest, BulkReviewSummary } from '#shared/schemas/approvals';
import { resetConfig } from '#lib/config';
import { getRequest } from '#repositories/approval-requests';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi, type TestClient } from '../../scripts/test/api-client';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../scripts/local/env';
import { sentWhilePaused, signIn, useFaultProxies } from './support';

/*
 * Four eyes: nobody approves or rejects their own request; an administrator may, with a written
 * reason kept on the request. Reviews race each other and a demotion.
 */
const stack = useTestStack();
const api = useTestApi();
const proxies = useFaultProxies(stack, ['dynamodb'], { timeouts: 'deployed' });

afterEach(() => {
  delete process.env.FOUR_EYES;
  resetConfig();
});

const uniqueReference = () => `FE-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

const fileNewPart = async (client: TestClient): Promise<string> => {
  const filed = await client.post<{ requestId: string }>('/api/components', {
    reference: uniqueReference(),
    class: 'Relay',
  });
  expect(filed.status).toBe(201);
  return filed.body.requestId;
};

const review = (
  client: TestClient,
  id: string,
  body: { status: 'approved' | 'rejected'; reviewNotes?: string; overrideReason?: string },
) => client.patch<ApprovalRequest & { message?: string }>(`/api/approval-requests/${id}`, body);

const pendingAs = async (client: TestClient) =>
  (await client.get<ApprovalRequest[]>('/api/approval-requests?status=pending')).body;

/** The user item changed straight in DynamoDB, past the fault proxy the functions talk through. */
const demoteDirectly = async (userId: string) => {
  const client = new DynamoDBClient({
    endpoint: stack.endpoints.dynamodb,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
  });
  try {
    await client.send(
      new UpdateItemCommand({
        TableName: stack.tableName,
        Key: { pk: { S: `USER#${userId}` }, sk: { S: 'META' } },
        UpdateExpression: 'SET #role = :user',
        ExpressionAttributeNames: { '#role': 'role' },
        ExpressionAttributeValues: { ':user': { S: 'user' } },
      }),
    );
  } finally {
    client.destroy();
  }
};

describe('four eyes', () => {
  it("refuses a librarian's review of their own request, and the queue says so on that card only", async () => {
    const { client: librarian } = await signIn(api, 'librarian');
    const { client: colleague } = await signIn(api, 'librarian');
    const id = await fileNewPart(librarian);

    expect((await pendingAs(librarian)).find((request) => request.id === id)?.selfReview).toBe('own');
    expect((await pendingAs(colleague)).find((request) => request.id === id)?.selfReview).toBeUndefined();

    for (const status of ['approved', 'rejected'] as const) {
      const refused = await review(librarian, id, { status, overrideReason: 'I am sure' });
      expect(refused).toMatchObject({ status: 403, body: { message: messages.ownRequestReview } });
    }
    expect((await getRequest(id))?.status).toBe('pending');

    const approved = await review(colleague, id, { status: 'approved' });
    expect(approved.status).toBe(200);
    expect(approved.body.overrideReason).toBeNull();
  });

  it('lets an administrator decide their own request only with a written reason, which is kept', async () => {
    const { client: admin, user } = await signIn(api, 'admin');
    const id = await fileNewPart(admin);
    expect((await pendingAs(admin)).find((request) => request.id === id)?.selfReview).toBe('override');

    const bare = await review(admin, id, { status: 'approved' });
    expect(bare).toMatchObject({ status: 403, body: { message: messages.ownRequestOverrideOnly } });
    const blank = await review(admin, id, { status: 'approved', overrideReason: '   ' });
    expect(blank).toMatchObject({ status: 403, body: { message: messages.ownRequestOverrideOnly } });
    expect((await getRequest(id))?.status).toBe('pending');

    const reason = 'Nobody else is on duty this week; checked against the datasheet.';
    const overridden = await review(admin, id, { status: 'approved', overrideReason: reason });
    expect(overridden.status).toBe(200);
    expect(overridden.body).toMatchObject({ status: 'approved', overrideReason: reason, reviewedBy: user.username });
    expect((await getRequest(id))?.overrideReason).toBe(reason);
    const approvedList = await admin.get<ApprovalRequest[]>('/api/approval-requests?status=approved');
    expect(approvedList.body.find((request) => request.id === id)?.overrideReason).toBe(reason);
  });

  it("does not keep a reason sent with someone else's request", async () => {
    const { client: admin } = await signIn(api, 'admin');
    const { client: user } = await signIn(api, 'user');
    const id = await fileNewPart(user);
    const approved = await review(admin, id, { status: 'approved', overrideReason: 'not needed' });
    expect(approved.status).toBe(200);
    expect((await getRequest(id))?.overrideReason).toBeUndefined();
  });

  it('leaves own requests out of a bulk review, saying why', async () => {
    const { client: librarian } = await signIn(api, 'librarian');
    const { client: user } = await signIn(api, 'user');
    const own = await fileNewPart(librarian);
    const theirs = await fileNewPart(user);
    const summary = await librarian.post<BulkReviewSummary>('/api/approval-requests/bulk-review', {
      ids: [own, theirs],
      status: 'approved',
    });
    expect(summary.status).toBe(200);
    expect(summary.body.applied.map((entry) => entry.id)).toEqual([theirs]);
    expect(summary.body.failed).toMatchObject([{ id: own, message: messages.ownRequestReview }]);
    expect((await getRequest(own))?.status).toBe('pending');
  });

  it('lets reviewers decide their own requests where the deployment turns four eyes off', async () => {
    process.env.FOUR_EYES = 'off';
    resetConfig();
    const { client: librarian } = await signIn(api, 'librarian');
    const id = await fileNewPart(librarian);
    expect((await pendingAs(librarian)).find((request) => request.id === id)?.selfReview).toBeUndefined();
    expect((await review(librarian, id, { status: 'approved' })).status).toBe(200);
  });
});

describe('reviews racing', () => {
  it('two reviewers deciding one request at once: one decision lands, the other is told', async () => {
    const { client: user } = await signIn(api, 'user');
    const { client: librarian } = await signIn(api, 'librarian');
    const { client: admin } = await signIn(api, 'admin');
    const id = await fileNewPart(user);
    const [approve, reject] = await Promise.all([
      review(librarian, id, { status: 'approved', reviewNotes: 'looks right' }),
      review(admin, id, { status: 'rejected', reviewNotes: 'duplicate' }),
    ]);
    const answers = [approve, reject].map((answer) => answer.status).sort();
    expect(answers).toEqual([200, 409]);
    const winner = approve.status === 200 ? approve : reject;
    const loser = approve.status === 200 ? reject : approve;
    expect(loser.body.message).toBe(messages.requestAlreadyReviewed);
    const stored = await getRequest(id);
    expect(stored?.status).toBe(winner.body.status);
    expect(stored?.reviewNotes).toBe(winner.body.reviewNotes);
    // Approved once: one new part at most, and the pending count fell once (the request is not listed).
    expect((await pendingAs(admin)).some((request) => request.id === id)).toBe(false);
  });

  it('a reviewer demoted while their review is on its way decides nothing', async () => {
    const { client: user } = await signIn(api, 'user');
    const { client: librarian, user: lib } = await signIn(api, 'librarian');
    const id = await fileNewPart(user);
    const { body: csrf } = await librarian.get<{ token: string }>('/api/csrf-token');
    // The review's transaction is held on its way to DynamoDB; meanwhile an administrator demotes them.
    const held = proxies.dynamodb.pause('TransactWriteItems');
    const call = librarian.patch<{ message?: string }>(
      `/api/approval-requests/${id}`,
      { status: 'approved' },
      { csrf: false, headers: { 'x-csrf-token': csrf.token } },
    );
    await held;
    await demoteDirectly(lib.id);
    await proxies.dynamodb.resume();
    const answer = await call;
    expect(answer).toMatchObject({ status: 403, body: { message: messages.forbidden } });
    expect((await getRequest(id))?.status).toBe('pending');
  });

  it('an override whose answer is lost to a DynamoDB pause is kept once, and a retry with its key is answered alike', async () => {
    const { client: admin } = await signIn(api, 'admin');
    const id = await fileNewPart(admin);
    const reason = 'Urgent fix for the line; the team lead agreed.';
    const key = `override-${id}`;
    const answer = await sentWhilePaused(proxies.dynamodb, 'TransactWriteItems', admin, (options) =>
      admin.patch<{ message: string }>(
        `/api/approval-requests/${id}`,
        { status: 'approved', overrideReason: reason },
        { ...options, headers: { ...options.headers, 'idempotency-key': key } },
      ),
    );
    expect(answer.status).toBe(503);
    expect(answer.body.message).toBe(messages.serviceUnavailable);
    const again = await admin.patch<ApprovalRequest>(
      `/api/approval-requests/${id}`,
      { status: 'approved', overrideReason: reason },
      { headers: { 'idempotency-key': key } },
    );
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'approved', overrideReason: reason });
    expect((await getRequest(id))?.overrideReason).toBe(reason);
  });
});
