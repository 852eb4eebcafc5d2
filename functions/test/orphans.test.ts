import { DeleteObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import type { ComponentData } from '#shared/schemas/component';
import type { Attachment, UploadTicket } from '#shared/schemas/files';
import { createComponents } from '#repositories/components';
import { listAttachments } from '#repositories/attachments';
import { sweepStaleUploads, UPLOAD_MAX_AGE_MS } from '#services/uploads';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi, type TestClient } from '../../scripts/test/api-client';
import { s3Client } from '../../scripts/local/s3';
import { signedInClient } from './support';

/*
 * Orphans: an upload nobody attaches is swept (the local stand-in for the bucket's
 * one-day lifecycle rule on uploads/), and an attachment whose object was lost says so instead of
 * handing out a link to an S3 error.
 */
const stack = useTestStack();
const api = useTestApi();

const keys = async (prefix: string): Promise<string[]> => {
  const client = s3Client(stack.endpoints.s3);
  try {
    return (
      (await client.send(new ListObjectsV2Command({ Bucket: stack.bucketName, Prefix: prefix }))).Contents ?? []
    ).map(({ Key }) => Key!);
  } finally {
    client.destroy();
  }
};

const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(512, 0x20)]);
const upload = async (client: TestClient, name: string): Promise<UploadTicket> => {
  const ticket = await client.post<UploadTicket>('/api/uploads', {
    fileName: name,
    fileType: 'application/pdf',
    size: pdf.length,
  });
  const form = new FormData();
  for (const [field, value] of Object.entries(ticket.body.fields)) form.append(field, value);
  form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), name);
  expect((await fetch(ticket.body.url, { method: 'POST', body: form })).status).toBe(204);
  return ticket.body;
};

const newPart = async () => {
  const [component] = await createComponents(
    [{ reference: `ORPHAN-${Date.now().toString(36)}`, class: 'Relay' } as ComponentData],
    { username: 'test' },
  );
  return component!;
};

describe('uploads never attached', () => {
  it('are swept once older than a day, and only they: attached files stay', async () => {
    const user = await signedInClient(api);
    const part = await newPart();
    const kept = await upload(user, 'kept.pdf');
    const attached = await user.post(`/api/components/${part.id}/attachments`, {
      fileName: 'kept.pdf',
      fileType: 'application/pdf',
      uploadKey: kept.uploadKey,
    });
    expect(attached.status).toBe(201);
    const forgotten = await upload(user, 'forgotten.pdf');
    const attachmentKeys = (await keys('')).filter((key) => !key.startsWith('uploads/'));
    expect(attachmentKeys.length).toBeGreaterThan(0);

    expect(await sweepStaleUploads()).toBe(0);
    expect(await keys('uploads/')).toContain(forgotten.uploadKey);

    const aDayLater = new Date(Date.now() + UPLOAD_MAX_AGE_MS + 60_000);
    expect(await sweepStaleUploads(aDayLater)).toBe(1);
    expect(await keys('uploads/')).toEqual([]);
    expect((await keys('')).filter((key) => !key.startsWith('uploads/'))).toEqual(attachmentKeys);
  });
});

describe('an attachment whose object is lost', () => {
  it('answers 410 with the file name instead of a broken link, and the list marks it', async () => {
    const user = await signedInClient(api);
    const part = await newPart();
    for (const name of ['present.pdf', 'lost.pdf']) {
      const ticket = await upload(user, name);
      expect(
        (
          await user.post(`/api/components/${part.id}/attachments`, {
            fileName: name,
            fileType: 'application/pdf',
            uploadKey: ticket.uploadKey,
          })
        ).status,
      ).toBe(201);
    }
    const [present, lost] = await listAttachments(part.id);
    const client = s3Client(stack.endpoints.s3);
    await client.send(new DeleteObjectCommand({ Bucket: stack.bucketName, Key: lost!.objectKey }));
    client.destroy();

    expect((await user.get(`/api/attachments/${present!.id}/download`)).status).toBe(302);
    const gone = await user.get(`/api/attachments/${lost!.id}/download`);
    expect(gone).toMatchObject({ status: 410, body: { message: messages.attachmentFileMissing('lost.pdf') } });
    expect(gone.headers.get('location')).toBeNull();

    const listed = (await user.get<Attachment[]>(`/api/components/${part.id}/attachments`)).body;
    expect(listed.find((a) => a.id === lost!.id)?.fileMissing).toBe(true);
    expect(listed.find((a) => a.id === present!.id)?.fileMissing).toBeUndefined();
  });
});
