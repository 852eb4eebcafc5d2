import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import type { ApprovalRequest, Version } from '#shared/schemas/approvals';
import {
  FACETS_HEADER,
  TOTAL_COUNT_HEADER,
  type CatalogueStats,
  type Component,
  type ComponentData,
  type SearchFacets,
} from '#shared/schemas/component';
import type { ImportResult } from '#shared/schemas/import';
import { createComponents } from '#repositories/components';
import { useTestApi, type TestClient } from '../../scripts/test/api-client';
import { useTestStack } from '../../scripts/test/stack';
import { makeWorkbook, type Cell } from '../../scripts/test/workbooks';
import { signIn, useFaultProxies, sentWhilePaused } from './support';

/*
 * A part's lifecycle against the local stack: real parts with the lifecycle their makers and
 * distributors published (fixtures/lifecycle/README.md), brought in by the Excel import under a
 * Lifecycle column, then filtered, ordered, counted and changed through approval.
 */
const stack = useTestStack();
const api = useTestApi();
const proxies = useFaultProxies(stack, ['dynamodb'], { timeouts: 'deployed' });

interface FixturePart {
  reference: string;
  manufacturer: string;
  class: string;
  type: string;
  description?: string;
  lifecycle: string;
}
const parts = JSON.parse(
  readFileSync(new URL('./fixtures/lifecycle/parts.json', import.meta.url), 'utf8'),
) as FixturePart[];

let admin: TestClient;
let adminName: string;
let user: TestClient;
let userName: string;
const idOf = new Map<string, number>();

const search = async (query: string) => {
  const answer = await user.get<Component[]>(`/api/components?${query}`);
  return { ...answer, references: Array.isArray(answer.body) ? answer.body.map((part) => part.reference) : [] };
};
const componentOf = async (id: number) => (await user.get<Component>(`/api/components/${id}`)).body;
const propose = (client: TestClient, id: number, changes: Record<string, unknown>) =>
  client.patch<{ requestId: string; message?: string; fields?: Record<string, string> }>(
    `/api/components/${id}`,
    changes,
  );
const review = (client: TestClient, requestId: string) =>
  client.patch<ApprovalRequest & { message?: string }>(`/api/approval-requests/${requestId}`, { status: 'approved' });

let made = 0;
/** A part of this file's own to change (its lifecycle unknown). */
const newPart = async (fields: Partial<ComponentData> = {}): Promise<Component> => {
  const [component] = await createComponents(
    [
      {
        reference: `LIFE-${Date.now().toString(36).toUpperCase()}-${++made}`,
        class: 'Relay',
        ...fields,
      } as ComponentData,
    ],
    { username: 'test' },
  );
  return component!;
};

beforeAll(async () => {
  const signedAdmin = await signIn(api, 'admin');
  admin = signedAdmin.client;
  adminName = signedAdmin.user.username;
  const signedUser = await signIn(api, 'user');
  user = signedUser.client;
  userName = signedUser.user.username;
  const headings = ['Reference', 'Manufacturer', 'Class', 'Type', 'Description', 'Lifecycle'];
  const rows: Cell[][] = parts.map((part) => [
    part.reference,
    part.manufacturer,
    part.class,
    part.type,
    part.description ?? null,
    part.lifecycle,
  ]);
  const imported = await admin.post<ImportResult>('/api/import-excel', {
    fileName: 'Lifecycles.xlsx',
    fileData: makeWorkbook({ headings, rows }).toString('base64'),
  });
  expect(imported.status, JSON.stringify(imported.body)).toBe(200);
  expect(imported.body).toMatchObject({ count: parts.length, rejected: 0 });
  const all = await search('limit=100');
  for (const part of all.body) idOf.set(part.reference, part.id);
});

describe('lifecycles imported under a Lifecycle column', () => {
  it('each part holds its lifecycle as a code, confirmed by the import when it was imported', async () => {
    const contactor = await componentOf(idOf.get('3RT1015-1BB41')!);
    expect(contactor).toMatchObject({ lifecycle: 'obsolete', lifecycleSource: 'import' });
    expect(Date.parse(contactor.lifecycleConfirmedAt!)).toBeGreaterThan(Date.now() - 10 * 60_000);
    expect((await componentOf(idOf.get('LM358BAIPWR')!)).lifecycle).toBe('active');
    // Version 1 records the lifecycle as a field; the confirmation is bookkeeping beside it.
    const [created] = (await user.get<Version[]>(`/api/components/${contactor.id}/versions`)).body;
    expect(created!.changeData).toMatchObject({ lifecycle: 'obsolete' });
    expect(created!.changedFields).not.toContain('lifecycleSource');
  });

  it('updates a lifecycle from a later sheet, refuses a value it does not know, and a blank cell leaves it alone', async () => {
    const part = await newPart({ reference: `LIFE-IMPORT-${Date.now()}`, manufacturer: 'Siemens' });
    const sheet = (lifecycle: Cell) =>
      makeWorkbook({
        headings: ['Reference', 'Manufacturer', 'Class', 'Lifecycle'],
        rows: [[part.reference, 'Siemens', 'Relay', lifecycle]],
      });
    const run = (lifecycle: Cell) =>
      admin.post<ImportResult>('/api/import-excel', {
        fileName: 'Status.xlsx',
        fileData: sheet(lifecycle).toString('base64'),
      });

    expect((await run('last TIME buy')).body).toMatchObject({ updated: 1, rejected: 0 });
    expect(await componentOf(part.id)).toMatchObject({
      lifecycle: 'last-time-buy',
      lifecycleSource: 'import',
      version: 2,
    });

    const refused = await run('Discontinued');
    expect(refused.body).toMatchObject({ updated: 0, rejected: 1 });
    expect(refused.body.errors).toEqual([
      {
        row: 2,
        reference: part.reference,
        field: 'lifecycle',
        message: messages.choiceInvalid('Lifecycle', [
          'Active',
          'NRND (not recommended for new designs)',
          'Last time buy',
          'Obsolete',
          'Unknown',
        ]),
      },
    ]);
    expect((await run(null)).body).toMatchObject({ updated: 0, unchanged: 1 });
    expect((await componentOf(part.id)).lifecycle).toBe('last-time-buy');
  });
});

describe('searching by lifecycle', () => {
  it('filters on one lifecycle or several, by code or label, and counts what each would show', async () => {
    const obsolete = await search('lifecycle=obsolete&limit=100');
    expect(obsolete.status).toBe(200);
    expect(obsolete.references).toEqual(
      expect.arrayContaining(['3RT1015-1BB41', 'TPS2041BDGN-ASY', '2015-09-SMH-RPLF', 'NF4EB-12V']),
    );
    expect(obsolete.references).not.toContain('3RT2015-1BB41');
    const several = await search(`lifecycle=${encodeURIComponent('Active, obsolete')}&query=siemens`);
    expect([...several.references].sort()).toEqual(['3RT1015-1BB41', '3RT2015-1BB41']);
    expect(several.headers.get(TOTAL_COUNT_HEADER)).toBe('2');

    const counted = await search('query=texas&facets=true');
    const facets = JSON.parse(counted.headers.get(FACETS_HEADER)!) as SearchFacets;
    expect(facets.lifecycle).toEqual([
      { value: 'active', count: 1 },
      { value: 'obsolete', count: 1 },
    ]);
  });

  it('counts a part without a lifecycle as unknown, and finds it so', async () => {
    const part = await newPart({ manufacturer: 'Phoenix Contact', description: 'Unclassified lifecycle probe' });
    const found = await search(`query=${encodeURIComponent('unclassified lifecycle probe')}&facets=true`);
    expect(found.body[0]).toMatchObject({ id: part.id, lifecycle: 'unknown', lifecycleConfirmedAt: null });
    expect((JSON.parse(found.headers.get(FACETS_HEADER)!) as SearchFacets).lifecycle).toEqual([
      { value: 'unknown', count: 1 },
    ]);
    expect((await search(`lifecycle=unknown&limit=1000`)).references).toContain(part.reference);
  });

  it('refuses a lifecycle it does not know, naming it and the ones it takes', async () => {
    const refused = await search('lifecycle=obsolete,end-of-life');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      message: messages.searchChoiceInvalid('lifecycle', 'end-of-life', [
        'active',
        'nrnd',
        'last-time-buy',
        'obsolete',
        'unknown',
      ]),
    });
  });

  it('ranks obsolete parts after the others of their relevance group, never above a better match', async () => {
    // Both references start with '3RT': the successor comes first, though 3RT1 sorts before 3RT2.
    expect((await search('query=3RT')).references.slice(0, 2)).toEqual(['3RT2015-1BB41', '3RT1015-1BB41']);
    expect((await search('query=3RT&sort=reference')).references.slice(0, 2)).toEqual([
      '3RT1015-1BB41',
      '3RT2015-1BB41',
    ]);
    // The discontinued part typed exactly is still the first answer.
    expect((await search('query=3RT1015-1BB41')).references[0]).toBe('3RT1015-1BB41');
  });

  it('the dashboard counts parts by lifecycle from the same index', async () => {
    const before = (await user.get<CatalogueStats>('/api/stats')).body.lifecycle;
    const sum = Object.values(before).reduce((total, count) => total + count, 0);
    expect(sum).toBe((await user.get<CatalogueStats>('/api/stats')).body.totalComponents);
    expect(before.obsolete).toBeGreaterThanOrEqual(4);
    const part = await newPart();
    const filed = await propose(user, part.id, { lifecycle: 'NRND' });
    expect((await review(admin, filed.body.requestId)).status).toBe(200);
    const after = (await user.get<CatalogueStats>('/api/stats')).body.lifecycle;
    expect(after.nrnd).toBe(before.nrnd + 1);
    expect(after.unknown).toBe(before.unknown);
  });
});

describe('changing a lifecycle through approval', () => {
  it("an approved edit sets it, confirmed at the approval's time by the person who proposed it", async () => {
    const part = await newPart({ manufacturer: 'Siemens' });
    const filed = await propose(user, part.id, { lifecycle: 'obsolete' });
    expect(filed.status).toBe(201);
    // Filed, not yet in force.
    expect((await componentOf(part.id)).lifecycle).toBe('unknown');
    const approved = await review(admin, filed.body.requestId);
    expect(approved.status).toBe(200);
    const after = await componentOf(part.id);
    expect(after).toMatchObject({
      lifecycle: 'obsolete',
      lifecycleConfirmedAt: approved.body.reviewedAt,
      lifecycleSource: `person: ${userName}`,
      version: 2,
    });
    expect(userName).not.toBe(adminName);
    const versions = (await user.get<Version[]>(`/api/components/${part.id}/versions`)).body;
    expect(versions.find((version) => version.versionNumber === 2)).toMatchObject({
      changedFields: ['lifecycle'],
      previousData: { lifecycle: 'unknown' },
      changeData: { lifecycle: 'obsolete' },
    });
    // The search answers it at once.
    expect((await search(`lifecycle=obsolete&query=${part.reference}`)).references).toEqual([part.reference]);

    // Set back to unknown, nothing is confirmed any more.
    const cleared = await propose(user, part.id, { lifecycle: 'unknown' });
    expect((await review(admin, cleared.body.requestId)).status).toBe(200);
    expect(await componentOf(part.id)).toMatchObject({
      lifecycle: 'unknown',
      lifecycleConfirmedAt: null,
      lifecycleSource: null,
    });
  });

  it('refuses a lifecycle it does not know, and a confirmation typed by hand', async () => {
    const part = await newPart();
    const wrong = await propose(user, part.id, { lifecycle: 'end of life' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual({
      lifecycle: messages.choiceInvalid('Lifecycle', [
        'Active',
        'NRND (not recommended for new designs)',
        'Last time buy',
        'Obsolete',
        'Unknown',
      ]),
    });
    const forged = await propose(user, part.id, { lifecycleSource: 'import' });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe(messages.unknownField('lifecycleSource'));
    const created = await user.post<{ requestId: string }>('/api/components', {
      reference: `LIFE-NEW-${Date.now()}`,
      class: 'Relay',
      lifecycle: 'Active',
      lifecycleConfirmedAt: '2001-01-01T00:00:00.000Z',
      lifecycleSource: 'person: someone else',
    });
    expect(created.status).toBe(201);
    const approved = await review(admin, created.body.requestId);
    const [newOne] = (await search(`query=${approved.body.componentReference}`)).body;
    expect(newOne).toMatchObject({
      lifecycle: 'active',
      lifecycleConfirmedAt: approved.body.reviewedAt,
      lifecycleSource: `person: ${userName}`,
    });
  });

  it('two lifecycle edits filed from one version and approved at once: one lands, the other is a clash', async () => {
    const part = await newPart();
    const [toObsolete, toNrnd] = await Promise.all([
      propose(user, part.id, { lifecycle: 'obsolete' }),
      propose(user, part.id, { lifecycle: 'nrnd' }),
    ]);
    const answers = await Promise.all([review(admin, toObsolete.body.requestId), review(admin, toNrnd.body.requestId)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const landed = answers.findIndex((answer) => answer.status === 200);
    const after = await componentOf(part.id);
    expect(after).toMatchObject({ lifecycle: landed === 0 ? 'obsolete' : 'nrnd', version: 2 });
    expect(after.lifecycleConfirmedAt).toBe(answers[landed]!.body.reviewedAt);
    expect((await user.get<Version[]>(`/api/components/${part.id}/versions`)).body).toHaveLength(2);
  });

  it('a merge gives the part kept the lifecycle it did not know, with its confirmation; one it knows stays', async () => {
    const [merged, kept, knowing] = await Promise.all([newPart(), newPart(), newPart()]);
    const filed = await propose(user, merged.id, { lifecycle: 'obsolete' });
    const confirmed = await review(admin, filed.body.requestId);
    const known = await propose(user, knowing.id, { lifecycle: 'active' });
    expect((await review(admin, known.body.requestId)).status).toBe(200);

    const into = await admin.post<{ intoId: number }>(`/api/components/${merged.id}/merge`, { intoId: kept.id });
    expect(into.status, JSON.stringify(into.body)).toBe(200);
    expect(await componentOf(kept.id)).toMatchObject({
      lifecycle: 'obsolete',
      lifecycleConfirmedAt: confirmed.body.reviewedAt,
      lifecycleSource: `person: ${userName}`,
    });
    const other = await newPart();
    const otherFiled = await propose(user, other.id, { lifecycle: 'nrnd' });
    expect((await review(admin, otherFiled.body.requestId)).status).toBe(200);
    expect((await admin.post(`/api/components/${other.id}/merge`, { intoId: knowing.id })).status).toBe(200);
    expect((await componentOf(knowing.id)).lifecycle).toBe('active');
  });

  it(
    'DynamoDB paused while a lifecycle edit is approved: a 503 in time, then it lands once, confirmed',
    { timeout: 120_000 },
    async () => {
      const part = await newPart();
      const filed = await propose(user, part.id, { lifecycle: 'last-time-buy' });
      const answer = await sentWhilePaused(proxies.dynamodb, 'TransactWriteItems', admin, (options) =>
        admin.patch<{ message: string }>(
          `/api/approval-requests/${filed.body.requestId}`,
          { status: 'approved' },
          options,
        ),
      );
      expect(answer.status).toBe(503);
      expect(answer.body.message).toBe(messages.serviceUnavailable);

      // Approving again finds the request already decided, or decides it now: either way once.
      const again = await review(admin, filed.body.requestId);
      expect([200, 409]).toContain(again.status);
      const after = await componentOf(part.id);
      expect(after).toMatchObject({ lifecycle: 'last-time-buy', lifecycleSource: `person: ${userName}`, version: 2 });
      expect(after.lifecycleConfirmedAt).not.toBeNull();
      expect((await user.get<Version[]>(`/api/components/${part.id}/versions`)).body).toHaveLength(2);
    },
  );
});
