import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { DRAFT_MAX_BYTES, DRAFTS_MAX_PER_USER, type Draft } from '#shared/schemas/drafts';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi, type TestClient } from '../../scripts/test/api-client';
import { pdfBytes, signIn, uploadThroughApi } from './support';

/*
 * Drafts of the Add New Component form: kept on the server for their author alone, within a
 * per-person cap, saved again only from the revision last read, and never counted twice or lost
 * when saves and deletions race.
 */
useTestStack();
const api = useTestApi();

const content = (reference: string, extra: Record<string, string> = {}) => ({
  values: { reference, class: 'Relay', voltage: '24', description: 'typed, not submitted', ...extra },
  fileNames: {},
});

const draftsOf = async (client: TestClient) => {
  const answer = await client.get<Draft[]>('/api/drafts');
  expect(answer.status).toBe(200);
  return answer.body;
};

describe('drafts', () => {
  it('are saved, listed, reopened, saved again, submitted as a component and deleted by their author', async () => {
    const { client } = await signIn(api, 'user');
    const dataSheet = await uploadThroughApi(client, { name: 'sheet.pdf', type: 'application/pdf', bytes: pdfBytes() });
    const created = await client.post<Draft>('/api/drafts', {
      values: { ...content('DRAFT-1').values, numberOfCircuits: '4x', dataSheet },
      fileNames: { dataSheet: 'sheet.pdf' },
    });
    expect(created.status).toBe(201);
    // Kept as typed, half-finished numbers included, with the file's upload and its name.
    expect(created.body).toMatchObject({
      revision: 1,
      values: { reference: 'DRAFT-1', numberOfCircuits: '4x', dataSheet },
      fileNames: { dataSheet: 'sheet.pdf' },
    });

    expect((await draftsOf(client)).map((draft) => draft.id)).toEqual([created.body.id]);
    const saved = await client.put<Draft>(`/api/drafts/${created.body.id}`, {
      ...content('DRAFT-1b'),
      revision: 1,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ revision: 2, values: { reference: 'DRAFT-1b' }, fileNames: {} });
    const reopened = await client.get<Draft>(`/api/drafts/${created.body.id}`);
    expect(reopened.body).toMatchObject({ revision: 2, values: { reference: 'DRAFT-1b', voltage: '24' } });

    const submitted = await client.post<{ requestId: string }>('/api/components', {
      reference: 'DRAFT-1b',
      class: 'Relay',
    });
    expect(submitted.status).toBe(201);
    expect((await client.delete(`/api/drafts/${created.body.id}`)).status).toBe(204);
    expect(await draftsOf(client)).toEqual([]);
    const gone = await client.get<{ message: string }>(`/api/drafts/${created.body.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(messages.draftNotFound);
  });

  it('are private: another user can neither list, read, save nor delete them', async () => {
    const [{ client: author }, { client: other }, { client: admin }] = await Promise.all([
      signIn(api, 'user'),
      signIn(api, 'user'),
      signIn(api, 'admin'),
    ]);
    const created = await author.post<Draft>('/api/drafts', content('PRIVATE-1'));
    for (const stranger of [other, admin]) {
      expect(await draftsOf(stranger)).toEqual([]);
      expect((await stranger.get(`/api/drafts/${created.body.id}`)).status).toBe(404);
      expect((await stranger.put(`/api/drafts/${created.body.id}`, { ...content('STOLEN'), revision: 1 })).status).toBe(
        404,
      );
      expect((await stranger.delete(`/api/drafts/${created.body.id}`)).status).toBe(404);
    }
    expect((await author.get<Draft>(`/api/drafts/${created.body.id}`)).body.values.reference).toBe('PRIVATE-1');
  });

  it("refuses another person's upload, fields the form does not have, and a draft past the size limit", async () => {
    const [{ client: author }, { client: other }] = await Promise.all([signIn(api, 'user'), signIn(api, 'user')]);
    const theirs = await uploadThroughApi(other, { name: 'theirs.pdf', type: 'application/pdf', bytes: pdfBytes() });
    const stolen = await author.post<{ message: string }>('/api/drafts', {
      values: { reference: 'X', dataSheet: theirs },
      fileNames: { dataSheet: 'theirs.pdf' },
    });
    expect(stolen.status).toBe(403);
    expect(stolen.body.message).toBe(messages.uploadNotYours);

    const unknown = await author.post<{ message: string }>('/api/drafts', { values: { password: 'x' }, fileNames: {} });
    expect(unknown.status).toBe(400);

    const long = 'x'.repeat(9_000);
    const large = await author.post<{ message: string }>('/api/drafts', {
      values: Object.fromEntries(
        ['description', 'value1', 'value2', 'series', 'type', 'library', 'commercialReference', 'articleNumber'].map(
          (field) => [field, long],
        ),
      ),
      fileNames: {},
    });
    expect(large.status).toBe(413);
    expect(large.body.message).toBe(messages.draftTooLarge(DRAFT_MAX_BYTES / 1024));
    expect(await draftsOf(author)).toEqual([]);
  });
});

describe('drafts racing', () => {
  it(`saved all at once past the cap: exactly ${DRAFTS_MAX_PER_USER} are kept, the rest refused in words`, async () => {
    const { client } = await signIn(api, 'user');
    const attempts = DRAFTS_MAX_PER_USER + 6;
    const answers = await Promise.all(
      Array.from({ length: attempts }, (_, i) => client.post<{ message?: string }>('/api/drafts', content(`CAP-${i}`))),
    );
    const kept = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(kept).toHaveLength(DRAFTS_MAX_PER_USER);
    expect(refused).toHaveLength(attempts - DRAFTS_MAX_PER_USER);
    for (const answer of refused) expect(answer.body.message).toBe(messages.draftLimitReached(DRAFTS_MAX_PER_USER));
    const drafts = await draftsOf(client);
    expect(drafts).toHaveLength(DRAFTS_MAX_PER_USER);

    // Deleting them all at once (each twice) frees exactly their places: the count neither drifts nor goes negative.
    const deletions = await Promise.all(
      [...drafts, ...drafts].map((draft) => client.delete(`/api/drafts/${draft.id}`)),
    );
    expect(deletions.filter((answer) => answer.status === 204)).toHaveLength(DRAFTS_MAX_PER_USER);
    expect(deletions.filter((answer) => answer.status === 404)).toHaveLength(DRAFTS_MAX_PER_USER);
    expect(await draftsOf(client)).toEqual([]);
    const again = await Promise.all(
      Array.from({ length: attempts }, (_, i) => client.post('/api/drafts', content(`AGAIN-${i}`))),
    );
    expect(again.filter((answer) => answer.status === 201)).toHaveLength(DRAFTS_MAX_PER_USER);
  });

  it('saved from two windows holding the same revision: one save wins, the other is told, nothing is merged', async () => {
    const { client } = await signIn(api, 'user');
    const created = await client.post<Draft>('/api/drafts', content('TWO-WINDOWS'));
    const [first, second] = await Promise.all([
      client.put<Draft & { message?: string }>(`/api/drafts/${created.body.id}`, {
        ...content('FROM-WINDOW-A'),
        revision: 1,
      }),
      client.put<Draft & { message?: string }>(`/api/drafts/${created.body.id}`, {
        ...content('FROM-WINDOW-B'),
        revision: 1,
      }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const winner = first.status === 200 ? first : second;
    const loser = first.status === 200 ? second : first;
    expect(loser.body.message).toBe(messages.draftChanged);
    const stored = await client.get<Draft>(`/api/drafts/${created.body.id}`);
    expect(stored.body).toMatchObject({ revision: 2, values: { reference: winner.body.values.reference } });
  });
});
