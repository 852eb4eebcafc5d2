import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import type { ApprovalRequest, Version } from '#shared/schemas/approvals';
import type { ComponentData } from '#shared/schemas/component';
import { listAttachments } from '#repositories/attachments';
import { createComponents } from '#repositories/components';
import { readPendingBytes } from '#repositories/pending-storage';
import { fileExists } from '#services/file-store';
import { reconcileStorage } from '#services/reconciliation';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi, type TestClient } from '../../scripts/test/api-client';
import { pdfBytes, presignedUpload, signIn, useFaultProxies } from './support';

/*
 * A write whose answer is lost. DynamoDB is suspended (the fault proxy's pause) the moment the
 * request's transaction reaches it, so the caller's SDK times out and the caller gets a 503; then
 * DynamoDB continues and the transaction lands after all: the ambiguous outcome of a real
 * timeout. Afterwards every row must have its object, every object its row, and the caller's
 * retry must finish the write it started instead of making a second one.
 */
const stack = useTestStack();
const api = useTestApi();
// The deployed timeouts, so the caller gives up (a 503) while the write is held, as on AWS.
const { dynamodb } = useFaultProxies(stack, ['dynamodb'], { timeouts: 'deployed' });

const TRANSACTION = 'DynamoDB_20120810.TransactWriteItems';

let made = 0;
const newPart = async () => {
  const [component] = await createComponents(
    [{ reference: `AMBIG-${Date.now().toString(36)}-${++made}`, class: 'Relay' } as ComponentData],
    { username: 'test' },
  );
  return component!;
};

/**
 * Sends `call` with DynamoDB suspended from its first transaction on, expects the lost answer
 * (503), then lets DynamoDB continue so the transaction lands.
 */
const withLostAnswer = async <T>(call: () => Promise<{ status: number; body: T }>) => {
  const suspended = dynamodb.pause(TRANSACTION);
  const answer = call();
  await suspended;
  const lost = await answer;
  await dynamodb.resume();
  return lost;
};

/** Nothing out of step: no object without its row, no row without its object. */
const expectConsistent = async () => {
  const report = await reconcileStorage({ graceMs: 0, now: new Date(Date.now() + 60_000) });
  expect(report.repaired.filter((r) => !r.key.startsWith('uploads/'))).toEqual([]);
  expect(report.reported).toEqual([]);
};

describe('an attachment whose answer was lost', { timeout: 60_000 }, () => {
  it('keeps its file, and the retry answers with the attachment that landed: one row, with its object', async () => {
    const { user, client } = await signIn(api, 'user');
    const part = await newPart();
    const ticket = await presignedUpload(client, { name: 'datasheet.pdf', type: 'application/pdf', bytes: pdfBytes() });
    const body = { fileName: 'datasheet.pdf', fileType: 'application/pdf', uploadKey: ticket.body.uploadKey };

    const lost = await withLostAnswer(() => client.post(`/api/components/${part.id}/attachments`, body));
    expect(lost.status, JSON.stringify(lost.body)).toBe(503);

    const rows = await listAttachments(part.id);
    expect(rows).toHaveLength(1);
    expect(await fileExists(rows[0]!.objectKey)).toBe(true);

    const retry = await client.post<{ attachmentId: string; requestId: string }>(
      `/api/components/${part.id}/attachments`,
      body,
    );
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    expect(retry.body).toEqual({ attachmentId: rows[0]!.id, requestId: rows[0]!.requestId });
    expect(await listAttachments(part.id)).toHaveLength(1);
    expect(await fileExists(ticket.body.uploadKey)).toBe(false);
    expect(await readPendingBytes(user.id)).toBe(rows[0]!.size);
    await expectConsistent();
  });

  it('inline (base64): sent again, it is filed once', async () => {
    const { client } = await signIn(api, 'user');
    const part = await newPart();
    const body = { fileName: 'inline.pdf', fileType: 'application/pdf', fileData: pdfBytes(2048).toString('base64') };
    expect((await withLostAnswer(() => client.post(`/api/components/${part.id}/attachments`, body))).status).toBe(503);
    expect((await client.post(`/api/components/${part.id}/attachments`, body)).status).toBe(201);
    expect(await listAttachments(part.id)).toHaveLength(1);
    await expectConsistent();
  });
});

describe('a new-component request whose answer was lost', { timeout: 60_000 }, () => {
  it('keeps its files and uploads, and the same form sent again is answered with the one request filed', async () => {
    const { user, client } = await signIn(api, 'user');
    const ticket = await presignedUpload(client, {
      name: 'sheet.pdf',
      type: 'application/pdf',
      bytes: pdfBytes(),
      purpose: 'component-file',
    });
    const form = { reference: `AMBIG-NEW-${Date.now()}`, class: 'Relay', dataSheet: ticket.body.uploadKey };

    const lost = await withLostAnswer(() => client.post('/api/components', form));
    expect(lost.status, JSON.stringify(lost.body)).toBe(503);

    const mine = async () =>
      (await client.get<ApprovalRequest[]>('/api/approval-requests?status=pending')).body.filter(
        (r) => r.requestData.reference === form.reference,
      );
    const [filed] = await mine();
    expect(filed).toBeDefined();
    const dataSheet = String(filed!.requestData.dataSheet);
    expect(dataSheet).toMatch(new RegExp(`^requests/${filed!.id}/dataSheet/`));
    expect(await fileExists(dataSheet)).toBe(true);

    const retry = await client.post<{ requestId: string }>('/api/components', form);
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    expect(retry.body.requestId).toBe(filed!.id);
    expect(await mine()).toHaveLength(1);
    expect(await fileExists(ticket.body.uploadKey)).toBe(false);
    expect(await readPendingBytes(user.id)).toBe(pdfBytes().length);
    await expectConsistent();
  });

  it('with an Idempotency-Key: a changed form under the same key is refused (422), the same form answered with the one request', async () => {
    const { client } = await signIn(api, 'user');
    const reference = `AMBIG-KEY-${Date.now()}`;
    const headers = { 'idempotency-key': `form-${reference}` };
    const lost = await withLostAnswer(() => client.post('/api/components', { reference, class: 'Relay' }, { headers }));
    expect(lost.status).toBe(503);
    const changed = await client.post<{ message: string }>(
      '/api/components',
      { reference, class: 'Relay', description: 'typed while waiting' },
      { headers },
    );
    expect(changed).toMatchObject({ status: 422, body: { message: messages.idempotencyKeyReused } });
    const retry = await client.post<{ requestId: string }>(
      '/api/components',
      { class: 'Relay', reference },
      { headers },
    );
    expect(retry.status).toBe(201);
    const pending = (await client.get<ApprovalRequest[]>('/api/approval-requests?status=pending')).body;
    expect(pending.filter((r) => r.requestData.reference === reference).map((r) => r.id)).toEqual([
      retry.body.requestId,
    ]);
  });

  it("one person's Idempotency-Key is not another's: the same key from two people files two requests", async () => {
    const first = await signIn(api, 'user');
    const second = await signIn(api, 'user');
    const reference = `AMBIG-SHARED-${Date.now()}`;
    const headers = { 'idempotency-key': 'key-1' };
    const one = await first.client.post<{ requestId: string }>(
      '/api/components',
      { reference, class: 'Relay' },
      { headers },
    );
    const two = await second.client.post<{ requestId: string }>(
      '/api/components',
      { reference, class: 'Relay' },
      { headers },
    );
    expect([one.status, two.status]).toEqual([201, 201]);
    expect(two.body.requestId).not.toBe(one.body.requestId);
  });
});

describe('a review whose answer was lost', { timeout: 60_000 }, () => {
  const propose = async (client: TestClient, partId: number) =>
    (await client.patch<{ requestId: string }>(`/api/components/${partId}`, { description: 'Changed' })).body.requestId;

  it('sent again with the same Idempotency-Key is answered as the first was: applied once, one new version', async () => {
    const user = await signIn(api, 'user');
    const admin = await signIn(api, 'admin');
    const part = await newPart();
    const requestId = await propose(user.client, part.id);
    const headers = { 'idempotency-key': `review-${requestId}` };
    const approve = () =>
      admin.client.patch(`/api/approval-requests/${requestId}`, { status: 'approved' }, { headers });

    expect((await withLostAnswer(approve)).status).toBe(503);
    const retry = await approve();
    expect(retry).toMatchObject({ status: 200, body: { id: requestId, status: 'approved' } });
    const versions = await user.client.get<Version[]>(`/api/components/${part.id}/versions`);
    expect(versions.body.map((v) => v.versionNumber).sort()).toEqual([1, 2]);
    // Another review (another key, or none) is told the truth.
    expect((await admin.client.patch(`/api/approval-requests/${requestId}`, { status: 'approved' })).status).toBe(409);
    // The same key with another decision is refused, not answered with the first decision.
    const otherDecision = await admin.client.patch<{ message: string }>(
      `/api/approval-requests/${requestId}`,
      { status: 'rejected', reviewNotes: 'changed my mind' },
      { headers },
    );
    expect(otherDecision).toMatchObject({ status: 422, body: { message: messages.idempotencyKeyReused } });
    // Another administrator who happens to send the same key is not answered as if they had reviewed it.
    const other = await signIn(api, 'admin');
    expect(
      (await other.client.patch(`/api/approval-requests/${requestId}`, { status: 'approved' }, { headers })).status,
    ).toBe(409);
  });

  it('a rejection: what it leaves to do afterwards (the rejected file) is done by the retry', async () => {
    const user = await signIn(api, 'user');
    const admin = await signIn(api, 'admin');
    const part = await newPart();
    const ticket = await presignedUpload(user.client, { name: 'r.pdf', type: 'application/pdf', bytes: pdfBytes() });
    const filed = await user.client.post<{ requestId: string; attachmentId: string }>(
      `/api/components/${part.id}/attachments`,
      { fileName: 'r.pdf', fileType: 'application/pdf', uploadKey: ticket.body.uploadKey },
    );
    const [row] = await listAttachments(part.id);
    const reject = () =>
      admin.client.patch(`/api/approval-requests/${filed.body.requestId}`, { status: 'rejected', reviewNotes: 'no' });

    expect((await withLostAnswer(reject)).status).toBe(503);
    // Rejected, but its file and row are still there: the part that follows the transaction never ran.
    expect(await fileExists(row!.objectKey)).toBe(true);
    expect((await reject()).status).toBe(409);
    expect(await listAttachments(part.id)).toEqual([]);
    expect(await fileExists(row!.objectKey)).toBe(false);
    expect(await readPendingBytes(user.user.id)).toBe(0);
    await expectConsistent();
  });
});
