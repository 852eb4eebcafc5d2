import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import type { ApprovalRequest } from '#shared/schemas/approvals';
import type { ComponentData } from '#shared/schemas/component';
import type { PartSearchResponse } from '#shared/schemas/distributors';
import { s3 } from '#lib/clients';
import { resetConfig } from '#lib/config';
import { listAttachments, type StoredAttachment } from '#repositories/attachments';
import { createComponents } from '#repositories/components';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi, type TestClient } from '../../scripts/test/api-client';
import { emulatorControl, listedProducts } from '../../scripts/local/distributor-emulator';
import { signedInClient } from './support';

/*
 * Per-part distributor search end to end: the API, the clients, the emulator, the table and the
 * bucket. An exact match is published at once, a weaker one waits as attachment requests, the
 * same file is never stored twice, and failures answer in words.
 */
const stack = useTestStack();
const api = useTestApi();
const emulator = emulatorControl(stack.distributors.url, stack.distributors.tenant);

const signedIn = (role: 'user' | 'admin'): Promise<TestClient> => signedInClient(api, role);

let made = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36).toUpperCase()}${++made}`;

/** A catalogue part as the catalogue keeps it (class and the rest filled in). */
const createPart = async (fields: Partial<ComponentData>) => {
  const [component] = await createComponents(
    [{ reference: 'X', class: 'Relay', manufacturer: null, dataSheet: null, ...fields } as ComponentData],
    { username: 'test' },
  );
  return component!;
};
/** How the catalogue holds a product the emulated distributors list (by its maker part number). */
const listed = (mpn: string): Partial<ComponentData> => {
  const { catalogue } = listedProducts.find((product) => product.mpn === mpn)!;
  return {
    reference: catalogue.reference,
    articleNumber: catalogue.articleNumber ?? null,
    manufacturer: catalogue.manufacturer,
  };
};

const search = (client: TestClient, id: number, provider: 'digikey' | 'mouser') =>
  client.post<PartSearchResponse>(`/api/components/${id}/search-${provider}`);

const bytesOf = async (attachment: StoredAttachment) => {
  const object = await s3().send(new GetObjectCommand({ Bucket: stack.bucketName, Key: attachment.objectKey }));
  return Buffer.from(await object.Body!.transformToByteArray());
};
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

const pendingRequestsFor = async (admin: TestClient, componentId: number) =>
  (await admin.get<ApprovalRequest[]>('/api/approval-requests?status=pending')).body.filter(
    (request) => request.componentId === componentId,
  );

describe('per-part distributor search', () => {
  it('copies the image and datasheet of an exact match, publishes them at once, and never stores a file twice', async () => {
    const user = await signedIn('user');
    const admin = await signedIn('admin');
    const part = listed('3RT2024-3AL21');
    const component = await createPart(part);

    const answer = await search(user, component.id, 'digikey');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      success: true,
      result: {
        imageFound: true,
        datasheetFound: true,
        confidence: 1,
        productUrl: expect.stringMatching(/\/products\/digikey\//),
        manufacturerPartNumber: '3RT2024-3AL21',
        approved: true,
      },
    });

    const stored = await listAttachments(component.id);
    expect(stored).toHaveLength(2);
    const image = stored.find((attachment) => attachment.fileType === 'image/png')!;
    const datasheet = stored.find((attachment) => attachment.fileType === 'application/pdf')!;
    for (const [attachment, type] of [
      [image, 'image'],
      [datasheet, 'datasheet'],
    ] as const) {
      expect(attachment).toMatchObject({
        componentId: component.id,
        isApproved: true,
        imageSource: 'digikey',
        sourceConfidence: 1,
      });
      expect(JSON.parse(attachment.sourceMetadata!)).toMatchObject({
        type,
        source: 'digikey',
        productUrl: answer.body.result!.productUrl,
      });
      expect(attachment.objectKey).toMatch(new RegExp(`^attachments/${component.id}/${attachment.id}/[\\w.-]+$`));
      const bytes = await bytesOf(attachment);
      expect(bytes.length).toBe(attachment.size);
    }
    expect(image.fileName).toMatch(/\.png$/);
    expect(datasheet.fileName).toMatch(/ datasheet\.pdf$/);
    expect((await bytesOf(image)).subarray(0, 4)).toEqual(PNG);
    expect((await bytesOf(datasheet)).subarray(0, 5).toString()).toBe('%PDF-');
    expect(await pendingRequestsFor(admin, component.id)).toEqual([]);

    // Again: the same files are found, none is stored a second time.
    expect((await search(user, component.id, 'digikey')).body).toMatchObject({
      success: true,
      result: { imageFound: true, datasheetFound: true },
    });
    expect(await listAttachments(component.id)).toHaveLength(2);

    // Mouser has its own photo, and the maker's datasheet byte for byte: only the photo is new.
    expect((await search(user, component.id, 'mouser')).body).toMatchObject({
      success: true,
      result: { imageFound: true, datasheetFound: true, confidence: 1 },
    });
    const after = await listAttachments(component.id);
    expect(after).toHaveLength(3);
    expect(after.filter((attachment) => attachment.fileType === 'application/pdf')).toHaveLength(1);
    expect(after.find((attachment) => attachment.imageSource === 'mouser')).toMatchObject({
      fileType: 'image/png',
      isApproved: true,
    });
  });

  it('stores each file once when searches for one part run at the same time', async () => {
    const user = await signedIn('user');
    const component = await createPart(listed('XB5BD42'));
    const answers = await Promise.all([1, 2, 3, 4].map(() => search(user, component.id, 'digikey')));
    for (const answer of answers)
      expect(answer.body).toMatchObject({ success: true, result: { imageFound: true, datasheetFound: true } });
    expect(await listAttachments(component.id)).toHaveLength(2);
    const { Contents = [] } = await s3().send(
      new ListObjectsV2Command({ Bucket: stack.bucketName, Prefix: `attachments/${component.id}/` }),
    );
    expect(Contents).toHaveLength(2);
  });

  it('files attachment requests for a weaker match, which an administrator can publish', async () => {
    const user = await signedIn('user');
    const admin = await signedIn('admin');
    // Listed, but under another maker than the catalogue says: the manufacturer does not match.
    const component = await createPart({ ...listed('46.52.8.230.0000'), manufacturer: 'Siemens' });

    const answer = await search(user, component.id, 'digikey');
    expect(answer.body).toMatchObject({
      success: true,
      result: { imageFound: true, datasheetFound: true, approved: false },
    });
    expect(answer.body.result!.confidence).toBeLessThan(0.9);
    expect(answer.body.result!.confidence).toBeGreaterThanOrEqual(0.5);

    const stored = await listAttachments(component.id);
    expect(stored).toHaveLength(2);
    for (const attachment of stored)
      expect(attachment).toMatchObject({
        isApproved: false,
        sourceConfidence: answer.body.result!.confidence,
        imageSource: 'digikey',
      });
    const requests = await pendingRequestsFor(admin, component.id);
    expect(requests).toHaveLength(2);
    for (const request of requests) {
      const attachment = stored.find((candidate) => candidate.fileName === request.requestData.fileName)!;
      expect(request).toMatchObject({
        requestType: 'attachment',
        status: 'pending',
        requestData: { fileType: attachment.fileType, componentId: component.id },
      });
    }

    expect((await search(user, component.id, 'digikey')).body).toMatchObject({ success: true });
    expect(await listAttachments(component.id)).toHaveLength(2);
    expect(await pendingRequestsFor(admin, component.id)).toHaveLength(2);

    const imageRequest = requests.find((request) => String(request.requestData.fileType).startsWith('image/'))!;
    expect((await admin.patch(`/api/approval-requests/${imageRequest.id}`, { status: 'approved' })).status).toBe(200);
    const published = (await listAttachments(component.id)).find((attachment) =>
      attachment.fileType.startsWith('image/'),
    );
    expect(published?.isApproved).toBe(true);

    // The user withdraws the datasheet: its request closes, and a new search does not bring it back.
    const datasheet = stored.find((attachment) => attachment.fileType === 'application/pdf')!;
    expect((await user.delete(`/api/components/${component.id}/attachments/${datasheet.id}`)).status).toBe(200);
    expect(await pendingRequestsFor(admin, component.id)).toEqual([]);
    expect((await search(user, component.id, 'digikey')).body).toMatchObject({
      success: true,
      result: { imageFound: true, datasheetFound: false },
    });
    expect((await listAttachments(component.id)).map((attachment) => attachment.id)).toEqual([published!.id]);
    expect(await pendingRequestsFor(admin, component.id)).toEqual([]);
  });

  it('answers success false when nothing fits, or when no file survives the checks', async () => {
    const user = await signedIn('user');
    const nothing = await createPart({ reference: 'Spare cable ties', manufacturer: null });
    expect(await search(user, nothing.id, 'mouser')).toMatchObject({
      status: 200,
      body: { success: false, result: null, message: messages.distributorNoResults('Spare cable ties') },
    });

    // A login page named like a photo, and a datasheet over 10 MB: neither is copied.
    const bad = unique('BAD');
    const odd = unique('ODD');
    const half = unique('HALF');
    await emulator.addProducts([
      { manufacturerPartNumber: bad, manufacturer: 'Phoenix Contact', image: 'html', datasheet: 'oversized' },
      { manufacturerPartNumber: odd, manufacturer: 'Phoenix Contact', image: 'gif', datasheet: 'redirect' },
      { manufacturerPartNumber: half, manufacturer: 'Phoenix Contact', image: 'missing', datasheet: 'png' },
    ]);
    const refused = await createPart({ reference: bad, manufacturer: 'Phoenix Contact' });
    expect((await search(user, refused.id, 'digikey')).body).toEqual({
      success: false,
      result: null,
      message: messages.distributorFilesUnavailable('Digi-Key', bad),
    });
    expect(await listAttachments(refused.id)).toEqual([]);

    const gif = await createPart({ reference: odd, manufacturer: 'Phoenix Contact' });
    expect((await search(user, gif.id, 'digikey')).body).toMatchObject({
      success: true,
      result: { imageFound: true, datasheetFound: true, confidence: 1 },
    });
    expect((await listAttachments(gif.id)).map((attachment) => attachment.fileType).sort()).toEqual([
      'application/pdf',
      'image/gif',
    ]);

    // A 404 photo and a PNG where the PDF should be: nothing but a failure to report.
    const partial = await createPart({ reference: half, manufacturer: 'Phoenix Contact' });
    expect((await search(user, partial.id, 'mouser')).body).toMatchObject({ success: false, result: null });
  });

  it('turns distributor failures into a 503 that says what happened', async () => {
    const user = await signedIn('user');
    const component = await createPart({ reference: unique('FAIL'), manufacturer: null });
    expect(await search(user, 999_999, 'digikey')).toMatchObject({
      status: 404,
      body: { message: messages.componentNotFound },
    });

    await emulator.fault({ kind: 'error', provider: 'digikey', endpoint: 'search', times: 3 });
    expect(await search(user, component.id, 'digikey')).toMatchObject({
      status: 503,
      body: { message: messages.distributorUnavailable('Digi-Key') },
    });

    await emulator.fault({ kind: 'throttle', provider: 'mouser', retryAfterSeconds: 30 });
    const throttled = await search(user, component.id, 'mouser');
    expect(throttled).toMatchObject({ status: 503, body: { message: messages.distributorThrottled('Mouser', 30) } });
    expect(throttled.headers.get('retry-after')).toBe('30');

    const saved = process.env.MOUSER_CALLS_PER_DAY;
    try {
      process.env.MOUSER_CALLS_PER_DAY = '1';
      resetConfig();
      await search(user, component.id, 'mouser');
      expect(await search(user, component.id, 'mouser')).toMatchObject({
        status: 503,
        body: { message: messages.distributorBudgetSpent('Mouser', 1) },
      });
    } finally {
      if (saved === undefined) delete process.env.MOUSER_CALLS_PER_DAY;
      else process.env.MOUSER_CALLS_PER_DAY = saved;
      resetConfig();
    }
    expect((await search(user, component.id, 'mouser')).status).toBe(200);
  });

  it('finds a Phoenix Contact part by its article number where the distributor does not know the type name', async () => {
    const user = await signedIn('user');
    const component = await createPart({ ...listed('3044381'), class: 'Terminal Block' });
    expect(component.reference).toBe('UT 10');
    const answer = await search(user, component.id, 'mouser');
    // The photo comes from Mouser; the datasheet link is Phoenix Contact's own http address, out of reach here.
    expect(answer.body).toEqual({
      success: true,
      result: {
        imageFound: true,
        datasheetFound: false,
        confidence: 1,
        productUrl: expect.stringMatching(/\/products\/mouser\/3044381$/),
        manufacturerPartNumber: '3044381',
        approved: true,
      },
    });
    const sent = (await emulator.stats()).requests
      .filter((request) => request.endpoint.startsWith('mouser:'))
      .slice(-3);
    expect(sent.map((request) => JSON.stringify(request.body))).toEqual([
      expect.stringContaining('"mouserPartNumber":"UT 10"'),
      expect.stringContaining('"keyword":"UT 10"'),
      expect.stringContaining('"mouserPartNumber":"3044381"'),
    ]);
  });

  it('keeps a series photo for review even for an exact match, and publishes the datasheet', async () => {
    const user = await signedIn('user');
    const admin = await signedIn('admin');
    const component = await createPart({ ...listed('3209071'), class: 'Terminal Block' });
    expect((await search(user, component.id, 'digikey')).body).toMatchObject({
      success: true,
      result: { imageFound: true, datasheetFound: true, confidence: 1, approved: false },
    });
    const stored = await listAttachments(component.id);
    expect(stored.find((attachment) => attachment.fileType === 'image/png')).toMatchObject({
      isApproved: false,
      sourceConfidence: 1,
    });
    expect(stored.find((attachment) => attachment.fileType === 'application/pdf')).toMatchObject({ isApproved: true });
    expect(await pendingRequestsFor(admin, component.id)).toEqual([
      expect.objectContaining({
        requestType: 'attachment',
        requestData: expect.objectContaining({ fileType: 'image/png' }),
      }),
    ]);
  });

  it('writes a reference Mouser refuses in plain ASCII, then finds the part by its article number', async () => {
    const user = await signedIn('user');
    const component = await createPart({ ...listed('1119303'), class: 'Cable' });
    expect(component.reference).toBe('ÖLFLEX CLASSIC 110 3G1,5');
    expect((await search(user, component.id, 'mouser')).body).toMatchObject({
      success: true,
      result: { manufacturerPartNumber: '1119303', confidence: 1, imageFound: true, datasheetFound: true },
    });
    const texts = (await emulator.stats()).requests
      .filter((request) => request.endpoint.startsWith('mouser:'))
      .slice(-4)
      .map((request) => {
        const body = request.body as {
          SearchByPartRequest?: { mouserPartNumber: string };
          SearchByKeywordRequest?: { keyword: string };
        };
        return body.SearchByPartRequest?.mouserPartNumber ?? body.SearchByKeywordRequest?.keyword;
      });
    // Refused, written in ASCII (part number, then keyword: nothing), then the article number.
    expect(texts).toEqual([
      'ÖLFLEX CLASSIC 110 3G1,5',
      'OLFLEX CLASSIC 110 3G1,5',
      'OLFLEX CLASSIC 110 3G1,5',
      '1119303',
    ]);
  });

  it('says in words when Mouser cannot search for a reference at all', async () => {
    const user = await signedIn('user');
    const component = await createPart({ reference: '継電器', manufacturer: 'Omron' });
    expect(await search(user, component.id, 'mouser')).toMatchObject({
      status: 200,
      body: { success: false, result: null, message: messages.distributorCannotSearch('Mouser', '継電器') },
    });
  });

  it('matches renamed and aliased makers, leading zeros and a Mouser number kept as the reference', async () => {
    const user = await signedIn('user');
    for (const [mpn, provider] of [
      ['PJ-002A', 'digikey'],
      ['0533980271', 'mouser'],
      ['700-HK36Z24', 'digikey'],
      ['1020000000', 'mouser'],
      ['LM358BAIPWR', 'digikey'],
    ] as const) {
      const component = await createPart(listed(mpn));
      const answer = await search(user, component.id, provider);
      expect(answer.body, `${mpn} at ${provider}`).toMatchObject({
        success: true,
        result: { manufacturerPartNumber: mpn, confidence: expect.any(Number) },
      });
      expect(answer.body.result!.confidence, mpn).toBeGreaterThanOrEqual(0.95);
    }
  });
});
