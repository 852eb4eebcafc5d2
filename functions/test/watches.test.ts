import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import type { ApprovalRequest, Notification } from '#shared/schemas/approvals';
import type { Watch } from '#shared/schemas/watches';
import { WATCHES_PER_USER_MAX } from '#shared/schemas/watches';
import { transact } from '#repositories/table';
import { listWatchersOf, watchItems } from '#repositories/watches';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi, type TestClient } from '../../scripts/test/api-client';
import { sentWhilePaused, signIn, uniqueClass, useFaultProxies } from './support';

/*
 * Watching parts and classes: Settings lists them, and a watcher is told when a change to one is
 * requested or approved (not of what they did themselves).
 */
const stack = useTestStack();
const api = useTestApi();
const proxies = useFaultProxies(stack, ['dynamodb'], { timeouts: 'deployed' });

let made = 0;
const uniqueReference = () => `WATCH-${Date.now().toString(36)}-${++made}`.toUpperCase();

const approve = async (reviewer: TestClient, requestId: string) => {
  const answer = await reviewer.patch<ApprovalRequest>(`/api/approval-requests/${requestId}`, { status: 'approved' });
  expect(answer.status).toBe(200);
  return answer.body;
};

const newPart = async (submitter: TestClient, reviewer: TestClient, componentClass = uniqueClass('Watched')) => {
  const reference = uniqueReference();
  const filed = await submitter.post<{ requestId: string }>('/api/components', { reference, class: componentClass });
  const { componentId } = await approve(reviewer, filed.body.requestId);
  return { id: componentId!, reference, componentClass };
};

const watches = async (client: TestClient) => (await client.get<Watch[]>('/api/watches')).body;
const bell = async (client: TestClient) => (await client.get<Notification[]>('/api/notifications')).body;

describe('watching', () => {
  it('watches a part and a class once each, lists them, and stops', async () => {
    const { client: submitter } = await signIn(api, 'user');
    const { client: librarian } = await signIn(api, 'librarian');
    const { client: watcher } = await signIn(api, 'user');
    const part = await newPart(submitter, librarian);

    expect((await watcher.put('/api/watches', { componentId: part.id })).status).toBe(200);
    expect((await watcher.put('/api/watches', { componentId: part.id })).status).toBe(200);
    expect((await watcher.put('/api/watches', { componentClass: part.componentClass })).status).toBe(200);
    const listed = await watches(watcher);
    expect(listed).toHaveLength(2);
    expect(listed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ componentId: part.id, componentReference: part.reference }),
        expect.objectContaining({ componentClass: part.componentClass }),
      ]),
    );

    expect((await watcher.delete('/api/watches', { componentId: part.id })).status).toBe(200);
    expect(await watches(watcher)).toEqual([expect.objectContaining({ componentClass: part.componentClass })]);
    // Stopping again is no error.
    expect((await watcher.delete('/api/watches', { componentId: part.id })).status).toBe(200);
  });

  it('refuses a part that does not exist and a body that names neither or both', async () => {
    const { client } = await signIn(api, 'user');
    expect(await client.put('/api/watches', { componentId: 999_999_999 })).toMatchObject({
      status: 404,
      body: { message: messages.componentNotFound },
    });
    expect((await client.put('/api/watches', {})).status).toBe(400);
    expect((await client.put('/api/watches', { componentId: 1, componentClass: 'Relay' })).status).toBe(400);
  });

  it("tells a part's watcher of a request filed and of its approval, and nobody of their own doing", async () => {
    const { client: submitter, user: alice } = await signIn(api, 'user');
    const { client: librarian } = await signIn(api, 'librarian');
    const { client: watcher } = await signIn(api, 'user');
    const part = await newPart(submitter, librarian);
    await watcher.put('/api/watches', { componentId: part.id });
    // The submitter watches too: they hear of their request's decision the usual way, not as a watcher.
    await submitter.put('/api/watches', { componentId: part.id });

    const edit = await submitter.patch<{ requestId: string }>(`/api/components/${part.id}`, {
      description: 'Relay 24 V',
    });
    const filedNotice = (await bell(watcher)).find((notice) => notice.title === 'Change requested');
    expect(filedNotice?.message).toContain(part.reference);
    expect(filedNotice?.linkTo).toBe(`/component-hub/components/${part.id}`);

    await approve(librarian, edit.body.requestId);
    const approvedNotice = (await bell(watcher)).find((notice) => notice.title === 'Watched change approved');
    expect(approvedNotice?.message).toContain(part.reference);
    expect(approvedNotice?.message).toContain('Updated description');
    expect(approvedNotice?.message).toContain(alice.username);
    expect(
      (await bell(submitter)).some(
        (notice) => notice.title.startsWith('Watched') || notice.title === 'Change requested',
      ),
    ).toBe(false);
  });

  it("tells a class's watcher of a new part of the class, unless they turned watch notices off", async () => {
    const { client: submitter } = await signIn(api, 'user');
    const { client: watcher } = await signIn(api, 'user');
    const { client: quiet } = await signIn(api, 'user');
    const componentClass = uniqueClass('Watched class');
    await watcher.put('/api/watches', { componentClass: componentClass.toUpperCase() });
    await quiet.put('/api/watches', { componentClass });
    expect((await quiet.patch('/api/notification-settings', { appWatched: false })).status).toBe(200);

    const reference = uniqueReference();
    await submitter.post('/api/components', { reference, class: componentClass });
    expect((await bell(watcher)).some((notice) => notice.message.includes(reference))).toBe(true);
    expect((await bell(quiet)).some((notice) => notice.message.includes(reference))).toBe(false);
  });

  it('a watch started and stopped at the same time leaves both of its items agreeing', async () => {
    const { client: submitter, user } = await signIn(api, 'user');
    const { client: librarian } = await signIn(api, 'librarian');
    const part = await newPart(submitter, librarian);
    for (let round = 0; round < 5; round++) {
      await Promise.all([
        submitter.put('/api/watches', { componentId: part.id }),
        submitter.delete('/api/watches', { componentId: part.id }),
      ]);
      const listed = (await watches(submitter)).some(
        (watch) => 'componentId' in watch && watch.componentId === part.id,
      );
      const watcher = (await listWatchersOf([{ componentId: part.id }])).includes(user.id);
      expect(listed).toBe(watcher);
    }
  });

  it('a watch whose answer is lost to a DynamoDB pause is there once after a retry', async () => {
    const { client: submitter } = await signIn(api, 'user');
    const { client: librarian } = await signIn(api, 'librarian');
    const part = await newPart(submitter, librarian);
    const { client: watcher } = await signIn(api, 'user');
    const answer = await sentWhilePaused(proxies.dynamodb, 'TransactWriteItems', watcher, (options) =>
      watcher.put<{ message: string }>('/api/watches', { componentId: part.id }, options),
    );
    expect(answer.status).toBe(503);
    expect(answer.body.message).toBe(messages.serviceUnavailable);
    expect((await watcher.put('/api/watches', { componentId: part.id })).status).toBe(200);
    expect(await watches(watcher)).toEqual([expect.objectContaining({ componentId: part.id })]);
  });

  it('holds the watch limit exactly when two watches are started at once, and after a lost stop', async () => {
    const { client: watcher, user } = await signIn(api, 'user');
    // Just below the limit, written straight to the table rather than through 499 requests.
    const seedClass = uniqueClass('Seeded');
    const since = new Date().toISOString();
    for (let held = 0; held < WATCHES_PER_USER_MAX - 1; held++)
      await transact(
        watchItems(user.id, { componentClass: `${seedClass}-${held}` }, since, { held, max: WATCHES_PER_USER_MAX }),
      );

    for (let round = 0; round < 3; round++) {
      const targets = [uniqueClass('RaceA'), uniqueClass('RaceB')];
      const answers = await Promise.all(
        targets.map((componentClass) => watcher.put<{ message: string }>('/api/watches', { componentClass })),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.status === 409)!.body.message).toBe(
        messages.watchLimit(WATCHES_PER_USER_MAX),
      );
      expect(await watches(watcher)).toHaveLength(WATCHES_PER_USER_MAX);
      const won = targets[answers.findIndex((answer) => answer.status === 200)]!;
      expect((await watcher.delete('/api/watches', { componentClass: won })).status).toBe(200);
    }

    // A stop whose answer is lost and which is then sent again lowers the count once.
    const lastClass = uniqueClass('Last');
    expect((await watcher.put('/api/watches', { componentClass: lastClass })).status).toBe(200);
    const lost = await sentWhilePaused(proxies.dynamodb, 'TransactWriteItems', watcher, (options) =>
      watcher.delete('/api/watches', { componentClass: lastClass }, options),
    );
    expect(lost.status).toBe(503);
    expect((await watcher.delete('/api/watches', { componentClass: lastClass })).status).toBe(200);
    expect(await watches(watcher)).toHaveLength(WATCHES_PER_USER_MAX - 1);
    expect((await watcher.put('/api/watches', { componentClass: uniqueClass('Fits') })).status).toBe(200);
    expect((await watcher.put('/api/watches', { componentClass: uniqueClass('Over') })).status).toBe(409);
  }, 180_000);

  it('emails a watcher of a request filed and of its approval, unless they turned watch emails off', async () => {
    const { client: submitter } = await signIn(api, 'user');
    const { client: librarian } = await signIn(api, 'librarian');
    const { client: watcher, user: wanda } = await signIn(api, 'user');
    const { client: quiet, user: quinn } = await signIn(api, 'user');
    const part = await newPart(submitter, librarian);
    await watcher.put('/api/watches', { componentId: part.id });
    await quiet.put('/api/watches', { componentClass: part.componentClass });
    expect((await quiet.patch('/api/notification-settings', { emailWatched: false })).status).toBe(200);

    const filed = await submitter.patch<{ requestId: string }>(`/api/components/${part.id}`, {
      description: 'Watched by email',
    });
    expect(filed.status).toBe(201);
    await approve(librarian, filed.body.requestId);

    const mails = await stack.readEmails(wanda.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Change requested', 'Watched change approved']);
    expect(mails[1]!.body.text).toContain(part.reference);
    expect(mails[1]!.body.text).toContain(`${stack.appUrl}/app/component-hub/components/${part.id}`);
    expect(await stack.readEmails(quinn.email)).toEqual([]);
    // The bell still tells the one who turned emails off.
    expect((await bell(quiet)).some((notice) => notice.title === 'Watched change approved')).toBe(true);
  });

  it('tells the watchers of a merged part and of the part it went into, not the one who merged', async () => {
    const { client: submitter } = await signIn(api, 'user');
    const { client: librarian } = await signIn(api, 'librarian');
    const { client: ofMerged } = await signIn(api, 'user');
    const { client: ofSurvivor } = await signIn(api, 'user');
    const merged = await newPart(submitter, librarian);
    const survivor = await newPart(submitter, librarian);
    await ofMerged.put('/api/watches', { componentId: merged.id });
    await ofSurvivor.put('/api/watches', { componentId: survivor.id });
    await librarian.put('/api/watches', { componentId: survivor.id });

    expect((await librarian.post(`/api/components/${merged.id}/merge`, { intoId: survivor.id })).status).toBe(200);
    for (const watcher of [ofMerged, ofSurvivor]) {
      const notice = (await bell(watcher)).find((each) => each.title === 'Watched part merged');
      expect(notice?.message).toContain(`merged ${merged.reference} into ${survivor.reference}`);
      expect(notice?.linkTo).toBe(`/component-hub/components/${survivor.id}`);
    }
    expect((await bell(librarian)).some((notice) => notice.title === 'Watched part merged')).toBe(false);

    // Sent again, the merge answers the same and tells nobody a second time.
    expect((await librarian.post(`/api/components/${merged.id}/merge`, { intoId: survivor.id })).status).toBe(200);
    for (const watcher of [ofMerged, ofSurvivor])
      expect((await bell(watcher)).filter((each) => each.title === 'Watched part merged')).toHaveLength(1);
  });
});
