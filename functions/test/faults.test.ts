import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import type { ApprovalRequest, Version } from '#shared/schemas/approvals';
import type { Comment } from '#shared/schemas/comments';
import type { ComponentData } from '#shared/schemas/component';
import type { Attachment } from '#shared/schemas/files';
import type { AdminUser } from '#shared/schemas/users';
import { resetConfig } from '#lib/config';
import { createComponents } from '#repositories/components';
import { listAttachments } from '#repositories/attachments';
import { generateDemoCatalogue } from '../../scripts/seed/demo-catalogue';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi, type TestClient, type TestResponse } from '../../scripts/test/api-client';
import { emulatorControl } from '../../scripts/local/distributor-emulator';
import {
  createSignedInUser,
  pdfBytes,
  signedInClient,
  uniqueEmail,
  uploadThroughApi,
  useFaultProxies,
} from './support';

/*
 * A dependency that stops answering. Each of DynamoDB, S3 and SES sits behind a
 * switchable proxy of this file's own (the shared servers keep running for the other files):
 * while it is down or silent the user gets a 503 in words, well within the function's 10 s
 * timeout, nothing is half written, and the same call works once the service is back.
 */
const stack = useTestStack();
const api = useTestApi();
const emulator = emulatorControl(stack.distributors.url, stack.distributors.tenant);
const LAMBDA_TIMEOUT_MS = 10_000;

// The deployed timeouts are what this file measures, not the generous ones of the local stack.
const proxies = useFaultProxies(stack, ['dynamodb', 's3', 'ses'], { timeouts: 'deployed' });

const signedIn = (role: 'user' | 'admin'): Promise<TestClient> => signedInClient(api, role);

/** A call made while a service is out: its answer and how long it took. */
const timed = async <T>(call: () => Promise<TestResponse<T>>) => {
  const started = Date.now();
  const answer = await call();
  return { answer, ms: Date.now() - started };
};

const expectUnavailable = (
  outcome: { answer: TestResponse<unknown>; ms: number },
  message: string = messages.serviceUnavailable,
) => {
  expect(outcome.answer.status, JSON.stringify(outcome.answer.body)).toBe(503);
  expect(outcome.answer.body).toMatchObject({ message });
  expect(outcome.ms).toBeLessThan(LAMBDA_TIMEOUT_MS);
};

let made = 0;
const newPart = async (fields: Partial<ComponentData> = {}) => {
  const reference = `FAULT-${Date.now().toString(36).toUpperCase()}-${++made}`;
  const [component] = await createComponents(
    [{ reference, class: 'Relay', manufacturer: 'Siemens', ...fields } as ComponentData],
    { username: 'test' },
  );
  return component!;
};

describe('DynamoDB unreachable', () => {
  it('answers 503 to reads and writes, half-applies no approval, and works again when it is back', async () => {
    const [user, admin] = await Promise.all([signedIn('user'), signedIn('admin')]);
    const part = await newPart();
    const edit = await user.post<{ requestId: string }>(`/api/components/${part.id}/comments`, {
      comment: 'before the outage',
    });
    expect(edit.status).toBe(201);
    const proposal = await user.patch<{ requestId: string }>(`/api/components/${part.id}`, {
      description: 'Changed during the outage',
    });
    expect(proposal.status).toBe(201);

    proxies.dynamodb.set('down');
    try {
      expectUnavailable(await timed(() => user.get(`/api/components/${part.id}`)));
      expectUnavailable(
        await timed(() =>
          user.post(
            `/api/components/${part.id}/comments`,
            { comment: 'lost in the outage' },
            { csrf: false, headers: { 'x-csrf-token': 'unused' } },
          ),
        ),
      );
      expectUnavailable(
        await timed(() =>
          admin.patch(
            `/api/approval-requests/${proposal.body.requestId}`,
            { status: 'approved' },
            { csrf: false, headers: { 'x-csrf-token': 'unused' } },
          ),
        ),
      );
    } finally {
      proxies.dynamodb.set('up');
    }

    const comments = await user.get<Comment[]>(`/api/components/${part.id}/comments`);
    expect(comments.body.map((c) => c.comment)).toEqual(['before the outage']);
    const pending = await admin.get<ApprovalRequest[]>('/api/approval-requests?status=pending');
    expect(pending.body.find((r) => r.id === proposal.body.requestId)).toMatchObject({ status: 'pending' });
    expect((await user.get<Version[]>(`/api/components/${part.id}/versions`)).body.map((v) => v.versionNumber)).toEqual(
      [1],
    );

    expect(
      (await admin.patch(`/api/approval-requests/${proposal.body.requestId}`, { status: 'approved' })).status,
    ).toBe(200);
    expect(
      (await user.get<Version[]>(`/api/components/${part.id}/versions`)).body.map((v) => v.versionNumber).sort(),
    ).toEqual([1, 2]);
    expect((await user.get<{ description: string }>(`/api/components/${part.id}`)).body.description).toBe(
      'Changed during the outage',
    );
  });

  it('answers 503 within the timeout when DynamoDB accepts connections but never answers', async () => {
    const user = await signedIn('user');
    const part = await newPart();
    proxies.dynamodb.set('hang');
    try {
      expectUnavailable(await timed(() => user.get(`/api/components/${part.id}`)));
    } finally {
      proxies.dynamodb.set('up');
    }
    expect((await user.get(`/api/components/${part.id}`)).status).toBe(200);
  });
});

/** A PDF uploaded the browser's way; its upload key. */
const upload = (client: TestClient, name: string): Promise<string> =>
  uploadThroughApi(client, { name, type: 'application/pdf', bytes: pdfBytes() });

describe('S3 unreachable', () => {
  it('answers 503 to an attachment, leaves no row without its object, and takes the same upload once S3 is back', async () => {
    const user = await signedIn('user');
    const part = await newPart();
    const uploadKey = await upload(user, 'datasheet.pdf');
    const body = { fileName: 'datasheet.pdf', fileType: 'application/pdf', uploadKey };

    for (const mode of ['down', 'hang'] as const) {
      proxies.s3.set(mode);
      try {
        expectUnavailable(await timed(() => user.post(`/api/components/${part.id}/attachments`, body)));
      } finally {
        proxies.s3.set('up');
      }
      expect(await listAttachments(part.id)).toEqual([]);
      expect((await user.get<Attachment[]>(`/api/components/${part.id}/attachments`)).body).toEqual([]);
    }

    const attached = await user.post<{ attachmentId: string }>(`/api/components/${part.id}/attachments`, body);
    expect(attached.status, JSON.stringify(attached.body)).toBe(201);
    expect((await listAttachments(part.id)).map((a) => a.id)).toEqual([attached.body.attachmentId]);
  });
});

describe('SES unreachable', () => {
  it('refuses an invitation with a 503 that says no invitation was made, then sends it once SES is back', async () => {
    const admin = await signedIn('admin');
    const email = uniqueEmail('invitee');
    proxies.ses.set('down');
    try {
      expectUnavailable(
        await timed(() => admin.post('/api/invites', { email, role: 'user' })),
        messages.invitationNotSent,
      );
    } finally {
      proxies.ses.set('up');
    }
    expect((await admin.get<AdminUser[]>('/api/users')).body.map((u) => u.email)).not.toContain(email);
    expect(await stack.readEmails(email)).toHaveLength(0);

    expect((await admin.post('/api/invites', { email, role: 'user' })).status).toBe(201);
    expect(await stack.readEmails(email)).toHaveLength(1);
  });

  it('answers forgot-password alike for a real and an unknown email, so an outage tells no one which accounts exist', async () => {
    const { user } = await createSignedInUser('user');
    proxies.ses.set('down');
    try {
      const real = await api.client().post('/api/forgot-password', { email: user.email });
      const unknown = await api.client().post('/api/forgot-password', { email: uniqueEmail('nobody') });
      expect(real.status).toBe(unknown.status);
      expect(real.body).toEqual(unknown.body);
      expect(real.body).toMatchObject({ message: messages.resetLinkSent });
    } finally {
      proxies.ses.set('up');
    }
  });
});

describe('a distributor that hangs', () => {
  it('gives a 503 in words before the deadline, stores nothing, and searches again once it answers', async () => {
    const saved = { timeout: process.env.DISTRIBUTOR_TIMEOUT_MS, deadline: process.env.DISTRIBUTOR_DEADLINE_MS };
    process.env.DISTRIBUTOR_TIMEOUT_MS = '500';
    process.env.DISTRIBUTOR_DEADLINE_MS = '2000';
    resetConfig();
    try {
      const user = await signedIn('user');
      const demo = generateDemoCatalogue(1, 1).next().value!;
      const part = await newPart({ ...demo.fields, dataSheet: null });
      await emulator.fault({ kind: 'hang', provider: 'mouser', times: 20 });
      const outcome = await timed(() => user.post(`/api/components/${part.id}/search-mouser`));
      expect(outcome.answer).toMatchObject({
        status: 503,
        body: { message: messages.distributorUnavailable('Mouser') },
      });
      expect(outcome.ms).toBeLessThan(2000 + 1000);
      expect(await listAttachments(part.id)).toEqual([]);

      await emulator.reset();
      const again = await user.post<{ success: boolean }>(`/api/components/${part.id}/search-mouser`);
      expect(again.status, JSON.stringify(again.body)).toBe(200);
    } finally {
      for (const [name, value] of [
        ['DISTRIBUTOR_TIMEOUT_MS', saved.timeout],
        ['DISTRIBUTOR_DEADLINE_MS', saved.deadline],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      resetConfig();
    }
  });
});
