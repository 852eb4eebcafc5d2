import { randomBytes } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import type { ApprovalRequest, Version } from '#shared/schemas/approvals';
import type { Component, ComponentData } from '#shared/schemas/component';
import type { ExportAnswer } from '#shared/schemas/exports';
import type { ImportJob, ImportJobResponse } from '#shared/schemas/import';
import type { ComponentLink } from '#shared/schemas/links';
import { createComponents } from '#repositories/components';
import { getLastExport, noteExport } from '#repositories/export-marks';
import { useTestApi, type TestClient } from '../../scripts/test/api-client';
import { useTestStack } from '../../scripts/test/stack';
import { makeWorkbook } from '../../scripts/test/workbooks';
import { signIn, useFaultProxies, waitUntil } from './support';

/*
 * Exports of a search from the API, and links travelling through them: a workbook, CSV or JSON
 * of every match with a column per kind of link, downloaded from where the API put it; and an
 * import whose link columns name parts by reference and maker, in the catalogue or in the file,
 * making each link once, at both ends and in both histories. The parts are TE Connectivity's
 * MATE-N-LOK family as TE's catalogue links them: the 1-480700-0 plug housing, its 350218-1 pin
 * contact, the 350220-1 mating cap housing and the 90546-1 hand crimp tool.
 */
const stack = useTestStack();
const api = useTestApi();
const { dynamodb } = useFaultProxies(stack, ['dynamodb'], { timeouts: 'local' });

let admin: TestClient;
let user: TestClient;

beforeAll(async () => {
  admin = (await signIn(api, 'admin')).client;
  user = (await signIn(api, 'user')).client;
});

afterEach(async () => {
  dynamodb.set('up');
  await dynamodb.resume();
});

const tagged = () => `X${randomBytes(3).toString('hex').toUpperCase()}`;

const family = async (tag: string): Promise<Record<'housing' | 'contact' | 'cap' | 'tool', Component>> => {
  const [housing, contact, cap, tool] = await createComponents(
    (
      [
        ['1-480700-0', 'Connector', 'MATE-N-LOK plug housing, 2 positions'],
        ['350218-1', 'Contact', 'MATE-N-LOK pin contact, 24-18 AWG'],
        ['350220-1', 'Connector', 'MATE-N-LOK cap housing, 2 positions'],
        ['90546-1', 'Tool', 'PRO-CRIMPER hand crimp tool'],
      ] as const
    ).map(
      ([reference, cls, description]) =>
        ({
          reference: `${tag}-${reference}`,
          class: cls,
          manufacturer: 'TE Connectivity',
          description,
        }) as ComponentData,
    ),
    { username: 'test' },
  );
  return { housing: housing!, contact: contact!, cap: cap!, tool: tool! };
};

const linked = async (from: Component, body: Record<string, unknown>) => {
  const filed = await user.post<{ requestId: string }>(`/api/components/${from.id}/links`, body);
  expect(filed.status).toBe(201);
  const approved = await admin.patch<ApprovalRequest>(`/api/approval-requests/${filed.body.requestId}`, {
    status: 'approved',
  });
  expect(approved.status).toBe(200);
};

/** The export's answer as the app asks for it, and the file it points at. */
const exported = async (client: TestClient, params: Record<string, string>) => {
  const answer = await client.get<ExportAnswer & { message?: string }>(
    `/api/components/export?${new URLSearchParams(params)}`,
    { headers: { accept: 'application/json' } },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const file = await fetch(answer.body.url);
  expect(file.status).toBe(200);
  return { answer: answer.body, file, bytes: Buffer.from(await file.arrayBuffer()) };
};

const linksOf = async (id: number) => (await user.get<ComponentLink[]>(`/api/components/${id}/links`)).body;

const importFile = async (fileName: string, bytes: Buffer) => {
  const started = await admin.post<ImportJobResponse & { message?: string }>('/api/import-excel', {
    fileName,
    fileData: bytes.toString('base64'),
    mode: 'preview',
  });
  expect(started.status, JSON.stringify(started.body).slice(0, 400)).toBe(200);
  return started.body;
};

const committed = async (importId: string) => {
  expect((await admin.post(`/api/imports/${importId}/commit`, {})).status).toBe(202);
  return waitUntil(
    async () => (await admin.get<ImportJob>(`/api/imports/${importId}?limit=0`)).body,
    (job) => job.state === 'completed' || job.state === 'failed',
    { timeoutMs: 180_000, what: `import ${importId} ending` },
  );
};

describe('exports from the API', () => {
  it('exports a search as a workbook with its links, JSON or CSV; a program is sent to the file', async () => {
    const tag = tagged();
    const parts = await family(tag);
    await linked(parts.housing, { kind: 'uses-contact', targetId: parts.contact.id });
    await linked(parts.tool, { kind: 'tool-for', targetId: parts.housing.id, role: 'crimp' });
    await linked(parts.cap, { kind: 'mates-with', targetId: parts.housing.id });

    const { answer, file, bytes } = await exported(user, { query: tag, sort: 'reference', day: '2026-03-09' });
    expect(answer).toMatchObject({ fileName: 'component_export_2026-03-09.xlsx', count: 4 });
    expect(file.headers.get('content-disposition')).toContain('component_export_2026-03-09.xlsx');
    const rows = XLSX.utils.sheet_to_json<Record<string, string>>(XLSX.read(bytes).Sheets.Components!);
    const row = (part: Component) => rows.find((found) => found.Reference === part.reference)!;
    expect(rows).toHaveLength(4);
    expect(row(parts.housing)).toMatchObject({
      'Uses contact': `${parts.contact.reference} (TE Connectivity)`,
      'Uses tool': `crimp: ${parts.tool.reference} (TE Connectivity)`,
      'Mates with': `${parts.cap.reference} (TE Connectivity)`,
    });
    // A one-way link is on the row that holds it; one that reads the same both ways is on both.
    expect(row(parts.contact)).not.toHaveProperty('Uses contact');
    expect(row(parts.cap)['Mates with']).toBe(`${parts.housing.reference} (TE Connectivity)`);

    const json = await exported(user, { query: tag, class: 'Connector', format: 'json' });
    const listed = JSON.parse(json.bytes.toString('utf8')) as (Component & { links: unknown[] })[];
    expect(listed.map((part) => part.id).sort()).toEqual([parts.housing.id, parts.cap.id].sort());
    expect(json.file.headers.get('content-type')).toContain('application/json');

    const csv = await exported(user, { query: tag, format: 'csv' });
    expect(csv.answer.fileName).toMatch(/^component_export_\d{4}-\d{2}-\d{2}\.csv$/);
    const text = csv.bytes.toString('utf8');
    expect(text.split('\n')[0]).toContain('Reference,');
    expect(text).toContain(`crimp: ${parts.tool.reference} (TE Connectivity)`);

    // Without asking for JSON: sent on to the file.
    const redirected = await user.get(`/api/components/export?${new URLSearchParams({ query: tag })}`);
    expect(redirected.status).toBe(303);
    expect(redirected.headers.get('location')).toMatch(/^https?:\/\//);
  });

  it('exports only what changed since a moment, and refuses a wrong format or date with a clear error', async () => {
    const tag = tagged();
    const parts = await family(tag);
    const before = new Date(Date.now() - 60_000).toISOString();
    expect((await exported(user, { query: tag, since: before, format: 'json' })).answer.count).toBe(4);
    const later = new Date(Date.now() + 60_000).toISOString();
    expect((await exported(user, { query: tag, since: later, format: 'json' })).answer.count).toBe(0);
    expect(parts.housing.id).toBeGreaterThan(0);

    // Since my last export: everything before the first; then what changed after one began.
    const { client: exporter, user: exporterUser } = await signIn(api, 'user');
    expect((await exported(exporter, { query: tag, since: 'last', format: 'json' })).answer.count).toBe(4);
    // Marked a minute before it began, so a change made while it ran is in the next one too.
    expect(Date.parse((await getLastExport(exporterUser.id))!)).toBeLessThan(Date.now() - 55_000);
    await noteExport(exporterUser.id, later);
    expect((await exported(exporter, { query: tag, since: 'last', format: 'json' })).answer.count).toBe(0);

    const wrongFormat = await user.get<{ message: string }>('/api/components/export?format=pdf');
    expect(wrongFormat.status).toBe(400);
    expect(wrongFormat.body.message).toContain('format must be xlsx, csv or json');
    const wrongSince = await user.get<{ message: string }>('/api/components/export?since=yesterday');
    expect(wrongSince.status).toBe(400);
    expect(wrongSince.body.message).toContain('since must be a date');
    expect((await api.client().get('/api/components/export')).status).toBe(401);
  });
});

describe('the export of a misspelt search', () => {
  it('holds what the list showed, the clear correction, unless asked for as typed', async () => {
    const tag = tagged();
    // Weidmüller's WDU 2.5 feed-through terminal (order number 1020000000), typed 'weidmuler'.
    await createComponents(
      [
        {
          reference: 'WDU 2.5',
          class: 'Terminal Block',
          manufacturer: 'Weidmüller',
          articleNumber: '1020000000',
          description: `Feed-through terminal, 2.5 mm², 24 A (${tag})`,
        } as ComponentData,
      ],
      { username: 'test' },
    );
    const typed = `weidmuler ${tag}`;
    // The list answers it corrected, and says so.
    const listed = await user.get<Component[]>(`/api/components?${new URLSearchParams({ query: typed })}`);
    expect(listed.headers.get('x-search-corrected')).toBeTruthy();
    expect(listed.body).toHaveLength(1);
    expect((await exported(user, { query: typed, format: 'json' })).answer.count).toBe(1);
    expect((await exported(user, { query: typed, format: 'json', asTyped: 'true' })).answer.count).toBe(0);
  });
});

describe('the mark of a last export', () => {
  it('only moves forward: of two exports noted at once, the later start is kept', async () => {
    const userId = `mark-${tagged()}`;
    await Promise.all([
      noteExport(userId, '2026-03-09T10:00:00.000Z'),
      noteExport(userId, '2026-03-09T10:05:00.000Z'),
      noteExport(userId, '2026-03-09T09:55:00.000Z'),
    ]);
    expect(await getLastExport(userId)).toBe('2026-03-09T10:05:00.000Z');
    await noteExport(userId, '2026-03-09T08:00:00.000Z');
    expect(await getLastExport(userId)).toBe('2026-03-09T10:05:00.000Z');
  });
});

describe('links in an import', () => {
  it("makes the links a file names, to the catalogue's parts and the file's own, once, in both histories", async () => {
    const tag = tagged();
    const parts = await family(tag);
    const housing2 = `${tag}-1-480700-1`;
    const bytes = makeWorkbook({
      headings: ['Reference', 'Class', 'Manufacturer', 'Uses contact', 'Uses tool', 'Mates with', 'Contact for'],
      rows: [
        // A new housing: its contact and cap in the catalogue, its tool by role, a part nobody has.
        [
          housing2,
          'Connector',
          'TE Connectivity',
          `${parts.contact.reference} (TE Connectivity)`,
          `crimp: ${parts.tool.reference} (TE Connectivity)`,
          `${parts.cap.reference} (TE Connectivity); ${tag}-NOT-THERE (TE Connectivity)`,
          '',
        ],
        // The contact names the new housing from its end: the same link, made once.
        [parts.contact.reference, 'Contact', 'TE Connectivity', '', '', '', `${housing2} (TE Connectivity)`],
      ],
    });
    const preview = await importFile('links.xlsx', bytes);
    expect(preview.columns.find((column) => column.heading === 'Uses contact')).toMatchObject({
      field: null,
      link: 'uses-contact',
    });
    expect(preview.ignoredColumns).toEqual([]);
    const [first, second] = preview.rows;
    expect(first!.links!.map((link) => [link.kind, link.state])).toEqual([
      ['uses-contact', 'new'],
      ['uses-tool', 'new'],
      ['mates-with', 'new'],
      ['mates-with', 'missing'],
    ]);
    expect(first!.warnings).toContainEqual({
      field: 'Mates with',
      message: `no part ${tag}-NOT-THERE (TE Connectivity) is in the catalogue or this file: the link is not made`,
    });
    expect(second!.links).toMatchObject([{ kind: 'contact-for', state: 'exists', targetRow: first!.row }]);

    const done = await committed(preview.importId);
    expect(done).toMatchObject({ state: 'completed' });
    expect(done.message).toContain('3 links made');
    const added = (await user.get<Component[]>(`/api/components?query=${encodeURIComponent(housing2)}`)).body[0]!;
    expect((await linksOf(added.id)).map((link) => [link.kind, link.otherId, link.role])).toEqual(
      expect.arrayContaining([
        ['uses-contact', parts.contact.id, null],
        ['uses-tool', parts.tool.id, 'crimp'],
        ['mates-with', parts.cap.id, null],
      ]),
    );
    expect(await linksOf(added.id)).toHaveLength(3);
    expect((await linksOf(parts.contact.id)).map((link) => [link.kind, link.otherId])).toEqual([
      ['contact-for', added.id],
    ]);
    const history = (await user.get<Version[]>(`/api/components/${parts.tool.id}/versions`)).body;
    expect(history[0]).toMatchObject({ changedFields: ['links'], changeDescription: `Linked: tool for ${housing2}` });
    expect(history[0]!.username).toContain('imported from links.xlsx');
  });

  it('the workbook for SOLIDWORKS Electrical has its sheet and headings, and imported back changes nothing', async () => {
    const tag = tagged();
    const parts = await family(tag);
    // The plug housing's two positions as circuits and its description in German as well.
    const [housing2] = await createComponents(
      [
        {
          reference: `${tag}-1-480700-0-B`,
          class: 'Connector',
          manufacturer: 'TE Connectivity',
          description: 'MATE-N-LOK plug housing, 2 positions',
          description_de: 'MATE-N-LOK Steckergehäuse, 2-polig',
          numberOfCircuits: 2,
        } as unknown as ComponentData,
      ],
      { username: 'test' },
    );
    const { answer, bytes } = await exported(user, { query: tag, format: 'swe', sort: 'reference', day: '2026-03-09' });
    expect(answer).toMatchObject({ fileName: 'component_export_swe_2026-03-09.xlsx', count: 5 });
    const book = XLSX.read(bytes);
    expect(book.SheetNames).toEqual(['Manufacturer parts']);
    const [headings, ...rows] = XLSX.utils.sheet_to_json<string[]>(book.Sheets['Manufacturer parts']!, { header: 1 });
    expect(headings!.slice(0, 5)).toEqual(['Reference', 'Manufacturer', 'Classification', 'Type', 'Article number']);
    expect(headings).toEqual(
      expect.arrayContaining(['Description', 'Description (de)', 'Description (fr)', 'Circuits', 'Control voltage']),
    );
    expect(rows).toHaveLength(5);
    expect(rows.map((row) => row[0])).toContain(parts.tool.reference);
    const housing = rows.find((row) => row[0] === housing2!.reference)!;
    expect(housing[headings!.indexOf('Description (de)')]).toBe('MATE-N-LOK Steckergehäuse, 2-polig');
    expect(String(housing[headings!.indexOf('Circuits')])).toBe('2');

    const preview = await importFile(answer.fileName, bytes);
    expect(preview.ignoredColumns).toEqual([]);
    expect(preview.preview).toMatchObject({ create: 0, update: 0, unchanged: 5, skip: 0 });
  });

  it('an export imported back changes nothing: every link is one the catalogue has', async () => {
    const tag = tagged();
    const parts = await family(tag);
    await linked(parts.housing, { kind: 'uses-contact', targetId: parts.contact.id });
    await linked(parts.housing, { kind: 'mates-with', targetId: parts.cap.id });
    const { bytes } = await exported(admin, { query: tag });
    const preview = await importFile('component_export_2026-03-09.xlsx', bytes);
    expect(preview.preview).toMatchObject({ create: 0, update: 0, unchanged: 4, skip: 0 });
    const states = preview.rows.flatMap((row) => (row.links ?? []).map((link) => link.state));
    expect(states.length).toBeGreaterThanOrEqual(3);
    expect(new Set(states)).toEqual(new Set(['exists']));
  });

  it('an import and an approval making the same link at once make it once; DynamoDB paused mid-commit loses nothing', async () => {
    const tag = tagged();
    const parts = await family(tag);
    const filed = await user.post<{ requestId: string }>(`/api/components/${parts.housing.id}/links`, {
      kind: 'accessory',
      targetId: parts.tool.id,
    });
    expect(filed.status).toBe(201);
    const a = await importFile(
      'a.xlsx',
      makeWorkbook({
        headings: ['Reference', 'Class', 'Manufacturer', 'Accessory'],
        rows: [[parts.housing.reference, 'Connector', 'TE Connectivity', `${parts.tool.reference} (TE Connectivity)`]],
      }),
    );
    const [approval, done] = await Promise.all([
      admin.patch(`/api/approval-requests/${filed.body.requestId}`, { status: 'approved' }),
      committed(a.importId),
    ]);
    expect(done.state).toBe('completed');
    // Whichever came second found the link made: the review says so, the import leaves it.
    expect([200, 409]).toContain(approval.status);
    expect((await linksOf(parts.housing.id)).map((link) => link.kind)).toEqual(['accessory']);
    const versions = (await user.get<Version[]>(`/api/components/${parts.housing.id}/versions`)).body;
    expect(versions.filter((version) => version.changedFields.includes('links'))).toHaveLength(1);

    // The commit's link write held by DynamoDB, then let through: the link is made once.
    const c = await importFile(
      'c.xlsx',
      makeWorkbook({
        headings: ['Reference', 'Class', 'Manufacturer', 'Alternative'],
        rows: [[parts.housing.reference, 'Connector', 'TE Connectivity', `${parts.cap.reference} (TE Connectivity)`]],
      }),
    );
    const paused = dynamodb.pause('LINK#alternative');
    const commitC = committed(c.importId);
    await paused;
    await dynamodb.resume();
    expect(await commitC).toMatchObject({ state: 'completed' });
    expect((await linksOf(parts.cap.id)).map((link) => [link.kind, link.otherId])).toEqual([
      ['alternative', parts.housing.id],
    ]);
  });
});
