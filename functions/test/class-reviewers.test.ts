import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import type { ApprovalRequest, Notification } from '#shared/schemas/approvals';
import type { ClassReviewers } from '#shared/schemas/classes';
import type { ComponentData } from '#shared/schemas/component';
import type { AdminUser } from '#shared/schemas/users';
import { getClassReviewers } from '#repositories/class-reviewers';
import { getRequest } from '#repositories/approval-requests';
import { createComponents } from '#repositories/components';
import { getUser, recordSsoGroups } from '#repositories/users';
import { sendApprovalDigests } from '#services/request-emails';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi, type TestClient } from '../../scripts/test/api-client';
import { sentWhilePaused, signIn, uniqueClass, useFaultProxies } from './support';

/*
 * Reviewers per class: administrators give people hub groups (their groups are those and the
 * ones single sign-on names), a class names reviewer groups, and a request about a part of that
 * class is assigned to them: only their reviewers are belled, `assigned=me` lists it for them,
 * and any librarian or administrator can still decide it.
 */
const stack = useTestStack();
const api = useTestApi();
const { dynamodb } = useFaultProxies(stack, ['dynamodb'], { timeouts: 'deployed' });

let made = 0;
const uniqueReference = () => `CLREV-${Date.now().toString(36)}-${++made}`.toUpperCase();
/** A group name no other test uses. */
const uniqueGroup = (label: string) => `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const bell = async (client: TestClient) => (await client.get<Notification[]>('/api/notifications')).body;
const queue = async (client: TestClient, query = '') =>
  (await client.get<ApprovalRequest[]>(`/api/approval-requests${query}`)).body;

const setGroups = async (admin: TestClient, userId: string, groups: string[]) => {
  const answer = await admin.patch<AdminUser>(`/api/users/${userId}/groups`, { groups });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};

const setReviewers = async (client: TestClient, className: string, groups: string[]) => {
  const answer = await client.put<ClassReviewers>('/api/admin/classes/reviewers', { className, groups });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};

describe('hub groups', () => {
  it('an administrator sets them (trimmed, each once), the users list shows them with the single sign-on groups', async () => {
    const { client: admin } = await signIn(api, 'admin');
    const { user } = await signIn(api, 'librarian');
    await recordSsoGroups(user.id, ['Provider Team']);
    const answer = await setGroups(admin, user.id, ['  Relays ', 'Relays', 'Fuses']);
    expect(answer.hubGroups).toEqual(['Relays', 'Fuses']);
    expect(answer.ssoGroups).toEqual(['Provider Team']);
    const listed = (await admin.get<AdminUser[]>('/api/users')).body.find((row) => row.id === user.id);
    expect(listed).toMatchObject({ hubGroups: ['Relays', 'Fuses'], ssoGroups: ['Provider Team'] });
    expect((await setGroups(admin, user.id, [])).hubGroups).toBeUndefined();
  });

  it('refuses names that are empty or too long, more than 20, an unknown user, and anyone but an administrator', async () => {
    const { client: admin } = await signIn(api, 'admin');
    const { client: librarian, user } = await signIn(api, 'librarian');
    const { client: plain } = await signIn(api, 'user');
    const tooLong = await admin.patch(`/api/users/${user.id}/groups`, { groups: ['x'.repeat(65)] });
    expect(tooLong.status).toBe(400);
    expect((await admin.patch(`/api/users/${user.id}/groups`, { groups: ['  '] })).status).toBe(400);
    const many = Array.from({ length: 21 }, (_, index) => `g${index}`);
    expect((await admin.patch(`/api/users/${user.id}/groups`, { groups: many })).status).toBe(400);
    expect((await admin.patch('/api/users/NOSUCHUSER/groups', { groups: ['a'] })).status).toBe(404);
    for (const caller of [plain, librarian]) {
      const refused = await caller.patch<{ message: string }>(`/api/users/${user.id}/groups`, { groups: ['a'] });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(messages.forbidden);
    }
    expect((await getUser(user.id))!.hubGroups).toBeUndefined();
  });

  it('two changes at once leave one of the two lists whole', async () => {
    const { client: admin } = await signIn(api, 'admin');
    const { client: other } = await signIn(api, 'admin');
    const { user } = await signIn(api, 'librarian');
    const first = ['A1', 'A2', 'A3'];
    const second = ['B1', 'B2'];
    const answers = await Promise.all([
      admin.patch(`/api/users/${user.id}/groups`, { groups: first }),
      other.patch(`/api/users/${user.id}/groups`, { groups: second }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect([first, second]).toContainEqual((await getUser(user.id))!.hubGroups);
  });
});

describe('reviewer groups per class', () => {
  it('a librarian sets and clears them, everyone reviewing reads them, a plain user may not', async () => {
    const { client: librarian } = await signIn(api, 'librarian');
    const { client: admin } = await signIn(api, 'admin');
    const { client: plain } = await signIn(api, 'user');
    const className = uniqueClass('Reviewed');
    const set = await setReviewers(librarian, className, [' Relay team ', 'Relay team', 'Safety']);
    expect(set).toMatchObject({ className, groups: ['Relay team', 'Safety'] });
    const listed = (await admin.get<ClassReviewers[]>('/api/admin/classes/reviewers')).body;
    expect(listed).toContainEqual(expect.objectContaining({ className, groups: ['Relay team', 'Safety'] }));
    // Another spelling of the class is the same class.
    expect((await getClassReviewers(className.toUpperCase()))?.groups).toEqual(['Relay team', 'Safety']);

    expect((await plain.put('/api/admin/classes/reviewers', { className, groups: ['Mine'] })).status).toBe(403);
    expect((await plain.get('/api/admin/classes/reviewers')).status).toBe(403);

    await setReviewers(admin, className, []);
    expect(await getClassReviewers(className)).toBeUndefined();
  });

  it('two changes at once leave one of the two lists whole', async () => {
    const { client: one } = await signIn(api, 'librarian');
    const { client: two } = await signIn(api, 'admin');
    const className = uniqueClass('Raced');
    const first = ['R1', 'R2', 'R3'];
    const second = ['S1'];
    const answers = await Promise.all([
      one.put('/api/admin/classes/reviewers', { className, groups: first }),
      two.put('/api/admin/classes/reviewers', { className, groups: second }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect([first, second]).toContainEqual((await getClassReviewers(className))?.groups);
  });
});

describe('a class renamed or merged', () => {
  it('hands the groups it named to the class it became, with that class’s own', async () => {
    const { client: filer } = await signIn(api, 'admin');
    const { client: approver } = await signIn(api, 'admin');
    const renamed = uniqueClass('Old relay');
    const merged = uniqueClass('Relay variant');
    const into = uniqueClass('Relay');
    await createComponents(
      [renamed, merged, into].map((name) => ({ reference: uniqueReference(), class: name }) as ComponentData),
      { username: 'test' },
    );
    await setReviewers(filer, renamed, ['Relay team']);
    await setReviewers(filer, merged, ['Safety']);
    await setReviewers(filer, into, ['Panel builders']);
    const renamedTo = uniqueClass('Relay renamed');

    const decide = async (change: Record<string, unknown>) => {
      const filed = await filer.post<{ requestId: string }>('/api/admin/classes', change);
      expect(filed.status, JSON.stringify(filed.body)).toBe(201);
      const decided = await approver.patch(`/api/approval-requests/${filed.body.requestId}`, { status: 'approved' });
      expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    };
    await decide({ action: 'rename', from: renamed, to: renamedTo });
    expect((await getClassReviewers(renamedTo))?.groups).toEqual(['Relay team']);
    expect(await getClassReviewers(renamed)).toBeUndefined();

    await decide({ action: 'merge', classes: [renamedTo, merged, into], into });
    expect((await getClassReviewers(into))?.groups).toEqual(['Panel builders', 'Relay team', 'Safety']);
    expect(await getClassReviewers(renamedTo)).toBeUndefined();
    expect(await getClassReviewers(merged)).toBeUndefined();
  });
});

describe('requests assigned to a class’s reviewer groups', () => {
  it('stores the groups, bells only their reviewers, lists them under assigned=me, and anyone reviewing decides', async () => {
    const { client: admin } = await signIn(api, 'admin');
    const { client: submitter } = await signIn(api, 'user');
    const { client: assigned, user: assignedUser } = await signIn(api, 'librarian');
    const { client: viaSso, user: ssoUser } = await signIn(api, 'librarian');
    const { client: outsider } = await signIn(api, 'librarian');
    const hubGroup = uniqueGroup('Hub');
    const ssoGroup = uniqueGroup('Sso');
    await setGroups(admin, assignedUser.id, [hubGroup]);
    // Names compare without regard to case.
    await recordSsoGroups(ssoUser.id, [ssoGroup.toUpperCase()]);
    const className = uniqueClass('Assigned');
    await setReviewers(admin, className, [hubGroup, ssoGroup]);

    const filed = await submitter.post<{ requestId: string }>('/api/components', {
      reference: uniqueReference(),
      class: className,
    });
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    const { requestId } = filed.body;
    expect((await getRequest(requestId))!.assignedGroups).toEqual([hubGroup, ssoGroup]);

    // Belled at once: the reviewers of the groups; the other reviewers are not.
    const toldOf = async (client: TestClient) => (await bell(client)).some((notice) => notice.requestId === requestId);
    expect(await toldOf(assigned)).toBe(true);
    expect(await toldOf(viaSso)).toBe(true);
    expect(await toldOf(outsider)).toBe(false);
    expect(await toldOf(admin)).toBe(false);

    // The queue: everyone reviewing sees it; assigned=me only those of the groups.
    const mine = await queue(assigned, '?assigned=me');
    expect(mine.map((request) => request.id)).toContain(requestId);
    expect(mine.find((request) => request.id === requestId)!.assignedGroups).toEqual([hubGroup, ssoGroup]);
    expect((await queue(viaSso, '?assigned=me')).map((request) => request.id)).toContain(requestId);
    expect((await queue(outsider, '?assigned=me')).map((request) => request.id)).not.toContain(requestId);
    expect((await queue(outsider)).map((request) => request.id)).toContain(requestId);
    expect((await outsider.get('/api/approval-requests?assigned=someone')).status).toBe(400);

    // Any librarian may still decide it.
    const approved = await outsider.patch<ApprovalRequest>(`/api/approval-requests/${requestId}`, {
      status: 'approved',
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);

    // An edit of the part is assigned too: the class is the part's.
    const edit = await submitter.patch<{ requestId: string }>(`/api/components/${approved.body.componentId}`, {
      description: 'Assigned edit',
    });
    expect(edit.status, JSON.stringify(edit.body)).toBeLessThan(300);
    expect((await getRequest(edit.body.requestId))!.assignedGroups).toEqual([hubGroup, ssoGroup]);
    const decided = await admin.patch(`/api/approval-requests/${edit.body.requestId}`, { status: 'rejected' });
    expect(decided.status).toBe(200);
  });

  it('bells every reviewer when nobody is in the class’s groups, and assigns nothing for a class naming none', async () => {
    const { client: admin } = await signIn(api, 'admin');
    const { client: submitter } = await signIn(api, 'user');
    const { client: librarian } = await signIn(api, 'librarian');
    const nobodysClass = uniqueClass('Nobodys');
    await setReviewers(admin, nobodysClass, [uniqueGroup('Empty')]);
    const filed = await submitter.post<{ requestId: string }>('/api/components', {
      reference: uniqueReference(),
      class: nobodysClass,
    });
    expect((await bell(librarian)).some((notice) => notice.requestId === filed.body.requestId)).toBe(true);

    const plainClass = uniqueClass('Unassigned');
    const other = await submitter.post<{ requestId: string }>('/api/components', {
      reference: uniqueReference(),
      class: plainClass,
    });
    expect((await getRequest(other.body.requestId))!.assignedGroups).toBeUndefined();
    expect((await bell(librarian)).some((notice) => notice.requestId === other.body.requestId)).toBe(true);
  });
});

describe('the digest of new requests', () => {
  it('lists the requests assigned to the reader first, marked so', async () => {
    const { client: admin } = await signIn(api, 'admin');
    const { client: submitter } = await signIn(api, 'user');
    const { user: reader } = await signIn(api, 'librarian');
    const group = uniqueGroup('Digest');
    await setGroups(admin, reader.id, [group]);
    const className = uniqueClass('Digested');
    await setReviewers(admin, className, [group]);
    const start = Date.now();
    const unassigned = uniqueReference();
    const assignedReference = uniqueReference();
    await submitter.post('/api/components', { reference: unassigned, class: uniqueClass('Plain') });
    await submitter.post('/api/components', { reference: assignedReference, class: className });
    await sendApprovalDigests(new Date(Date.now() + 120 * 60_000));
    const [digest] = (await stack.readEmails(reader.email)).filter((email) => email.at * 1000 >= start - 1000);
    const text = digest!.body.text ?? '';
    expect(text).toContain(`Assigned to you: `);
    const assignedAt = text.indexOf(assignedReference);
    expect(text.lastIndexOf('Assigned to you: ', assignedAt)).toBeGreaterThan(-1);
    expect(assignedAt).toBeLessThan(text.indexOf(unassigned));
  });
});

describe('reviewer groups written while DynamoDB is paused', () => {
  it('answers 503, and the list is whole once DynamoDB continues; the same call then succeeds', async () => {
    const { client: librarian } = await signIn(api, 'librarian');
    const className = uniqueClass('Paused');
    const groups = ['P1', 'P2'];
    // Paused on the write of the class's item itself (its key is in no other request).
    const lost = await sentWhilePaused(dynamodb, 'CLASSREVIEWERS#', librarian, (options) =>
      librarian.put<{ message: string }>('/api/admin/classes/reviewers', { className, groups }, options),
    );
    expect(lost.status, JSON.stringify(lost.body)).toBe(503);
    expect(lost.body.message).toBe(messages.serviceUnavailable);
    // The held write was delivered on resuming, or not at all: never part of the list.
    const stored = await getClassReviewers(className);
    expect([undefined, groups]).toContainEqual(stored?.groups);
    await setReviewers(librarian, className, groups);
    expect((await getClassReviewers(className))?.groups).toEqual(groups);
  });

  it('a user’s groups: 503 while paused, then whole', async () => {
    const { client: admin } = await signIn(api, 'admin');
    const { user } = await signIn(api, 'librarian');
    const groups = ['Q1', 'Q2'];
    // Paused on the write of the user's groups itself.
    const lost = await sentWhilePaused(dynamodb, 'SET hubGroups', admin, (options) =>
      admin.patch<{ message: string }>(`/api/users/${user.id}/groups`, { groups }, options),
    );
    expect(lost.status, JSON.stringify(lost.body)).toBe(503);
    expect([undefined, groups]).toContainEqual((await getUser(user.id))!.hubGroups);
    await setGroups(admin, user.id, groups);
    expect((await getUser(user.id))!.hubGroups).toEqual(groups);
  });
});
