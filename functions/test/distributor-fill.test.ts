import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import type { ApprovalRequest, Version } from '#shared/schemas/approvals';
import type { Component, ComponentData } from '#shared/schemas/component';
import type { DistributorFillProposal } from '#shared/schemas/distributor-fill';
import { createComponents } from '#repositories/components';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi, type TestClient } from '../../scripts/test/api-client';
import { sentWhilePaused, signIn, uniqueClass, useFaultProxies } from './support';

/*
 * Filling a part from a distributor, end to end: the API, the clients, the emulator answering
 * Digi-Key's recorded product details of Texas Instruments' LM358BAIPWR, the table. A person
 * reads the answer beside the catalogue's values, ticks fields, and one edit request is filed;
 * its approval records where the values came from. Protected fields are shown, never taken.
 */
const stack = useTestStack();
const api = useTestApi();
const proxies = useFaultProxies(stack, ['dynamodb'], { timeouts: 'deployed' });

/** The op amp as a catalogue would hold it before the fill: a voltage typed by hand, no lifecycle. */
const createOpAmp = async (className = uniqueClass('Op amps')): Promise<Component> => {
  const [component] = await createComponents(
    [
      {
        reference: 'LM358BAIPWR',
        class: className,
        manufacturer: 'Texas Instruments',
        voltage: 5,
        dataSheet: null,
      } as ComponentData,
    ],
    { username: 'test' },
  );
  return component!;
};

const read = (client: TestClient, id: number, provider: 'digikey' | 'mouser' = 'digikey') =>
  client.post<DistributorFillProposal & { message?: string }>(`/api/components/${id}/distributor-data`, { provider });
const fill = (client: TestClient, id: number, fields: string[], provider: 'digikey' | 'mouser' = 'digikey') =>
  client.post<{ requestId: string; message?: string; fields?: Record<string, string> }>(
    `/api/components/${id}/distributor-fill`,
    { provider, fields },
  );
const review = (admin: TestClient, id: string) =>
  admin.patch<ApprovalRequest & { message?: string }>(`/api/approval-requests/${id}`, { status: 'approved' });
const partOf = async (client: TestClient, id: number) => (await client.get<Component>(`/api/components/${id}`)).body;
const pendingFor = async (admin: TestClient, id: number) =>
  (await admin.get<ApprovalRequest[]>('/api/approval-requests?status=pending')).body.filter(
    (request) => request.componentId === id,
  );

describe('filling a part from a distributor', () => {
  it('shows the matched product beside the catalogue, files the ticked fields, and the approval records the source', async () => {
    const user = await signIn(api, 'user');
    const admin = await signIn(api, 'admin');
    const part = await createOpAmp();

    const proposal = await read(user.client, part.id);
    expect(proposal.status).toBe(200);
    expect(proposal.body.confidence).toBe(1);
    expect(proposal.body.product).toMatchObject({
      manufacturerPartNumber: 'LM358BAIPWR',
      manufacturer: 'Texas Instruments',
      stock: 4197,
      unmapped: expect.arrayContaining([{ name: 'Slew Rate', value: '0.5V/µs', reason: 'no-field' }]),
    });
    expect(proposal.body.product.priceBreaks[0]).toEqual({ quantity: 2000, unitPrice: 0.12562, currency: 'USD' });
    expect(Date.parse(proposal.body.readAt)).toBeGreaterThan(Date.now() - 60_000);
    const rows = new Map(proposal.body.rows.map((row) => [row.field, row]));
    expect(rows.get('voltage')).toMatchObject({ catalogue: 5, distributor: 36, asWritten: '36 V', differs: true });
    expect(rows.get('manufacturer')).toMatchObject({ differs: false });
    expect(rows.get('lifecycle')).toMatchObject({ catalogue: 'unknown', distributor: 'active', differs: true });
    expect(rows.get('numberOfCircuits')).toMatchObject({ distributor: 2, protected: false, problem: null });

    const filed = await fill(user.client, part.id, ['voltage', 'lifecycle']);
    expect(filed.status).toBe(201);
    const [pending] = await pendingFor(admin.client, part.id);
    expect(pending).toMatchObject({
      id: filed.body.requestId,
      requestType: 'edit',
      requestData: { voltage: 36, lifecycle: 'active' },
      previousData: { voltage: 5, lifecycle: 'unknown' },
      distributorSource: {
        provider: 'digikey',
        manufacturerPartNumber: 'LM358BAIPWR',
        productNumber: expect.stringMatching(/^296-LM358BAIPWR[A-Z]*-ND$/),
        confidence: 1,
        readAt: proposal.body.readAt,
      },
    });
    // The stock and prices never reach the catalogue: the request holds only the ticked fields.
    expect(Object.keys(pending!.requestData).sort()).toEqual(['lifecycle', 'voltage']);

    expect((await review(admin.client, filed.body.requestId)).status).toBe(200);
    const after = await partOf(user.client, part.id);
    expect(after).toMatchObject({ voltage: 36, lifecycle: 'active', lifecycleSource: 'distributor: digikey' });
    expect(after.numberOfCircuits ?? null).toBeNull();
    const versions = (await user.client.get<Version[]>(`/api/components/${part.id}/versions`)).body;
    const latest = versions.find((version) => version.versionNumber === after.version)!;
    expect(latest.distributorSource).toMatchObject({ provider: 'digikey', manufacturerPartNumber: 'LM358BAIPWR' });
    expect(latest.changeDescription).toMatch(/^Updated lifecycle, voltage from Digi-Key 296-LM358BAIPWR/);
  });

  it('shows fields protected for the part or its class but refuses to take them; only administrators mark them', async () => {
    const user = await signIn(api, 'user');
    const admin = await signIn(api, 'admin');
    const className = uniqueClass('Protected op amps');
    const part = await createOpAmp(className);

    expect((await user.client.put(`/api/components/${part.id}/protected-fields`, { fields: ['voltage'] })).status).toBe(
      403,
    );
    expect(
      (await admin.client.put(`/api/components/${part.id}/protected-fields`, { fields: ['voltage'] })).status,
    ).toBe(200);
    const classAnswer = await admin.client.put('/api/admin/class-protected-fields', {
      className: className.toUpperCase(),
      fields: ['numberOfCircuits'],
    });
    expect(classAnswer.status).toBe(200);
    // The class's list reads back under any case of its name.
    const classList = await admin.client.get<{ fields: string[] }>(
      `/api/admin/class-protected-fields?className=${encodeURIComponent(className.toLowerCase())}`,
    );
    expect(classList.body.fields).toEqual(['numberOfCircuits']);
    const unknown = await admin.client.put<{ message: string }>(`/api/components/${part.id}/protected-fields`, {
      fields: ['price'],
    });
    expect(unknown.status).toBe(400);

    const proposal = await read(user.client, part.id);
    const rows = new Map(proposal.body.rows.map((row) => [row.field, row]));
    expect(rows.get('voltage')).toMatchObject({ protected: true, distributor: 36 });
    expect(rows.get('numberOfCircuits')).toMatchObject({ protected: true });
    expect(rows.get('lifecycle')).toMatchObject({ protected: false });

    const refused = await fill(user.client, part.id, ['lifecycle', 'voltage']);
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ voltage: messages.distributorFillProtected('Voltage (V)') });
    const classRefused = await fill(user.client, part.id, ['numberOfCircuits']);
    expect(classRefused.status).toBe(400);
    expect(await pendingFor(admin.client, part.id)).toEqual([]);
    expect((await fill(user.client, part.id, ['lifecycle'])).status).toBe(201);
    expect(
      (await user.client.get<{ part: string[]; class: string[] }>(`/api/components/${part.id}/protected-fields`)).body,
    ).toEqual({ part: ['voltage'], class: ['numberOfCircuits'] });
  });

  it('refuses fields the answer has no value for, values the catalogue already holds, and a fill with no answer read', async () => {
    const user = await signIn(api, 'user');
    const part = await createOpAmp();
    const unread = await fill(user.client, part.id, ['voltage']);
    expect(unread.status).toBe(409);
    expect(unread.body.message).toBe(messages.distributorFillExpired('Digi-Key'));

    await read(user.client, part.id);
    const same = await fill(user.client, part.id, ['manufacturer']);
    expect(same.status).toBe(400);
    expect(same.body.message).toBe(messages.distributorFillSame('Manufacturer'));
    const absent = await fill(user.client, part.id, ['weight']);
    expect(absent.status).toBe(400);
    expect(absent.body.message).toBe(messages.distributorFillNotOffered('Weight (kg)', 'Digi-Key'));
  });

  it('files two fills sent at once as two requests, of which only one can be approved', async () => {
    const user = await signIn(api, 'user');
    const admin = await signIn(api, 'admin');
    const part = await createOpAmp();
    await read(user.client, part.id);
    const [first, second] = await Promise.all([
      fill(user.client, part.id, ['voltage']),
      fill(user.client, part.id, ['voltage']),
    ]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(first.body.requestId).not.toBe(second.body.requestId);
    const reviews = await Promise.all([
      review(admin.client, first.body.requestId),
      review(admin.client, second.body.requestId),
    ]);
    expect(reviews.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const after = await partOf(user.client, part.id);
    expect(after).toMatchObject({ voltage: 36, version: part.version + 1 });
  });

  it('leaves one whole list when two administrators mark protected fields at once', async () => {
    const part = await createOpAmp();
    const [one, two] = await Promise.all([signIn(api, 'admin'), signIn(api, 'admin')]);
    const lists = [['voltage', 'lifecycle'], ['description']];
    const answers = await Promise.all([
      one.client.put(`/api/components/${part.id}/protected-fields`, { fields: lists[0] }),
      two.client.put(`/api/components/${part.id}/protected-fields`, { fields: lists[1] }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const kept = (await one.client.get<{ part: string[] }>(`/api/components/${part.id}/protected-fields`)).body.part;
    expect([['lifecycle', 'voltage'], ['description']]).toContainEqual(kept);
  });

  it(
    'DynamoDB paused while a fill is filed: a 503 in time, then at most that one request, and a retry files',
    { timeout: 120_000 },
    async () => {
      const user = await signIn(api, 'user');
      const admin = await signIn(api, 'admin');
      const part = await createOpAmp();
      await read(user.client, part.id);
      const answer = await sentWhilePaused(proxies.dynamodb, 'TransactWriteItems', user.client, (options) =>
        user.client.post<{ message: string }>(
          `/api/components/${part.id}/distributor-fill`,
          { provider: 'digikey', fields: ['voltage'] },
          options,
        ),
      );
      expect(answer.status).toBe(503);
      expect(answer.body.message).toBe(messages.serviceUnavailable);
      expect((await pendingFor(admin.client, part.id)).length).toBeLessThanOrEqual(1);
      expect((await fill(user.client, part.id, ['lifecycle'])).status).toBe(201);
      expect((await partOf(user.client, part.id)).voltage).toBe(5);
    },
  );

  it(
    'DynamoDB paused while protected fields are marked: a 503 in time, and the list is the old or the new one whole',
    { timeout: 120_000 },
    async () => {
      const admin = await signIn(api, 'admin');
      const part = await createOpAmp();
      await admin.client.put(`/api/components/${part.id}/protected-fields`, { fields: ['series'] });
      const answer = await sentWhilePaused(proxies.dynamodb, 'PutItem', admin.client, (options) =>
        admin.client.put<{ message: string }>(
          `/api/components/${part.id}/protected-fields`,
          { fields: ['voltage', 'weight'] },
          options,
        ),
      );
      expect(answer.status).toBe(503);
      const kept = (await admin.client.get<{ part: string[] }>(`/api/components/${part.id}/protected-fields`)).body
        .part;
      expect([['series'], ['weight', 'voltage']]).toContainEqual(kept);
    },
  );
});
