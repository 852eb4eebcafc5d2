import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import type { ComponentData } from '#shared/schemas/component';
import { getRequest, requestReviewItems } from '#repositories/approval-requests';
import { getAttachment, listAttachments } from '#repositories/attachments';
import { createComponents } from '#repositories/components';
import { s3 } from '#lib/clients';
import { transact } from '#repositories/table';
import { fileExists, putFile } from '#services/file-store';
import { reconcileStorage } from '#services/reconciliation';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi } from '../../scripts/test/api-client';
import { pdfBytes, presignedUpload, signIn } from './support';

/*
 * The reconciliation, under every prefix of the bucket: what is out of step is repaired where
 * that is safe (files nothing names, leftovers of closed requests) and reported where a person
 * must decide (a row whose file is gone, a part's file no part names), and an object younger
 * than the grace period is never touched, since its write may be in flight.
 */
useTestStack();
const api = useTestApi();

const HOUR = 60 * 60 * 1000;
const pdf = pdfBytes(512);
const put = (key: string) => putFile(key, pdf, { contentType: 'application/pdf', fileName: 'x.pdf' });

describe('reconciling the bucket with the table', { timeout: 60_000 }, () => {
  it('repairs what is safe, reports the rest, and leaves young objects alone', async () => {
    const { client } = await signIn(api, 'user');
    const { client: admin } = await signIn(api, 'admin');
    const [part, named] = await createComponents(
      [
        { reference: `RECON-${Date.now()}`, class: 'Relay' } as ComponentData,
        {
          reference: `RECON-NAMED-${Date.now()}`,
          class: 'Relay',
          dataSheet: 'components/424242/dataSheet/gone.pdf',
        } as ComponentData,
      ],
      { username: 'test' },
    );
    const attach = async (name: string) => {
      const ticket = await presignedUpload(client, { name, type: 'application/pdf', bytes: pdf });
      const answer = await client.post<{ attachmentId: string; requestId: string }>(
        `/api/components/${part!.id}/attachments`,
        { fileName: name, fileType: 'application/pdf', uploadKey: ticket.body.uploadKey },
      );
      expect(answer.status).toBe(201);
      return (await getAttachment(part!.id, answer.body.attachmentId))!;
    };

    // In step: left alone.
    const kept = await attach('kept.pdf');
    // A row whose object was lost.
    const lost = await attach('lost.pdf');
    await s3().send(new DeleteObjectCommand({ Bucket: process.env.BUCKET_NAME, Key: lost.objectKey }));
    // A rejected request whose row and file were left (the deletion after the review never ran).
    const leftover = await attach('leftover.pdf');
    const leftoverRequest = (await getRequest(leftover.requestId!))!;
    await transact(
      requestReviewItems(leftoverRequest, {
        status: 'rejected',
        reviewedBy: 'admin',
        reviewedByUserId: 'admin',
        reviewNotes: null,
        reviewedAt: new Date().toISOString(),
      }),
    );
    /** A new-component request with a datasheet: its id and where the request keeps the file. */
    const requestNewPart = async (label: string, fileName: string) => {
      const ticket = await presignedUpload(client, {
        name: fileName,
        type: 'application/pdf',
        bytes: pdf,
        purpose: 'component-file',
      });
      const { body } = await client.post<{ requestId: string }>('/api/components', {
        reference: `RECON-${label}-${Date.now()}`,
        class: 'Relay',
        dataSheet: ticket.body.uploadKey,
      });
      return { requestId: body.requestId, file: String((await getRequest(body.requestId))!.data.dataSheet) };
    };

    // A new-component request whose file is gone, and a rejected one whose file stayed.
    const { file: openFile } = await requestNewPart('OPEN', 'sheet.pdf');
    await s3().send(new DeleteObjectCommand({ Bucket: process.env.BUCKET_NAME, Key: openFile }));
    const closed = await requestNewPart('CLOSED', 'sheet2.pdf');
    const closedFile = closed.file;
    expect((await admin.patch(`/api/approval-requests/${closed.requestId}`, { status: 'rejected' })).status).toBe(200);
    expect(await fileExists(closedFile)).toBe(false);
    await put(closedFile);
    // Objects nothing names.
    const orphanAttachment = `attachments/${part!.id}/${ulid()}/orphan.pdf`;
    const orphanRequestFile = `requests/${ulid()}/dataSheet/orphan.pdf`;
    const unnamedPartFile = 'components/777777/dataSheet/old.pdf';
    const stray = 'misc/stray.pdf';
    await Promise.all([put(orphanAttachment), put(orphanRequestFile), put(unnamedPartFile), put(stray)]);

    // Now: the orphans are younger than the grace period, so only the closed request's leftovers go.
    const early = await reconcileStorage();
    expect(await fileExists(orphanAttachment)).toBe(true);
    expect(await fileExists(orphanRequestFile)).toBe(true);
    expect(early.repaired.map((r) => r.key)).toEqual(expect.arrayContaining([closedFile, leftover.objectKey]));
    expect(await fileExists(closedFile)).toBe(false);
    expect(await getAttachment(part!.id, leftover.id)).toBeUndefined();
    expect(await fileExists(leftover.objectKey)).toBe(false);

    // Two hours on: files nothing names are deleted, the rest reported.
    const later = await reconcileStorage({ now: new Date(Date.now() + 2 * HOUR) });
    expect(later.repaired.map((r) => r.key).sort()).toEqual([orphanAttachment, orphanRequestFile].sort());
    expect(await fileExists(orphanAttachment)).toBe(false);
    expect(await fileExists(orphanRequestFile)).toBe(false);
    expect(later.reported.map((r) => r.key).sort()).toEqual(
      [lost.objectKey, openFile, unnamedPartFile, stray, 'components/424242/dataSheet/gone.pdf'].sort(),
    );
    expect(later.reported.find((r) => r.key === 'components/424242/dataSheet/gone.pdf')!.what).toContain(
      `part ${named!.id}`,
    );
    // Reported, not deleted: a person decides.
    expect(await fileExists(unnamedPartFile)).toBe(true);
    expect(await fileExists(stray)).toBe(true);
    expect((await getAttachment(part!.id, lost.id))!.fileMissing).toBe(true);
    expect(await fileExists(kept.objectKey)).toBe(true);
    expect((await listAttachments(part!.id)).map((a) => a.id).sort()).toEqual([kept.id, lost.id].sort());
    // The counts of bytes waiting agree with the rows (nothing about QUOTA# reported).
    expect(later.reported.filter((r) => r.key.startsWith('QUOTA#'))).toEqual([]);
  });
});
