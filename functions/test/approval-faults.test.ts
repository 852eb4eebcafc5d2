import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import type { ApprovalRequest, BulkReviewSummary, Version } from '#shared/schemas/approvals';
import type { Component, ComponentData } from '#shared/schemas/component';
import type { NotificationSettings } from '#shared/schemas/notifications';
import { dynamo } from '#lib/clients';
import { getRequest } from '#repositories/approval-requests';
import { getAttachment } from '#repositories/attachments';
import { createComponents } from '#repositories/components';
import { readCounter } from '#repositories/counters';
import { sendApprovalDigests } from '#services/request-emails';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi, type TestClient, type TestResponse } from '../../scripts/test/api-client';
import { pdfBytes, signIn, useFaultProxies } from './support';

/*
 * The approval workflow's writes when a dependency fails: DynamoDB that stops answering (every
 * call hangs), DynamoDB that applies a transaction but whose answer never arrives (the outcome
 * is unknown to the caller), and SES that is down. Each answers in words within the function's
 * timeout, leaves nothing half written, and a retry finishes the job without doing it twice.
 */
const stack = useTestStack();
const api = useTestApi();
const LAMBDA_TIMEOUT_MS = 10_000;
// The deployed timeouts, so a hanging service is given up on within the function's time, as on AWS.
const proxies = useFaultProxies(stack, ['dynamodb', 'ses'], { timeouts: 'deployed' });

let made = 0;
const newPart = async (fields: Partial<ComponentData> = {}): Promise<Component> => {
  const reference = `APF-${Date.now().toString(36).toUpperCase()}-${++made}`;
  const [component] = await createComponents(
    [{ reference, class: 'Relay', manufacturer: 'Siemens', ...fields } as ComponentData],
    { username: 'test' },
  );
  return component!;
};

const propose = async (client: TestClient, componentId: number, changes: Record<string, unknown>) =>
  (await client.patch<{ requestId: string }>(`/api/components/${componentId}`, changes)).body.requestId;

/** A mutating call made while DynamoDB hangs: the CSRF token is fetched first, while it answers. */
const whileHanging = async <T>(call: (csrf: { headers: Record<string, string> }) => Promise<TestResponse<T>>) => {
  const started = Date.now();
  proxies.dynamodb.set('hang');
  try {
    const answer = await call({ headers: { 'x-csrf-token': 'fetched-before' } });
    return { answer, ms: Date.now() - started };
  } finally {
    proxies.dynamodb.set('up');
  }
};

/** Fetches a CSRF token for `client` now, so a call made during an outage carries a valid one. */
const csrfFor = async (client: TestClient) => {
  const { body } = await client.get<{ token: string }>('/api/csrf-token');
  return { csrf: false, headers: { 'x-csrf-token': body.token } };
};

const expectUnavailable = ({ answer, ms }: { answer: TestResponse<unknown>; ms: number }) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(503);
  expect(answer.body).toMatchObject({ message: messages.serviceUnavailable });
  expect(ms).toBeLessThan(LAMBDA_TIMEOUT_MS);
};

/**
 * The next `commandName` call reaches DynamoDB and is applied, but its answer is lost: the
 * caller sees a timeout, as when DynamoDB pauses after committing.
 */
const loseNextAnswer = (commandName: string) => {
  const name = `lose-answer-${commandName}-${Math.random()}`;
  let lost = false;
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      if (lost || context.commandName !== commandName) return result;
      lost = true;
      throw Object.assign(new Error('Socket timed out without establishing a connection'), {
        name: 'TimeoutError',
        $metadata: {},
      });
    },
    { step: 'initialize', name },
  );
  return {
    get lost() {
      return lost;
    },
    remove: () => dynamo().middlewareStack.remove(name),
  };
};

describe('DynamoDB stops answering', () => {
  it(
    'answers 503 in time to withdraw, bulk review, revert, settings and attachment removal, changes nothing, and works once it is back',
    { timeout: 120_000 },
    async () => {
      const user = await signIn(api, 'user');
      const admin = await signIn(api, 'admin');
      const part = await newPart({ description: 'Before' });
      const edit = await propose(user.client, part.id, { description: 'Proposed' });
      const upload = await user.client.post<{ requestId: string; attachmentId: string }>(
        `/api/components/${part.id}/attachments`,
        { fileName: 'fault.pdf', fileType: 'application/pdf', fileData: pdfBytes().toString('base64') },
      );
      expect(
        (await admin.client.patch(`/api/approval-requests/${upload.body.requestId}`, { status: 'approved' })).status,
      ).toBe(200);
      const pendingBefore = await readCounter('pending-approvals');
      const userCsrf = await csrfFor(user.client);
      const adminCsrf = await csrfFor(admin.client);

      expectUnavailable(
        await whileHanging(() => user.client.post(`/api/approval-requests/${edit}/withdraw`, undefined, userCsrf)),
      );
      expectUnavailable(
        await whileHanging(() =>
          admin.client.post('/api/approval-requests/bulk-review', { ids: [edit], status: 'approved' }, adminCsrf),
        ),
      );
      expectUnavailable(
        await whileHanging(() => user.client.post(`/api/components/${part.id}/versions/1/revert`, undefined, userCsrf)),
      );
      expectUnavailable(
        await whileHanging(() => user.client.patch('/api/notification-settings', { appNewRequest: false }, userCsrf)),
      );
      expectUnavailable(
        await whileHanging(() =>
          admin.client.delete(
            `/api/components/${part.id}/attachments/${upload.body.attachmentId}`,
            undefined,
            adminCsrf,
          ),
        ),
      );

      // Nothing was half written.
      expect(await getRequest(edit)).toMatchObject({ status: 'pending' });
      expect(await readCounter('pending-approvals')).toBe(pendingBefore);
      expect(await getAttachment(part.id, upload.body.attachmentId)).toMatchObject({ isApproved: true });
      expect((await user.client.get<Version[]>(`/api/components/${part.id}/versions`)).body).toHaveLength(1);
      expect((await user.client.get<NotificationSettings>('/api/notification-settings')).body.appNewRequest).toBe(true);

      // The same calls work once it is back.
      expect(
        (await admin.client.delete(`/api/components/${part.id}/attachments/${upload.body.attachmentId}`)).status,
      ).toBe(200);
      expect((await user.client.patch('/api/notification-settings', { appNewRequest: false })).status).toBe(200);
      expect((await user.client.post(`/api/approval-requests/${edit}/withdraw`)).body).toMatchObject({
        status: 'withdrawn',
      });
      expect(await readCounter('pending-approvals')).toBe(pendingBefore - 1);
    },
  );
});

describe('a write applied whose answer is lost', () => {
  it('withdraws once: the caller sees a 503, and sending it again answers the withdrawal', async () => {
    const user = await signIn(api, 'user');
    const part = await newPart();
    const edit = await propose(user.client, part.id, { description: 'Lost answer' });
    const before = await readCounter('pending-approvals');
    const fault = loseNextAnswer('TransactWriteItemsCommand');
    let first: TestResponse<unknown>;
    try {
      first = await user.client.post(`/api/approval-requests/${edit}/withdraw`);
    } finally {
      fault.remove();
    }
    expect(fault.lost).toBe(true);
    expect(first.status).toBe(503);
    expect(await getRequest(edit)).toMatchObject({ status: 'withdrawn' });
    const again = await user.client.post<ApprovalRequest>(`/api/approval-requests/${edit}/withdraw`);
    expect(again).toMatchObject({ status: 200, body: { status: 'withdrawn' } });
    expect(await readCounter('pending-approvals')).toBe(before - 1);
  });

  it('bulk review reports the unknown outcome, leaves the rest, and a second run applies each request once', async () => {
    const user = await signIn(api, 'user');
    const admin = await signIn(api, 'admin');
    const part = await newPart();
    const ids = [
      await propose(user.client, part.id, { description: 'one' }),
      await propose(user.client, part.id, { series: 'two' }),
      await propose(user.client, part.id, { type: 'three' }),
    ];
    const before = await readCounter('pending-approvals');
    const fault = loseNextAnswer('TransactWriteItemsCommand');
    let first: TestResponse<BulkReviewSummary>;
    try {
      first = await admin.client.post<BulkReviewSummary>('/api/approval-requests/bulk-review', {
        ids,
        status: 'approved',
      });
    } finally {
      fault.remove();
    }
    expect(first.status).toBe(200);
    expect(first.body.applied).toEqual([]);
    expect(first.body.failed.map((entry) => entry.message)).toEqual([
      messages.bulkOutcomeUnknown,
      messages.bulkNotAttempted,
      messages.bulkNotAttempted,
    ]);
    // The first one went through although its answer was lost.
    expect(await getRequest([...ids].sort()[0]!)).toMatchObject({ status: 'approved' });

    const second = await admin.client.post<BulkReviewSummary>('/api/approval-requests/bulk-review', {
      ids,
      status: 'approved',
    });
    expect(second.body.applied.map((entry) => entry.id).sort()).toEqual([...ids].sort());
    expect(second.body.failed).toEqual([]);
    expect(await readCounter('pending-approvals')).toBe(before - 3);
    const versions = (await user.client.get<Version[]>(`/api/components/${part.id}/versions`)).body;
    expect(versions.map((version) => version.versionNumber)).toEqual([4, 3, 2, 1]);
  });
});

describe('SES is down', () => {
  it('still applies the review, and keeps the digest for the next run instead of losing it', async () => {
    const user = await signIn(api, 'user');
    const admin = await signIn(api, 'admin');
    const part = await newPart();
    const edit = await propose(user.client, part.id, { description: 'While SES is down' });
    const waiting = await propose(user.client, part.id, { series: 'Digest me' });
    proxies.ses.set('down');
    try {
      expect((await admin.client.patch(`/api/approval-requests/${edit}`, { status: 'approved' })).status).toBe(200);
      await sendApprovalDigests();
    } finally {
      proxies.ses.set('up');
    }
    expect((await user.client.get<Component>(`/api/components/${part.id}`)).body.description).toBe('While SES is down');
    expect(await stack.readEmails(admin.user.email)).toEqual([]);
    await sendApprovalDigests();
    const [digest] = await stack.readEmails(admin.user.email);
    expect(digest!.body.text).toContain(part.reference);
    expect(await getRequest(waiting)).toMatchObject({ status: 'pending' });
  });
});
