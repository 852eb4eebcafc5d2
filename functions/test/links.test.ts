import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import type { ApprovalRequest, Version } from '#shared/schemas/approvals';
import type { Component, ComponentData } from '#shared/schemas/component';
import type { ComponentLink } from '#shared/schemas/links';
import { createComponents } from '#repositories/components';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi, type TestClient } from '../../scripts/test/api-client';
import { signIn, useFaultProxies, sentWhilePaused } from './support';

/*
 * Links between parts, proposed and reviewed like any change, read from both ends in their own
 * words. The parts are TE Connectivity's MATE-N-LOK family as TE's catalogue links them: the
 * 1-480700-0 plug housing, its 350218-1 pin contact, the 350220-1 mating cap housing and the
 * 90546-1 hand crimp tool.
 */
const stack = useTestStack();
const api = useTestApi();
const proxies = useFaultProxies(stack, ['dynamodb'], { timeouts: 'deployed' });

let made = 0;
const parts = async (...specs: [reference: string, cls: string][]): Promise<Component[]> => {
  const tag = `${Date.now().toString(36).toUpperCase()}${++made}`;
  return createComponents(
    specs.map(
      ([reference, cls]) =>
        ({ reference: `${reference}-${tag}`, class: cls, manufacturer: 'TE Connectivity' }) as ComponentData,
    ),
    { username: 'test' },
  );
};
const propose = (client: TestClient, id: number, body: Record<string, unknown>) =>
  client.post<{ requestId: string; message?: string }>(`/api/components/${id}/links`, body);
const review = (admin: TestClient, id: string, status: 'approved' | 'rejected' = 'approved') =>
  admin.patch<ApprovalRequest & { message?: string }>(`/api/approval-requests/${id}`, { status });
const linksOf = async (client: TestClient, id: number) =>
  (await client.get<ComponentLink[]>(`/api/components/${id}/links`)).body;
const versionsOf = async (client: TestClient, id: number) =>
  (await client.get<Version[]>(`/api/components/${id}/versions`)).body;

describe('links between parts', () => {
  it('a link waits for review, then reads from both ends in their words and is in both histories', async () => {
    const user = await signIn(api, 'user');
    const admin = await signIn(api, 'admin');
    const [housing, contact, tool] = await parts(
      ['1-480700-0', 'Connector'],
      ['350218-1', 'Contact'],
      ['90546-1', 'Tool'],
    );
    const filed = await propose(user.client, housing!.id, { kind: 'uses-contact', targetId: contact!.id });
    expect(filed.status).toBe(201);
    // Proposed from the tool's end, in the tool's words: stored as the housing using the tool.
    const toolLink = await propose(user.client, tool!.id, { kind: 'tool-for', targetId: housing!.id, role: 'crimp' });
    expect(toolLink.status).toBe(201);
    expect(await linksOf(user.client, housing!.id)).toEqual([]);

    const queue = (await admin.client.get<ApprovalRequest[]>('/api/approval-requests')).body;
    expect(queue.find((request) => request.id === filed.body.requestId)).toMatchObject({
      requestType: 'link',
      requestData: { action: 'add', kind: 'uses-contact', fromId: housing!.id, toId: contact!.id },
    });
    expect((await review(admin.client, filed.body.requestId)).status).toBe(200);
    expect((await review(admin.client, toolLink.body.requestId)).status).toBe(200);

    expect(await linksOf(user.client, housing!.id)).toMatchObject([
      { kind: 'uses-contact', label: 'Uses contact', otherId: contact!.id, reference: contact!.reference },
      { kind: 'uses-tool', label: 'Uses tool', role: 'crimp', otherId: tool!.id, reference: tool!.reference },
    ]);
    expect(await linksOf(user.client, contact!.id)).toMatchObject([
      { kind: 'contact-for', label: 'Contact for', otherId: housing!.id, manufacturer: 'TE Connectivity' },
    ]);
    expect(await linksOf(user.client, tool!.id)).toMatchObject([{ kind: 'tool-for', otherId: housing!.id }]);
    expect((await versionsOf(user.client, contact!.id))[0]).toMatchObject({
      versionNumber: 2,
      changedFields: ['links'],
      changeDescription: `Linked: contact for ${housing!.reference}`,
    });
    expect((await versionsOf(user.client, housing!.id)).map((version) => version.changeDescription)).toEqual(
      expect.arrayContaining([`Linked: uses contact ${contact!.reference}`, `Linked: uses tool ${tool!.reference}`]),
    );

    // Removing is reviewed too, and reaches both ends.
    const [link] = await linksOf(user.client, contact!.id);
    const removal = await user.client.delete<{ requestId: string }>(`/api/components/${contact!.id}/links/${link!.id}`);
    expect(removal.status).toBe(201);
    expect((await review(admin.client, removal.body.requestId)).status).toBe(200);
    expect(await linksOf(user.client, contact!.id)).toEqual([]);
    expect((await linksOf(user.client, housing!.id)).map((found) => found.kind)).toEqual(['uses-tool']);
  });

  it('mating and alternatives read the same both ways and are one link whichever end proposes', async () => {
    const user = await signIn(api, 'user');
    const admin = await signIn(api, 'admin');
    const [plug, cap] = await parts(['1-480700-0', 'Connector'], ['1-480701-0', 'Connector']);
    const first = await propose(user.client, cap!.id, { kind: 'mates-with', targetId: plug!.id });
    const again = await propose(user.client, plug!.id, { kind: 'mates-with', targetId: cap!.id });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('already waiting for review');
    await review(admin.client, first.body.requestId);
    expect((await linksOf(user.client, plug!.id))[0]).toMatchObject({ kind: 'mates-with', otherId: cap!.id });
    expect((await linksOf(user.client, cap!.id))[0]).toMatchObject({ kind: 'mates-with', otherId: plug!.id });
    const twice = await propose(user.client, plug!.id, { kind: 'mates-with', targetId: cap!.id });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toContain('already linked');
  });

  it('refuses a link to itself, to a missing part, of an unknown kind, or a role on a non-tool link', async () => {
    const user = await signIn(api, 'user');
    const [part] = await parts(['350218-1', 'Contact']);
    const refused = async (body: Record<string, unknown>, message: string) => {
      const answer = await propose(user.client, part!.id, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toBe(message);
    };
    await refused({ kind: 'mates-with', targetId: part!.id }, messages.linkToItself);
    await refused({ kind: 'mates-with', targetId: 999_999_999 }, messages.linkTargetMissing);
    await refused({ kind: 'friends-with', targetId: 1 }, messages.linkKindInvalid);
    await refused({ kind: 'accessory', targetId: 1, role: 'crimp' }, messages.linkRoleInvalid);
    expect((await user.client.post(`/api/components/999999999/links`, { kind: 'accessory', targetId: 1 })).status).toBe(
      404,
    );
  });

  it('two links proposed at once on one part both land; a link whose part was deleted meanwhile is closed', async () => {
    const user = await signIn(api, 'user');
    const admin = await signIn(api, 'admin');
    const [housing, contact, cap, doomed] = await parts(
      ['1-480700-0', 'Connector'],
      ['350218-1', 'Contact'],
      ['1-480701-0', 'Connector'],
      ['350547-1', 'Contact'],
    );
    const [a, b, c] = await Promise.all([
      propose(user.client, housing!.id, { kind: 'uses-contact', targetId: contact!.id }),
      propose(user.client, housing!.id, { kind: 'mates-with', targetId: cap!.id }),
      propose(user.client, housing!.id, { kind: 'uses-contact', targetId: doomed!.id }),
    ]);
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
    const reviews = await Promise.all([review(admin.client, a.body.requestId), review(admin.client, b.body.requestId)]);
    expect(reviews.map((answer) => answer.status)).toEqual([200, 200]);
    expect((await linksOf(user.client, housing!.id)).map((link) => link.otherId).sort()).toEqual(
      [contact!.id, cap!.id].sort(),
    );
    // Two approvals wrote a version each on the housing: none lost, none doubled.
    expect((await versionsOf(user.client, housing!.id)).map((version) => version.versionNumber)).toEqual([3, 2, 1]);

    const deletion = await user.client.post<{ requestId: string }>(`/api/components/${doomed!.id}/delete-request`, {});
    expect((await review(admin.client, deletion.body.requestId)).status).toBe(200);
    const late = await review(admin.client, c.body.requestId);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(messages.requestComponentGone);
    expect((await linksOf(user.client, housing!.id)).map((link) => link.otherId)).not.toContain(doomed!.id);
  });

  it(
    'DynamoDB paused while a link is approved: a 503 in time, then the link lands once at both ends',
    { timeout: 120_000 },
    async () => {
      const user = await signIn(api, 'user');
      const admin = await signIn(api, 'admin');
      const [housing, tool] = await parts(['1-480700-0', 'Connector'], ['90546-1', 'Tool']);
      const filed = await propose(user.client, housing!.id, { kind: 'uses-tool', targetId: tool!.id, role: 'crimp' });
      const answer = await sentWhilePaused(proxies.dynamodb, 'TransactWriteItems', admin.client, (options) =>
        admin.client.patch<{ message: string }>(
          `/api/approval-requests/${filed.body.requestId}`,
          { status: 'approved' },
          options,
        ),
      );
      expect(answer.status).toBe(503);
      expect(answer.body.message).toBe(messages.serviceUnavailable);

      const again = await review(admin.client, filed.body.requestId);
      expect([200, 409]).toContain(again.status);
      expect(await linksOf(user.client, housing!.id)).toHaveLength(1);
      expect(await linksOf(user.client, tool!.id)).toHaveLength(1);
      expect(await versionsOf(user.client, tool!.id)).toHaveLength(2);
    },
  );
});
