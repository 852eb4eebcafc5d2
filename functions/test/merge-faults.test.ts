import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import type { Version } from '#shared/schemas/approvals';
import type { Comment } from '#shared/schemas/comments';
import type { ComponentData } from '#shared/schemas/component';
import type { MergeResult, MovedComponent } from '#shared/schemas/duplicates';
import { createComponents } from '#repositories/components';
import { listPartItems } from '#repositories/part-merge';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi, type TestClient } from '../../scripts/test/api-client';
import { signIn, useFaultProxies } from './support';

/*
 * A merge whose DynamoDB stops answering midway (paused, as a suspended service: what was sent
 * lands when it resumes, after the caller gave up): the call answers 503 in time, the merged
 * part already leads to the survivor, and sending the merge again finishes it with nothing
 * lost and nothing doubled. The functions' clients keep the Lambda-sized timeouts here.
 */
const stack = useTestStack();
const api = useTestApi();
const proxies = useFaultProxies(stack, ['dynamodb'], { timeouts: 'deployed' });

let made = 0;
/** Two parts that are one; the merged one with `comments` comments and an approved edit. */
const twoParts = async (user: TestClient, admin: TestClient, comments: number) => {
  const tag = `${Date.now().toString(36).toUpperCase()}${++made}`;
  const [from, into] = await createComponents(
    [
      { reference: `2002-1201-${tag}`, class: 'Terminal Block', manufacturer: 'WAGO' },
      { reference: `2002 1201 ${tag}`, class: 'Terminal Block', manufacturer: 'WAGO' },
    ] as ComponentData[],
    { username: 'test' },
  );
  const edit = await user.patch<{ requestId: string }>(`/api/components/${from!.id}`, { description: 'Grey' });
  expect((await admin.patch(`/api/approval-requests/${edit.body.requestId}`, { status: 'approved' })).status).toBe(200);
  for (let n = 0; n < comments; n++)
    expect((await user.post(`/api/components/${from!.id}/comments`, { comment: `note ${n}` })).status).toBe(201);
  return { from: from!, into: into! };
};

/** Sends the merge with its CSRF token read first, so the pause catches the merge's own write. */
const mergeWhilePaused = async (admin: TestClient, fromId: number, intoId: number, trigger: string) => {
  const { body: csrf } = await admin.get<{ token: string }>('/api/csrf-token');
  const paused = proxies.dynamodb.pause(trigger);
  const call = admin.post<{ message: string }>(
    `/api/components/${fromId}/merge`,
    { intoId },
    { csrf: false, headers: { 'x-csrf-token': csrf.token } },
  );
  await paused;
  return call;
};

/** What the survivor holds: each comment once, each version once, one merge version. */
const expectMovedOnce = async (client: TestClient, fromId: number, intoId: number, comments: number) => {
  const onSurvivor = (await client.get<Comment[]>(`/api/components/${intoId}/comments`)).body;
  expect(onSurvivor).toHaveLength(comments);
  expect(new Set(onSurvivor.map((entry) => entry.comment)).size).toBe(comments);
  const history = (await client.get<Version[]>(`/api/components/${intoId}/versions`)).body;
  expect(history.map((version) => [version.versionNumber, version.mergedFrom?.id ?? null])).toEqual([
    [2, null],
    [1, null],
    [2, fromId],
    [1, fromId],
  ]);
  expect(await listPartItems(fromId)).toEqual([]);
};

describe('a merge when DynamoDB stops answering', () => {
  it(
    'midway through moving: a 503 in time, the id already leads to the survivor, and merging again finishes it once',
    { timeout: 120_000 },
    async () => {
      const user = await signIn(api, 'user');
      const admin = await signIn(api, 'admin');
      // More than one batch: the pause catches the second, the one with the versions.
      const { from, into } = await twoParts(user.client, admin.client, 30);

      const answer = await mergeWhilePaused(admin.client, from.id, into.id, 'MERGEDVER#');
      expect(answer.status).toBe(503);
      expect(answer.body.message).toBe(messages.serviceUnavailable);
      await proxies.dynamodb.resume();

      const moved = await user.client.get<MovedComponent>(`/api/components/${from.id}`);
      expect(moved.status).toBe(301);
      expect(moved.body.movedTo).toBe(into.id);
      const again = await admin.client.post<MergeResult>(`/api/components/${from.id}/merge`, { intoId: into.id });
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ mergedId: from.id, intoId: into.id, version: 2 });
      await expectMovedOnce(user.client, from.id, into.id, 30);
    },
  );

  it(
    'while marking the merge: a 503, the mark lands late, and merging again records the merge once',
    { timeout: 120_000 },
    async () => {
      const user = await signIn(api, 'user');
      const admin = await signIn(api, 'admin');
      const { from, into } = await twoParts(user.client, admin.client, 3);

      const answer = await mergeWhilePaused(admin.client, from.id, into.id, 'SET mergedInto');
      expect(answer.status).toBe(503);
      await proxies.dynamodb.resume();

      const again = await admin.client.post<MergeResult>(`/api/components/${from.id}/merge`, { intoId: into.id });
      expect(again.status).toBe(200);
      expect(again.body.version).toBe(2);
      await expectMovedOnce(user.client, from.id, into.id, 3);
    },
  );
});
