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
import { signIn, uniqueClass, waitUntil } from './support';

/*
 * "Refresh lifecycle and data" on the local state machine (the image batches' own, its tasks the
 * real job handlers) against the distributor emulator, which answers Texas Instruments'
 * LM358BAIPWR with Digi-Key's recorded product details: one change request per part whose data
 * differs, protected fields left out, a report per part, the day budget honoured, and a share of
 * each minute left to people's searches.
 */
const stack = useTestStack();
const api = useTestApi();

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
        { componentId: plain!.id, outcome: 'unchanged', provider: 'digikey' },
      ]);
    },
  );

  it("leave a share of each minute to a person's search while the batch runs", { timeout: 240_000 }, async () => {
    const admin = await signIn(api, 'admin');
    const user = await signIn(api, 'user');
    const componentClass = uniqueClass('Busy minute');
    // More parts than a whole minute allows: a batch without a share would take every call.
    const queued = await parts(componentClass, [opAmp, opAmp, opAmp, opAmp, opAmp]);
    const [mine] = await parts(uniqueClass('Mine'), [opAmp]);
    // Four calls a minute: the batch may take two (50 %), people keep two.
    await withSettings({ DIGIKEY_CALLS_PER_MINUTE: '4', DISTRIBUTOR_BATCH_MINUTE_SHARE_PERCENT: '50' }, async () => {
      const started = await admin.client.post<StartImageBatchResponse>('/api/admin/data-batch', {
        provider: 'digikey',
        componentClass,
      });
      expect(started.body.componentsToProcess).toBe(5);
      // The batch has taken its share of this minute and waits for the next.
      const running = await waitUntil(
        async () => (await admin.client.get<ImageBatchResponse>('/api/admin/image-batch')).body.batch!,
        (batch) => batch.processed >= 2,
        { what: 'two parts refreshed', timeoutMs: 60_000 },
      );
      expect(running.status).toBe('running');
      const search = await user.client.post<DistributorFillProposal>(`/api/components/${mine!.id}/distributor-data`, {
        provider: 'digikey',
      });
      expect(search.status).toBe(200);
      expect(search.body.confidence).toBe(1);
      // The rest of the batch need not be waited for: its parts go, and it ends at once.
      await Promise.all(queued.map((part) => deleteComponent(part.id)));
      const batch = await finished(admin.client);
      expect(batch).toMatchObject({ status: 'completed', processed: 5 });
    });
  });

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
