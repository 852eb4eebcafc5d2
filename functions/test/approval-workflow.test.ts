import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import type {
  ApprovalRequest,
  BulkReviewSummary,
  Notification,
  RecentComponentView,
  Version,
} from '#shared/schemas/approvals';
import type { CatalogueStats, Component, ComponentData } from '#shared/schemas/component';
import type { ImageBatchResponse } from '#shared/schemas/images';
import { notificationSettingKinds, type NotificationSettings } from '#shared/schemas/notifications';
import { getAttachment, listAttachments } from '#repositories/attachments';
import { createComponents, deleteComponent } from '#repositories/components';
import { readCounter } from '#repositories/counters';
import type { User } from '#repositories/users';
import { sendApprovalDigests } from '#services/request-emails';
import { useTestStack, type SentEmail } from '../../scripts/test/stack';
import { useTestApi, type TestClient } from '../../scripts/test/api-client';
import { bucketKeys, pdfBytes, signIn, uploadThroughApi } from './support';

/*
 * The approval workflow people rely on: texts that name the part, per-user notification
 * settings, digest and decision emails through SES, the queue's view of the part now, requests
 * of deleted parts closed, one pending deletion per part, withdrawal, bulk review, revert, and
 * the removal of a published attachment as a version. Each write path also races itself.
 */
const stack = useTestStack();
const api = useTestApi();

interface Caller {
  client: TestClient;
  user: User;
}

let made = 0;
const uniqueReference = (prefix = 'WF') => `${prefix}-${Date.now().toString(36)}-${++made}`.toUpperCase();

const newPart = async (fields: Partial<ComponentData> = {}): Promise<Component> => {
  const [component] = await createComponents(
    [{ reference: uniqueReference(), class: 'Relay', manufacturer: 'Siemens', ...fields } as ComponentData],
    { username: 'test' },
  );
  return component!;
};

const review = (admin: Caller, id: string, status: 'approved' | 'rejected', reviewNotes?: string) =>
  admin.client.patch<ApprovalRequest & { message?: string }>(`/api/approval-requests/${id}`, { status, reviewNotes });

const propose = async (caller: Caller, componentId: number, changes: Record<string, unknown>): Promise<string> => {
  const answer = await caller.client.patch<{ requestId: string }>(`/api/components/${componentId}`, changes);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.requestId;
};

const requestsOf = async (caller: Caller, status: string) =>
  (await caller.client.get<ApprovalRequest[]>(`/api/approval-requests?status=${status}`)).body;

const notificationsOf = async (caller: Caller) => (await caller.client.get<Notification[]>('/api/notifications')).body;

const attachPdf = async (caller: Caller, componentId: number, fileName: string) => {
  const answer = await caller.client.post<{ requestId: string; attachmentId: string }>(
    `/api/components/${componentId}/attachments`,
    { fileName, fileType: 'application/pdf', fileData: pdfBytes().toString('base64'), componentId },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
};

/**
 * Emails to `to` sent after `since`. Read once: a call that sends an email answers only after SES
 * has stored it, so what SES holds now is all there will be.
 */
const emailsTo = async (to: string, since: number): Promise<SentEmail[]> =>
  (await stack.readEmails(to)).filter((email) => email.at * 1000 >= since - 1000);

describe('texts that name the part', () => {
  it('tell administrators who asked for what on which part, and the submitter what became of it', async () => {
    const user = await signIn(api, 'user');
    const admin = await signIn(api, 'admin');
    const part = await newPart();
    const who = user.user.username;

    const editId = await propose(user, part.id, { description: 'Coil 24 V DC' });
    const deletion = await user.client.post<{ requestId: string }>(`/api/components/${part.id}/delete-request`, {});
    await attachPdf(user, part.id, 'wiring.pdf');
    const newReference = uniqueReference('NEW');
    await user.client.post('/api/components', { reference: newReference, class: 'Relay' });

    const texts = (await notificationsOf(admin))
      .filter((note) => note.title === 'New approval request')
      .map((note) => note.message);
    expect(texts).toEqual(
      expect.arrayContaining([
        `${who} submitted an edit request for ${part.reference}.`,
        `${who} submitted a deletion request for ${part.reference}.`,
        `${who} submitted an attachment request for ${part.reference} (wiring.pdf).`,
        `${who} submitted a new component request for ${newReference}.`,
      ]),
    );

    expect((await review(admin, editId, 'approved')).status).toBe(200);
    expect((await review(admin, deletion.body.requestId, 'rejected', 'Still fitted in line 3')).status).toBe(200);
    const decisions = (await notificationsOf(user)).map((note) => note.message);
    expect(decisions).toContain(`Your edit request for ${part.reference} was approved.`);
    expect(decisions).toContain(`Your deletion request for ${part.reference} was rejected: Still fitted in line 3`);

    const queued = (await requestsOf(admin, 'approved')).find((request) => request.id === editId)!;
    expect(queued).toMatchObject({ componentReference: part.reference, componentDeleted: false });
  });

  it('do not tell an administrator about the requests of their own image batch; the other administrators are told', async () => {
    const starter = await signIn(api, 'admin');
    const other = await signIn(api, 'admin');
    const componentClass = `Own batch ${Date.now().toString(36)}`;
    // A listed Finder relay under another maker than the catalogue says: a weaker match, filed for review.
    const part = await newPart({ reference: '46.52.8.230.0000', manufacturer: 'Siemens', class: componentClass });

    const started = await starter.client.post('/api/admin/process-images', { componentClass });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await stack.stepFunctions().settled();
    const batch = (await starter.client.get<ImageBatchResponse>('/api/admin/image-batch')).body.batch!;
    expect(batch).toMatchObject({ status: 'completed', processed: 1 });

    const filed = (await requestsOf(starter, 'pending')).filter((request) => request.componentId === part.id);
    expect(filed.length).toBeGreaterThan(0);
    const aboutPart = (notes: Notification[]) => notes.filter((note) => note.message.includes(part.reference));
    expect(aboutPart(await notificationsOf(starter))).toEqual([]);
    expect(aboutPart(await notificationsOf(other))).toHaveLength(filed.length);
  });
});

describe('notification settings', () => {
  it('are all on by default, change one kind at a time, and refuse anything else', async () => {
    const user = await signIn(api, 'user');
    expect((await user.client.get<NotificationSettings>('/api/notification-settings')).body).toEqual({
      emailRequestDigest: true,
      emailRequestDecision: true,
      emailWatched: true,
      appNewRequest: true,
      appRequestDecision: true,
      appWatched: true,
    });
    const changed = await user.client.patch<NotificationSettings>('/api/notification-settings', {
      emailRequestDecision: false,
    });
    expect(changed.body).toMatchObject({ emailRequestDecision: false, appRequestDecision: true });
    expect(await user.client.patch('/api/notification-settings', { sms: true })).toMatchObject({
      status: 400,
      body: { message: 'Unknown setting: sms' },
    });
    expect(await user.client.patch('/api/notification-settings', {})).toMatchObject({
      status: 400,
      body: { message: messages.notificationSettingsEmpty },
    });
    expect((await user.client.patch('/api/notification-settings', { appNewRequest: 'yes' })).status).toBe(400);
    expect((await user.client.get<NotificationSettings>('/api/notification-settings')).body.emailRequestDecision).toBe(
      false,
    );
  });

  it('keep every change when several are saved at once', async () => {
    const user = await signIn(api, 'user');
    const kinds = notificationSettingKinds;
    for (let round = 0; round < 5; round++) {
      const wanted = Object.fromEntries(kinds.map((kind, index) => [kind, (round + index) % 2 === 0]));
      const answers = await Promise.all(
        kinds.map((kind) => user.client.patch('/api/notification-settings', { [kind]: wanted[kind] })),
      );
      expect(answers.map((answer) => answer.status)).toEqual(kinds.map(() => 200));
      expect((await user.client.get('/api/notification-settings')).body).toEqual(wanted);
    }
  });

  it('silence the bell and the email of the kinds switched off', async () => {
    const user = await signIn(api, 'user');
    const admin = await signIn(api, 'admin');
    const quietAdmin = await signIn(api, 'admin');
    await quietAdmin.client.patch('/api/notification-settings', { appNewRequest: false });
    await user.client.patch('/api/notification-settings', { appRequestDecision: false, emailRequestDecision: false });
    const part = await newPart();
    const since = Date.now();
    const requestId = await propose(user, part.id, { series: 'S7' });

    expect((await notificationsOf(admin)).some((note) => note.message.includes(part.reference))).toBe(true);
    expect((await notificationsOf(quietAdmin)).some((note) => note.message.includes(part.reference))).toBe(false);
    expect((await review(admin, requestId, 'approved', 'Fine')).status).toBe(200);
    expect(await notificationsOf(user)).toEqual([]);
    expect(await emailsTo(user.user.email, since)).toEqual([]);
  });
});

describe('emails', () => {
  it('tell the submitter of the decision with the review notes and a link to the part', async () => {
    const user = await signIn(api, 'user');
    const admin = await signIn(api, 'admin');
    const part = await newPart();
    const since = Date.now();
    const approvedId = await propose(user, part.id, { description: 'Approved text' });
    const rejectedId = await propose(user, part.id, { series: 'Rejected series' });
    await review(admin, approvedId, 'approved', 'Checked against the datasheet');
    await review(admin, rejectedId, 'rejected', 'Series is wrong: see the catalogue page 12');

    const emails = await emailsTo(user.user.email, since);
    const approved = emails.find((email) => email.subject.endsWith('was approved'))!;
    expect(approved.subject).toBe(`Your edit request for ${part.reference} was approved`);
    expect(approved.body.text).toContain(`Your edit request for ${part.reference} was approved.`);
    expect(approved.body.text).toContain('Review notes: Checked against the datasheet');
    expect(approved.body.text).toContain(`${stack.appUrl}/app/component-hub/components/${part.id}`);
    const rejected = emails.find((email) => email.subject.endsWith('was rejected'))!;
    expect(rejected.body.text).toContain('Review notes: Series is wrong: see the catalogue page 12');
    expect(rejected.body.html).toContain('Series is wrong: see the catalogue page 12');
  });

  it('spare an administrator the email about a request they decided themselves', async () => {
    const admin = await signIn(api, 'admin');
    const colleague = await signIn(api, 'admin');
    const [mine, theirs] = await Promise.all([newPart(), newPart()]);
    const since = Date.now();
    await review(admin, await propose(admin, mine.id, { description: 'Own edit' }), 'approved');
    await review(colleague, await propose(admin, theirs.id, { description: 'Checked by a colleague' }), 'approved');
    const decisions = (await emailsTo(admin.user.email, since)).filter((email) => email.subject.startsWith('Your '));
    expect(decisions.map((email) => email.subject)).toEqual([`Your edit request for ${theirs.reference} was approved`]);
  });

  it('write no working link into an email from what people typed (a username, review notes)', async () => {
    const user = await signIn(api, 'user');
    const admin = await signIn(api, 'admin');
    const username = `login.evil-${Date.now().toString(36)}.com`;
    const renamed = await user.client.patch('/api/user', { username, email: user.user.email });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const part = await newPart();
    const start = Date.now();
    const requestId = await propose(user, part.id, { description: 'linked' });
    await sendApprovalDigests(new Date(Date.now() + 120 * 60_000));
    const [digest] = await emailsTo(admin.user.email, start);
    expect(digest!.body.text).toContain(`${username.replaceAll('.', '[.]')} submitted an edit request`);
    expect(digest!.body.text).not.toContain(username);
    expect(digest!.body.html).not.toContain(username);

    await review(admin, requestId, 'rejected', 'Reset your password at https://hub-login.example.net/reset first');
    const [decision] = await emailsTo(user.user.email, start);
    expect(decision!.body.text).toContain('https[://]hub-login[.]example[.]net/reset');
    expect(decision!.body.text).not.toContain('https://hub-login');
    // The product's own link is still one.
    expect(decision!.body.text).toContain(`Open the part: ${stack.appUrl}/app/component-hub/components/${part.id}`);
  });

  it('send each administrator at most one digest per interval, listing the new requests of others with a link to the queue', async () => {
    const user = await signIn(api, 'user');
    const admin = await signIn(api, 'admin');
    const quiet = await signIn(api, 'admin');
    await quiet.client.patch('/api/notification-settings', { emailRequestDigest: false });
    const [first, second, third] = await Promise.all([newPart(), newPart(), newPart()]);
    const own = await newPart();
    const start = Date.now();
    await propose(user, first.id, { description: 'one' });
    await propose(user, second.id, { description: 'two' });
    await propose(admin, own.id, { description: 'mine' });

    // Five senders at once (a schedule and a retry overlapping): one digest.
    await Promise.all(Array.from({ length: 5 }, () => sendApprovalDigests(new Date())));
    const digests = await emailsTo(admin.user.email, start);
    expect(digests).toHaveLength(1);
    const [digest] = digests;
    expect(digest!.subject).toMatch(/^\d+ new requests? (is|are) waiting for review$/);
    expect(digest!.body.text).toContain(`${user.user.username} submitted an edit request for ${first.reference}.`);
    expect(digest!.body.text).toContain(`${user.user.username} submitted an edit request for ${second.reference}.`);
    expect(digest!.body.text).not.toContain(own.reference);
    expect(digest!.body.text).toContain(`${stack.appUrl}/app/component-hub/approval-queue`);
    expect(digest!.body.html).toContain(`href="${stack.appUrl}/app/component-hub/approval-queue"`);
    expect(await emailsTo(quiet.user.email, start)).toEqual([]);

    // Within the interval (30 minutes by default) a new request waits for the next digest.
    await propose(user, third.id, { description: 'three' });
    await sendApprovalDigests(new Date(Date.now() + 10 * 60_000));
    expect(await emailsTo(admin.user.email, start)).toHaveLength(1);
    await sendApprovalDigests(new Date(Date.now() + 31 * 60_000));
    const later = await emailsTo(admin.user.email, start);
    expect(later).toHaveLength(2);
    const next = later.find((email) => email !== later.find((e) => e.messageId === digest!.messageId))!;
    expect(next.body.text).toContain(third.reference);
    expect(next.body.text).not.toContain(first.reference);
    expect(next.subject).toBe('1 new request is waiting for review');
  });
});

describe('the queue shows the part now', () => {
  it("gives a pending edit the part's values now, the fields changed since it was proposed, and a changed part", async () => {
    const user = await signIn(api, 'user');
    const admin = await signIn(api, 'admin');
    const part = await newPart({ description: 'Original' });
    const stale = await propose(user, part.id, { description: 'Mine' });
    const merging = await propose(user, part.id, { series: 'S2' });
    const winner = await propose(user, part.id, { description: 'Theirs' });
    let pending = await requestsOf(admin, 'pending');
    expect(pending.find((request) => request.id === stale)).toMatchObject({
      currentData: { description: 'Original' },
      previousData: { description: 'Original' },
      staleFields: [],
      componentChanged: false,
      componentReference: part.reference,
    });

    expect((await review(admin, winner, 'approved')).status).toBe(200);
    pending = await requestsOf(admin, 'pending');
    expect(pending.find((request) => request.id === stale)).toMatchObject({
      currentData: { description: 'Theirs' },
      previousData: { description: 'Original' },
      requestData: { description: 'Mine' },
      staleFields: ['description'],
      componentChanged: true,
    });
    expect(pending.find((request) => request.id === merging)).toMatchObject({
      currentData: { series: null },
      staleFields: [],
      componentChanged: true,
    });
    // What the card warns of is what approving does.
    expect(await review(admin, stale, 'approved')).toMatchObject({
      status: 409,
      body: { message: messages.requestConflict(['description']) },
    });
    expect((await review(admin, merging, 'approved')).status).toBe(200);
  });
});

describe('requests for a deleted part', () => {
  it('close with the reason when the deletion is approved, and stop counting as pending', async () => {
    const user = await signIn(api, 'user');
    const other = await signIn(api, 'user');
    const admin = await signIn(api, 'admin');
    const part = await newPart();
    const edit = await propose(user, part.id, { description: 'Too late' });
    const upload = await attachPdf(other, part.id, 'late.pdf');
    const deletion = await user.client.post<{ requestId: string }>(`/api/components/${part.id}/delete-request`, {});
    const pendingBefore = await readCounter('pending-approvals');
    const since = Date.now();

    expect((await review(admin, deletion.body.requestId, 'approved')).status).toBe(200);
    expect(await readCounter('pending-approvals')).toBe(pendingBefore - 3);
    const pending = await requestsOf(admin, 'pending');
    expect(pending.filter((request) => request.componentId === part.id)).toEqual([]);
    const closed = (await requestsOf(admin, 'rejected')).filter((request) => request.componentId === part.id);
    expect(closed.map((request) => request.id).sort()).toEqual([edit, upload.requestId].sort());
    for (const request of closed)
      expect(request).toMatchObject({
        reviewedBy: 'Component Hub',
        reviewNotes: messages.requestClosedComponentDeleted(part.reference),
        componentDeleted: true,
      });
    expect(await getAttachment(part.id, upload.attachmentId)).toBeUndefined();
    expect(await bucketKeys(stack, `attachments/${part.id}/${upload.attachmentId}/`)).toEqual([]);
    expect((await notificationsOf(user)).map((note) => note.message)).toContain(
      messages.requestClosedNotice('edit', part.reference, part.reference),
    );
    const [email] = await emailsTo(other.user.email, since);
    expect(email!.subject).toBe(`Your attachment request for ${part.reference} (late.pdf) was closed`);
  });

  it('close when the queue finds them after a deletion that raced them', async () => {
    const user = await signIn(api, 'user');
    const admin = await signIn(api, 'admin');
    const part = await newPart();
    const edit = await propose(user, part.id, { description: 'Raced' });
    // The part goes by a path that does not close requests, as a deletion landing a moment after the edit was filed.
    await deleteComponent(part.id);
    const pendingBefore = await readCounter('pending-approvals');
    expect((await requestsOf(user, 'pending')).map((request) => request.id)).not.toContain(edit);
    expect(await readCounter('pending-approvals')).toBe(pendingBefore - 1);
    expect((await requestsOf(admin, 'rejected')).find((request) => request.id === edit)).toMatchObject({
      reviewNotes: messages.requestClosedComponentDeleted(part.reference),
    });
  });
});

describe('one pending deletion per part', () => {
  it('refuses a second deletion request while one waits, and takes one again once it is decided', async () => {
    const user = await signIn(api, 'user');
    const other = await signIn(api, 'user');
    const admin = await signIn(api, 'admin');
    const part = await newPart();
    const first = await user.client.post<{ requestId: string }>(`/api/components/${part.id}/delete-request`, {});
    expect(first.status).toBe(201);
    expect(await other.client.post(`/api/components/${part.id}/delete-request`, {})).toMatchObject({
      status: 409,
      body: { message: messages.deletionAlreadyPending(part.reference) },
    });
    expect((await review(admin, first.body.requestId, 'rejected', 'Keep it')).status).toBe(200);
    expect((await other.client.post(`/api/components/${part.id}/delete-request`, {})).status).toBe(201);
  });

  it('files exactly one of many deletion requests sent at once', async () => {
    const callers = await Promise.all(Array.from({ length: 8 }, () => signIn(api, 'user')));
    const admin = await signIn(api, 'admin');
    const part = await newPart();
    const answers = await Promise.all(
      callers.map((caller) => caller.client.post(`/api/components/${part.id}/delete-request`, {})),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(7);
    const deletions = (await requestsOf(admin, 'pending')).filter(
      (request) => request.componentId === part.id && request.requestType === 'delete',
    );
    expect(deletions).toHaveLength(1);
  });
});

describe('withdrawing a request', () => {
  it('is for the submitter of a pending request; it leaves the queue and the count as withdrawn', async () => {
    const user = await signIn(api, 'user');
    const other = await signIn(api, 'user');
    const admin = await signIn(api, 'admin');
    const part = await newPart();
    const edit = await propose(user, part.id, { description: 'Second thoughts' });
    const before = await readCounter('pending-approvals');

    expect(await other.client.post(`/api/approval-requests/${edit}/withdraw`)).toMatchObject({
      status: 404,
      body: { message: messages.requestNotFound },
    });
    expect((await admin.client.post(`/api/approval-requests/${edit}/withdraw`)).status).toBe(404);
    const withdrawn = await user.client.post<ApprovalRequest>(`/api/approval-requests/${edit}/withdraw`);
    expect(withdrawn.body).toMatchObject({ status: 'withdrawn', reviewNotes: messages.requestWithdrawnNote });
    expect(await readCounter('pending-approvals')).toBe(before - 1);
    expect((await requestsOf(admin, 'pending')).map((request) => request.id)).not.toContain(edit);
    expect((await requestsOf(user, 'withdrawn')).map((request) => request.id)).toContain(edit);
    // Sent again (a lost answer): the same outcome, counted once.
    expect((await user.client.post(`/api/approval-requests/${edit}/withdraw`)).status).toBe(200);
    expect(await readCounter('pending-approvals')).toBe(before - 1);
    expect(await review(admin, edit, 'approved')).toMatchObject({
      status: 409,
      body: { message: messages.requestAlreadyReviewed },
    });

    const decided = await propose(user, part.id, { series: 'S9' });
    await review(admin, decided, 'rejected');
    expect(await user.client.post(`/api/approval-requests/${decided}/withdraw`)).toMatchObject({
      status: 409,
      body: { message: messages.requestNotPending },
    });
  });

  it("removes a withdrawn upload's row and file, a new part's claimed files, and frees the part for another deletion", async () => {
    const user = await signIn(api, 'user');
    const part = await newPart();
    const upload = await attachPdf(user, part.id, 'withdrawn.pdf');
    expect(await bucketKeys(stack, `attachments/${part.id}/${upload.attachmentId}/`)).toHaveLength(1);
    expect((await user.client.post(`/api/approval-requests/${upload.requestId}/withdraw`)).status).toBe(200);
    expect(await getAttachment(part.id, upload.attachmentId)).toBeUndefined();
    expect(await bucketKeys(stack, `attachments/${part.id}/${upload.attachmentId}/`)).toEqual([]);

    const uploadKey = await uploadThroughApi(user.client, {
      name: 'relay.pdf',
      type: 'application/pdf',
      bytes: pdfBytes(),
    });
    const created = await user.client.post<{ requestId: string }>('/api/components', {
      reference: uniqueReference('WD'),
      class: 'Relay',
      dataSheet: uploadKey,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(await bucketKeys(stack, `requests/${created.body.requestId}/`)).toHaveLength(1);
    expect((await user.client.post(`/api/approval-requests/${created.body.requestId}/withdraw`)).status).toBe(200);
    expect(await bucketKeys(stack, `requests/${created.body.requestId}/`)).toEqual([]);

    const deletion = await user.client.post<{ requestId: string }>(`/api/components/${part.id}/delete-request`, {});
    expect((await user.client.post(`/api/approval-requests/${deletion.body.requestId}/withdraw`)).status).toBe(200);
    expect((await user.client.post(`/api/components/${part.id}/delete-request`, {})).status).toBe(201);
  });

  it('races an approval: exactly one of them closes the request, and the count moves once', async () => {
    const user = await signIn(api, 'user');
    const admin = await signIn(api, 'admin');
    const part = await newPart();
    for (let round = 0; round < 6; round++) {
      const edit = await propose(user, part.id, { description: `Round ${round}` });
      const before = await readCounter('pending-approvals');
      const [withdrawn, approved] = await Promise.all([
        user.client.post<ApprovalRequest>(`/api/approval-requests/${edit}/withdraw`),
        review(admin, edit, 'approved'),
      ]);
      expect([withdrawn.status, approved.status].sort()).toEqual([200, 409]);
      expect(await readCounter('pending-approvals')).toBe(before - 1);
      const component = (await user.client.get<Component>(`/api/components/${part.id}`)).body;
      if (approved.status === 200) expect(component.description).toBe(`Round ${round}`);
      else expect(component.description).not.toBe(`Round ${round}`);
    }
  });
});

describe('bulk review', () => {
  it('applies each request once with its own version, and says what was applied and what conflicted', async () => {
    const user = await signIn(api, 'user');
    const admin = await signIn(api, 'admin');
    const [a, b] = await Promise.all([newPart(), newPart()]);
    const editA1 = await propose(user, a.id, { description: 'A one' });
    const editA2 = await propose(user, a.id, { series: 'A series' });
    const clash = await propose(user, a.id, { description: 'A clash' });
    const editB = await propose(user, b.id, { description: 'B one' });
    const reviewed = await propose(user, b.id, { series: 'gone' });
    await review(admin, reviewed, 'rejected');
    const before = await readCounter('pending-approvals');

    const answer = await admin.client.post<BulkReviewSummary>('/api/approval-requests/bulk-review', {
      ids: [editA1, editA2, clash, editB, reviewed, editA1],
      status: 'approved',
      reviewNotes: 'Batch of corrections',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.applied.map((entry) => entry.id).sort()).toEqual([editA1, editA2, editB].sort());
    expect(answer.body.failed).toEqual(
      expect.arrayContaining([
        { id: clash, componentReference: a.reference, message: messages.requestConflict(['description']) },
        { id: reviewed, componentReference: b.reference, message: messages.requestAlreadyReviewed },
      ]),
    );
    expect(answer.body.failed).toHaveLength(2);
    expect(await readCounter('pending-approvals')).toBe(before - 3);
    const versionsA = (await user.client.get<Version[]>(`/api/components/${a.id}/versions`)).body;
    expect(versionsA.map((version) => version.versionNumber)).toEqual([3, 2, 1]);
    expect((await user.client.get<Component>(`/api/components/${a.id}`)).body).toMatchObject({
      description: 'A one',
      series: 'A series',
      version: 3,
    });
    const approved = (await requestsOf(admin, 'approved')).filter((request) =>
      [editA1, editA2, editB].includes(request.id),
    );
    expect(approved.every((request) => request.reviewNotes === 'Batch of corrections')).toBe(true);
  });

  it('applies each request once when two bulk reviews of the same requests run at once', async () => {
    const user = await signIn(api, 'user');
    const admin = await signIn(api, 'admin');
    const secondAdmin = await signIn(api, 'admin');
    const part = await newPart();
    const fields = ['description', 'series', 'type', 'articleNumber', 'mnemonic', 'orientation'];
    const ids: string[] = [];
    for (const field of fields) ids.push(await propose(user, part.id, { [field]: `bulk ${field}` }));
    const before = await readCounter('pending-approvals');
    const [one, two] = await Promise.all([
      admin.client.post<BulkReviewSummary>('/api/approval-requests/bulk-review', { ids, status: 'approved' }),
      secondAdmin.client.post<BulkReviewSummary>('/api/approval-requests/bulk-review', {
        ids: [...ids].reverse(),
        status: 'approved',
      }),
    ]);
    const appliedIds = [...one.body.applied, ...two.body.applied].map((entry) => entry.id);
    expect(appliedIds.sort()).toEqual([...ids].sort());
    expect(await readCounter('pending-approvals')).toBe(before - fields.length);
    const versions = (await user.client.get<Version[]>(`/api/components/${part.id}/versions`)).body;
    expect(versions.map((version) => version.versionNumber)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    const component = (await user.client.get<Component>(`/api/components/${part.id}`)).body;
    for (const field of fields) expect(component[field as keyof Component]).toBe(`bulk ${field}`);
  });

  it('is for administrators, and takes at most 50 requests', async () => {
    const user = await signIn(api, 'user');
    const admin = await signIn(api, 'admin');
    expect((await user.client.post('/api/approval-requests/bulk-review', { ids: [], status: 'approved' })).status).toBe(
      403,
    );
    const tooMany = Array.from({ length: 51 }, (_, index) => `01J${String(index).padStart(23, '0')}`);
    expect(
      await admin.client.post('/api/approval-requests/bulk-review', { ids: tooMany, status: 'approved' }),
    ).toMatchObject({ status: 400, body: { message: 'At most 50 requests can be reviewed at once' } });
    expect(
      (await admin.client.post('/api/approval-requests/bulk-review', { ids: [], status: 'approved' })).status,
    ).toBe(400);
  });
});

describe('revert to a version', () => {
  it("files an edit restoring that version's values of the fields changed since, applied as a new version", async () => {
    const user = await signIn(api, 'user');
    const admin = await signIn(api, 'admin');
    const part = await newPart({ description: 'First text', width: 45 });
    await review(admin, await propose(user, part.id, { description: 'Second text' }), 'approved');
    await review(admin, await propose(user, part.id, { width: 50, series: 'New series' }), 'approved');

    const revert = await user.client.post<{ requestId: string }>(`/api/components/${part.id}/versions/1/revert`);
    expect(revert.status, JSON.stringify(revert.body)).toBe(201);
    const request = (await requestsOf(admin, 'pending')).find((entry) => entry.id === revert.body.requestId)!;
    expect(request).toMatchObject({
      requestType: 'edit',
      revertOf: 1,
      requestData: { description: 'First text', width: 45, series: null },
      previousData: { description: 'Second text', width: 50, series: 'New series' },
    });
    expect((await user.client.get<Component>(`/api/components/${part.id}`)).body.description).toBe('Second text');

    expect((await review(admin, revert.body.requestId, 'approved')).status).toBe(200);
    expect((await user.client.get<Component>(`/api/components/${part.id}`)).body).toMatchObject({
      description: 'First text',
      width: 45,
      series: null,
      version: 4,
    });
    const [latest] = (await user.client.get<Version[]>(`/api/components/${part.id}/versions`)).body;
    expect(latest).toMatchObject({
      versionNumber: 4,
      changeDescription: 'Reverted series, description, width to version 1',
    });

    expect(await user.client.post(`/api/components/${part.id}/versions/4/revert`)).toMatchObject({
      status: 400,
      body: { message: messages.revertNothing(4) },
    });
    expect(await user.client.post(`/api/components/${part.id}/versions/1/revert`)).toMatchObject({
      status: 400,
      body: { message: messages.revertNothing(1) },
    });
    expect(await user.client.post(`/api/components/${part.id}/versions/9/revert`)).toMatchObject({
      status: 404,
      body: { message: messages.versionNotFound },
    });
    expect((await user.client.post(`/api/components/${part.id}/versions/x/revert`)).status).toBe(400);
    expect((await user.client.post('/api/components/999999/versions/1/revert')).status).toBe(404);
  });
});

describe('removing a published attachment', () => {
  it('records a version entry that keeps what the file was, and moves the part to that version', async () => {
    const user = await signIn(api, 'user');
    const admin = await signIn(api, 'admin');
    const part = await newPart();
    const upload = await attachPdf(user, part.id, 'panel.pdf');
    await review(admin, upload.requestId, 'approved');
    const stored = (await getAttachment(part.id, upload.attachmentId))!;
    const pendingEdit = await propose(user, part.id, { description: 'Edited after the removal' });

    const removed = await admin.client.delete(`/api/components/${part.id}/attachments/${upload.attachmentId}`);
    expect(removed).toMatchObject({ status: 200, body: { message: messages.attachmentDeleted } });
    const [latest] = (await user.client.get<Version[]>(`/api/components/${part.id}/versions`)).body;
    expect(latest).toMatchObject({
      versionNumber: 2,
      changeDescription: 'Attachment removed: panel.pdf',
      changedFields: [],
      removedAttachment: {
        id: upload.attachmentId,
        fileName: 'panel.pdf',
        fileType: 'application/pdf',
        objectKey: stored.objectKey,
      },
    });
    expect(latest!.username).toBe(admin.user.username);
    expect((await user.client.get<Component>(`/api/components/${part.id}`)).body.version).toBe(2);
    expect(await listAttachments(part.id)).toEqual([]);
    // The edit proposed at version 1 touches another field: it still applies, as version 3.
    expect((await review(admin, pendingEdit, 'approved')).status).toBe(200);
    expect((await user.client.get<Component>(`/api/components/${part.id}`)).body.version).toBe(3);
  });

  it('gives each of a removal and an edit approved at the same time its own version', async () => {
    const user = await signIn(api, 'user');
    const admin = await signIn(api, 'admin');
    for (let round = 0; round < 4; round++) {
      const part = await newPart();
      const upload = await attachPdf(user, part.id, `round-${round}.pdf`);
      await review(admin, upload.requestId, 'approved');
      const edit = await propose(user, part.id, { description: `Round ${round}` });
      const [removed, approved] = await Promise.all([
        admin.client.delete(`/api/components/${part.id}/attachments/${upload.attachmentId}`),
        review(admin, edit, 'approved'),
      ]);
      expect([removed.status, approved.status]).toEqual([200, 200]);
      const versions = (await user.client.get<Version[]>(`/api/components/${part.id}/versions`)).body;
      expect(versions.map((version) => version.versionNumber)).toEqual([3, 2, 1]);
      expect(versions.map((version) => version.changeDescription)).toEqual(
        expect.arrayContaining([`Attachment removed: round-${round}.pdf`, 'Updated description']),
      );
    }
  });
});

describe('what a user sees adds up', () => {
  it('counts the pending requests the viewer can see, and says whose', async () => {
    const user = await signIn(api, 'user');
    const other = await signIn(api, 'user');
    const admin = await signIn(api, 'admin');
    const part = await newPart();
    await propose(user, part.id, { description: 'mine' });
    await propose(user, part.id, { series: 'mine too' });
    await propose(other, part.id, { type: 'theirs' });
    expect((await user.client.get<CatalogueStats>('/api/stats')).body).toMatchObject({
      pendingApprovals: 2,
      pendingApprovalsScope: 'own',
    });
    const all = (await admin.client.get<CatalogueStats>('/api/stats')).body;
    expect(all.pendingApprovalsScope).toBe('all');
    expect(all.pendingApprovals).toBe(await readCounter('pending-approvals'));
    expect(all.pendingApprovals).toBeGreaterThanOrEqual(3);
  });

  it('marks a recently viewed part that was deleted since', async () => {
    const user = await signIn(api, 'user');
    const [kept, gone] = await Promise.all([newPart(), newPart()]);
    await user.client.post(`/api/components/${gone.id}/view`);
    await user.client.post(`/api/components/${kept.id}/view`);
    await deleteComponent(gone.id);
    const views = (await user.client.get<RecentComponentView[]>('/api/recent-components?limit=5')).body;
    expect(views.find((view) => view.id === gone.id)).toMatchObject({
      componentReference: gone.reference,
      deleted: true,
    });
    expect(views.find((view) => view.id === kept.id)!.deleted).toBeUndefined();
  });
});
