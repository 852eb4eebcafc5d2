import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import type { ApprovalRequest, Version } from '#shared/schemas/approvals';
import type { Component, ComponentData } from '#shared/schemas/component';
import type { Attachment } from '#shared/schemas/files';
import type { AdminUser } from '#shared/schemas/users';
import { createComponents } from '#repositories/components';
import { changeUserRole } from '#services/users';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi, type TestClient } from '../../scripts/test/api-client';
import { generatedRows, makeWorkbook, specHeadings } from '../../scripts/test/workbooks';
import { bucketKeys, createSignedInUser, signIn, uploadThroughApi } from './support';

/*
 * Races, each with a check that fails on a lost or a doubled write. (Concurrent
 * approvals of one request live in approvals.test.ts.)
 */
const stack = useTestStack();
const api = useTestApi();

const newPart = async (): Promise<Component> => {
  const [component] = await createComponents(
    [{ reference: `RACE-${Date.now().toString(36)}`, class: 'Relay', manufacturer: 'Siemens' } as ComponentData],
    { username: 'test' },
  );
  return component!;
};

/** Approves every request, in parallel, again and again while some answer 'please try again'. */
const approveAll = async (admins: TestClient[], ids: string[]) => {
  let left = ids;
  for (let round = 0; left.length && round < ids.length + 2; round++) {
    const answers = await Promise.all(
      left.map((id, i) =>
        admins[i % admins.length]!.patch<{ message?: string }>(`/api/approval-requests/${id}`, { status: 'approved' }),
      ),
    );
    for (const answer of answers) if (answer.status !== 200) expect(answer.body.message).toBe(messages.requestRetry);
    left = left.filter((_, i) => answers[i]!.status !== 200);
  }
  expect(left).toEqual([]);
};

describe('concurrent edits of one component', () => {
  it('proposed and approved at the same time: every change lands once, in contiguous versions', async () => {
    const part = await newPart();
    const edits: [string, string][] = [
      ['description', 'Edited description'],
      ['type', 'Edited type'],
      ['series', 'Edited series'],
      ['articleNumber', 'ART-42'],
      ['library', 'Edited library'],
      ['supplierName', 'Edited supplier'],
      ['stockNumber', 'STOCK-7'],
      ['manufacturer', 'Edited maker'],
    ];
    const users = await Promise.all(edits.map(() => signIn(api, 'user')));
    const admins = await Promise.all([signIn(api, 'admin'), signIn(api, 'admin'), signIn(api, 'admin')]);
    const proposals = await Promise.all(
      edits.map(([field, value], i) =>
        users[i]!.client.patch<{ requestId: string }>(`/api/components/${part.id}`, { [field]: value }),
      ),
    );
    expect(proposals.map((p) => p.status)).toEqual(edits.map(() => 201));

    await approveAll(
      admins.map((a) => a.client),
      proposals.map((p) => p.body.requestId),
    );

    const component = (await users[0]!.client.get<Component & Record<string, unknown>>(`/api/components/${part.id}`))
      .body;
    for (const [field, value] of edits) expect(component[field], field).toBe(value);
    expect(component.version).toBe(edits.length + 1);
    const versions = (await users[0]!.client.get<Version[]>(`/api/components/${part.id}/versions`)).body;
    expect(versions.map((v) => v.versionNumber).sort((a, b) => a - b)).toEqual(
      Array.from({ length: edits.length + 1 }, (_, i) => i + 1),
    );
    const changed = versions.flatMap((v) => (v.versionNumber === 1 ? [] : (v.changedFields ?? [])));
    expect(changed.sort()).toEqual(edits.map(([field]) => field).sort());
  });
});

describe('two administrators changing one user', () => {
  it('apply one change, keep the administrator count true, so the last administrator is still protected', async () => {
    const [first, second] = await Promise.all([signIn(api, 'admin'), signIn(api, 'admin')]);
    const { user: target } = await createSignedInUser('user');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? second : first).client.patch<AdminUser & { message?: string }>(`/api/users/${target.id}/role`, {
          role: 'admin',
        }),
      ),
    );
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const admins = () =>
      first.client
        .get<AdminUser[]>('/api/users')
        .then((r) => r.body.filter((u) => u.role === 'admin').map((u) => u.id));
    expect(await admins()).toEqual(expect.arrayContaining([first.user.id, second.user.id, target.id]));

    // Opposite changes at once: one wins, the other is told the user changed meanwhile.
    const opposite = await Promise.all([
      first.client.patch<{ message?: string }>(`/api/users/${target.id}/role`, { role: 'user' }),
      second.client.patch<{ message?: string }>(`/api/users/${target.id}/role`, { role: 'user' }),
    ]);
    expect(opposite.map((a) => a.status).sort()).toEqual([200, 200]);

    // Had a promotion counted twice, the count would now let the last administrator go.
    for (const id of (await admins()).filter((id) => id !== first.user.id)) {
      expect((await first.client.patch(`/api/users/${id}/role`, { role: 'user' })).status).toBe(200);
    }
    await expect(changeUserRole(second.user, first.user.id, 'user')).rejects.toThrow(messages.lastAdminDemote);
    expect(await admins()).toEqual([first.user.id]);
  });
});

describe('parallel uploads to one component', () => {
  it('keep every file once: one attachment, one request and one object each, and no upload left behind', async () => {
    const part = await newPart();
    const uploaders = await Promise.all(Array.from({ length: 3 }, () => signIn(api, 'user')));
    const admin = await signIn(api, 'admin');
    const pdf = (n: number) => Buffer.concat([Buffer.from(`%PDF-1.4\n% file ${n}\n`), Buffer.alloc(256, 0x20)]);
    const send = async (caller: { client: TestClient }, n: number) => {
      const fileName = `sheet-${n}.pdf`;
      const uploadKey = await uploadThroughApi(caller.client, {
        name: fileName,
        type: 'application/pdf',
        bytes: pdf(n),
      });
      return caller.client.post<{ requestId: string; attachmentId: string }>(`/api/components/${part.id}/attachments`, {
        fileName,
        fileType: 'application/pdf',
        uploadKey,
      });
    };
    const COUNT = 12;
    const answers = await Promise.all(
      Array.from({ length: COUNT }, (_, n) => send(uploaders[n % uploaders.length]!, n)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(COUNT).fill(201));

    const listed = (await admin.client.get<Attachment[]>(`/api/components/${part.id}/attachments`)).body;
    expect(listed.map((a) => a.id).sort()).toEqual(answers.map((a) => a.body.attachmentId).sort());
    expect(new Set(listed.map((a) => a.fileName)).size).toBe(COUNT);
    const pending = (await admin.client.get<ApprovalRequest[]>('/api/approval-requests?status=pending')).body.filter(
      (r) => r.componentId === part.id,
    );
    expect(pending.map((r) => r.id).sort()).toEqual(answers.map((a) => a.body.requestId).sort());

    const keys = await bucketKeys(stack, '');
    expect(keys.filter((key) => key.startsWith('uploads/'))).toEqual([]);
    expect(keys.filter((key) => key.includes(`/${part.id}/`))).toHaveLength(COUNT);

    await approveAll(
      [admin.client],
      pending.map((r) => r.id),
    );
    const published = (await uploaders[0]!.client.get<Attachment[]>(`/api/components/${part.id}/attachments`)).body;
    expect(published.filter((a) => a.isApproved)).toHaveLength(COUNT);
  });
});

describe('an import running while users propose edits and an admin approves them', () => {
  it('adds every imported part once, applies every edit once, and search sees both', async () => {
    const part = await newPart();
    const [admin, importer] = await Promise.all([signIn(api, 'admin'), signIn(api, 'admin')]);
    const users = await Promise.all(Array.from({ length: 6 }, () => signIn(api, 'user')));
    const prefix = `RACEIMP${Date.now().toString(36).toUpperCase()}`;
    const rows = 1500;
    const workbook = makeWorkbook({ name: 'Parts', headings: specHeadings, rows: generatedRows(rows, prefix) });
    const totalOf = async () =>
      Number((await admin.client.get(`/api/components?limit=1`)).headers.get('x-total-count'));
    const totalBefore = await totalOf();

    const importing = importer.client.post<{ count: number; rejected: number }>('/api/import-excel', {
      fileName: 'race.xlsx',
      fileData: workbook.toString('base64'),
    });
    const editing = (async () => {
      const descriptions: string[] = [];
      for (const [i, caller] of users.entries()) {
        const description = `Edited while importing ${i}`;
        const proposal = await caller.client.patch<{ requestId: string }>(`/api/components/${part.id}`, {
          description,
        });
        expect(proposal.status).toBe(201);
        await approveAll([admin.client], [proposal.body.requestId]);
        descriptions.push(description);
      }
      return descriptions;
    })();
    const [imported, descriptions] = await Promise.all([importing, editing]);

    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body).toMatchObject({ count: rows, rejected: 0 });
    const found = await admin.client.get<Component[]>(
      `/api/components?${new URLSearchParams({ reference: prefix, limit: '1' })}`,
    );
    expect(Number(found.headers.get('x-total-count'))).toBe(rows);
    expect(await totalOf()).toBe(totalBefore + rows);

    const component = (await admin.client.get<Component>(`/api/components/${part.id}`)).body;
    expect(component.description).toBe(descriptions.at(-1));
    expect(component.version).toBe(users.length + 1);
    const versions = (await admin.client.get<Version[]>(`/api/components/${part.id}/versions`)).body;
    expect(versions.map((v) => v.versionNumber).sort((a, b) => a - b)).toEqual(
      Array.from({ length: users.length + 1 }, (_, i) => i + 1),
    );
    const bySearch = await admin.client.get<Component[]>(
      `/api/components?${new URLSearchParams({ description: descriptions.at(-1)! })}`,
    );
    expect(bySearch.body.map((c) => c.id)).toEqual([part.id]);
  });
});
