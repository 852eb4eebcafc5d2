import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import type { ApprovalRequest, Notification } from '#shared/schemas/approvals';
import type { AdminUser } from '#shared/schemas/users';
import { dynamo } from '#lib/clients';
import { getUser, listUsers } from '#repositories/users';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi } from '../../scripts/test/api-client';
import { signIn } from './support';

/*
 * The librarian: reviews requests, imports, runs image batches and curates classes, with none of
 * an administrator's say over people.
 */
const stack = useTestStack();
const api = useTestApi();

const uniqueReference = () => `LIB-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

const adminCountIsExact = async () => {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: stack.tableName, Key: { pk: 'STATS#users', sk: 'META' }, ConsistentRead: true }),
  );
  const active = (await listUsers()).filter((user) => user.role === 'admin' && user.acceptedInviteAt).length;
  expect(Number(Item?.adminCount ?? 0)).toBe(active);
};

describe('the librarian role', () => {
  it('is given and taken in user management, without moving the administrator count', async () => {
    const { client: admin } = await signIn(api, 'admin');
    const { user: person } = await signIn(api, 'user');
    const made = await admin.patch<AdminUser>(`/api/users/${person.id}/role`, { role: 'librarian' });
    expect(made.status).toBe(200);
    expect(made.body.role).toBe('librarian');
    expect((await getUser(person.id))?.role).toBe('librarian');
    await adminCountIsExact();
    const listed = await admin.get<AdminUser[]>('/api/users');
    expect(listed.body.find((user) => user.id === person.id)?.role).toBe('librarian');
    expect((await admin.patch(`/api/users/${person.id}/role`, { role: 'admin' })).status).toBe(200);
    await adminCountIsExact();
    expect((await admin.patch(`/api/users/${person.id}/role`, { role: 'librarian' })).status).toBe(200);
    await adminCountIsExact();
    expect((await admin.patch(`/api/users/${person.id}/role`, { role: 'editor' })).status).toBe(400);
  });

  it('invites a librarian', async () => {
    const { client: admin } = await signIn(api, 'admin');
    const invited = await admin.post<{ user: AdminUser }>('/api/invites', {
      email: `lib-${Date.now().toString(36)}@example.com`,
      role: 'librarian',
    });
    expect(invited.status).toBe(201);
    expect(invited.body.user.role).toBe('librarian');
  });

  it('reviews every request in the queue, is told of new ones, and manages nobody', async () => {
    const { client: librarian, user: lib } = await signIn(api, 'librarian');
    const { client: submitter } = await signIn(api, 'user');
    const reference = uniqueReference();
    const filed = await submitter.post<{ requestId: string }>('/api/components', { reference, class: 'Relay' });
    expect(filed.status).toBe(201);

    const queue = await librarian.get<ApprovalRequest[]>('/api/approval-requests?status=pending');
    expect(queue.body.map((request) => request.id)).toContain(filed.body.requestId);
    const bell = await librarian.get<Notification[]>('/api/notifications');
    expect(bell.body.some((notice) => notice.message.includes(reference))).toBe(true);

    const reviewed = await librarian.patch<ApprovalRequest>(`/api/approval-requests/${filed.body.requestId}`, {
      status: 'approved',
      reviewNotes: 'fine',
    });
    expect(reviewed.status).toBe(200);
    expect(reviewed.body).toMatchObject({ status: 'approved', reviewedBy: lib.username });

    expect((await librarian.get('/api/imports')).status).toBe(200);
    expect((await librarian.get('/api/admin/classes')).status).toBe(200);
    expect((await librarian.get('/api/admin/image-stats')).status).toBe(200);
    const users = await librarian.get('/api/users');
    expect(users).toMatchObject({ status: 403, body: { message: messages.forbidden } });
    const { user: other } = await signIn(api, 'user');
    const promote = await librarian.patch(`/api/users/${other.id}/role`, { role: 'admin' });
    expect(promote).toMatchObject({ status: 403, body: { message: messages.forbidden } });
    expect((await getUser(other.id))?.role).toBe('user');
  });

  it("counts every waiting request on a librarian's dashboard", async () => {
    const { client: librarian } = await signIn(api, 'librarian');
    const stats = await librarian.get<{ pendingApprovalsScope: string }>('/api/stats');
    expect(stats.body.pendingApprovalsScope).toBe('all');
  });

  it('may hold an admin-scope token for scripts that review, but no service token', async () => {
    const { client: librarian } = await signIn(api, 'librarian');
    const expiresAt = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const scoped = await librarian.post<{ token: string }>('/api/tokens', {
      name: 'queue',
      scopes: ['admin'],
      expiresAt,
    });
    expect(scoped.status).toBe(201);
    const asScript = await api.client().request('GET', '/api/imports', undefined, {
      csrf: false,
      headers: { authorization: `Bearer ${scoped.body.token}` },
    });
    expect(asScript.status).toBe(200);
    const service = await librarian.post('/api/tokens', { name: 'svc', scopes: ['read'], expiresAt, kind: 'service' });
    expect(service).toMatchObject({ status: 403, body: { message: messages.tokenAdminOnly } });
    const { client: user } = await signIn(api, 'user');
    const userScoped = await user.post('/api/tokens', { name: 'no', scopes: ['admin'], expiresAt });
    expect(userScoped).toMatchObject({ status: 403, body: { message: messages.tokenAdminOnly } });
  });
});
