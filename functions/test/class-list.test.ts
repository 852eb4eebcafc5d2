import { describe, expect, it } from 'vitest';
import type { ClassListAnswer } from '#shared/class-list';
import { messages } from '#shared/messages';
import type { ApprovalRequest, Version } from '#shared/schemas/approvals';
import type { Component, ComponentData, ComponentOptions } from '#shared/schemas/component';
import { getRequest } from '#repositories/approval-requests';
import { getClassChange } from '#repositories/classes';
import { createComponents } from '#repositories/components';
import { readCounter } from '#repositories/counters';
import { applyClassChange } from '#services/approvals/class-changes';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi, type TestClient } from '../../scripts/test/api-client';
import { signIn, withoutFourEyes } from './support';

/*
 * The class list administrators keep: filed changes wait for review and change nothing until
 * approved; an approved rename or merge gives every part of the old classes the new one as a
 * new version, which search sees; a rejection changes nothing; conflicting changes approved at
 * once apply one of them whole. The tests share the file's table, so they run in order: the
 * first sees the list before anyone kept one.
 */
useTestStack();
const api = useTestApi();
// Administrators here file class changes and decide them themselves.
withoutFourEyes();

let made = 0;
const prefix = () => `CLS${Date.now().toString(36).toUpperCase()}${++made}`;

/** Parts with these classes (each entry one part), their references under one new prefix. */
const partsOf = async (classes: readonly string[]) => {
  const reference = prefix();
  const parts = await createComponents(
    classes.map((name, index) => ({ reference: `${reference}-${index}`, class: name }) as ComponentData),
    { username: 'test' },
  );
  return { reference, parts };
};

const file = (admin: TestClient, change: Record<string, unknown>) =>
  admin.post<{ requestId: string; message?: string; fields?: Record<string, string> }>('/api/admin/classes', change);

const review = (admin: TestClient, id: string, status: 'approved' | 'rejected') =>
  admin.patch<ApprovalRequest & { message?: string }>(`/api/approval-requests/${id}`, { status });

const classList = async (admin: TestClient) => (await admin.get<ClassListAnswer>('/api/admin/classes')).body;
const classOptions = async (client: TestClient) =>
  (await client.get<ComponentOptions & { classesManaged?: boolean }>('/api/components/options')).body;

/** The parts under a reference prefix as search answers them (from its index, not the table). */
const searched = async (client: TestClient, reference: string) =>
  (await client.get<Component[]>(`/api/components?${new URLSearchParams({ query: reference, limit: '100' })}`)).body;

const versionsOf = async (client: TestClient, id: number) =>
  (await client.get<Version[]>(`/api/components/${id}/versions`)).body;

describe('the class list', () => {
  it('is the catalogue’s own classes, with their parts and their variants, until an administrator changes it', async () => {
    const { client: admin } = await signIn(api, 'admin');
    await partsOf(['Relay', 'Relay', 'Relay', 'relay', 'relay', 'Relays ', 'Sensor']);

    const list = await classList(admin);
    expect(list.managed).toBe(false);
    expect(list.classes).toEqual([
      { name: 'Relay', parts: 3, listed: true },
      { name: 'relay', parts: 2, listed: true },
      { name: 'Relays', parts: 1, listed: true },
      { name: 'Sensor', parts: 1, listed: true },
    ]);
    expect(list.variantGroups).toEqual([['Relay', 'relay', 'Relays']]);
    expect(list.pending).toEqual([]);
    expect(list.applying).toBeNull();

    const options = await classOptions(admin);
    expect(options.classes).toEqual(['Relay', 'relay', 'Relays', 'Sensor']);
    expect(options.classesManaged).toBeUndefined();

    const user = (await signIn(api, 'user')).client;
    expect((await user.get('/api/admin/classes')).status).toBe(403);
    expect((await file(user, { action: 'add', name: 'Fuse' })).status).toBe(403);
  });

  it('refuses bad input with a 400 that says why, and files nothing', async () => {
    const { client: admin } = await signIn(api, 'admin');
    const pendingBefore = await readCounter('pending-approvals');
    const cases: [Record<string, unknown>, string, string | undefined][] = [
      [{ action: 'add', name: '   ' }, messages.classNameRequired, 'name'],
      [{ action: 'rename', from: 'Sensor', to: 'Sensor' }, messages.classRenameSame, 'to'],
      [{ action: 'merge', classes: ['Relay'], into: 'Relay' }, messages.classMergeTooFew, 'classes'],
      [{ action: 'merge', classes: ['Relay', 'Relay '], into: 'Relay' }, messages.classMergeTooFew, 'classes'],
      [{ action: 'rename', from: 'Fusee', to: 'Fuse' }, messages.classUnknown('Fusee'), 'from'],
      [{ action: 'merge', classes: ['Relay', 'Relayz'], into: 'Relay' }, messages.classUnknown('Relayz'), 'classes'],
      [{ action: 'add', name: 'Sensor' }, messages.classAlreadyListed('Sensor'), 'name'],
      [{ action: 'add', name: 'Sensors' }, messages.classIsVariant('Sensors', 'Sensor'), 'name'],
      [{ action: 'rename', from: 'Sensor', to: 'Relay' }, messages.classRenameTaken('Relay'), 'to'],
      [{ action: 'merge', classes: ['relay', 'Relays'], into: 'Relay' }, messages.classMergeIntoOther('Relay'), 'into'],
      [{ action: 'drop', name: 'Sensor' }, 'action must be add, rename or merge', undefined],
    ];
    for (const [body, message, field] of cases) {
      const answer = await file(admin, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message, JSON.stringify(body)).toBe(message);
      if (field) expect(answer.body.fields?.[field], JSON.stringify(body)).toBe(message);
    }
    expect(await readCounter('pending-approvals')).toBe(pendingBefore);
    expect((await classList(admin)).pending).toEqual([]);
  });

  it('merges variants once approved: every part moved gets a version, search sees it, and the kept list is offered', async () => {
    const { client: submitter, user: author } = await signIn(api, 'admin');
    const { client: reviewer, user: reviewerUser } = await signIn(api, 'admin');
    const { reference, parts } = await partsOf(['Relay', 'relay', 'Relays', 'Sensor']);

    const filed = await file(submitter, { action: 'merge', classes: ['Relay', 'relay', 'Relays'], into: 'Relay' });
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    const { requestId } = filed.body;

    // Waiting: nothing moved, the request is in the queue and on the Classes tab.
    const queue = (await reviewer.get<ApprovalRequest[]>('/api/approval-requests?status=pending')).body;
    expect(queue.find((request) => request.id === requestId)).toMatchObject({
      requestType: 'class',
      username: expect.any(String),
      componentId: null,
      componentReference: null,
      requestData: {
        action: 'merge',
        classes: ['Relay', 'relay', 'Relays'],
        into: 'Relay',
        parts: { Relay: 4, relay: 3, Relays: 2 },
      },
    });
    expect((await classList(reviewer)).pending).toEqual([
      {
        id: requestId,
        description: "Merge the classes 'Relay', 'relay', 'Relays' into 'Relay'",
        username: expect.any(String),
        createdAt: expect.any(String),
      },
    ]);
    expect((await searched(reviewer, reference)).map((part) => part.class).sort()).toEqual(
      ['Relay', 'Relays', 'Sensor', 'relay'].sort(),
    );

    const approved = await review(reviewer, requestId, 'approved');
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.status).toBe('approved');

    // Every part of the old spellings, this test's and the first test's, now has the kept one.
    const list = await classList(reviewer);
    expect(list).toMatchObject({ managed: true, variantGroups: [], pending: [], applying: null });
    expect(list.classes).toEqual([
      { name: 'Relay', parts: 9, listed: true },
      { name: 'Sensor', parts: 2, listed: true },
    ]);
    const found = await searched(reviewer, reference);
    expect(Object.fromEntries(found.map((part) => [part.id, part.class]))).toEqual({
      [parts[0]!.id]: 'Relay',
      [parts[1]!.id]: 'Relay',
      [parts[2]!.id]: 'Relay',
      [parts[3]!.id]: 'Sensor',
    });

    // A moved part's history says so, with who asked and who approved; an unmoved one has no new version.
    const [moved] = await versionsOf(reviewer, parts[1]!.id);
    expect(moved).toMatchObject({
      versionNumber: 2,
      changeDescription: 'Class renamed from relay to Relay',
      changedFields: ['class'],
      previousData: { class: 'relay' },
      changeData: { class: 'Relay' },
    });
    expect(moved!.username).toBe(`${author.username} (approved by ${reviewerUser.username})`);
    expect((await versionsOf(reviewer, parts[2]!.id))[0]).toMatchObject({
      changeDescription: 'Class renamed from Relays to Relay',
      previousData: { class: 'Relays' },
    });
    expect(await versionsOf(reviewer, parts[0]!.id)).toHaveLength(1);
    expect((await reviewer.get<Component>(`/api/components/${parts[1]!.id}`)).body).toMatchObject({
      class: 'Relay',
      version: 2,
    });

    // The Add form's Class select offers the kept list now.
    const user = (await signIn(api, 'user')).client;
    expect(await classOptions(user)).toMatchObject({ classes: ['Relay', 'Sensor'], classesManaged: true });
    expect(await getClassChange()).toBeUndefined();
  });

  it('changes nothing when rejected', async () => {
    const { client: admin } = await signIn(api, 'admin');
    const { reference, parts } = await partsOf(['Sensor']);
    const filed = await file(admin, { action: 'rename', from: 'Sensor', to: 'Proximity Sensor' });
    expect(filed.status).toBe(201);
    const rejected = await review(admin, filed.body.requestId, 'rejected');
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.status).toBe('rejected');
    expect((await searched(admin, reference))[0]!.class).toBe('Sensor');
    expect(await versionsOf(admin, parts[0]!.id)).toHaveLength(1);
    expect((await classOptions(admin)).classes).toEqual(['Relay', 'Sensor']);
    expect((await classList(admin)).pending).toEqual([]);
  });

  it('adds a class, which the Add form offers before any part has it', async () => {
    const { client: admin } = await signIn(api, 'admin');
    const filed = await file(admin, { action: 'add', name: ' Fuse ' });
    expect(filed.status).toBe(201);
    expect((await classOptions(admin)).classes).toEqual(['Relay', 'Sensor']);
    expect((await review(admin, filed.body.requestId, 'approved')).status).toBe(200);
    expect((await classOptions(admin)).classes).toEqual(['Fuse', 'Relay', 'Sensor']);
    expect((await classList(admin)).classes).toContainEqual({ name: 'Fuse', parts: 0, listed: true });
    // A second request for it is refused now that it is on the list.
    expect((await file(admin, { action: 'add', name: 'Fuse' })).body.message).toBe(messages.classAlreadyListed('Fuse'));
  });

  it('shows classes parts hold that are not on the list, and renames one of them onto it', async () => {
    const { client: admin } = await signIn(api, 'admin');
    const { reference } = await partsOf(['Push button', 'Push button']);
    expect((await classList(admin)).classes).toContainEqual({ name: 'Push button', parts: 2, listed: false });
    const filed = await file(admin, { action: 'rename', from: 'Push button', to: 'Pushbutton' });
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    expect((await review(admin, filed.body.requestId, 'approved')).status).toBe(200);
    expect((await searched(admin, reference)).map((part) => part.class)).toEqual(['Pushbutton', 'Pushbutton']);
    expect((await classOptions(admin)).classes).toEqual(['Fuse', 'Pushbutton', 'Relay', 'Sensor']);
  });

  it('carries on where an approval that ran out of time stopped; meanwhile it can be neither rejected nor withdrawn', async () => {
    const { client: admin, user } = await signIn(api, 'admin');
    const { reference, parts } = await partsOf(Array.from({ length: 100 }, () => 'Pilot light'));
    const filed = await file(admin, { action: 'rename', from: 'Pilot light', to: 'Indicator light' });
    const request = (await getRequest(filed.body.requestId))!;

    // An approval whose time is up before its first group: the change is under way, nothing moved yet.
    await expect(applyClassChange(request, user, new Date().toISOString(), -1)).rejects.toThrow(
      messages.classChangeUnfinished(0, 100),
    );
    expect(await getClassChange()).toMatchObject({ requestId: request.id, moved: 0 });
    expect((await classList(admin)).applying).toMatchObject({ requestId: request.id, moved: 0 });

    const refused = await review(admin, request.id, 'rejected');
    expect(refused).toMatchObject({ status: 409, body: { message: messages.classChangeStarted } });
    const withdrawn = await admin.post<{ message: string }>(`/api/approval-requests/${request.id}/withdraw`);
    expect(withdrawn).toMatchObject({ status: 409, body: { message: messages.classChangeStarted } });
    // No other class change starts meanwhile.
    const other = await file(admin, { action: 'add', name: 'Lamp' });
    expect((await review(admin, other.body.requestId, 'approved')).body.message).toBe(
      messages.classChangeBusy("Rename the class 'Pilot light' to 'Indicator light'"),
    );

    const finished = await review(admin, request.id, 'approved');
    expect(finished.status, JSON.stringify(finished.body)).toBe(200);
    expect(new Set((await searched(admin, reference)).map((part) => part.class))).toEqual(new Set(['Indicator light']));
    for (const part of [parts[0]!, parts[99]!]) expect(await versionsOf(admin, part.id)).toHaveLength(2);
    expect(await getClassChange()).toBeUndefined();
    expect((await review(admin, other.body.requestId, 'approved')).status).toBe(200);
  });
});

describe('class changes approved at the same time', () => {
  it('conflicting changes: one applies whole, the other is refused and stays to be rejected', async () => {
    const [first, second] = [await signIn(api, 'admin'), await signIn(api, 'admin')];
    const { reference, parts } = await partsOf(Array.from({ length: 60 }, () => 'Contact'));
    await partsOf(['Ferrule']);
    const rename = await file(first.client, { action: 'rename', from: 'Contact', to: 'Crimp Contact' });
    const merge = await file(second.client, { action: 'merge', classes: ['Contact', 'Ferrule'], into: 'Terminal' });
    expect([rename.status, merge.status]).toEqual([201, 201]);

    const answers = await Promise.all([
      review(first.client, rename.body.requestId, 'approved'),
      review(second.client, merge.body.requestId, 'approved'),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses, JSON.stringify(answers.map((answer) => answer.body))).toEqual([200, 409]);
    const winner = answers[0]!.status === 200 ? 'Crimp Contact' : 'Terminal';
    const loser = answers[0]!.status === 200 ? merge.body.requestId : rename.body.requestId;
    expect(answers.find((answer) => answer.status === 409)!.body.message).toMatch(
      /^(Another class change is being applied|The class list changed since this request was filed)/,
    );

    // Every part took the winner's class, once.
    expect(new Set((await searched(first.client, reference)).map((part) => part.class))).toEqual(new Set([winner]));
    for (const part of parts) {
      const versions = await versionsOf(first.client, part.id);
      expect(versions.map((version) => version.versionNumber)).toEqual([2, 1]);
    }
    expect((await getRequest(loser))!.status).toBe('pending');

    // Approved again it is refused for what it is now; it can be rejected.
    const again = await review(first.client, loser, 'approved');
    expect(again).toMatchObject({
      status: 409,
      body: { message: messages.classChangeStale(messages.classUnknown('Contact')) },
    });
    expect((await review(first.client, loser, 'rejected')).status).toBe(200);
    const names = (await classList(first.client)).classes.map((entry) => entry.name);
    expect(names).toContain(winner);
    expect(names).not.toContain('Contact');
  });

  it('one change approved twice at once: applied once, the second told it was reviewed', async () => {
    const [first, second] = [await signIn(api, 'admin'), await signIn(api, 'admin')];
    const { reference, parts } = await partsOf(Array.from({ length: 100 }, () => 'Limit switch'));
    const filed = await file(first.client, { action: 'rename', from: 'Limit switch', to: 'Position switch' });
    const answers = await Promise.all([
      review(first.client, filed.body.requestId, 'approved'),
      review(second.client, filed.body.requestId, 'approved'),
    ]);
    expect(answers.map((answer) => answer.status).sort(), JSON.stringify(answers.map((a) => a.body))).toEqual([
      200, 409,
    ]);
    expect(answers.find((answer) => answer.status === 409)!.body.message).toBe(messages.requestAlreadyReviewed);
    expect(new Set((await searched(first.client, reference)).map((part) => part.class))).toEqual(
      new Set(['Position switch']),
    );
    for (const part of parts) expect(await versionsOf(first.client, part.id)).toHaveLength(2);
    expect(await getClassChange()).toBeUndefined();
  });
});
