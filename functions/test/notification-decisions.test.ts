import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import type { Notification } from '#shared/schemas/approvals';
import type { ComponentData } from '#shared/schemas/component';
import { CLIENT_TIMEOUT_VARIABLE, resetClients } from '#lib/clients';
import { createComponents } from '#repositories/components';
import { putNotifications } from '#repositories/notifications';
import { newNotification } from '#services/notifications';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi, type TestClient } from '../../scripts/test/api-client';
import { signIn, useFaultProxies } from './support';

/*
 * The bell tells the truth about requests: a notice about a request that was decided since says
 * so and no longer counts as unread; 'Mark all as read' marks every unread notice once, never
 * bringing back one deleted meanwhile, and survives DynamoDB pausing mid-way.
 */
const stack = useTestStack();
const api = useTestApi();
const { dynamodb: proxy } = useFaultProxies(stack, ['dynamodb'], { timeouts: 'local' });

const newPart = async () => {
  const [component] = await createComponents(
    [{ reference: `BELL-${Date.now().toString(36)}`, class: 'Relay' } as ComponentData],
    { username: 'test' },
  );
  return component!;
};

const bellOf = async (client: TestClient) => (await client.get<Notification[]>('/api/notifications')).body;

const someNotices = async (userId: string, count: number) => {
  const notices = Array.from({ length: count }, (_, i) =>
    newNotification({ type: 'info', title: `Notice ${i}`, message: 'for the bell' }, new Date(Date.now() + i)),
  );
  await putNotifications(notices.map((notification) => ({ userId, notification })));
  return notices;
};

describe('notices about requests', () => {
  it('say when their request was decided, by another administrator, and stop counting as unread', async () => {
    const [{ client: watcher }, { client: reviewer }, { client: submitter }] = await Promise.all([
      signIn(api, 'admin'),
      signIn(api, 'admin'),
      signIn(api, 'user'),
    ]);
    const part = await newPart();
    const decided = await submitter.patch<{ requestId: string }>(`/api/components/${part.id}`, {
      description: 'to be approved',
    });
    const waiting = await submitter.patch<{ requestId: string }>(`/api/components/${part.id}`, {
      series: 'still waiting',
    });
    const about = (notices: Notification[], requestId: string) => notices.find((n) => n.requestId === requestId);
    let notices = await bellOf(watcher);
    expect(about(notices, decided.body.requestId)).toMatchObject({ title: 'New approval request', read: false });
    expect(about(notices, decided.body.requestId)!.decision).toBeUndefined();

    expect(
      (await reviewer.patch(`/api/approval-requests/${decided.body.requestId}`, { status: 'approved' })).status,
    ).toBe(200);
    notices = await bellOf(watcher);
    expect(about(notices, decided.body.requestId)).toMatchObject({ read: true, decision: 'approved' });
    expect(about(notices, waiting.body.requestId)).toMatchObject({ read: false });
    expect(about(notices, waiting.body.requestId)!.decision).toBeUndefined();

    // Withdrawn by its submitter: said as well.
    expect((await submitter.post(`/api/approval-requests/${waiting.body.requestId}/withdraw`)).status).toBe(200);
    expect(about(await bellOf(watcher), waiting.body.requestId)).toMatchObject({ read: true, decision: 'withdrawn' });
  });
});

describe('mark all as read', () => {
  it('marks every unread notice of the caller, and only theirs', async () => {
    const [me, other] = await Promise.all([signIn(api, 'user'), signIn(api, 'user')]);
    await Promise.all([someNotices(me.user.id, 5), someNotices(other.user.id, 2)]);
    const answer = await me.client.post<{ marked: number }>('/api/notifications/read');
    expect(answer.status).toBe(200);
    expect(answer.body.marked).toBe(5);
    expect((await bellOf(me.client)).every((notice) => notice.read)).toBe(true);
    expect((await bellOf(other.client)).filter((notice) => !notice.read)).toHaveLength(2);
    expect((await me.client.post<{ marked: number }>('/api/notifications/read')).body.marked).toBe(0);
  });

  it('racing deletions of the same notices: none is brought back, none is left unread', async () => {
    const me = await signIn(api, 'user');
    const notices = await someNotices(me.user.id, 12);
    const answers = await Promise.all([
      me.client.post('/api/notifications/read'),
      me.client.post('/api/notifications/read'),
      ...notices.slice(0, 6).map((notice) => me.client.delete(`/api/notifications/${notice.id}`)),
    ]);
    expect(answers.map((answer) => answer.status).slice(0, 2)).toEqual([200, 200]);
    const left = await bellOf(me.client);
    expect(left.map((notice) => notice.id).sort()).toEqual(
      notices
        .slice(6)
        .map((notice) => notice.id)
        .sort(),
    );
    expect(left.every((notice) => notice.read && notice.title.startsWith('Notice'))).toBe(true);
  });

  it('paused mid-way by DynamoDB: a 503 in words, and marking again marks the rest', async () => {
    const me = await signIn(api, 'user');
    await someNotices(me.user.id, 4);
    // The deployed timeouts, not the generous ones of the local stack, for this call.
    const generous = process.env[CLIENT_TIMEOUT_VARIABLE];
    delete process.env[CLIENT_TIMEOUT_VARIABLE];
    resetClients();
    try {
      const paused = proxy.pause('UpdateItem');
      const call = me.client.post<{ message: string }>('/api/notifications/read');
      await paused;
      const answer = await call;
      expect(answer.status).toBe(503);
      expect(answer.body.message).toBe(messages.serviceUnavailable);
    } finally {
      await proxy.resume();
      if (generous !== undefined) process.env[CLIENT_TIMEOUT_VARIABLE] = generous;
      resetClients();
    }
    expect((await me.client.post('/api/notifications/read')).status).toBe(200);
    expect((await bellOf(me.client)).filter((notice) => !notice.read)).toEqual([]);
  });
});
