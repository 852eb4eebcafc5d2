import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import type { ApprovalRequest, Notification } from '#shared/schemas/approvals';
import type { Component, ComponentData } from '#shared/schemas/component';
import { ATTACHMENT_MAX_BYTES, IMPORT_MAX_BYTES, type Attachment, type UploadTicket } from '#shared/schemas/files';
import { createComponents } from '#repositories/components';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi, type TestClient } from '../../scripts/test/api-client';
import { s3Client } from '../../scripts/local/s3';
import { bucketKeys, pdfBytes, presignedUpload, signIn } from './support';

/*
 * Uploads and attachments against the local stack, with the upload rules: presigned POSTs that really reach the S3 server, the server's own checks of owner, size
 * and type, visibility of pending files, downloads, approval, rejection and deletion.
 */
const stack = useTestStack();
const api = useTestApi();

interface Caller {
  client: TestClient;
  id: string;
  username: string;
}

const signedIn = async (role: 'user' | 'admin'): Promise<Caller> => {
  const { client, user } = await signIn(api, role);
  return { client, id: user.id, username: user.username };
};

const pngBytes = (size = 512): Buffer => {
  const bytes = Buffer.alloc(size, 0);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  return bytes;
};

/** The browser's part of the presigned flow: a ticket the API must grant, the form sent straight to S3. */
const upload = async (caller: Caller, file: Parameters<typeof presignedUpload>[1]): Promise<UploadTicket> => {
  const ticket = await presignedUpload(caller.client, file);
  expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
  return ticket.body;
};

const attach = (caller: Caller, componentId: number, body: Record<string, unknown>) =>
  caller.client.post<{ requestId: string; attachmentId: string; message?: string; fields?: Record<string, string> }>(
    `/api/components/${componentId}/attachments`,
    body,
  );

const uploadAndAttach = async (
  caller: Caller,
  componentId: number,
  file: { name: string; type: string; bytes: Buffer },
) => {
  const ticket = await upload(caller, file);
  const answer = await attach(caller, componentId, {
    fileName: file.name,
    fileType: file.type,
    uploadKey: ticket.uploadKey,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
};

const attachmentsSeenBy = async (caller: Caller, componentId: number) => {
  const answer = await caller.client.get<Attachment[]>(`/api/components/${componentId}/attachments`);
  expect(answer.status).toBe(200);
  return answer.body;
};

const review = (admin: Caller, requestId: string, status: 'approved' | 'rejected') =>
  admin.client.patch<ApprovalRequest>(`/api/approval-requests/${requestId}`, {
    status,
    reviewedBy: 'admin',
    reviewNotes: null,
  });

let counter = 0;
const newComponent = async (): Promise<Component> => {
  const [component] = await createComponents(
    [{ reference: `ATT-${Date.now().toString(36)}-${++counter}`, class: 'Relay' } as ComponentData],
    {
      username: 'test',
    },
  );
  return component!;
};

let user: Caller;
let other: Caller;
let admin: Caller;

beforeAll(async () => {
  [user, other, admin] = await Promise.all([signedIn('user'), signedIn('user'), signedIn('admin')]);
});

describe('POST /api/uploads', () => {
  it('answers a presigned POST (size range, fixed type, key under the caller, five minutes) that uploads to S3', async () => {
    const bytes = pdfBytes();
    const ticket = await upload(user, { name: 'Relay datasheet.pdf', type: 'application/pdf', bytes });
    expect(ticket.uploadKey).toMatch(new RegExp(`^uploads/${user.id}/[0-9A-HJKMNP-TV-Z]{26}/Relay_datasheet\\.pdf$`));
    expect(ticket.maxSize).toBe(ATTACHMENT_MAX_BYTES);
    expect(ticket.fields).toMatchObject({ key: ticket.uploadKey, 'Content-Type': 'application/pdf' });
    const policy = JSON.parse(Buffer.from(ticket.fields.Policy!, 'base64').toString('utf8')) as {
      expiration: string;
      conditions: unknown[];
    };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1, ATTACHMENT_MAX_BYTES],
        ['eq', '$Content-Type', 'application/pdf'],
        { key: ticket.uploadKey },
      ]),
    );
    const lifetime = Date.parse(policy.expiration) - Date.now();
    expect(lifetime).toBeGreaterThan(4 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(5 * 60_000);
    expect(await bucketKeys(stack, ticket.uploadKey)).toEqual([ticket.uploadKey]);
  });

  it('refuses what the upload rules refuse before anything is uploaded: no file, empty, over 10 MB, other types', async () => {
    const ask = (body: Record<string, unknown>) =>
      user.client.post<{ message: string; fields: Record<string, string> }>('/api/uploads', body);
    expect(await ask({ fileType: 'application/pdf', size: 10 })).toMatchObject({
      status: 400,
      body: { message: messages.noFileSelected },
    });
    expect(await ask({ fileName: 'a.pdf', fileType: 'application/pdf', size: 0 })).toMatchObject({
      status: 400,
      body: { message: messages.fileEmpty },
    });
    expect(await ask({ fileName: 'a.pdf', fileType: 'application/pdf', size: ATTACHMENT_MAX_BYTES + 1 })).toMatchObject(
      {
        status: 400,
        body: {
          message: 'The file size must be less than 10MB',
          fields: { size: 'The file size must be less than 10MB' },
        },
      },
    );
    expect((await ask({ fileName: 'a.pdf', fileType: 'application/pdf', size: ATTACHMENT_MAX_BYTES })).status).toBe(
      200,
    );
    for (const fileType of ['text/html', 'image/svg+xml', 'application/octet-stream', '']) {
      expect(await ask({ fileName: 'a.pdf', fileType, size: 10 }), fileType).toMatchObject({
        status: 400,
        body: { message: messages.attachmentTypeInvalid },
      });
    }
    expect((await ask({ fileName: 'a.pdf', fileType: 'application/pdf', size: '10' })).status).toBe(400);
  });

  it('takes Excel files for the import: 20 MB, .xlsx or .xls, the type from the name', async () => {
    const ask = (body: Record<string, unknown>) =>
      admin.client.post<UploadTicket & { message: string }>('/api/uploads', { purpose: 'import', ...body });
    const ticket = await ask({ fileName: 'Catalogue 2024.xlsx', size: IMPORT_MAX_BYTES });
    expect(ticket.status).toBe(200);
    expect(ticket.body.maxSize).toBe(IMPORT_MAX_BYTES);
    expect(ticket.body.fields['Content-Type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(
      (await ask({ fileName: 'old.XLS', fileType: 'application/octet-stream', size: 5 })).body.fields['Content-Type'],
    ).toBe('application/vnd.ms-excel');
    expect(await ask({ fileName: 'data.csv', size: 5 })).toMatchObject({
      status: 400,
      body: { message: messages.excelTypeInvalid },
    });
    expect(await ask({ fileName: 'big.xlsx', size: IMPORT_MAX_BYTES + 1 })).toMatchObject({
      status: 400,
      body: { message: messages.excelTooLarge },
    });
  });

  it('puts a sanitised name in the key', async () => {
    const answer = await user.client.post<UploadTicket>('/api/uploads', {
      fileName: '../../etc/"pass\r\nwd".pdf',
      fileType: 'application/pdf',
      size: 10,
    });
    expect(answer.body.uploadKey).toMatch(new RegExp(`^uploads/${user.id}/[0-9A-HJKMNP-TV-Z]{26}/pass_wd\\.pdf$`));
  });
});

describe('POST /api/components/{id}/attachments', () => {
  it('stores an uploaded file as a pending attachment with an attachment request, and removes the upload', async () => {
    const component = await newComponent();
    const bytes = pdfBytes(4096);
    const ticket = await upload(user, { name: 'Datasheet v2.pdf', type: 'application/pdf', bytes });
    const answer = await attach(user, component.id, {
      fileName: 'Datasheet v2.pdf',
      fileType: 'application/pdf',
      uploadKey: ticket.uploadKey,
      username: 'current-user',
    });
    expect(answer.status).toBe(201);
    const { requestId, attachmentId } = answer.body;
    expect(Object.keys(answer.body).sort()).toEqual(['attachmentId', 'requestId']);

    const [attachment] = await attachmentsSeenBy(user, component.id);
    expect(attachment).toEqual({
      id: attachmentId,
      componentId: component.id,
      fileName: 'Datasheet v2.pdf',
      fileType: 'application/pdf',
      size: 4096,
      isApproved: false,
      createdAt: expect.any(String),
      username: user.username,
      imageSource: null,
      sourceMetadata: null,
      sourceConfidence: null,
      url: `/api/attachments/${attachmentId}/download`,
    });
    expect(attachment).not.toHaveProperty('fileData');
    expect(await bucketKeys(stack, ticket.uploadKey)).toEqual([]);
    expect(await bucketKeys(stack, `attachments/${component.id}/${attachmentId}/`)).toEqual([
      `attachments/${component.id}/${attachmentId}/Datasheet_v2.pdf`,
    ]);

    const queue = (await admin.client.get<ApprovalRequest[]>('/api/approval-requests?status=pending')).body;
    const queued = queue.find((request) => request.id === requestId);
    expect(queued).toMatchObject({ requestType: 'attachment', username: user.username, componentId: component.id });
    // The request names its attachment, so the queue's card can offer the pending file for download.
    expect(queued?.requestData).toEqual({
      fileName: 'Datasheet v2.pdf',
      fileType: 'application/pdf',
      componentId: component.id,
      attachmentId,
    });
    // An upload is claimed once: sent again (a retry after a lost answer), it is answered with
    // what it filed, and nothing is filed twice.
    expect(
      await attach(user, component.id, {
        fileName: 'Datasheet v2.pdf',
        fileType: 'application/pdf',
        uploadKey: ticket.uploadKey,
      }),
    ).toMatchObject({ status: 201, body: { requestId, attachmentId } });
    expect((await attachmentsSeenBy(user, component.id)).map((a) => a.id)).toEqual([attachmentId]);
  });

  it('takes the documented base64 fileData, with or without a data-URL prefix', async () => {
    const component = await newComponent();
    const png = pngBytes();
    const plain = await attach(user, component.id, {
      fileName: 'photo.png',
      fileType: 'image/png',
      fileData: png.toString('base64'),
      componentId: component.id,
      username: 'Guest User',
    });
    expect(plain.status, JSON.stringify(plain.body)).toBe(201);
    const prefixed = await attach(user, component.id, {
      fileName: 'sheet.pdf',
      fileType: 'application/pdf',
      fileData: `data:application/pdf;base64,${pdfBytes(100).toString('base64')}`,
    });
    expect(prefixed.status).toBe(201);
    const listed = await attachmentsSeenBy(user, component.id);
    expect(listed.map((attachment) => [attachment.fileName, attachment.fileType, attachment.size])).toEqual([
      ['photo.png', 'image/png', png.length],
      ['sheet.pdf', 'application/pdf', 100],
    ]);
    const download = await user.client.get(listed[0]!.url);
    expect(Buffer.from(await (await fetch(download.headers.get('location')!)).arrayBuffer())).toEqual(png);

    expect(
      await attach(user, component.id, { fileName: 'a.pdf', fileType: 'application/pdf', fileData: 'not base64!' }),
    ).toMatchObject({ status: 400, body: { message: messages.fileDataInvalid } });
    expect(
      await attach(user, component.id, { fileName: 'a.pdf', fileType: 'application/pdf', fileData: '' }),
    ).toMatchObject({ status: 400, body: { message: messages.fileEmpty } });
    const overInline = await attach(user, component.id, {
      fileName: 'big.pdf',
      fileType: 'application/pdf',
      fileData: pdfBytes(4 * 1024 * 1024 + 1).toString('base64'),
    });
    expect(overInline).toMatchObject({ status: 413, body: { message: messages.inlineFileTooLarge(4) } });
  });

  it('refuses a file of 10 MB + 1 byte even when S3 took it', async () => {
    const component = await newComponent();
    // A client that declares less than it sends. The local S3 server does not enforce the POST
    // policy (AWS would refuse this upload itself), so the API's own check is what is tested.
    const ticket = await upload(user, {
      name: 'huge.pdf',
      type: 'application/pdf',
      bytes: pdfBytes(ATTACHMENT_MAX_BYTES + 1),
      declaredSize: 1000,
    });
    const answer = await attach(user, component.id, {
      fileName: 'huge.pdf',
      fileType: 'application/pdf',
      uploadKey: ticket.uploadKey,
    });
    expect(answer).toMatchObject({ status: 413, body: { message: 'The file size must be less than 10MB' } });
    expect(await attachmentsSeenBy(user, component.id)).toEqual([]);
    expect(await bucketKeys(stack, `attachments/${component.id}/`)).toEqual([]);

    const atLimit = await upload(user, {
      name: 'limit.pdf',
      type: 'application/pdf',
      bytes: pdfBytes(ATTACHMENT_MAX_BYTES),
    });
    expect(
      (
        await attach(user, component.id, {
          fileName: 'limit.pdf',
          fileType: 'application/pdf',
          uploadKey: atLimit.uploadKey,
        })
      ).status,
    ).toBe(201);
  });

  it('refuses a spoofed type: a PNG renamed .pdf and declared a PDF, by either path, and keeps nothing', async () => {
    const component = await newComponent();
    const spoof = { name: 'datasheet.pdf', type: 'application/pdf', bytes: pngBytes() };
    const ticket = await upload(user, spoof);
    const viaUpload = await attach(user, component.id, {
      fileName: spoof.name,
      fileType: spoof.type,
      uploadKey: ticket.uploadKey,
    });
    expect(viaUpload).toMatchObject({
      status: 400,
      body: { message: messages.attachmentTypeInvalid },
    });
    expect(await bucketKeys(stack, ticket.uploadKey)).toEqual([]);
    const inline = await attach(user, component.id, {
      fileName: spoof.name,
      fileType: spoof.type,
      fileData: spoof.bytes.toString('base64'),
    });
    expect(inline).toMatchObject({
      status: 400,
      body: { message: messages.attachmentTypeInvalid },
    });
    // A real PNG whose name says otherwise, and an HTML page declared as an image.
    expect(
      (
        await attach(user, component.id, {
          fileName: 'photo.pdf',
          fileType: 'image/png',
          fileData: pngBytes().toString('base64'),
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await attach(user, component.id, {
          fileName: 'x.png',
          fileType: 'image/png',
          fileData: Buffer.from('<script>alert(1)</script>').toString('base64'),
        })
      ).status,
    ).toBe(400);
    expect(
      (await attach(user, component.id, { fileName: 'x.txt', fileType: 'text/plain', fileData: 'aGVsbG8=' })).body,
    ).toMatchObject({ message: messages.attachmentTypeInvalid });

    expect(await attachmentsSeenBy(admin, component.id)).toEqual([]);
    expect(await bucketKeys(stack, `attachments/${component.id}/`)).toEqual([]);
  });

  it('takes the files design tools exchange, each recognised from its bytes, and refuses a name its bytes belie', async () => {
    const component = await newComponent();
    // Each file begins as its format's definition says: ISO 10303-21's header section, IGES 5.3's
    // 80-column Start record, AutoCAD's DWG version string (AC1032: 2018) and an ASCII DXF's
    // first group, a ZIP's local file header, and 7-Zip's signature (EPLAN packs its data with it).
    const text = (lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1');
    const cad = [
      {
        name: 'MSTB 2,5-3-ST.step',
        type: 'model/step',
        bytes: text(['ISO-10303-21;', 'HEADER;', "FILE_DESCRIPTION(('MSTB 2,5/ 3-ST'),'2;1');", 'ENDSEC;']),
      },
      {
        name: '350218-1.igs',
        type: 'model/iges',
        bytes: text([`${'TE Connectivity 350218-1 pin contact'.padEnd(72)}S      1`, `${''.padEnd(72)}G      1`]),
      },
      { name: 'footprint.dwg', type: 'image/vnd.dwg', bytes: Buffer.concat([Buffer.from('AC1032'), Buffer.alloc(64)]) },
      {
        name: 'drilling.dxf',
        type: 'image/vnd.dxf',
        bytes: text(['  0', 'SECTION', '  2', 'HEADER', '  0', 'ENDSEC']),
      },
      {
        name: 'symbols.tewzip',
        type: 'application/zip',
        bytes: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60)]),
      },
      {
        name: 'Phoenix_3044102.edz',
        type: 'application/vnd.eplan.edz',
        bytes: Buffer.concat([Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c, 0x00, 0x04]), Buffer.alloc(56)]),
      },
    ];
    for (const file of cad) {
      const answer = await attach(user, component.id, {
        fileName: file.name,
        fileType: file.type,
        fileData: file.bytes.toString('base64'),
      });
      expect(answer.status, `${file.name}: ${JSON.stringify(answer.body)}`).toBe(201);
    }
    // Through the presigned upload too, as the browser sends a model.
    await uploadAndAttach(user, component.id, { ...cad[0]!, name: 'again.stp' });
    expect((await attachmentsSeenBy(user, component.id)).map((attachment) => attachment.fileType)).toEqual([
      ...cad.map((file) => file.type),
      'model/step',
    ]);

    // A PDF named .step, a text file named .dwg, a STEP model declared as a drawing: refused.
    for (const wrong of [
      { fileName: 'model.step', fileType: 'model/step', fileData: pdfBytes(64).toString('base64') },
      { fileName: 'plan.dwg', fileType: 'image/vnd.dwg', fileData: Buffer.from('just some text').toString('base64') },
      { fileName: 'model.dxf', fileType: 'image/vnd.dxf', fileData: cad[0]!.bytes.toString('base64') },
      { fileName: 'part.edz', fileType: 'application/vnd.eplan.edz', fileData: pngBytes().toString('base64') },
    ])
      expect(await attach(user, component.id, wrong), wrong.fileName).toMatchObject({
        status: 400,
        body: { message: messages.attachmentTypeInvalid },
      });
  });

  it("refuses someone else's upload key (403), a missing upload (400) and a key that is no upload key (400)", async () => {
    const component = await newComponent();
    const theirs = await upload(other, { name: 'theirs.pdf', type: 'application/pdf', bytes: pdfBytes() });
    expect(
      await attach(user, component.id, {
        fileName: 'theirs.pdf',
        fileType: 'application/pdf',
        uploadKey: theirs.uploadKey,
      }),
    ).toMatchObject({
      status: 403,
      body: { message: messages.uploadNotYours },
    });
    expect(await bucketKeys(stack, theirs.uploadKey)).toEqual([theirs.uploadKey]);

    const neverSent = await user.client.post<UploadTicket>('/api/uploads', {
      fileName: 'ghost.pdf',
      fileType: 'application/pdf',
      size: 10,
    });
    expect(
      await attach(user, component.id, {
        fileName: 'ghost.pdf',
        fileType: 'application/pdf',
        uploadKey: neverSent.body.uploadKey,
      }),
    ).toMatchObject({
      status: 400,
      body: { message: messages.uploadMissing },
    });
    for (const uploadKey of [
      `attachments/${component.id}/x/y.pdf`,
      `uploads/${user.id}/../${other.id}/x.pdf`,
      'search/component-index.bin.zst',
    ]) {
      expect(
        await attach(user, component.id, { fileName: 'a.pdf', fileType: 'application/pdf', uploadKey }),
        uploadKey,
      ).toMatchObject({
        status: 400,
        body: { message: messages.uploadKeyInvalid },
      });
    }
    expect(await attach(user, component.id, { fileName: 'a.pdf', fileType: 'application/pdf' })).toMatchObject({
      status: 400,
      body: { message: messages.fileSourceMissing },
    });
    expect(
      (
        await attach(user, component.id, {
          fileName: 'a.pdf',
          fileType: 'application/pdf',
          uploadKey: theirs.uploadKey,
          fileData: 'JVBERi0=',
        })
      ).status,
    ).toBe(400);
    expect(
      await attach(user, 999_999, {
        fileName: 'a.pdf',
        fileType: 'application/pdf',
        fileData: pdfBytes(10).toString('base64'),
      }),
    ).toMatchObject({
      status: 404,
      body: { message: messages.componentNotFound },
    });
  });
});

describe('pending attachments, downloads and review', () => {
  it('hide a pending file from other users (404) but not from its uploader and admins; approval publishes it', async () => {
    const component = await newComponent();
    const bytes = pdfBytes(3000);
    const { requestId, attachmentId } = await uploadAndAttach(user, component.id, {
      name: 'Schütz "Übersicht".pdf',
      type: 'application/pdf',
      bytes,
    });
    const downloadPath = `/api/attachments/${attachmentId}/download`;

    expect(await attachmentsSeenBy(other, component.id)).toEqual([]);
    expect(await other.client.get(downloadPath)).toMatchObject({
      status: 404,
      body: { message: messages.attachmentNotFound },
    });
    expect((await attachmentsSeenBy(admin, component.id)).map((attachment) => attachment.id)).toEqual([attachmentId]);

    for (const viewer of [user, admin]) {
      const redirect = await viewer.client.get(downloadPath);
      expect(redirect.status).toBe(302);
      const location = new URL(redirect.headers.get('location')!);
      expect(location.pathname).toBe(
        `/${stack.bucketName}/attachments/${component.id}/${attachmentId}/Sch_tz_bersicht.pdf`,
      );
      expect(location.searchParams.get('response-content-disposition')).toBe(
        `attachment; filename="Sch_tz _bersicht.pdf"; filename*=UTF-8''Sch%C3%BCtz%20%C3%9Cbersicht.pdf`,
      );
      expect(location.searchParams.get('response-content-type')).toBe('application/pdf');
      expect(Number(location.searchParams.get('X-Amz-Expires'))).toBeGreaterThanOrEqual(60);
      expect(Number(location.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(300);
      const file = await fetch(location);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="Sch_tz _bersicht.pdf"/);
      expect(Buffer.from(await file.arrayBuffer())).toEqual(bytes);
    }

    expect((await review(admin, requestId, 'approved')).status).toBe(200);
    const [published] = await attachmentsSeenBy(other, component.id);
    expect(published).toMatchObject({ id: attachmentId, isApproved: true, fileName: 'Schütz Übersicht.pdf' });
    expect((await other.client.get(downloadPath)).status).toBe(302);
    expect((await other.client.get('/api/attachments/01ARZ3NDEKTSV4RRFFQ69G5FAV/download')).status).toBe(404);
    expect((await other.client.get('/api/attachments/not-an-id/download')).status).toBe(400);
  });

  it('rejection deletes the row and the blob', async () => {
    const component = await newComponent();
    const { requestId, attachmentId } = await uploadAndAttach(user, component.id, {
      name: 'wrong.png',
      type: 'image/png',
      bytes: pngBytes(),
    });
    expect(await bucketKeys(stack, `attachments/${component.id}/${attachmentId}/`)).toHaveLength(1);
    expect((await review(admin, requestId, 'rejected')).status).toBe(200);
    expect(await attachmentsSeenBy(user, component.id)).toEqual([]);
    expect(await attachmentsSeenBy(admin, component.id)).toEqual([]);
    expect(await bucketKeys(stack, `attachments/${component.id}/`)).toEqual([]);
    expect((await user.client.get(`/api/attachments/${attachmentId}/download`)).status).toBe(404);
  });
});

describe('DELETE /api/components/{id}/attachments/{attachmentId}', () => {
  const remove = (caller: Caller, componentId: number, attachmentId: string) =>
    caller.client.delete<{ message: string }>(`/api/components/${componentId}/attachments/${attachmentId}`);

  it('lets the uploader delete a pending file, closing its request as rejected', async () => {
    const component = await newComponent();
    const { requestId, attachmentId } = await uploadAndAttach(user, component.id, {
      name: 'draft.pdf',
      type: 'application/pdf',
      bytes: pdfBytes(),
    });
    const pendingBefore = (await admin.client.get<{ pendingApprovals: number }>('/api/stats')).body.pendingApprovals;

    expect(await remove(other, component.id, attachmentId)).toMatchObject({
      status: 404,
      body: { message: messages.attachmentNotFound },
    });
    expect(await remove(user, component.id, attachmentId)).toMatchObject({
      status: 200,
      body: { message: 'The attachment has been deleted.' },
    });
    expect(await attachmentsSeenBy(user, component.id)).toEqual([]);
    expect(await bucketKeys(stack, `attachments/${component.id}/`)).toEqual([]);
    const closed = (await user.client.get<ApprovalRequest[]>('/api/approval-requests?status=rejected')).body.find(
      (request) => request.id === requestId,
    );
    expect(closed).toMatchObject({ status: 'rejected', reviewNotes: 'Attachment deleted', reviewedBy: user.username });
    expect((await admin.client.get<{ pendingApprovals: number }>('/api/stats')).body.pendingApprovals).toBe(
      pendingBefore - 1,
    );
    expect(await review(admin, requestId, 'approved')).toMatchObject({ status: 409 });
    expect((await remove(user, component.id, attachmentId)).status).toBe(404);
  });

  it('lets only an admin delete an approved file', async () => {
    const component = await newComponent();
    const { requestId, attachmentId } = await uploadAndAttach(user, component.id, {
      name: 'final.pdf',
      type: 'application/pdf',
      bytes: pdfBytes(),
    });
    expect((await review(admin, requestId, 'approved')).status).toBe(200);

    expect(await remove(user, component.id, attachmentId)).toMatchObject({
      status: 403,
      body: { message: messages.attachmentDeleteApproved },
    });
    expect(await remove(other, component.id, attachmentId)).toMatchObject({
      status: 403,
      body: { message: messages.attachmentDeleteApproved },
    });
    expect((await remove(admin, component.id, attachmentId)).status).toBe(200);
    expect(await attachmentsSeenBy(other, component.id)).toEqual([]);
    expect(await bucketKeys(stack, `attachments/${component.id}/`)).toEqual([]);
    // The approved request stays approved: it was.
    expect(
      (await admin.client.get<ApprovalRequest[]>('/api/approval-requests?status=approved')).body.map(
        (request) => request.id,
      ),
    ).toContain(requestId);
  });

  it('tells the uploader when an admin deletes their pending file, and checks the path', async () => {
    const component = await newComponent();
    const { requestId, attachmentId } = await uploadAndAttach(user, component.id, {
      name: 'spam.gif',
      type: 'image/gif',
      bytes: Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'),
    });
    expect((await remove(admin, component.id + 1, attachmentId)).status).toBe(404);
    expect((await remove(admin, component.id, attachmentId)).status).toBe(200);
    const [note] = (await user.client.get<Notification[]>('/api/notifications')).body;
    expect(note).toMatchObject({
      type: 'error',
      title: 'Request rejected',
      linkTo: `/component-hub/components/${component.id}`,
    });
    expect(note!.message).toContain('spam.gif');
    expect(
      (await admin.client.get<ApprovalRequest[]>('/api/approval-requests?status=rejected')).body.find(
        (request) => request.id === requestId,
      ),
    ).toMatchObject({
      reviewNotes: 'Attachment deleted',
    });
    expect((await remove(admin, component.id, 'nope')).status).toBe(400);
  });
});

describe('file fields of a new component', () => {
  it('take any type through the component-file upload, and are claimed when the request is filed, so they outlive the uploads/ expiry', async () => {
    const user = await signedIn('user');
    const admin = await signedIn('admin');
    const ticket = await upload(user, { name: 'sheet.pdf', type: 'application/pdf', bytes: pdfBytes() });
    const reference = `CLAIM-${Date.now()}`;
    const submitted = await user.client.post<{ requestId: string }>('/api/components', {
      reference,
      class: 'Relay',
      dataSheet: ticket.uploadKey,
    });
    expect(submitted.status).toBe(201);
    expect(await bucketKeys(stack, ticket.uploadKey)).toEqual([]);
    expect(await bucketKeys(stack, `requests/${submitted.body.requestId}/dataSheet/`)).toHaveLength(1);
    expect(
      (await admin.client.patch(`/api/approval-requests/${submitted.body.requestId}`, { status: 'approved' })).status,
    ).toBe(200);
    const [component] = (
      await user.client.get<{ id: number; dataSheet: string }[]>(`/api/components?reference=${reference}`)
    ).body;
    expect(component!.dataSheet).toBe(`/api/components/${component!.id}/files/dataSheet`);
    expect((await user.client.get(component!.dataSheet)).status).toBe(302);

    const step = await user.client.post<UploadTicket>('/api/uploads', {
      fileName: 'housing.step',
      fileType: '',
      size: 2048,
      purpose: 'component-file',
    });
    expect(step.status).toBe(200);
    expect(step.body.fields['Content-Type']).toBe('application/octet-stream');
    const tooBig = await user.client.post('/api/uploads', {
      fileName: 'housing.step',
      fileType: '',
      size: 10 * 1024 * 1024 + 1,
      purpose: 'component-file',
    });
    expect(tooBig.status).toBe(400);

    const foreign = await upload(admin, { name: 'other.pdf', type: 'application/pdf', bytes: pdfBytes() });
    expect(
      (
        await user.client.post('/api/components', {
          reference: `${reference}-2`,
          class: 'Relay',
          dataSheet: foreign.uploadKey,
        })
      ).status,
    ).toBe(403);
  });

  it("are checked by their bytes against each field's rule, and a refused file files nothing and leaves no copy", async () => {
    const user = await signedIn('user');
    const pendingBefore = (await user.client.get<unknown[]>('/api/approval-requests?status=pending')).body.length;
    const reference = `SNIFF-${Date.now()}`;

    const goodSheet = await upload(user, { name: 'sheet.pdf', type: 'application/pdf', bytes: pdfBytes() });
    const pdfAsSymbol = await upload(user, { name: 'symbol.png', type: 'image/png', bytes: pdfBytes() });
    const refusedSymbol = await user.client.post('/api/components', {
      reference,
      class: 'Relay',
      dataSheet: goodSheet.uploadKey,
      scheme: pdfAsSymbol.uploadKey,
    });
    expect(refusedSymbol).toMatchObject({
      status: 400,
      body: { message: messages.imageFileOnly, fields: { scheme: messages.imageFileOnly } },
    });

    const pngAsSheet = await upload(user, { name: 'sheet.pdf', type: 'application/pdf', bytes: pngBytes() });
    const refusedSheet = await user.client.post('/api/components', {
      reference,
      class: 'Relay',
      dataSheet: pngAsSheet.uploadKey,
    });
    expect(refusedSheet).toMatchObject({
      status: 400,
      body: { message: messages.pdfFileOnly, fields: { dataSheet: messages.pdfFileOnly } },
    });

    expect((await user.client.get<unknown[]>('/api/approval-requests?status=pending')).body).toHaveLength(
      pendingBefore,
    );
    expect(await bucketKeys(stack, 'requests/')).not.toContainEqual(expect.stringContaining('/symbol.png'));

    const symbol = await upload(user, { name: 'symbol.png', type: 'image/png', bytes: pngBytes() });
    const accepted = await user.client.post<{ requestId: string }>('/api/components', {
      reference,
      class: 'Relay',
      dataSheet: goodSheet.uploadKey,
      scheme: symbol.uploadKey,
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    const stored = await bucketKeys(stack, `requests/${accepted.body.requestId}/`);
    expect(stored).toHaveLength(2);
    const client = s3Client(stack.endpoints.s3);
    try {
      const types = await Promise.all(
        stored.map(
          async (Key) => (await client.send(new HeadObjectCommand({ Bucket: stack.bucketName, Key }))).ContentType,
        ),
      );
      expect(types.sort()).toEqual(['application/pdf', 'image/png']);
    } finally {
      client.destroy();
    }
  });
});
