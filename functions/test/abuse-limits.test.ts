import { beforeAll, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { messages } from '#shared/messages';
import type { Comment } from '#shared/schemas/comments';
import type { ComponentData } from '#shared/schemas/component';
import type { UploadTicket } from '#shared/schemas/files';
import type { Notification } from '#shared/schemas/approvals';
import { config, defaultWriteLimits, resetConfig } from '#lib/config';
import { getRequest } from '#repositories/approval-requests';
import { createComponents } from '#repositories/components';
import { readPendingBytes } from '#repositories/pending-storage';
import { fileExists, putFile } from '#services/file-store';
import { discardRequestFiles } from '#services/request-files';
import { takeWriteSlot } from '#services/write-limits';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi, type TestClient, type TestResponse } from '../../scripts/test/api-client';
import { pdfBytes, presignedUpload, signIn } from './support';

/*
 * Abuse by a signed-in user: per-user write limits on every write route (429 with Retry-After and
 * a message in words), a quota on what one user may have waiting for review, uploads claimable
 * only as the kind of file they were made for, and no file of a refused request kept.
 */
useTestStack({ writeLimits: 'product' });
const api = useTestApi();

beforeAll(() => {
  // A small allowance, so a few files reach it; views allowed 3 a day, to meet a day's limit.
  process.env.PENDING_STORAGE_QUOTA_MB = '2';
  process.env.WRITE_LIMIT_VIEWS = '100/3';
  resetConfig();
});

let made = 0;
const newParts = async (count: number) =>
  createComponents(
    Array.from(
      { length: count },
      () => ({ reference: `ABUSE-${Date.now().toString(36)}-${++made}`, class: 'Relay' }) as ComponentData,
    ),
    { username: 'test' },
  );

const statuses = (answers: { status: number }[]) =>
  answers.reduce<Record<number, number>>((tally, { status }) => ({ ...tally, [status]: (tally[status] ?? 0) + 1 }), {});

describe('per-user write limits', { timeout: 120_000 }, () => {
  it('takes 10 of 200 comments sent at once; the rest get 429 with Retry-After and a message in words', async () => {
    const { client } = await signIn(api, 'user');
    const [part] = await newParts(1);
    // As fast as a script sends them (20 at a time; the local stack is one process on a small machine).
    const answers: TestResponse<{ message?: string }>[] = [];
    for (let round = 0; round < 10; round++) {
      answers.push(
        ...(await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            client.post<{ message?: string }>(`/api/components/${part!.id}/comments`, {
              comment: `spam ${round}-${i}`,
            }),
          ),
        )),
      );
    }
    const limit = defaultWriteLimits.comments.perMinute;
    // The minute may turn over during the burst: at most one more window's worth. (A slot taken by
    // a call the busy local stack then answered 503 counts too.)
    const tally = statuses(answers);
    expect((tally[201] ?? 0) + (tally[503] ?? 0)).toBeGreaterThanOrEqual(limit);
    expect(tally[201]).toBeLessThanOrEqual(2 * limit);
    expect(tally[429]).toBeGreaterThanOrEqual(200 - 2 * limit);
    const refused = answers.find((a) => a.status === 429)!;
    // A window that began at the very second of the first comment ends a whole minute later.
    expect(refused.body.message).toMatch(
      new RegExp(
        `^You can post at most ${limit} comments a minute\\. Please try again in (\\d+ seconds?|1 minute)\\.$`,
      ),
    );
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const stored = await client.get<Comment[]>(`/api/components/${part!.id}/comments`);
    expect(stored.body).toHaveLength(statuses(answers)[201]!);
    // Another user is not held back by someone else's flood.
    const other = await signIn(api, 'user');
    expect((await other.client.post(`/api/components/${part!.id}/comments`, { comment: 'hello' })).status).toBe(201);
  });

  it("files 10 of 100 deletion requests sent at once, so an admin's bell gets at most 10", async () => {
    const { client } = await signIn(api, 'user');
    const admin = await signIn(api, 'admin');
    const parts = await newParts(100);
    const answers: TestResponse[] = [];
    for (let round = 0; round < 5; round++)
      answers.push(
        ...(await Promise.all(
          parts
            .slice(round * 20, round * 20 + 20)
            .map((part) => client.post(`/api/components/${part.id}/delete-request`)),
        )),
      );
    const filed = statuses(answers)[201] ?? 0;
    expect(filed).toBeGreaterThanOrEqual(defaultWriteLimits.requests.perMinute);
    expect(filed).toBeLessThanOrEqual(2 * defaultWriteLimits.requests.perMinute);
    expect(statuses(answers)[429]).toBeGreaterThanOrEqual(100 - 2 * defaultWriteLimits.requests.perMinute);
    const bell = await admin.client.get<Notification[]>('/api/notifications');
    const rung = bell.body.filter((n) => n.title === 'New approval request').length;
    expect(rung).toBeGreaterThanOrEqual(1);
    expect(rung).toBeLessThanOrEqual(2 * defaultWriteLimits.requests.perMinute);
  });

  it("counts a day's allowance too, and says when it comes back", async () => {
    const { client } = await signIn(api, 'user');
    const [part] = await newParts(1);
    expect(config().writeLimits.views).toEqual({ perMinute: 100, perDay: 3 });
    for (let view = 0; view < 3; view++)
      expect((await client.post(`/api/components/${part!.id}/view`)).status).toBe(200);
    const refused = await client.post<{ message: string }>(`/api/components/${part!.id}/view`);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(
      /^You can open at most 3 parts a day\. Please try again in \d+ (hour|minute)s?\.$/,
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(60);
  });

  it('lets no more than the allowance through across the turn of a minute', async () => {
    const userId = `boundary-${ulid()}`;
    const limit = config().writeLimits.comments.perMinute;
    const lastSecond = new Date(Date.UTC(2033, 4, 6, 9, 41, 59));
    const nextMinute = new Date(Date.UTC(2033, 4, 6, 9, 42, 0));
    for (let n = 0; n < limit; n++) await takeWriteSlot(userId, 'comments', lastSecond);
    // A fixed window would let another full allowance through one second later.
    await expect(takeWriteSlot(userId, 'comments', nextMinute)).rejects.toMatchObject({
      statusCode: 429,
      headers: { 'retry-after': '1' },
    });
    // Half a minute on, half of the last minute's writes still count.
    const halfWay = new Date(Date.UTC(2033, 4, 6, 9, 42, 30));
    const taken = await Promise.allSettled(
      Array.from({ length: limit }, () => takeWriteSlot(userId, 'comments', halfWay)),
    );
    expect(taken.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(Math.ceil(limit / 2));
  });

  it('counts only accepted writes: refused ones leave the allowance as it was', async () => {
    const { client } = await signIn(api, 'user');
    const [part] = await newParts(1);
    const limit = config().writeLimits.comments.perMinute;
    for (let n = 0; n < limit + 5; n++) {
      const refused = await client.post(`/api/components/${part!.id}/comments`, { comment: '' });
      expect(refused.status).toBe(400);
    }
    const missing = await client.post(`/api/components/999999999/comments`, { comment: 'on no part' });
    expect(missing.status).toBe(404);
    for (let n = 0; n < limit; n++)
      expect((await client.post(`/api/components/${part!.id}/comments`, { comment: `real ${n}` })).status).toBe(201);
    expect((await client.post(`/api/components/${part!.id}/comments`, { comment: 'one too many' })).status).toBe(429);
  });

  it('bounds upload tickets per minute', async () => {
    const { client } = await signIn(api, 'user');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        client.post('/api/uploads', { fileName: `f${i}.pdf`, fileType: 'application/pdf', size: 1000 }),
      ),
    );
    expect(statuses(answers)[200]).toBeLessThanOrEqual(2 * defaultWriteLimits.uploads.perMinute);
    expect(statuses(answers)[429]).toBeGreaterThanOrEqual(30 - 2 * defaultWriteLimits.uploads.perMinute);
  });
});

describe('the pending-storage quota', { timeout: 120_000 }, () => {
  const KB = 1024;
  const file = (name: string) => ({ name, type: 'application/pdf', bytes: pdfBytes(800 * KB) });
  const attach = (client: TestClient, partId: number, ticket: UploadTicket) =>
    client.post<{ requestId: string; attachmentId: string; message?: string }>(
      `/api/components/${partId}/attachments`,
      {
        fileName: 'f.pdf',
        fileType: 'application/pdf',
        uploadKey: ticket.uploadKey,
      },
    );

  it('counts uploads not yet attached and files waiting for review; a rejection frees room', async () => {
    const { user, client } = await signIn(api, 'user');
    const admin = await signIn(api, 'admin');
    const [part] = await newParts(1);
    const first = await presignedUpload(client, file('a.pdf'));
    const second = await presignedUpload(client, file('b.pdf'));
    expect([first.status, second.status]).toEqual([200, 200]);
    // 1.6 MB waiting (two uploads never attached): no room for 0.8 MB more under 2 MB.
    const third = await client.post<{ message: string }>('/api/uploads', {
      fileName: 'c.pdf',
      fileType: 'application/pdf',
      size: 800 * KB,
    });
    expect(third).toMatchObject({ status: 413, body: { message: messages.pendingStorageFull(2, 2) } });

    const filed = await attach(client, part!.id, first.body);
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    expect(await readPendingBytes(user.id)).toBe(800 * KB);
    expect((await attach(client, part!.id, second.body)).status).toBe(201);
    expect(await readPendingBytes(user.id)).toBe(1600 * KB);
    // Inline files count the same: none fits now.
    const inline = await client.post(`/api/components/${part!.id}/attachments`, {
      fileName: 'd.pdf',
      fileType: 'application/pdf',
      fileData: pdfBytes(600 * KB).toString('base64'),
    });
    expect(inline.status).toBe(413);
    expect(
      (await client.post('/api/uploads', { fileName: 'c.pdf', fileType: 'application/pdf', size: 800 * KB })).status,
    ).toBe(413);

    expect(
      (await admin.client.patch(`/api/approval-requests/${filed.body.requestId}`, { status: 'rejected' })).status,
    ).toBe(200);
    expect(await readPendingBytes(user.id)).toBe(800 * KB);
    expect(
      (await client.post('/api/uploads', { fileName: 'c.pdf', fileType: 'application/pdf', size: 800 * KB })).status,
    ).toBe(200);
  });

  it('holds against attachments sent at once: never more waiting than the allowance', async () => {
    const { user, client } = await signIn(api, 'user');
    const [part] = await newParts(1);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        client.post(`/api/components/${part!.id}/attachments`, {
          fileName: `p${i}.pdf`,
          fileType: 'application/pdf',
          fileData: pdfBytes(600 * KB + i).toString('base64'),
        }),
      ),
    );
    expect(statuses(answers)[201]).toBe(3);
    expect(statuses(answers)[413]).toBe(2);
    expect(await readPendingBytes(user.id)).toBeLessThanOrEqual(2 * 1024 * KB);
  });
});

describe('upload types by purpose', { timeout: 60_000 }, () => {
  it('stores a component file as generic bytes whatever is declared, and refuses text/html for an attachment', async () => {
    const { client } = await signIn(api, 'user');
    const component = await client.post<UploadTicket>('/api/uploads', {
      fileName: 'page.html',
      fileType: 'text/html',
      size: 100,
      purpose: 'component-file',
    });
    expect(component.status).toBe(200);
    expect(component.body.fields['Content-Type']).toBe('application/octet-stream');
    const attachment = await client.post('/api/uploads', { fileName: 'page.html', fileType: 'text/html', size: 100 });
    expect(attachment).toMatchObject({ status: 400, body: { message: messages.attachmentTypeInvalid } });
  });

  it('never lets an object stored as text/html be claimed, as an attachment or as a component file', async () => {
    const { user, client } = await signIn(api, 'user');
    const [part] = await newParts(1);
    const key = `uploads/${user.id}/${ulid()}/page.pdf`;
    await putFile(key, pdfBytes(), { contentType: 'text/html', fileName: 'page.pdf' });
    const asAttachment = await client.post(`/api/components/${part!.id}/attachments`, {
      fileName: 'page.pdf',
      fileType: 'application/pdf',
      uploadKey: key,
    });
    expect(asAttachment).toMatchObject({ status: 400, body: { message: messages.uploadWrongKind } });
    const asComponentFile = await client.post('/api/components', {
      reference: `HTML-${Date.now()}`,
      class: 'Relay',
      dataSheet: key,
    });
    expect(asComponentFile).toMatchObject({ status: 400, body: { message: messages.uploadWrongKind } });
  });
});

describe('files of requests that will never be applied', { timeout: 60_000 }, () => {
  const fileNewPart = async (client: TestClient) => {
    const ticket = await presignedUpload(client, {
      name: 'sheet.pdf',
      type: 'application/pdf',
      bytes: pdfBytes(),
      purpose: 'component-file',
    });
    const filed = await client.post<{ requestId: string }>('/api/components', {
      reference: `GONE-${Date.now()}-${++made}`,
      class: 'Relay',
      dataSheet: ticket.body.uploadKey,
    });
    expect(filed.status).toBe(201);
    const request = (await getRequest(filed.body.requestId))!;
    const key = String(request.data.dataSheet);
    expect(key.startsWith(`requests/${request.id}/`)).toBe(true);
    expect(await fileExists(key)).toBe(true);
    return { request, key };
  };

  it('are deleted when a new-component request is rejected', async () => {
    const { user, client } = await signIn(api, 'user');
    const admin = await signIn(api, 'admin');
    const { request, key } = await fileNewPart(client);
    expect(await readPendingBytes(user.id)).toBe(pdfBytes().length);
    expect((await admin.client.patch(`/api/approval-requests/${request.id}`, { status: 'rejected' })).status).toBe(200);
    expect(await fileExists(key)).toBe(false);
    expect(await readPendingBytes(user.id)).toBe(0);
  });

  it('are deleted by discardRequestFiles for a withdrawn request, and never for an open or approved one', async () => {
    const { client } = await signIn(api, 'user');
    const { request, key } = await fileNewPart(client);
    await expect(discardRequestFiles(request)).rejects.toThrow(/pending/);
    expect(await fileExists(key)).toBe(true);
    await discardRequestFiles({ ...request, status: 'withdrawn' as never });
    expect(await fileExists(key)).toBe(false);
  });
});
