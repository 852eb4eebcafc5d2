import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import type { ApprovalRequest, Version } from '#shared/schemas/approvals';
import type { Component, ComponentData, ComponentOptions } from '#shared/schemas/component';
import { createComponents } from '#repositories/components';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi, type TestClient } from '../../scripts/test/api-client';
import { signIn, useFaultProxies, sentWhilePaused } from './support';

/*
 * A catalogue in three languages (the tests' CATALOGUE_LANGUAGES is en,de,fr): the description,
 * the commercial reference and the translatable texts hold a value per language, each filed,
 * reviewed and versioned on its own, and a search finds a part by any of them. The texts are
 * the makers' own: Phoenix Contact's PT 2,5 (3209510) and WAGO's 2002-1201 in their German and
 * French catalogues.
 */
const stack = useTestStack();
const api = useTestApi();
const proxies = useFaultProxies(stack, ['dynamodb'], { timeouts: 'deployed' });

let made = 0;
const newPart = async (fields: Record<string, unknown> = {}): Promise<Component> => {
  const reference = `LANG-${Date.now().toString(36).toUpperCase()}-${++made}`;
  const [component] = await createComponents(
    [{ reference, class: 'Terminal Block', manufacturer: 'Phoenix Contact', ...fields } as ComponentData],
    { username: 'test' },
  );
  return component!;
};

const propose = (client: TestClient, id: number, changes: Record<string, unknown>) =>
  client.patch<{ requestId: string; message?: string; fields?: Record<string, string> }>(
    `/api/components/${id}`,
    changes,
  );
const review = (admin: TestClient, id: string, status: 'approved' | 'rejected' = 'approved') =>
  admin.patch<ApprovalRequest & { message?: string }>(`/api/approval-requests/${id}`, { status });
const componentOf = async (client: TestClient, id: number) =>
  (await client.get<Component>(`/api/components/${id}`)).body;

describe('values per catalogue language', () => {
  it('the options name the catalogue languages, the default first', async () => {
    const { client } = await signIn(api, 'user');
    expect((await client.get<ComponentOptions>('/api/components/options')).body.languages).toEqual(['en', 'de', 'fr']);
  });

  it('a new part is filed with its other languages, and version 1 records them', async () => {
    const user = await signIn(api, 'user');
    const admin = await signIn(api, 'admin');
    const reference = `LANG-NEW-${Date.now().toString(36).toUpperCase()}`;
    const filed = await user.client.post<{ requestId: string }>('/api/components', {
      reference,
      class: 'Terminal Block',
      manufacturer: 'Phoenix Contact',
      description: 'Feed-through terminal block, nom. voltage: 800 V, nominal current: 24 A',
      description_de: 'Durchgangsreihenklemme, Nennspannung: 800 V, Nennstrom: 24 A',
      description_fr: 'Borne de passage, tension nominale : 800 V, courant nominal : 24 A',
    });
    expect(filed.status).toBe(201);
    expect((await review(admin.client, filed.body.requestId)).status).toBe(200);
    const [part] = (await user.client.get<Component[]>(`/api/components?reference=${reference}`)).body;
    expect(part).toMatchObject({
      description_de: 'Durchgangsreihenklemme, Nennspannung: 800 V, Nennstrom: 24 A',
      description_fr: 'Borne de passage, tension nominale : 800 V, courant nominal : 24 A',
    });
    const [created] = (await user.client.get<Version[]>(`/api/components/${part!.id}/versions`)).body;
    expect(created!.changedFields).toEqual(expect.arrayContaining(['description', 'description_de', 'description_fr']));
    // Fields keep the catalogue's order, each language after its field.
    const order = created!.changedFields.filter((field) => field.startsWith('description'));
    expect(order).toEqual(['description', 'description_de', 'description_fr']);
  });

  it('an edit of one language is reviewed alone and changes that language only', async () => {
    const user = await signIn(api, 'user');
    const admin = await signIn(api, 'admin');
    const part = await newPart({ description: '2-conductor through terminal block; 2.5 mm²', description_de: 'Alt' });

    const filed = await propose(user.client, part.id, {
      description_de: '2-Leiter-Durchgangsklemme; 2,5 mm²; Push-in CAGE CLAMP®',
    });
    expect(filed.status).toBe(201);
    const pending = (await admin.client.get<ApprovalRequest[]>('/api/approval-requests?status=pending')).body.find(
      (request) => request.id === filed.body.requestId,
    );
    expect(pending).toMatchObject({
      requestData: { description_de: '2-Leiter-Durchgangsklemme; 2,5 mm²; Push-in CAGE CLAMP®' },
      previousData: { description_de: 'Alt' },
    });
    expect((await review(admin.client, filed.body.requestId)).status).toBe(200);

    const after = await componentOf(user.client, part.id);
    expect(after).toMatchObject({
      description: '2-conductor through terminal block; 2.5 mm²',
      description_de: '2-Leiter-Durchgangsklemme; 2,5 mm²; Push-in CAGE CLAMP®',
      version: 2,
    });
    const versions = (await user.client.get<Version[]>(`/api/components/${part.id}/versions`)).body;
    expect(versions.find((version) => version.versionNumber === 2)).toMatchObject({
      changedFields: ['description_de'],
      previousData: { description_de: 'Alt' },
    });
  });

  it('refuses a language the catalogue does not have, and a value too long for its field', async () => {
    const user = await signIn(api, 'user');
    const part = await newPart();
    const foreign = await propose(user.client, part.id, { description_it: 'Morsetto passante' });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(messages.unknownField('description_it'));
    const created = await user.client.post<{ message: string }>('/api/components', {
      reference: `LANG-IT-${Date.now()}`,
      class: 'Terminal Block',
      description_it: 'Morsetto passante',
    });
    expect(created.status).toBe(400);
    expect(created.body.message).toBe(messages.unknownField('description_it'));

    const long = await propose(user.client, part.id, { commercialReference_de: 'x'.repeat(1001) });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(messages.textTooLong('Commercial Reference (German)', 1000));
    expect((await componentOf(user.client, part.id)).version).toBe(1);
  });

  it('a search finds a part by any of its languages, in the quick search and the description filter', async () => {
    const { client } = await signIn(api, 'user');
    const part = await newPart({
      description: 'Feed-through terminal block',
      description_de: 'Durchgangsreihenklemme grau',
      description_fr: 'Borne de passage grise',
      translatableText2_de: 'Schraubanschluss',
    });
    const ids = async (query: string) =>
      (await client.get<Component[]>(`/api/components?${query}`)).body.map((found) => found.id);
    expect(await ids('query=Durchgangsreihenklemme')).toContain(part.id);
    expect(await ids('query=Schraubanschluss')).not.toContain(part.id);
    expect(await ids(`description=${encodeURIComponent('borne grise')}`)).toContain(part.id);
    expect(await ids(`description=${encodeURIComponent('Klemme rot')}`)).not.toContain(part.id);
  });

  it('edits of two languages filed from one version both land; two edits of one language clash', async () => {
    const user = await signIn(api, 'user');
    const admin = await signIn(api, 'admin');
    const part = await newPart({ description: 'EN', description_de: 'DE', description_fr: 'FR' });
    const [german, french, otherGerman] = await Promise.all([
      propose(user.client, part.id, { description_de: 'DE neu' }),
      propose(user.client, part.id, { description_fr: 'FR nouveau' }),
      propose(user.client, part.id, { description_de: 'DE anders' }),
    ]);
    const [first, second] = await Promise.all([
      review(admin.client, german.body.requestId),
      review(admin.client, french.body.requestId),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await componentOf(user.client, part.id)).toMatchObject({
      description: 'EN',
      description_de: 'DE neu',
      description_fr: 'FR nouveau',
      version: 3,
    });
    const clash = await review(admin.client, otherGerman.body.requestId);
    expect(clash.status).toBe(409);
    expect((await componentOf(user.client, part.id)).description_de).toBe('DE neu');
  });

  it(
    'DynamoDB paused while a translation is approved: a 503 in time, then the approval lands once',
    { timeout: 120_000 },
    async () => {
      const user = await signIn(api, 'user');
      const admin = await signIn(api, 'admin');
      const part = await newPart({ description_fr: 'Ancien' });
      const filed = await propose(user.client, part.id, { description_fr: 'Borne de passage' });
      const answer = await sentWhilePaused(proxies.dynamodb, 'TransactWriteItems', admin.client, (options) =>
        admin.client.patch<{ message: string }>(
          `/api/approval-requests/${filed.body.requestId}`,
          { status: 'approved' },
          options,
        ),
      );
      expect(answer.status).toBe(503);
      expect(answer.body.message).toBe(messages.serviceUnavailable);

      // Approving again finds the request already decided, or decides it now: either way once.
      const again = await review(admin.client, filed.body.requestId);
      expect([200, 409]).toContain(again.status);
      const after = await componentOf(user.client, part.id);
      expect(after).toMatchObject({ description_fr: 'Borne de passage', version: 2 });
      expect((await user.client.get<Version[]>(`/api/components/${part.id}/versions`)).body).toHaveLength(2);
    },
  );
});
