import { describe, expect, it } from 'vitest';
import type { ApprovalRequest, BulkReviewSummary } from '#shared/schemas/approvals';
import type { Component, ComponentData } from '#shared/schemas/component';
import type { DataBatchReport } from '#shared/schemas/data-batches';
import type { DistributorFillProposal } from '#shared/schemas/distributor-fill';
import type { ImageBatchResponse, StartImageBatchResponse } from '#shared/schemas/images';
import { resetConfig } from '#lib/config';
import { readRateWindow } from '#repositories/rate-limits';
import { createComponents, deleteComponent } from '#repositories/components';
import { windowOf } from '#services/distributors/rate-limiter';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi, type TestClient } from '../../scripts/test/api-client';
import { fixture, startReplay } from './distributor-replay';
import { sentWhilePaused, signIn, uniqueClass, useFaultProxies, waitUntil } from './support';

/*
 * "Refresh lifecycle and data" on the local state machine (the image batches' own, its tasks the
 * real job handlers) against the distributor emulator, which answers Texas Instruments'
 * LM358BAIPWR with Digi-Key's recorded product details: one change request per part whose data
 * differs, protected fields left out, a report per part, the day budget honoured, and a share of
 * each minute left to people's searches.
 */
const stack = useTestStack();
const api = useTestApi();
const proxies = useFaultProxies(stack, ['dynamodb'], { timeouts: 'deployed' });

const parts = async (componentClass: string, specs: Partial<ComponentData>[]): Promise<Component[]> =>
  createComponents(
    specs.map((spec) => ({ class: componentClass, dataSheet: null, ...spec }) as ComponentData),
    { username: 'test' },
  );
const opAmp = { reference: 'LM358BAIPWR', manufacturer: 'Texas Instruments', voltage: 5 };

const finished = async (admin: TestClient) => {
  await stack.stepFunctions().settled();
  return (await admin.get<ImageBatchResponse>('/api/admin/image-batch')).body.batch!;
};
const reportOf = async (admin: TestClient, batchId: string) =>
  (await admin.get<DataBatchReport>(`/api/admin/data-batch/${batchId}/parts`)).body;

const withSettings = async <T>(settings: Record<string, string>, run: () => Promise<T>): Promise<T> => {
  Object.assign(process.env, settings);
  resetConfig();
  try {
    return await run();
  } finally {
    for (const name of Object.keys(settings)) delete process.env[name];
    resetConfig();
  }
};

describe('"Refresh lifecycle and data" batches', () => {
  it(
    'file one request per part whose data differs, leave protected fields out, report per part, and approve together',
    { timeout: 180_000 },
    async () => {
      const admin = await signIn(api, 'admin');
      const reviewer = await signIn(api, 'admin');
      const componentClass = uniqueClass('Refresh');
      const [plain, guarded, unknown] = await parts(componentClass, [
        opAmp,
        opAmp,
        { reference: `NOT-LISTED-${Date.now().toString(36).toUpperCase()}`, manufacturer: 'Nobody' },
      ]);
      await admin.client.put(`/api/components/${guarded!.id}/protected-fields`, {
        fields: ['voltage', 'description'],
      });
      const other = await parts(uniqueClass('Elsewhere'), [opAmp]);

      const started = await admin.client.post<StartImageBatchResponse>('/api/admin/data-batch', {
        provider: 'digikey',
        componentClass,
      });
      expect(started.status).toBe(200);
      expect(started.body.componentsToProcess).toBe(3);
      const batch = await finished(admin.client);
      expect(batch).toMatchObject({ batchId: started.body.batchId, kind: 'data', status: 'completed', processed: 3 });

      const report = await reportOf(admin.client, started.body.batchId!);
      const byPart = new Map(report.parts.map((part) => [part.componentId, part]));
      expect(byPart.get(plain!.id)).toMatchObject({ outcome: 'filed', provider: 'digikey' });
      // The lifecycle leads what is filed.
      expect(byPart.get(plain!.id)!.fields![0]).toBe('lifecycle');
      expect(byPart.get(plain!.id)!.fields).toEqual(expect.arrayContaining(['voltage', 'numberOfCircuits']));
      expect(byPart.get(guarded!.id)!.fields).not.toContain('voltage');
      expect(byPart.get(guarded!.id)!.fields).not.toContain('description');
      expect(byPart.get(unknown!.id)).toMatchObject({ outcome: 'not-found', provider: null });
      expect(byPart.has(other[0]!.id)).toBe(false);
      expect(report.requestIds).toHaveLength(2);

      const pending = (await reviewer.client.get<ApprovalRequest[]>('/api/approval-requests?status=pending')).body;
      const filed = pending.filter((request) => request.distributorSource?.batchId === started.body.batchId);
      expect(filed.map((request) => request.id).sort()).toEqual([...report.requestIds].sort());
      // The queue filtered to the batch lists exactly its requests.
      const ofBatch = await reviewer.client.get<ApprovalRequest[]>(
        `/api/approval-requests?status=pending&batch=${started.body.batchId}`,
      );
      expect(ofBatch.body.map((request) => request.id).sort()).toEqual([...report.requestIds].sort());

      // Bulk Review approves the batch's requests together (the reviewer did not start the batch).
      const bulk = await reviewer.client.post<BulkReviewSummary>('/api/approval-requests/bulk-review', {
        ids: report.requestIds,
        status: 'approved',
      });
      expect(bulk.status).toBe(200);
      expect(bulk.body.failed).toEqual([]);
      expect(bulk.body.applied).toHaveLength(2);
      const after = (await admin.client.get<Component>(`/api/components/${plain!.id}`)).body;
      expect(after).toMatchObject({ lifecycle: 'active', voltage: 36, lifecycleSource: 'distributor: digikey' });
      const kept = (await admin.client.get<Component>(`/api/components/${guarded!.id}`)).body;
      expect(kept).toMatchObject({ lifecycle: 'active', voltage: 5 });

      // Run again: nothing differs any more, nothing is filed.
      const again = await admin.client.post<StartImageBatchResponse>('/api/admin/data-batch', {
        provider: 'digikey',
        componentIds: [plain!.id],
      });
      await finished(admin.client);
      expect((await reportOf(admin.client, again.body.batchId!)).parts).toEqual([
        { componentId: plain!.id, reference: plain!.reference, outcome: 'unchanged', provider: 'digikey' },
      ]);
    },
  );

  it("leave a share of each minute to a person's search while the batch runs", { timeout: 240_000 }, async () => {
    const admin = await signIn(api, 'admin');
    const user = await signIn(api, 'user');
    const componentClass = uniqueClass('Busy minute');
    // More parts than a whole minute allows: a batch without a share would take every call. Mouser
    // (its recorded answer for onsemi's BAT54SLT1G), which no other test of this file asks this minute.
    const diode = { reference: 'BAT54SLT1G', manufacturer: 'onsemi' };
    const queued = await parts(componentClass, [diode, diode, diode, diode, diode]);
    const [mine] = await parts(uniqueClass('Mine'), [diode]);
    // Four calls a minute: the batch may take two (50 %), people keep two.
    await withSettings({ MOUSER_CALLS_PER_MINUTE: '4', DISTRIBUTOR_BATCH_MINUTE_SHARE_PERCENT: '50' }, async () => {
      const started = await admin.client.post<StartImageBatchResponse>('/api/admin/data-batch', {
        provider: 'mouser',
        componentClass,
      });
      expect(started.body.componentsToProcess).toBe(5);
      // The batch has taken its share of this minute and waits for the next: it stops moving.
      const seen: number[] = [];
      const running = await waitUntil(
        async () => (await admin.client.get<ImageBatchResponse>('/api/admin/image-batch')).body.batch!,
        (batch) => {
          seen.push(batch.processed);
          const last = seen.slice(-4);
          return batch.processed >= 2 && last.length === 4 && last.every((count) => count === batch.processed);
        },
        { what: 'the batch waiting for the next minute', timeoutMs: 60_000 },
      );
      // This minute's calls: the batch's share, never the whole minute.
      expect(await readRateWindow(windowOf('mouser', 60, Math.floor(Date.now() / 1000)))).toBeLessThanOrEqual(2);
      expect(running.processed).toBeLessThan(5);
      expect(running.status).toBe('running');
      const search = await user.client.post<DistributorFillProposal>(`/api/components/${mine!.id}/distributor-data`, {
        provider: 'mouser',
      });
      expect(search.status).toBe(200);
      expect(search.body.product.manufacturerPartNumber).toBe('BAT54SLT1G');
      // The rest of the batch need not be waited for: its parts go, and it ends at once.
      await Promise.all(queued.map((part) => deleteComponent(part.id)));
      const batch = await finished(admin.client);
      expect(batch).toMatchObject({ status: 'completed', processed: 5 });
    });
  });

  it(
    'propose the suggested replacement of a part found obsolete as a "replaced by" link when the catalogue has it',
    { timeout: 120_000 },
    async () => {
      const admin = await signIn(api, 'admin');
      const componentClass = uniqueClass('Diodes');
      const [old, replacement] = await parts(componentClass, [
        { reference: 'BAT54SLT1G', manufacturer: 'onsemi' },
        { reference: 'BAT54SLT3G', manufacturer: 'onsemi' },
      ]);
      // Mouser's recorded answer for the diode, with the lifecycle fields an obsolete part carries
      // (no public recording of an obsolete part's answer was found).
      const recorded = fixture('mouser-partnumber-863-BAT54SLT1G');
      const body = structuredClone(recorded.body) as { SearchResults: { Parts: Record<string, unknown>[] } };
      Object.assign(body.SearchResults.Parts[0]!, { LifecycleStatus: 'Obsolete', SuggestedReplacement: 'BAT54SLT3G' });
      const replay = await startReplay();
      try {
        replay.queue('POST /api/v1/search/partnumber', { ...recorded, body });
        await withSettings({ MOUSER_API_URL: replay.url }, async () => {
          const started = await admin.client.post<StartImageBatchResponse>('/api/admin/data-batch', {
            provider: 'mouser',
            componentIds: [old!.id],
          });
          expect(started.status).toBe(200);
          await finished(admin.client);
          const [report] = (await reportOf(admin.client, started.body.batchId!)).parts;
          expect(report).toMatchObject({ componentId: old!.id, outcome: 'filed', provider: 'mouser' });
          expect(report!.fields![0]).toBe('lifecycle');
          const pending = (await admin.client.get<ApprovalRequest[]>('/api/approval-requests?status=pending')).body;
          const link = pending.find((request) => request.id === report!.replacementRequestId);
          expect(link).toMatchObject({
            requestType: 'link',
            requestData: expect.objectContaining({ kind: 'replaced-by', fromId: old!.id, toId: replacement!.id }),
          });
          const edit = pending.find((request) => request.id === report!.requestId);
          expect(edit?.requestData).toMatchObject({ lifecycle: 'obsolete' });
        });
      } finally {
        await replay.stop();
      }
    },
  );

  it('start one batch when two administrators start one at once', async () => {
    const [one, two] = await Promise.all([signIn(api, 'admin'), signIn(api, 'admin')]);
    const componentClass = uniqueClass('Race');
    const [part] = await parts(componentClass, [
      { reference: `RACE-${Date.now().toString(36)}`, manufacturer: 'Nobody' },
    ]);
    const answers = await Promise.all(
      [one, two].map((admin) =>
        admin.client.post<StartImageBatchResponse>('/api/admin/data-batch', {
          provider: 'digikey',
          componentIds: [part!.id],
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    await finished(one.client);
  });

  it(
    'DynamoDB paused while a batch is started: a 503 in time, and a batch that never started frees the slot after the grace',
    { timeout: 120_000 },
    async () => {
      const admin = await signIn(api, 'admin');
      const [part] = await parts(uniqueClass('Paused'), [
        { reference: `PAUSED-${Date.now().toString(36)}`, manufacturer: 'Nobody' },
      ]);
      const start = (options?: { csrf: false; headers: Record<string, string> }) =>
        admin.client.post<StartImageBatchResponse & { message?: string }>(
          '/api/admin/data-batch',
          { provider: 'digikey', componentIds: [part!.id] },
          options,
        );
      await withSettings({ IMAGE_BATCH_START_GRACE_SECONDS: '2' }, async () => {
        const answer = await sentWhilePaused(proxies.dynamodb, 'TransactWriteItems', admin.client, start);
        expect(answer.status).toBe(503);
        // The claim may have landed after the answer: then it holds the slot until the grace is over.
        const next = await waitUntil(
          () => start(),
          (attempt) => attempt.status === 200,
          { what: 'a new batch started', timeoutMs: 30_000 },
        );
        expect(next.body.componentsToProcess).toBe(1);
        const batch = await finished(admin.client);
        expect(batch).toMatchObject({ batchId: next.body.batchId, status: 'completed', processed: 1 });
      });
    },
  );

  // Last: the day budget it spends stays spent for the rest of this file.
  it(
    'stop when the day budget is spent, say so, and report only the parts it refreshed',
    { timeout: 120_000 },
    async () => {
      const admin = await signIn(api, 'admin');
      const componentClass = uniqueClass('Budget');
      await parts(componentClass, [opAmp, opAmp, opAmp, opAmp]);
      // Two calls left today: each part is one exact search.
      const spent = await readRateWindow(windowOf('digikey', 86_400, Math.floor(Date.now() / 1000)));
      const budget = spent + 2;
      await withSettings(
        { DIGIKEY_CALLS_PER_DAY: String(budget), DISTRIBUTOR_BATCH_RESERVE_PERCENT: '0' },
        async () => {
          const started = await admin.client.post<StartImageBatchResponse>('/api/admin/data-batch', {
            provider: 'digikey',
            componentClass,
          });
          const batch = await finished(admin.client);
          expect(batch.status).toBe('completed');
          expect(batch.processed).toBe(2);
          expect(batch.message).toBe(
            `Stopped early: Today's Digi-Key allowance of ${budget} requests is used up. Searches resume after midnight UTC. 2 parts were not searched.`,
          );
          const report = await reportOf(admin.client, started.body.batchId!);
          expect(report.parts.length).toBe(batch.processed);
          expect(report.parts.map((part) => part.outcome)).toEqual(['filed', 'filed']);
        },
      );
    },
  );
});
