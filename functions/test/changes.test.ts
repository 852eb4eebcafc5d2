import { describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '#shared/schemas/approvals';
import { changeKinds, type ChangeEntry, type ChangeKind } from '#shared/schemas/changes';
import { changeLogItems } from '#repositories/changes';
import { transact } from '#repositories/table';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi, type TestClient } from '../../scripts/test/api-client';
import { makeWorkbook } from '../../scripts/test/workbooks';
import { signIn, uniqueClass } from './support';

/*
 * The change log: every approved change with who proposed and who approved it, read by person,
 * class, kind and days, a page at a time, with the total in X-Total-Count.
 */
useTestStack();
const api = useTestApi();

let made = 0;
const uniqueReference = () => `CHG-${Date.now().toString(36)}-${++made}`.toUpperCase();

const approve = async (reviewer: TestClient, requestId: string) => {
  const answer = await reviewer.patch<ApprovalRequest>(`/api/approval-requests/${requestId}`, { status: 'approved' });
  expect(answer.status).toBe(200);
  return answer.body;
};

const changes = async (client: TestClient, query: Record<string, string | number>) => {
  const answer = await client.get<ChangeEntry[]>(
    `/api/changes?${new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]))}`,
  );
  expect(answer.status).toBe(200);
  return { entries: answer.body, total: Number(answer.headers.get('x-total-count')) };
};

describe('the change log', () => {
  it('lists approved new parts, edits, lifecycle changes and deletions with who proposed and who approved them', async () => {
    const { client: proposer, user: alice } = await signIn(api, 'user');
    const { client: librarian, user: lena } = await signIn(api, 'librarian');
    const componentClass = uniqueClass('Changelog');
    const reference = uniqueReference();

    const created = await proposer.post<{ requestId: string }>('/api/components', { reference, class: componentClass });
    const { componentId } = await approve(librarian, created.body.requestId);
    const edit = await proposer.patch<{ requestId: string }>(`/api/components/${componentId}`, {
      description: 'Contactor, 3 kW',
      width: '45',
    });
    await approve(librarian, edit.body.requestId);
    const lifecycle = await proposer.patch<{ requestId: string }>(`/api/components/${componentId}`, {
      lifecycle: 'nrnd',
    });
    await approve(librarian, lifecycle.body.requestId);
    // A rejected request changed nothing: it is not in the log.
    const rejected = await proposer.patch<{ requestId: string }>(`/api/components/${componentId}`, { type: 'X' });
    await librarian.patch(`/api/approval-requests/${rejected.body.requestId}`, { status: 'rejected' });
    const deletion = await proposer.post<{ requestId: string }>(`/api/components/${componentId}/delete-request`, {});
    await approve(librarian, deletion.body.requestId);

    const { entries, total } = await changes(proposer, { class: componentClass });
    expect(total).toBe(4);
    expect(entries.map((entry) => entry.kind)).toEqual(['delete', 'lifecycle', 'edit', 'new']);
    for (const entry of entries) {
      expect(entry).toMatchObject({
        componentId,
        componentReference: reference,
        componentClass,
        proposedBy: { id: alice.id },
        approvedBy: { id: lena.id, name: lena.username },
      });
      expect(entry.requestId).toMatch(/^[0-9A-Z]{26}$/);
    }
    expect(entries[2]).toMatchObject({ fields: ['description', 'width'], summary: 'Updated description, width' });
    expect(entries[1]!.fields).toEqual(['lifecycle']);
    expect(entries[3]!.fields).toEqual(expect.arrayContaining(['reference', 'class']));
    // Newest first, each at the time it was approved.
    const times = entries.map((entry) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);

    // By kind within the class, by person (proposer or approver), by days.
    expect((await changes(proposer, { class: componentClass, kind: 'edit' })).entries).toHaveLength(1);
    const byAlice = await changes(proposer, { user: alice.id });
    expect(byAlice.total).toBe(4);
    const byLena = await changes(proposer, { user: lena.id, kind: 'lifecycle' });
    expect(byLena.entries.map((entry) => entry.componentId)).toEqual([componentId]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await changes(proposer, { class: componentClass, from: today, to: today })).total).toBe(4);
    expect((await changes(proposer, { class: componentClass, to: '2000-01-01' })).total).toBe(0);
  });

  it('lists a merge as a change made and approved by the one who merged', async () => {
    const { client: proposer } = await signIn(api, 'user');
    const { client: librarian, user: lena } = await signIn(api, 'librarian');
    const componentClass = uniqueClass('Merged');
    const ids: number[] = [];
    for (const reference of [uniqueReference(), uniqueReference()]) {
      const filed = await proposer.post<{ requestId: string }>('/api/components', { reference, class: componentClass });
      ids.push((await approve(librarian, filed.body.requestId)).componentId!);
    }
    const merged = await librarian.post(`/api/components/${ids[0]}/merge`, { intoId: ids[1] });
    expect(merged.status).toBe(200);
    const { entries } = await changes(proposer, { class: componentClass, kind: 'merge' });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      componentId: ids[1],
      proposedBy: { id: lena.id },
      approvedBy: { id: lena.id },
      requestId: null,
    });
  });

  it('lists what an import wrote as changes made by the one who imported it', async () => {
    const { client: admin, user: ada } = await signIn(api, 'admin');
    const { client: reader } = await signIn(api, 'user');
    const componentClass = uniqueClass('Imported');
    const references = [uniqueReference(), uniqueReference(), uniqueReference()];
    const bytes = makeWorkbook({
      headings: ['Reference', 'Class', 'Description'],
      rows: references.map((reference) => [reference, componentClass, `Imported ${reference}`]),
    });
    const imported = await admin.post<{ count: number }>('/api/import-excel', {
      fileName: 'changes.xlsx',
      fileData: bytes.toString('base64'),
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.count).toBe(3);

    const { entries, total } = await changes(reader, { class: componentClass, kind: 'import' });
    expect(total).toBe(1);
    expect(entries[0]).toMatchObject({
      kind: 'import',
      componentId: null,
      componentClass,
      summary: 'Imported from changes.xlsx: 3 added, 0 updated',
      proposedBy: { id: ada.id },
      approvedBy: { id: ada.id },
      requestId: null,
    });
    expect(entries[0]!.fields).toEqual(expect.arrayContaining(['reference', 'class', 'description']));
    expect((await changes(reader, { user: ada.id, kind: 'import' })).entries.map((entry) => entry.id)).toContain(
      entries[0]!.id,
    );
  });

  it('refuses filters it cannot read', async () => {
    const { client } = await signIn(api, 'user');
    expect((await client.get('/api/changes?kind=rename')).status).toBe(400);
    expect((await client.get('/api/changes?from=2026-03-02&to=2026-03-01')).status).toBe(400);
    expect((await client.get('/api/changes?limit=1000')).status).toBe(400);
    expect((await api.client().get('/api/changes')).status).toBe(401);
  });
});

describe('paging the log', () => {
  /** A plain model: the entries as written, newest first. */
  const seeded: ChangeEntry[] = [];
  const proposer = { id: `pager-${Date.now().toString(36)}`, name: 'Pat Pager' };
  const approver = { id: `approver-${Date.now().toString(36)}`, name: 'Ann Approver' };
  const componentClass = uniqueClass('Paged');

  const seed = async () => {
    if (seeded.length) return;
    // 240 changes over 12 days, several a day, of every kind, written as the services write them.
    const start = Date.parse('2026-02-01T08:00:00.000Z');
    const entries: ChangeEntry[] = Array.from({ length: 240 }, (_, n) => ({
      id: `01KPAGE${String(n).padStart(19, '0')}`,
      at: new Date(start + Math.floor(n / 20) * 86_400_000 + (n % 20) * 60_000).toISOString(),
      kind: changeKinds[n % changeKinds.length] as ChangeKind,
      componentId: 1_000_000 + n,
      componentReference: `PAGE-${n}`,
      componentClass,
      fields: ['description'],
      summary: 'Updated description',
      proposedBy: proposer,
      approvedBy: approver,
      requestId: null,
    }));
    for (const entry of entries) await transact(changeLogItems(entry));
    seeded.push(...entries.reverse());
  };

  it.each([
    ['every change of the person', {}, () => seeded],
    ['one kind', { kind: 'edit' }, () => seeded.filter((entry) => entry.kind === 'edit')],
    [
      'a range of days',
      { from: '2026-02-03', to: '2026-02-07' },
      () => seeded.filter((entry) => entry.at >= '2026-02-03' && entry.at < '2026-02-08'),
    ],
  ] as const)('pages %s exactly as a plain list would', async (_name, filter, expected) => {
    await seed();
    const { client } = await signIn(api, 'user');
    const model = expected();
    for (const [offset, limit] of [
      [0, 25],
      [19, 3],
      [20, 20],
      [57, 25],
      [model.length - 5, 25],
      [model.length, 10],
    ] as const) {
      const page = await changes(client, { user: proposer.id, ...filter, offset, limit });
      expect(page.total).toBe(model.length);
      expect(page.entries.map((entry) => entry.id)).toEqual(
        model.slice(offset, offset + limit).map((entry) => entry.id),
      );
    }
  });

  it('pages a class view (served by its day counts) and the same class through the approver', async () => {
    await seed();
    const { client } = await signIn(api, 'user');
    const byClass = await changes(client, { class: componentClass.toUpperCase(), offset: 100, limit: 7 });
    expect(byClass.total).toBe(240);
    expect(byClass.entries.map((entry) => entry.id)).toEqual(seeded.slice(100, 107).map((entry) => entry.id));
    const byApprover = await changes(client, { user: approver.id, class: componentClass, offset: 233, limit: 25 });
    expect(byApprover.entries.map((entry) => entry.id)).toEqual(seeded.slice(233).map((entry) => entry.id));
  });
});
