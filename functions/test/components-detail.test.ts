import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import type { Version } from '#shared/schemas/approvals';
import type { Comment } from '#shared/schemas/comments';
import { componentFields, type Component, type ComponentData } from '#shared/schemas/component';
import { listComments } from '#repositories/comments';
import { createComponents } from '#repositories/components';
import { readCounter } from '#repositories/counters';
import { writeDemoCatalogue } from '../../scripts/seed/seed-catalogue';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi, type TestClient } from '../../scripts/test/api-client';
import { signIn } from './support';

/* The detail page's other calls: comments, related components, version history. */
useTestStack();
const api = useTestApi();

const blank = (): ComponentData =>
  Object.fromEntries(componentFields.map((field) => [field, null])) as unknown as ComponentData;
const part = (fields: Partial<ComponentData> & { reference: string }): ComponentData => ({
  ...blank(),
  class: 'Other',
  ...fields,
});

let user: TestClient;
let userId: string;
let username: string;

beforeAll(async () => {
  const { client, user: account } = await signIn(api, 'user');
  user = client;
  userId = account.id;
  username = account.username;
});

describe('comments', () => {
  let component: Component;
  beforeAll(async () => {
    component = (await createComponents([part({ reference: 'COMMENTED-1' })], { username: 'test' }))[0]!;
  });
  const path = () => `/api/components/${component.id}/comments`;

  it('refuses a blank comment and one over 5,000 characters', async () => {
    for (const comment of [undefined, '', '   \n\t ', 42]) {
      expect(
        await user.post(path(), { username: 'Jane', comment, componentId: component.id }),
        String(comment),
      ).toMatchObject({
        status: 400,
        body: { message: 'Please enter a comment before submitting.' },
      });
    }
    expect(await user.post(path(), { comment: 'x'.repeat(5001) })).toMatchObject({
      status: 400,
      body: { message: 'A comment must be at most 5,000 characters' },
    });
    expect(await user.post(path(), { comment: 'ok', username: 'n'.repeat(101) })).toMatchObject({
      status: 400,
      body: { message: messages.commentAuthorTooLong(100) },
    });
    expect((await user.get<Comment[]>(path())).body).toEqual([]);
  });

  it("stores the typed author name, or the user's display name when blank, and the real user; newest first", async () => {
    const first = await user.post<Comment>(path(), {
      username: '  Guest User ',
      comment: '  Fits the DIN rail.  ',
      componentId: 999,
    });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(String),
      componentId: component.id,
      username: 'Guest User',
      comment: 'Fits the DIN rail.',
      createdAt: expect.any(String),
    });
    const second = await user.post<Comment>(path(), { username: '   ', comment: 'x'.repeat(5000) });
    expect(second.status).toBe(201);
    expect(second.body.username).toBe(username);
    const third = await user.post<Comment>(path(), { comment: 'Line one\nLine two' });
    expect(third.body).toMatchObject({ username, comment: 'Line one\nLine two' });

    const listed = (await user.get<Comment[]>(path())).body;
    expect(listed.map((comment) => comment.id)).toEqual([third.body.id, second.body.id, first.body.id]);
    expect(listed[2]).toEqual(first.body);
    expect(listed[0]).not.toHaveProperty('userId');
    expect((await listComments(component.id)).every((comment) => comment.userId === userId)).toBe(true);
  });

  it('answers 404 for a component that does not exist', async () => {
    expect(await user.post('/api/components/999999/comments', { comment: 'hello' })).toMatchObject({
      status: 404,
      body: { message: messages.componentNotFound },
    });
    expect((await user.get('/api/components/abc/comments')).status).toBe(400);
  });
});

describe('GET /api/components/{id}/related', () => {
  it('answers up to 3 others sharing series, type or class, ranked series, type, class', async () => {
    const [source, classOnly, typeOnly, seriesOnly, unrelated, seriesAndType, otherClassOnly] = await createComponents(
      [
        part({ reference: 'REL-SOURCE', class: 'Coupler', type: 'Coupling relay', series: 'RSC' }),
        part({ reference: 'REL-A', class: 'coupler' }),
        part({ reference: 'REL-B', class: 'Relay', type: 'Coupling relay' }),
        part({ reference: 'REL-C', class: 'Relay', series: 'RSC' }),
        part({ reference: 'REL-D', class: 'Relay', type: 'Coupling', series: 'RSC-2' }),
        part({ reference: 'REL-E', class: 'Relay', type: 'Coupling relay', series: 'rsc' }),
        part({ reference: 'REL-F', class: 'Coupler' }),
      ],
      { username: 'test' },
    );
    const related = async (id: number) => {
      const answer = await user.get<Component[]>(`/api/components/${id}/related`);
      expect(answer.status).toBe(200);
      return answer.body.map((component) => component.reference);
    };
    expect(await related(source!.id)).toEqual(['REL-E', 'REL-C', 'REL-B']);
    // Equal ranks come in result order, a part changed since the last snapshot after the others.
    expect((await related(classOnly!.id)).sort()).toEqual(['REL-F', 'REL-SOURCE']);
    expect((await related(otherClassOnly!.id)).sort()).toEqual(['REL-A', 'REL-SOURCE']);
    expect(await related(typeOnly!.id)).toEqual(['REL-E', 'REL-SOURCE', 'REL-C']);
    expect(await related(seriesOnly!.id)).toEqual(['REL-E', 'REL-SOURCE', 'REL-B']);
    expect((await related(unrelated!.id)).sort()).toEqual(['REL-B', 'REL-C', 'REL-E']);
    const [answer] = (await user.get<Component[]>(`/api/components/${source!.id}/related`)).body;
    expect(answer).toMatchObject({ id: seriesAndType!.id, reference: 'REL-E', class: 'Relay', version: 1 });

    const [loner] = await createComponents([part({ reference: 'REL-LONER', class: 'Unique class nobody has' })], {
      username: 'test',
    });
    expect(await related(loner!.id)).toEqual([]);
    expect(await user.get('/api/components/999999/related')).toMatchObject({
      status: 404,
      body: { message: messages.componentNotFound },
    });
  });
});

describe('version 1 of components created in bulk', () => {
  it('is written for the demo catalogue, so every History tab starts with the creation', async () => {
    const before = await readCounter('component');
    await writeDemoCatalogue({ count: 3, seed: 11, files: false });
    const after = await readCounter('component');
    expect(after - before).toBe(3);
    for (let id = before + 1; id <= after; id++) {
      const component = (await user.get<Component>(`/api/components/${id}`)).body;
      const versions = (await user.get<Version[]>(`/api/components/${id}/versions`)).body;
      expect(versions).toHaveLength(1);
      expect(versions[0]).toMatchObject({
        versionNumber: 1,
        changeDescription: 'Component created',
        previousData: {},
        username: 'catalogue-seed',
        changeData: { reference: component.reference, class: component.class },
      });
      expect(versions[0]!.changedFields).toEqual(expect.arrayContaining(['reference', 'class']));
      // File fields appear as the API links them, never as bucket keys.
      if (component.dataSheet) expect(versions[0]!.changeData.dataSheet).toBe(component.dataSheet);
      expect(versions[0]!.changedFields.every((field) => versions[0]!.changeData[field] !== null)).toBe(true);
    }
  });

  it('is written by createComponents (imports, tests) with the fields given', async () => {
    const [component] = await createComponents([part({ reference: 'BULK-1', manufacturer: 'ABB', width: 12.5 })], {
      username: 'importer',
    });
    const versions = (await user.get<Version[]>(`/api/components/${component!.id}/versions`)).body;
    expect(versions).toEqual([
      expect.objectContaining({
        versionNumber: 1,
        changedFields: ['reference', 'class', 'manufacturer', 'width'],
        changeData: { reference: 'BULK-1', class: 'Other', manufacturer: 'ABB', width: 12.5 },
        username: 'importer',
      }),
    ]);
  });
});
