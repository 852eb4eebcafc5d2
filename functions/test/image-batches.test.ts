import { describe, expect, it } from 'vitest';
import type { ComponentData } from '#shared/schemas/component';
import type { ImageBatchResponse, ImageStats, RecentImage, StartImageBatchResponse } from '#shared/schemas/images';
import { resetConfig } from '#lib/config';
import { listAttachments } from '#repositories/attachments';
import { createComponents } from '#repositories/components';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi, type TestClient } from '../../scripts/test/api-client';
import { emulatorControl } from '../../scripts/local/distributor-emulator';
import { createListedParts, signedInClient, uniqueClass } from './support';

/*
 * Image batches end to end: the admin routes start the jobs stack's state machine (run locally
 * by aws-local-stepfunctions, its tasks the real job handlers) against the distributor emulator
 * with throttling and failures; the summary, the progress record, the stored attachments and
 * the image statistics must agree.
 */
const stack = useTestStack();
const api = useTestApi();
const emulator = emulatorControl(stack.distributors.url, stack.distributors.tenant);

const signedIn = (role: 'user' | 'admin'): Promise<TestClient> => signedInClient(api, role);

/** Products both emulated distributors list and find by the catalogue's reference alone (one call each). */
const FOUND_BY_REFERENCE = [
  'PKZM0-10-C',
  'PKZM0-32-T',
  'PKZM0-12-T',
  'PKZM0-2,5-T',
  'PKZM0-6,3-T',
  'PKZM0-25',
  'PKZM0-12',
  'PKZM0-6,3',
  '3RT2024-3AL21',
  '09330062702',
  '09200042721',
  'XB5BD42',
  'TM3DQ8RG',
  'DT04-3P',
  '221-415',
  '46.52.8.230.0000',
  'PJ-002A',
  '0533980271',
  '0402B104K160CT',
  '700-HK36Z24',
];

const finished = async (admin: TestClient) => {
  await stack.stepFunctions().settled();
  return (await admin.get<ImageBatchResponse>('/api/admin/image-batch')).body.batch!;
};

describe('image batches on the local state machine', () => {
  it(
    'searches 25 parts of one class at Digi-Key through throttling and failures, and stores what it found once',
    { timeout: 180_000 },
    async () => {
      const admin = await signedIn('admin');
      const componentClass = uniqueClass('Batch');
      const found = await createListedParts(FOUND_BY_REFERENCE, componentClass);
      const FOUND = FOUND_BY_REFERENCE.length;
      const TOTAL = FOUND + 5;
      // Five parts Digi-Key lists with files that cannot be downloaded: each a failed part.
      const broken = Array.from({ length: 5 }, (_, n) => ({
        manufacturerPartNumber: `BATCHFAIL-${n}-${componentClass.split(' ')[1]!.toUpperCase()}`,
        manufacturer: 'Phoenix Contact',
        image: 'missing' as const,
        datasheet: 'missing' as const,
      }));
      await emulator.addProducts(broken);
      const failing = await createComponents(
        broken.map(
          (product) =>
            ({
              reference: product.manufacturerPartNumber,
              manufacturer: 'Phoenix Contact',
              class: componentClass,
              dataSheet: null,
            }) as ComponentData,
        ),
        { username: 'test' },
      );
      const otherClass = await createListedParts(['3RT2024-3AL21', 'XB5BD42'], uniqueClass('Other'));
      // Throttling longer than a client may wait (the state machine's retries take over), and server errors the client retries.
      await emulator.fault({
        kind: 'throttle',
        provider: 'digikey',
        endpoint: 'search',
        retryAfterSeconds: 5,
        times: 4,
      });
      await emulator.fault({ kind: 'error', provider: 'digikey', endpoint: 'search', times: 2 });

      const searchesBefore = (await emulator.stats()).calls['digikey:search'] ?? 0;
      const started = await admin.post<StartImageBatchResponse>('/api/admin/process-images', { componentClass });
      expect(started.status).toBe(200);
      expect(started.body).toEqual({ componentsToProcess: TOTAL, batchId: expect.any(String) });

      // One batch at a time.
      const second = await admin.post('/api/admin/unified/batch-retrieve-images', {});
      expect(second.status).toBe(409);
      const running = (await admin.get<ImageBatchResponse>('/api/admin/image-batch')).body.batch!;
      expect(running).toMatchObject({
        batchId: started.body.batchId,
        provider: 'digikey',
        componentClass,
        total: TOTAL,
      });

      const batch = await finished(admin);
      expect(batch).toMatchObject({
        batchId: started.body.batchId,
        status: 'completed',
        total: TOTAL,
        processed: TOTAL,
        success: FOUND,
        failed: 5,
        sources: { digikey: FOUND, mouser: 0 },
        message: null,
        finishedAt: expect.any(String),
      });
      const execution = [...stack.stepFunctions().executions.values()].find(
        (run) => run.name === started.body.batchId,
      )!;
      expect(execution.status).toBe('SUCCEEDED');
      expect(execution.output).toMatchObject({
        summary: { processed: TOTAL, success: FOUND, failed: 5, sources: { digikey: FOUND, mouser: 0 } },
      });
      // Each throttled or failed answer cost one more search call: one call a part, 4 throttled (retried by the state machine), 2 errors (retried by the client).
      expect((await emulator.stats()).calls['digikey:search']! - searchesBefore).toBe(TOTAL + 4 + 2);

      // Every found part holds its image (and datasheet, where the maker has one) once, published, except a
      // package picture, which waits for review; the failed and the other class hold nothing.
      for (const part of found) {
        const attachments = await listAttachments(part.id);
        const types = attachments.map((attachment) => attachment.fileType);
        expect(types, part.reference).toContain('image/png');
        expect(new Set(types).size, part.reference).toBe(types.length);
        for (const attachment of attachments) {
          expect(attachment, part.reference).toMatchObject({ imageSource: 'digikey' });
          expect(attachment.sourceConfidence, part.reference).toBeGreaterThanOrEqual(0.9);
          expect(attachment.isApproved, `${part.reference} ${attachment.fileType}`).toBe(
            !(part.reference === '0402B104K160CT' && attachment.fileType === 'image/png'),
          );
        }
      }
      for (const part of [...failing, ...otherClass])
        expect(await listAttachments(part.id), part.reference).toEqual([]);

      const stats = (await admin.get<ImageStats>('/api/admin/image-stats')).body;
      expect(stats).toMatchObject({
        totalComponents: TOTAL + 2,
        componentsWithImages: FOUND - 1,
        componentsWithoutImages: 5 + 1 + 2,
        imageSuccessRate: 80,
      });
      expect(stats.recentlyProcessed).toHaveLength(5);
      expect(stats.byClass).toContainEqual({ componentClass, total: TOTAL, withImages: FOUND - 1 });

      const recent = (await admin.get<RecentImage[]>('/api/admin/recent-images?limit=10')).body;
      expect(recent).toHaveLength(10);
      expect(recent[0]).toMatchObject({
        class: componentClass,
        imageSource: 'digikey',
        imageAddedAt: expect.any(String),
      });
      const confidences = recent.map((item) => item.sourceConfidence);
      expect(confidences).toEqual([...confidences].sort((a, b) => b - a));

      // The next batch of that class has only the five failed parts left, and the one whose photo waits for review.
      const again = await admin.post<StartImageBatchResponse>('/api/admin/mouser/batch-retrieve-images', {
        componentClass,
      });
      expect(again.body.componentsToProcess).toBe(6);
      expect(await finished(admin)).toMatchObject({
        batchId: again.body.batchId,
        provider: 'mouser',
        processed: 6,
        status: 'completed',
      });
    },
  );

  it('Smart Search asks Mouser for the parts Digi-Key has no answer for', { timeout: 120_000 }, async () => {
    const admin = await signedIn('admin');
    const componentClass = uniqueClass('Smart');
    const parts = await createListedParts(FOUND_BY_REFERENCE.slice(0, 8), componentClass);
    await emulator.fault({ kind: 'malformed', provider: 'digikey', endpoint: 'search', times: 3 });

    const started = await admin.post<StartImageBatchResponse>('/api/admin/unified/batch-retrieve-images', {
      componentClass,
    });
    expect(started.body.componentsToProcess).toBe(8);
    expect(await finished(admin)).toMatchObject({
      status: 'completed',
      processed: 8,
      success: 8,
      failed: 0,
      sources: { digikey: 5, mouser: 3 },
    });
    const sources = (await Promise.all(parts.map((part) => listAttachments(part.id)))).map(
      (attachments) => attachments.find((a) => a.fileType.startsWith('image/'))?.imageSource,
    );
    expect(sources.filter((source) => source === 'mouser')).toHaveLength(3);
    expect(sources.filter((source) => source === 'digikey')).toHaveLength(5);
  });

  it('answers at once with nothing to do for a class without parts, and per-part searches feed the statistics', async () => {
    const admin = await signedIn('admin');
    const user = await signedIn('user');
    const empty = await admin.post<StartImageBatchResponse>('/api/admin/process-images', {
      componentClass: uniqueClass('Nothing'),
    });
    expect(empty.body.componentsToProcess).toBe(0);
    expect((await admin.get<ImageBatchResponse>('/api/admin/image-batch')).body.batch).toMatchObject({
      batchId: empty.body.batchId,
      status: 'completed',
      total: 0,
    });

    const [part] = await createListedParts(['3RT2024-3AL21'], uniqueClass('Single'));
    const before = (await admin.get<ImageStats>('/api/admin/image-stats')).body;
    expect((await user.post(`/api/components/${part!.id}/search-mouser`)).status).toBe(200);
    const after = (await admin.get<ImageStats>('/api/admin/image-stats')).body;
    expect(after.recentlyProcessed[0]).toEqual({ partNumber: part!.reference, success: true });
    expect(after.componentsWithImages).toBe(before.componentsWithImages + 1);

    expect((await user.get('/api/admin/image-stats')).status).toBe(403);
    expect((await user.post('/api/admin/process-images', {})).status).toBe(403);
    expect((await admin.post('/api/admin/process-images', { componentClass: 42 })).status).toBe(400);
  });

  it('skips every part, without counting failures, when a distributor is not set up', { timeout: 60_000 }, async () => {
    const admin = await signedIn('admin');
    const componentClass = uniqueClass('Unset');
    await createListedParts(FOUND_BY_REFERENCE.slice(0, 3), componentClass);
    const clientId = process.env.DIGIKEY_CLIENT_ID;
    delete process.env.DIGIKEY_CLIENT_ID;
    resetConfig();
    try {
      const before = (await admin.get<ImageStats>('/api/admin/image-stats')).body;
      await admin.post<StartImageBatchResponse>('/api/admin/process-images', { componentClass });
      expect(await finished(admin)).toMatchObject({
        status: 'completed',
        total: 3,
        processed: 0,
        message:
          'Stopped early: Digi-Key search is not set up. Ask an administrator to add the Digi-Key API credentials. 3 parts were not searched.',
      });
      expect((await admin.get<ImageStats>('/api/admin/image-stats')).body.imageSuccessRate).toBe(
        before.imageSuccessRate,
      );
    } finally {
      process.env.DIGIKEY_CLIENT_ID = clientId;
      resetConfig();
    }
  });

  // Last: the day budget it spends stays spent for the rest of this file.
  it('stops cleanly when the day budget is spent, and says so', { timeout: 120_000 }, async () => {
    const admin = await signedIn('admin');
    const componentClass = uniqueClass('Budget');
    await createListedParts(FOUND_BY_REFERENCE.slice(0, 6), componentClass);
    process.env.MOUSER_CALLS_PER_DAY = '3';
    resetConfig();
    try {
      const started = await admin.post<StartImageBatchResponse>('/api/admin/mouser/batch-retrieve-images', {
        componentClass,
      });
      expect(started.body.componentsToProcess).toBe(6);
      const batch = await finished(admin);
      expect(batch.status).toBe('completed');
      expect(batch.processed).toBeLessThan(6);
      expect(batch.message).toMatch(
        /^Stopped early: Today's Mouser allowance of 3 requests is used up\. Searches resume after midnight UTC\. \d parts? (was|were) not searched\.$/,
      );
      expect(batch.message).toContain(`${6 - batch.processed} part`);
    } finally {
      delete process.env.MOUSER_CALLS_PER_DAY;
      resetConfig();
    }
  });
});
