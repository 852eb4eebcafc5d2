import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import type { ApprovalRequest, Notification, RecentComponentView, Version } from '#shared/schemas/approvals';
import type { Component } from '#shared/schemas/component';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi, type TestClient } from '../../scripts/test/api-client';
import { signIn, useSteppedClock } from './support';

useTestStack();
const api = useTestApi();

const signedIn = async (role: 'user' | 'admin'): Promise<{ client: TestClient; id: string }> => {
  const { client, user } = await signIn(api, role);
  return { client, id: user.id };
};

let counter = 0;
const uniqueReference = () => `TEST-${Date.now().toString(36)}-${++counter}`.toUpperCase();

const review = (admin: TestClient, id: string, status: 'approved' | 'rejected', reviewNotes?: string) =>
  admin.patch<ApprovalRequest & { message?: string }>(`/api/approval-requests/${id}`, {
    status,
    reviewedBy: 'someone else',
    reviewNotes,
  });

/** A component made the only way there is: a `new` request approved by an admin. */
const approvedComponent = async (
  user: TestClient,
  admin: TestClient,
  fields: Record<string, unknown> = {},
): Promise<Component> => {
  const reference = uniqueReference();
  const submitted = await user.post<{ requestId: string }>('/api/components', {
    reference,
    class: 'Relay',
    manufacturer: 'Siemens',
    width: '45',
    ...fields,
  });
  expect(submitted.status).toBe(201);
  expect((await review(admin, submitted.body.requestId, 'approved')).status).toBe(200);
  const found = await user.get<Component[]>(`/api/components?reference=${reference}`);
  expect(found.body).toHaveLength(1);
  return found.body[0]!;
};

describe('new components', () => {
  it('wait for review, reach the right eyes, and once approved exist with version 1 and a notification', async () => {
    const user = await signedIn('user');
    const other = await signedIn('user');
    const admin = await signedIn('admin');
    const reference = uniqueReference();
    const statsBefore = (await admin.client.get<{ pendingApprovals: number }>('/api/stats')).body.pendingApprovals;

    const missing = await user.client.post('/api/components', { manufacturer: 'ABB' });
    expect(missing).toMatchObject({
      status: 400,
      body: {
        message: messages.referenceRequired,
        fields: { reference: messages.referenceRequired, class: messages.classRequired },
      },
    });

    const submitted = await user.client.post<{ requestId: string }>('/api/components', {
      reference,
      class: 'Relay',
      manufacturer: 'Siemens',
      description: 'Test relay',
      username: 'current-user',
    });
    expect(submitted.status).toBe(201);
    const { requestId } = submitted.body;
    expect((await user.client.get<Component[]>(`/api/components?reference=${reference}`)).body).toHaveLength(0);
    expect((await admin.client.get<{ pendingApprovals: number }>('/api/stats')).body.pendingApprovals).toBe(
      statsBefore + 1,
    );

    const queue = await admin.client.get<ApprovalRequest[]>('/api/approval-requests?status=pending');
    const request = queue.body.find((r) => r.id === requestId)!;
    expect(request).toMatchObject({
      requestType: 'new',
      status: 'pending',
      requestData: { reference, manufacturer: 'Siemens', description: 'Test relay' },
      reviewedBy: null,
    });
    expect(request.username).not.toBe('current-user');
    expect(
      (await user.client.get<ApprovalRequest[]>('/api/approval-requests?status=pending')).body.map((r) => r.id),
    ).toContain(requestId);
    expect(
      (await other.client.get<ApprovalRequest[]>('/api/approval-requests?status=pending')).body.map((r) => r.id),
    ).not.toContain(requestId);
    const adminNotes = (await admin.client.get<Notification[]>('/api/notifications')).body;
    expect(adminNotes.some((n) => n.linkTo === '/component-hub/approval-queue' && n.message.includes(reference))).toBe(
      true,
    );

    const approved = await review(admin.client, requestId, 'approved', 'Looks right');
    expect(approved.body).toMatchObject({ status: 'approved', reviewNotes: 'Looks right' });
    expect(approved.body.reviewedBy).not.toBe('someone else');
    const [component] = (await user.client.get<Component[]>(`/api/components?query=${reference}`)).body;
    expect(component).toMatchObject({ reference, class: 'Relay', version: 1 });
    const versions = (await user.client.get<Version[]>(`/api/components/${component!.id}/versions`)).body;
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({ versionNumber: 1, changeData: { reference } });
    const notes = (await user.client.get<Notification[]>('/api/notifications')).body;
    expect(notes[0]).toMatchObject({
      type: 'success',
      title: 'Request approved',
      linkTo: `/component-hub/components/${component!.id}`,
      read: false,
    });
    expect((await admin.client.get<{ pendingApprovals: number }>('/api/stats')).body.pendingApprovals).toBe(
      statsBefore,
    );

    expect((await review(admin.client, requestId, 'rejected')).body).toMatchObject({
      message: messages.requestAlreadyReviewed,
    });
    expect((await user.client.patch(`/api/approval-requests/${requestId}`, { status: 'approved' })).status).toBe(403);
  });
});

describe('edits', () => {
  it('check fields and values, then apply with a new version holding previous and new values', async () => {
    const user = await signedIn('user');
    const admin = await signedIn('admin');
    const component = await approvedComponent(user.client, admin.client);
    const path = `/api/components/${component.id}`;

    expect(await user.client.patch(path, { colour: 'red', username: 'x' })).toMatchObject({
      status: 400,
      body: { message: messages.unknownField('colour'), fields: { colour: messages.unknownField('colour') } },
    });
    expect(await user.client.patch(path, { description: '  ' })).toMatchObject({
      status: 400,
      body: { message: messages.enterValue },
    });
    expect((await user.client.patch(path, { width: 'wide' })).status).toBe(400);
    expect((await user.client.patch('/api/components/999999', { description: 'x' })).status).toBe(404);

    const edit = await user.client.patch<{ requestId: string }>(path, { width: '22.5 mm', username: 'current-user' });
    expect(edit.status).toBe(201);
    expect((await user.client.get<Component>(path)).body.width).toBe(45);
    const queued = (await admin.client.get<ApprovalRequest[]>('/api/approval-requests?status=pending')).body.find(
      (r) => r.id === edit.body.requestId,
    )!;
    expect(queued).toMatchObject({
      requestType: 'edit',
      requestData: { width: 22.5 },
      previousData: { width: 45 },
      componentId: component.id,
    });

    expect((await review(admin.client, edit.body.requestId, 'approved')).status).toBe(200);
    expect((await user.client.get<Component>(path)).body).toMatchObject({ width: 22.5, version: 2 });
    const [latest, first] = (await user.client.get<Version[]>(`${path}/versions`)).body;
    expect(first!.versionNumber).toBe(1);
    expect(latest).toMatchObject({
      versionNumber: 2,
      changedFields: ['width'],
      previousData: { width: 45 },
      changeData: { width: 22.5 },
    });
  });

  it('refuse an edit whose fields changed since it was proposed, and merge edits of other fields', async () => {
    const user = await signedIn('user');
    const admin = await signedIn('admin');
    const component = await approvedComponent(user.client, admin.client);
    const path = `/api/components/${component.id}`;
    const first = await user.client.patch<{ requestId: string }>(path, { description: 'First' });
    const clash = await user.client.patch<{ requestId: string }>(path, { description: 'Second' });
    const other = await user.client.patch<{ requestId: string }>(path, { series: 'S2' });
    expect((await review(admin.client, first.body.requestId, 'approved')).status).toBe(200);
    expect(await review(admin.client, clash.body.requestId, 'approved')).toMatchObject({
      status: 409,
      body: { message: messages.requestConflict(['description']) },
    });
    expect((await review(admin.client, other.body.requestId, 'approved')).status).toBe(200);
    expect((await user.client.get<Component>(path)).body).toMatchObject({
      description: 'First',
      series: 'S2',
      version: 3,
    });
    expect((await review(admin.client, clash.body.requestId, 'rejected', 'Superseded')).status).toBe(200);
    expect((await user.client.get<Version[]>(`${path}/versions`)).body.map((v) => v.versionNumber)).toEqual([3, 2, 1]);
  });
});

describe('deletions and rejections', () => {
  it('rejecting changes nothing but the request; deleting removes the component and keeps its history', async () => {
    const user = await signedIn('user');
    const admin = await signedIn('admin');
    const component = await approvedComponent(user.client, admin.client);
    const path = `/api/components/${component.id}`;

    const edit = await user.client.patch<{ requestId: string }>(path, { description: 'Never' });
    const rejected = await review(admin.client, edit.body.requestId, 'rejected', 'Not needed');
    expect(rejected.body).toMatchObject({ status: 'rejected', reviewNotes: 'Not needed' });
    expect((await user.client.get<Component>(path)).body.description).toBeNull();
    expect((await user.client.get<Notification[]>('/api/notifications')).body[0]).toMatchObject({
      type: 'error',
      title: 'Request rejected',
    });
    expect(
      (await user.client.get<ApprovalRequest[]>('/api/approval-requests?status=rejected')).body.map((r) => r.id),
    ).toContain(edit.body.requestId);

    const laterEdit = await user.client.patch<{ requestId: string }>(path, { description: 'Too late' });
    const deletion = await user.client.post<{ requestId: string }>(`${path}/delete-request`, {
      username: 'current-user',
    });
    expect(deletion.status).toBe(201);
    expect((await review(admin.client, deletion.body.requestId, 'approved')).status).toBe(200);
    expect((await user.client.get(path)).status).toBe(404);
    expect((await user.client.get<Component[]>(`/api/components?reference=${component.reference}`)).body).toHaveLength(
      0,
    );
    expect((await user.client.get<Version[]>(`${path}/versions`)).body).toHaveLength(1);
    // The deletion closed the part's other pending requests, with the reason.
    expect(await review(admin.client, laterEdit.body.requestId, 'approved')).toMatchObject({
      status: 409,
      body: { message: messages.requestAlreadyReviewed },
    });
    expect(
      (await user.client.get<ApprovalRequest[]>('/api/approval-requests?status=rejected')).body.find(
        (r) => r.id === laterEdit.body.requestId,
      ),
    ).toMatchObject({ reviewNotes: messages.requestClosedComponentDeleted(component.reference) });
  });
});

describe('exactly once', () => {
  it('applies one of 20 concurrent approvals; the other 19 get 409', async () => {
    const user = await signedIn('user');
    const admin = await signedIn('admin');
    const reference = uniqueReference();
    const { body } = await user.client.post<{ requestId: string }>('/api/components', { reference, class: 'PLC' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => review(admin.client, body.requestId, 'approved')),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    expect((await user.client.get<Component[]>(`/api/components?reference=${reference}`)).body).toHaveLength(1);
  });
});

describe('notifications and recents', () => {
  it('belong to their user: marked read and deleted by them only', async () => {
    const user = await signedIn('user');
    const intruder = await signedIn('user');
    const admin = await signedIn('admin');
    await approvedComponent(user.client, admin.client);
    const [note] = (await user.client.get<Notification[]>('/api/notifications')).body;
    expect((await intruder.client.patch(`/api/notifications/${note!.id}`)).status).toBe(404);
    expect((await intruder.client.delete(`/api/notifications/${note!.id}`)).status).toBe(404);
    expect((await user.client.patch(`/api/notifications/${note!.id}`)).status).toBe(204);
    expect((await user.client.get<Notification[]>('/api/notifications?username=x')).body[0]!.read).toBe(true);
    expect((await user.client.delete(`/api/notifications/${note!.id}`)).status).toBe(204);
    expect((await user.client.get<Notification[]>('/api/notifications')).body.map((n) => n.id)).not.toContain(note!.id);
  });

  it('lists the components the user opened, distinct and newest first', async () => {
    const clock = useSteppedClock();
    const user = await signedIn('user');
    const admin = await signedIn('admin');
    const a = await approvedComponent(user.client, admin.client);
    const b = await approvedComponent(user.client, admin.client);
    for (const id of [a.id, b.id, a.id]) {
      expect((await user.client.post(`/api/components/${id}/view`, { userId: 'spoofed' })).status).toBe(200);
      clock.tick();
    }
    const recents = (await user.client.get<RecentComponentView[]>('/api/recent-components?userId=x&limit=5')).body;
    expect(recents.map((r) => r.id)).toEqual([a.id, b.id]);
    expect(recents[0]).toMatchObject({ componentReference: a.reference });
    expect((await admin.client.get<RecentComponentView[]>('/api/recent-components')).body).toHaveLength(0);
    expect((await user.client.post('/api/components/999999/view')).status).toBe(404);
  });
});
