import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import type { ApprovalRequest, RecentComponentView, Version } from '#shared/schemas/approvals';
import type { Comment } from '#shared/schemas/comments';
import type { Component, ComponentData } from '#shared/schemas/component';
import type { MergeResult, MovedComponent } from '#shared/schemas/duplicates';
import type { Attachment } from '#shared/schemas/files';
import type { ComponentLink } from '#shared/schemas/links';
import { putComment } from '#repositories/comments';
import { createComponents, getComponent } from '#repositories/components';
import { listPartItems } from '#repositories/part-merge';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi, type TestClient } from '../../scripts/test/api-client';
import { pdfBytes, signIn, uploadThroughApi } from './support';

/*
 * Merging two parts that are one: the survivor takes everything the merged part held (its
 * versions, comments, attachments with their pending requests, recent views), records the merge
 * as a version of its own, and the merged part's id leads to it. Under concurrent edits nothing
 * is lost and nothing is doubled.
 */
useTestStack();
const api = useTestApi();

let made = 0;
const twoParts = async (merged: Partial<ComponentData> = {}, survivor: Partial<ComponentData> = {}) => {
  const tag = `${Date.now().toString(36).toUpperCase()}${++made}`;
  const [from, into] = await createComponents(
    [
      { reference: `3RT2015-1BB41-${tag}`, class: 'Relay', manufacturer: 'Siemens', ...merged },
      { reference: `3RT20151BB41-${tag}`, class: 'Relay', manufacturer: 'SIEMENS', ...survivor },
    ] as ComponentData[],
    { username: 'test' },
  );
  return { from: from!, into: into! };
};

const merge = (admin: TestClient, fromId: number, intoId: number) =>
  admin.post<MergeResult & { message?: string }>(`/api/components/${fromId}/merge`, { intoId });

const review = (admin: TestClient, id: string, status: 'approved' | 'rejected' = 'approved') =>
  admin.patch<ApprovalRequest & { message?: string }>(`/api/approval-requests/${id}`, { status });

const comment = (client: TestClient, id: number, text: string) =>
  client.post<Comment & { message?: string }>(`/api/components/${id}/comments`, { comment: text });

const attach = async (client: TestClient, id: number, name: string) => {
  const uploadKey = await uploadThroughApi(client, { name, type: 'application/pdf', bytes: pdfBytes() });
  const filed = await client.post<{ requestId: string; attachmentId: string }>(`/api/components/${id}/attachments`, {
    fileName: name,
    fileType: 'application/pdf',
    uploadKey,
  });
  expect(filed.status).toBe(201);
  return filed.body;
};

const versionsOf = async (client: TestClient, id: number) =>
  (await client.get<Version[]>(`/api/components/${id}/versions`)).body;

/** Every number from 1 to the highest, once each. */
const contiguous = (numbers: number[]) =>
  expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));

describe('POST /api/components/{id}/merge', () => {
  it('moves everything the merged part held into the survivor, as a version of its own, and its id leads there', async () => {
    const user = await signIn(api, 'user');
    const admin = await signIn(api, 'admin');
    const { from, into } = await twoParts(
      { description: 'Contactor, AC-3, 3 kW', series: 'SIRIUS' },
      { description: 'Power contactor, AC-3, 3 kW, 24 V DC' },
    );
    // The merged part's history: an approved edit, comments, a published and a pending file, a view.
    const edit = await user.client.patch<{ requestId: string }>(`/api/components/${from.id}`, { type: 'Contactor' });
    expect((await review(admin.client, edit.body.requestId)).status).toBe(200);
    const notes = [
      await comment(user.client, from.id, 'Coil 24 V DC'),
      await comment(admin.client, from.id, 'In stock'),
    ];
    const published = await attach(user.client, from.id, 'datasheet.pdf');
    expect((await review(admin.client, published.requestId)).status).toBe(200);
    const waiting = await attach(user.client, from.id, 'dimensions.pdf');
    const stale = await user.client.patch<{ requestId: string }>(`/api/components/${from.id}`, { width: 45 });
    expect((await user.client.post(`/api/components/${from.id}/view`, {})).status).toBe(200);
    expect((await user.client.post(`/api/components/${into.id}/view`, {})).status).toBe(200);
    expect((await user.client.post(`/api/components/${from.id}/view`, {})).status).toBe(200);

    const merged = await merge(admin.client, from.id, into.id);
    expect(merged.status).toBe(200);
    expect(merged.body).toEqual({ mergedId: from.id, intoId: into.id, version: 2 });

    // The merged part's id leads to the survivor.
    const moved = await user.client.get<MovedComponent>(`/api/components/${from.id}`);
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe(`/api/components/${into.id}`);
    expect(moved.body).toEqual({ message: messages.componentMoved(into.reference), movedTo: into.id });

    // The survivor keeps its values and takes the merged part's for the fields it had none for.
    const survivor = (await user.client.get<Component>(`/api/components/${into.id}`)).body;
    expect(survivor).toMatchObject({
      version: 2,
      description: 'Power contactor, AC-3, 3 kW, 24 V DC',
      series: 'SIRIUS',
      type: 'Contactor',
    });
    const history = await versionsOf(user.client, into.id);
    expect(history.map((version) => [version.versionNumber, version.mergedFrom?.id ?? null])).toEqual([
      [2, null],
      [1, null],
      [2, from.id],
      [1, from.id],
    ]);
    expect(history[0]).toMatchObject({
      changeDescription: messages.mergeVersion(from.reference, from.id),
      changedFields: ['type', 'series'],
      changeData: { type: 'Contactor', series: 'SIRIUS' },
    });
    expect(history[2]!.mergedFrom).toEqual({ id: from.id, reference: from.reference });

    const comments = (await user.client.get<Comment[]>(`/api/components/${into.id}/comments`)).body;
    expect(comments.map((entry) => entry.id).sort()).toEqual(notes.map((note) => note.body.id).sort());
    const files = (await admin.client.get<Attachment[]>(`/api/components/${into.id}/attachments`)).body;
    expect(files.map((file) => [file.id, file.isApproved]).sort()).toEqual(
      [
        [published.attachmentId, true],
        [waiting.attachmentId, false],
      ].sort(),
    );
    // A published file still downloads by its id.
    const download = await user.client.get(`/api/attachments/${published.attachmentId}/download`);
    expect(download.status).toBe(302);

    // The pending upload followed its file and can be approved there; the edit of a part that is
    // no more was closed, saying where the part went.
    expect((await review(admin.client, waiting.requestId)).status).toBe(200);
    const after = (await admin.client.get<Attachment[]>(`/api/components/${into.id}/attachments`)).body;
    expect(after.every((file) => file.isApproved)).toBe(true);
    const closed = (await admin.client.get<ApprovalRequest[]>('/api/approval-requests?status=rejected')).body.find(
      (request) => request.id === stale.body.requestId,
    );
    expect(closed?.reviewNotes).toBe(messages.requestClosedComponentMerged(from.reference, into.reference));

    // Recent views show the survivor once, at the latest view.
    const recent = (await user.client.get<RecentComponentView[]>('/api/recent-components?limit=10')).body;
    expect(recent.filter((view) => view.id === into.id || view.id === from.id)).toEqual([
      { id: into.id, componentReference: into.reference, viewedAt: expect.any(String) },
    ]);

    // Search and the duplicate check no longer know the merged part; its partition holds only its mark.
    const found = (await user.client.get<Component[]>(`/api/components?query=${encodeURIComponent(from.reference)}`))
      .body;
    expect(found.map((part) => part.id)).toEqual([into.id]);
    expect(await listPartItems(from.id)).toEqual([]);

    // Nothing more lands beside it.
    const late = await comment(user.client, from.id, 'Too late');
    expect(late.status).toBe(404);
  });

  it('moves its links to the survivor at both ends, once each, and drops a link between the two', async () => {
    const user = await signIn(api, 'user');
    const admin = await signIn(api, 'admin');
    const { from, into } = await twoParts();
    const tag = `${Date.now().toString(36).toUpperCase()}${++made}`;
    const [contact, tool, housing] = await createComponents(
      [
        { reference: `09 15 000 6104-${tag}`, class: 'Connector', manufacturer: 'HARTING' },
        { reference: `09 99 000 0110-${tag}`, class: 'Tool', manufacturer: 'HARTING' },
        { reference: `09 20 010 0301-${tag}`, class: 'Connector', manufacturer: 'HARTING' },
      ] as ComponentData[],
      { username: 'test' },
    );
    const link = async (id: number, kind: string, targetId: number) => {
      const filed = await user.client.post<{ requestId: string }>(`/api/components/${id}/links`, { kind, targetId });
      expect(filed.status).toBe(201);
      expect((await review(admin.client, filed.body.requestId)).status).toBe(200);
    };
    await link(from.id, 'uses-contact', contact!.id);
    await link(from.id, 'uses-tool', tool!.id);
    await link(housing!.id, 'mates-with', from.id);
    await link(into.id, 'uses-tool', tool!.id);
    await link(from.id, 'alternative', into.id);

    expect((await merge(admin.client, from.id, into.id)).status).toBe(200);
    const linksOf = async (id: number) =>
      (await user.client.get<ComponentLink[]>(`/api/components/${id}/links`)).body
        .map((entry) => `${entry.kind} ${entry.otherId}`)
        .sort();
    expect(await linksOf(into.id)).toEqual(
      [`mates-with ${housing!.id}`, `uses-contact ${contact!.id}`, `uses-tool ${tool!.id}`].sort(),
    );
    expect(await linksOf(contact!.id)).toEqual([`contact-for ${into.id}`]);
    expect(await linksOf(tool!.id)).toEqual([`tool-for ${into.id}`]);
    expect(await linksOf(housing!.id)).toEqual([`mates-with ${into.id}`]);
    expect(await listPartItems(from.id)).toEqual([]);
  });

  it('answers the same when sent again, and refuses merging a part into itself or into a second part', async () => {
    const admin = await signIn(api, 'admin');
    const { from, into } = await twoParts();
    const { into: other } = await twoParts();
    expect((await merge(admin.client, from.id, into.id)).body).toEqual({
      mergedId: from.id,
      intoId: into.id,
      version: 2,
    });
    expect((await merge(admin.client, from.id, into.id)).body).toEqual({
      mergedId: from.id,
      intoId: into.id,
      version: 2,
    });
    expect(await versionsOf(admin.client, into.id)).toHaveLength(3);

    const elsewhere = await merge(admin.client, from.id, other.id);
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.message).toBe(messages.mergedElsewhere(into.reference));
    const itself = await merge(admin.client, into.id, into.id);
    expect(itself.status).toBe(400);
    expect(itself.body.message).toBe(messages.mergeIntoItself);
    const gone = await merge(admin.client, other.id, from.id);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(messages.mergeTargetNotFound);
    const invalid = await admin.client.post<{ message: string }>(`/api/components/${other.id}/merge`, { intoId: 'x' });
    expect(invalid.status).toBe(400);
  });

  it('follows merges one into the next to the part that is now', async () => {
    const admin = await signIn(api, 'admin');
    const { from: a, into: b } = await twoParts();
    const { into: c } = await twoParts();
    expect((await merge(admin.client, a.id, b.id)).status).toBe(200);
    expect((await merge(admin.client, b.id, c.id)).status).toBe(200);
    const moved = await admin.client.get<MovedComponent>(`/api/components/${a.id}`);
    expect(moved.status).toBe(301);
    expect(moved.body.movedTo).toBe(c.id);
    // b's own history and a's, which b had taken in, are all c's now.
    const merged = (await versionsOf(admin.client, c.id)).filter((version) => version.mergedFrom);
    expect(merged.map((version) => [version.mergedFrom!.id, version.versionNumber])).toEqual([
      [b.id, 2],
      [b.id, 1],
      [a.id, 1],
    ]);
  });
});

describe('a merge under concurrent edits', () => {
  it('loses nothing and doubles nothing: comments, edits and a second merge at the same time', async () => {
    const users = await Promise.all([signIn(api, 'user'), signIn(api, 'user'), signIn(api, 'user')]);
    const admins = await Promise.all([signIn(api, 'admin'), signIn(api, 'admin'), signIn(api, 'admin')]);
    const { from, into } = await twoParts({ series: 'SIRIUS' });
    for (let n = 0; n < 30; n++) expect((await comment(users[n % 3]!.client, from.id, `before ${n}`)).status).toBe(201);
    const fromEdit = await users[0]!.client.patch<{ requestId: string }>(`/api/components/${from.id}`, {
      description: 'Contactor',
    });
    const intoEdit = await users[1]!.client.patch<{ requestId: string }>(`/api/components/${into.id}`, {
      type: 'Contactor',
    });

    /** Approves until the answer is not 'please try again'. */
    const approve = async (admin: TestClient, id: string) => {
      for (;;) {
        const answer = await review(admin, id);
        if (answer.body.message !== messages.requestRetry) return answer;
      }
    };
    const mergeUntilDone = async (admin: TestClient) => {
      for (;;) {
        const answer = await merge(admin, from.id, into.id);
        if (answer.body.message !== messages.mergeRetry) return answer;
      }
    };
    const [merges, comments, approvals] = await Promise.all([
      Promise.all([mergeUntilDone(admins[0]!.client), mergeUntilDone(admins[1]!.client)]),
      Promise.all(
        Array.from({ length: 24 }, (_, n) => comment(users[n % 3]!.client, n % 2 ? from.id : into.id, `during ${n}`)),
      ),
      Promise.all([
        approve(admins[2]!.client, fromEdit.body.requestId),
        approve(admins[2]!.client, intoEdit.body.requestId),
      ]),
    ]);

    expect(merges.map((answer) => answer.status)).toEqual([200, 200]);
    // Every comment answered as made is on the survivor once; every one refused is nowhere.
    const onSurvivor = (await users[0]!.client.get<Comment[]>(`/api/components/${into.id}/comments`)).body;
    const ids = onSurvivor.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    const made = comments.filter((answer) => answer.status === 201).map((answer) => answer.body.id);
    expect(comments.every((answer) => answer.status === 201 || answer.status === 404)).toBe(true);
    expect(ids.sort()).toEqual(
      [...made, ...onSurvivor.filter((entry) => entry.comment.startsWith('before')).map((entry) => entry.id)].sort(),
    );
    expect(onSurvivor.filter((entry) => entry.comment.startsWith('before'))).toHaveLength(30);
    expect(await listPartItems(from.id)).toEqual([]);

    // The survivor's edit landed; the merged part's edit landed before the merge (and its
    // version moved with the rest) or was closed by it: once either way.
    expect(approvals[1]!.status).toBe(200);
    const survivor = (await users[0]!.client.get<Component>(`/api/components/${into.id}`)).body;
    expect(survivor.type).toBe('Contactor');
    const history = await versionsOf(users[0]!.client, into.id);
    contiguous(history.filter((version) => !version.mergedFrom).map((version) => version.versionNumber));
    const mergedHistory = history.filter((version) => version.mergedFrom);
    contiguous(mergedHistory.map((version) => version.versionNumber));
    const fromEditLanded = mergedHistory.some((version) => version.changedFields.includes('description'));
    const decided = (await admins[0]!.client.get<ApprovalRequest[]>('/api/approval-requests?status=approved')).body;
    expect(decided.some((request) => request.id === fromEdit.body.requestId)).toBe(fromEditLanded);
    expect(approvals[0]!.status === 200).toBe(fromEditLanded);
    expect(survivor.description).toBe(fromEditLanded ? 'Contactor' : null);
    // One merge version, whatever the two calls did.
    expect(history.filter((version) => version.changeDescription.startsWith('Merged '))).toHaveLength(1);
  });

  it('refuses a comment that found the part before the merge and lands after it, rather than leave it behind', async () => {
    const admin = await signIn(api, 'admin');
    const { from, into } = await twoParts();
    // The writer looked and found the part...
    expect(await getComponent(from.id)).toBeDefined();
    // ...the merge ran meanwhile...
    expect((await merge(admin.client, from.id, into.id)).status).toBe(200);
    // ...and its write comes too late.
    const late = {
      id: ulid(),
      componentId: from.id,
      username: 'Late Writer',
      comment: 'Written after the merge',
      createdAt: new Date().toISOString(),
      userId: admin.user.id,
    };
    expect(await putComment(late)).toBe(false);
    expect(await listPartItems(from.id)).toEqual([]);
  });

  it('lets exactly one of two parts merged into each other at once go', async () => {
    const admins = await Promise.all([signIn(api, 'admin'), signIn(api, 'admin')]);
    const { from: a, into: b } = await twoParts();
    const [ab, ba] = await Promise.all([merge(admins[0]!.client, a.id, b.id), merge(admins[1]!.client, b.id, a.id)]);
    expect([ab.status, ba.status].filter((status) => status === 200)).toHaveLength(1);
    const kept = ab.status === 200 ? b : a;
    const went = ab.status === 200 ? a : b;
    expect((await admins[0]!.client.get<MovedComponent>(`/api/components/${went.id}`)).body.movedTo).toBe(kept.id);
    expect((await admins[0]!.client.get<Component>(`/api/components/${kept.id}`)).status).toBe(200);
  });
});
