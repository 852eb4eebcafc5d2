import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import type { ComponentData } from '#shared/schemas/component';
import type { Attachment } from '#shared/schemas/files';
import { createComponents } from '#repositories/components';
import { listAttachments } from '#repositories/attachments';
import { sweepStaleUploads, UPLOAD_MAX_AGE_MS } from '#services/uploads';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi, type TestClient } from '../../scripts/test/api-client';
import { s3Client } from '../../scripts/local/s3';
import { bucketKeys, pdfBytes, signedInClient, uploadThroughApi } from './support';

/*
 * Orphans: an upload nobody attaches is swept (the local stand-in for the bucket's
 * one-day lifecycle rule on uploads/), and an attachment whose object was lost says so instead of
 * handing out a link to an S3 error.
 */
const stack = useTestStack();
const api = useTestApi();

const keys = (prefix: string) => bucketKeys(stack, prefix);

/** A PDF uploaded the browser's way; its upload key. */
const upload = (client: TestClient, name: string): Promise<string> =>
  uploadThroughApi(client, { name, type: 'application/pdf', bytes: pdfBytes() });

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
    const keptKey = await upload(user, 'kept.pdf');
    const attached = await user.post(`/api/components/${part.id}/attachments`, {
      fileName: 'kept.pdf',
      fileType: 'application/pdf',
      uploadKey: keptKey,
    });
    expect(attached.status).toBe(201);
    const forgottenKey = await upload(user, 'forgotten.pdf');
    const attachmentKeys = (await keys('')).filter((key) => !key.startsWith('uploads/'));
    expect(attachmentKeys.length).toBeGreaterThan(0);

    expect(await sweepStaleUploads()).toBe(0);
    expect(await keys('uploads/')).toContain(forgottenKey);

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
      const uploadKey = await upload(user, name);
      expect(
        (
          await user.post(`/api/components/${part.id}/attachments`, {
            fileName: name,
            fileType: 'application/pdf',
            uploadKey,
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
