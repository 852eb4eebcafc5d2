import { randomBytes } from 'node:crypto';
import { StopExecutionCommand } from '@aws-sdk/client-sfn';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '#shared/messages';
import type { ApprovalRequest, Version } from '#shared/schemas/approvals';
import type { Component, ComponentData } from '#shared/schemas/component';
import type { ImportJob, ImportJobList, ImportJobResponse, ImportRowReport } from '#shared/schemas/import';
import { dynamo, sfn } from '#lib/clients';
import { createComponents, deleteComponent, getComponent } from '#repositories/components';
import { listCommittedGroups } from '#repositories/import-jobs';
import { useTestApi, type TestClient } from '../../scripts/test/api-client';
import { useTestStack } from '../../scripts/test/stack';
import { makeWorkbook, type Cell } from '../../scripts/test/workbooks';
import { signedInClient, signIn, waitUntil, useFaultProxies } from './support';

/*
 * The Excel import as a job, against the local stack and the import state machine run locally:
 * previews (totals, each row's action, the changes), other columns and the empty-cells option,
 * commits that do exactly what was previewed (with history and search), conflicts with what
 * changed since the preview, one commit at a time, and the faults a commit must survive with
 * exact counts: a slice retried after its write landed, a job killed midway and resumed.
 */
const stack = useTestStack();
const api = useTestApi();

let admin: TestClient;
let adminName: string;
/** Every DynamoDB call of this file (API, tasks, test) goes through it; 'up' unless a test says otherwise. */
const { dynamodb: dynamodbProxy } = useFaultProxies(stack, ['dynamodb'], { timeouts: 'local' });

beforeAll(async () => {
  const signed = await signIn(api, 'admin');
  admin = signed.client;
  adminName = signed.user.username;
});

afterEach(async () => {
  vi.restoreAllMocks();
  dynamodbProxy.set('up');
  await dynamodbProxy.resume();
});

let prefixCounter = 0;
const uniquePrefix = (label: string) => `${label}${++prefixCounter}${randomBytes(3).toString('hex').toUpperCase()}`;

const preview = (fileName: string, bytes: Buffer, extra: Record<string, unknown> = {}) =>
  admin.post<ImportJobResponse & { message?: string }>('/api/import-excel', {
    fileName,
    fileData: bytes.toString('base64'),
    mode: 'preview',
    ...extra,
  });

/** Previews and expects the preview to be ready. */
const previewed = async (fileName: string, bytes: Buffer, extra: Record<string, unknown> = {}) => {
  const answer = await preview(fileName, bytes, extra);
  expect(answer.status, JSON.stringify(answer.body).slice(0, 400)).toBe(200);
  expect(answer.body.state).toBe('previewed');
  return answer.body;
};

const report = async (importId: string, query: Record<string, string | number> = {}) => {
  const params = new URLSearchParams(Object.entries({ limit: 200, ...query }).map(([k, v]) => [k, String(v)]));
  const answer = await admin.get<ImportJobResponse>(`/api/imports/${importId}?${params}`);
  expect(answer.status, JSON.stringify(answer.body).slice(0, 400)).toBe(200);
  return answer.body;
};

/** Reads the import until `until` holds (answers that are not 200, as during an outage, are waited out). */
const waitForImport = (importId: string, until: (job: ImportJob) => boolean, timeoutMs = 180_000) =>
  waitUntil(
    async () => {
      const answer = await admin.get<ImportJob>(`/api/imports/${importId}?limit=0`);
      if (answer.status !== 200) throw new Error(`status ${answer.status}`);
      return answer.body;
    },
    until,
    { timeoutMs, what: `import ${importId} getting there` },
  );

const ended = (job: ImportJob) => job.state === 'completed' || job.state === 'failed';

const commit = (importId: string, excludeRows?: number[]) =>
  admin.post<ImportJob & { message?: string }>(`/api/imports/${importId}/commit`, excludeRows ? { excludeRows } : {});

const search = async (query: string): Promise<Component[]> => {
  const answer = await admin.get<Component[]>(`/api/components?${new URLSearchParams({ query, limit: '1000' })}`);
  expect(answer.status).toBe(200);
  return answer.body;
};

const versionsOf = async (id: number) => (await admin.get<Version[]>(`/api/components/${id}/versions`)).body;

const parts = async (list: Partial<ComponentData>[]): Promise<Component[]> =>
  (await createComponents(list as ComponentData[], { username: 'catalogue' })) as Component[];

const byRow = (rows: readonly ImportRowReport[]) => new Map(rows.map((row) => [row.row, row]));

const headings = ['Reference', 'Class', 'Manufacturer', 'Description', 'Width (mm)'];

/** `count` rows of new parts under `prefix`. */
const newRows = (prefix: string, count: number): Cell[][] =>
  Array.from({ length: count }, (_, index) => [
    `${prefix}-${String(index + 1).padStart(5, '0')}`,
    'Relay',
    ['Siemens', 'ABB', 'Eaton'][index % 3]!,
    `Generated relay ${index + 1}`,
    10 + (index % 20),
  ]);

describe('previewing an import', () => {
  it('answers every row’s action, the changes with their stored and new values, and the totals; writes nothing', async () => {
    const p = uniquePrefix('PRV');
    const [contactor, plug, , , aux] = await parts([
      {
        reference: `${p}-3RT2015-1BB41`,
        class: 'Relay',
        manufacturer: 'Siemens',
        description: 'Contactor 3 kW',
        width: 45,
      },
      { reference: `${p}-UIBIMP-005`, class: 'Connector', manufacturer: 'Siemens', description: 'Plug' },
      { reference: `${p}-LC1D09`, class: 'Relay', manufacturer: 'Schneider Electric' },
      { reference: `${p}-LC1D09`, class: 'Relay', manufacturer: 'Eaton' },
      { reference: `${p}-3RH2122-1AF00`, class: 'Relay', manufacturer: 'Siemens', description: 'Aux relay' },
    ]);
    const bytes = makeWorkbook({
      headings: [...headings, 'Unit price'],
      rows: [
        [`${p}-3rt2015 1bb41`, 'Relay', 'SIEMENS', 'Contactor 3 kW', 45, 12], // 2 unchanged (variants)
        [`${p}-uibimp-005`, 'Connector', 'siemens', 'Plug, 4 poles', null, 3], // 3 update
        [`${p}-3RH2122-1AF00`, 'Relay', null, 'Aux relay 1NO', '45', 4], // 4 update, blank maker
        [`${p}-LC1D09`, 'Relay', '', 'Which one?', null, 5], // 5 ambiguous
        [`${p}-NEW-1`, 'Switch', 'ABB', 'New switch', 20, 6], // 6 create
        [`${p}-new 1`, 'Switch', 'abb', 'Again', null, 7], // 7 duplicate of 6
        [`${p}-NEW-2`, 'Switch', null, 'No maker yet', null, 8], // 8 create
        [`${p}-NEW-3`, 'Relay', 'ABB', 'Bad width', 'wide', 9], // 9 invalid
        [`${p}-NEW-2`, 'Switch', null, 'Again', null, 10], // 10 duplicate of 8
      ],
    });
    const job = await previewed('Parts.xlsx', bytes);
    expect(job).toMatchObject({
      fileName: 'Parts.xlsx',
      state: 'previewed',
      createdBy: adminName,
      sheetName: 'Sheet1',
      rowsTotal: 9,
      preview: { create: 2, update: 2, unchanged: 1, skip: 4 },
      ignoredColumns: ['Unit price'],
      rowsDone: 0,
      emptyCellsClear: false,
    });
    expect(job.columns.map((column) => [column.letter, column.heading, column.field])).toEqual([
      ['A', 'Reference', 'reference'],
      ['B', 'Class', 'class'],
      ['C', 'Manufacturer', 'manufacturer'],
      ['D', 'Description', 'description'],
      ['E', 'Width (mm)', 'width'],
      ['F', 'Unit price', null],
    ]);
    const rows = byRow(job.rows);
    expect(job.rows.map((row) => [row.row, row.action])).toEqual([
      [2, 'unchanged'],
      [3, 'update'],
      [4, 'update'],
      [5, 'skip'],
      [6, 'create'],
      [7, 'skip'],
      [8, 'create'],
      [9, 'skip'],
      [10, 'skip'],
    ]);
    expect(rows.get(2)).toMatchObject({ componentId: contactor!.id, changes: [] });
    expect(rows.get(3)).toMatchObject({
      componentId: plug!.id,
      changes: [{ field: 'description', from: 'Plug', to: 'Plug, 4 poles' }],
    });
    expect(rows.get(4)).toMatchObject({
      componentId: aux!.id,
      changes: [
        { field: 'description', from: 'Aux relay', to: 'Aux relay 1NO' },
        { field: 'width', from: null, to: 45 },
      ],
    });
    expect(rows.get(5)!.reasons).toEqual([{ field: 'manufacturer', message: messages.importAmbiguousManufacturer(2) }]);
    expect(rows.get(7)!.reasons).toEqual([{ field: 'reference', message: messages.importDuplicateInFile(6) }]);
    expect(rows.get(9)!.reasons).toEqual([{ field: 'width', message: "Width (mm) must be a number, not 'wide'" }]);
    expect(rows.get(10)!.reasons).toEqual([{ field: 'reference', message: messages.importDuplicateInFile(8) }]);
    expect(job.rows.every((row) => row.outcome === null)).toBe(true);

    // Filters and pages.
    expect((await report(job.importId, { filter: 'update' })).rows.map((row) => row.row)).toEqual([3, 4]);
    const skipped = await report(job.importId, { filter: 'skip', offset: 1, limit: 2 });
    expect(skipped).toMatchObject({ rowsMatching: 4, offset: 1, limit: 2 });
    expect(skipped.rows.map((row) => row.row)).toEqual([7, 9]);
    expect((await report(job.importId, { offset: 8 })).rows.map((row) => row.row)).toEqual([10]);

    // Nothing written.
    expect((await getComponent(plug!.id))!.description).toBe('Plug');
    expect(await search(`${p}-NEW`)).toEqual([]);
    const listed = (await admin.get<ImportJobList>('/api/imports')).body.imports;
    expect(listed.find((item) => item.importId === job.importId)).toMatchObject({ state: 'previewed' });
  });

  it('previews again with another field for a column, or with empty cells clearing fields', async () => {
    const p = uniquePrefix('MAP');
    const [part] = await parts([
      { reference: `${p}-1`, class: 'Relay', manufacturer: 'ABB', description: 'Keep me', width: 10, series: 'S1' },
    ]);
    const bytes = makeWorkbook({
      headings: ['Reference', 'Class', 'Manufacturer', 'Description', 'Width (mm)', 'Range'],
      rows: [[`${p}-1`, 'Relay', 'ABB', null, null, 'S2']],
    });
    const first = await previewed('map.xlsx', bytes);
    expect(first.rows[0]).toMatchObject({ action: 'unchanged' });
    expect(first.ignoredColumns).toEqual(['Range']);

    const remapped = await admin.patch<ImportJobResponse>(`/api/imports/${first.importId}`, {
      columns: { 5: 'series' },
    });
    expect(remapped.status, JSON.stringify(remapped.body)).toBe(200);
    expect(remapped.body.columns.find((column) => column.index === 5)).toMatchObject({
      heading: 'Range',
      field: 'series',
      suggested: null,
    });
    expect(remapped.body.ignoredColumns).toEqual([]);
    expect(remapped.body.rows[0]).toMatchObject({
      action: 'update',
      changes: [{ field: 'series', from: 'S1', to: 'S2' }],
    });

    const clearing = await admin.patch<ImportJobResponse>(`/api/imports/${first.importId}`, { emptyCellsClear: true });
    expect(clearing.body).toMatchObject({ emptyCellsClear: true, preview: { update: 1 } });
    expect(clearing.body.rows[0]!.changes).toEqual([
      { field: 'description', from: 'Keep me', to: null },
      { field: 'width', from: 10, to: null },
      { field: 'series', from: 'S1', to: 'S2' },
    ]);

    // Two columns for one field, or no Reference column, are refused with why.
    const twice = await admin.patch<{ message: string }>(`/api/imports/${first.importId}`, {
      columns: { 5: 'description' },
    });
    expect(twice).toMatchObject({ status: 400, body: { message: messages.importMappingTwice('Description') } });
    const noReference = await admin.patch<{ message: string }>(`/api/imports/${first.importId}`, {
      columns: { 0: null },
    });
    expect(noReference).toMatchObject({ status: 400, body: { message: messages.importMappingRequired } });

    expect((await commit(first.importId)).status).toBe(202);
    const done = await waitForImport(first.importId, ended);
    expect(done).toMatchObject({ state: 'completed', written: { updated: 1 } });
    expect(await getComponent(part!.id)).toMatchObject({ description: null, width: null, series: 'S2', version: 2 });
    // Once committed, the columns cannot change.
    expect((await admin.patch(`/api/imports/${first.importId}`, { emptyCellsClear: false })).body).toMatchObject({
      message: messages.importMappingLocked,
    });
  });
});

describe('committing an import', () => {
  it('does exactly what the preview said, row by row, with history by the admin that search sees at once', async () => {
    const p = uniquePrefix('COM');
    const [plug, aux] = await parts([
      { reference: `${p}-UIBIMP-005`, class: 'Connector', manufacturer: 'Siemens', description: 'Plug', type: 'Plug' },
      { reference: `${p}-3RH2122-1AF00`, class: 'Relay', manufacturer: 'Siemens', description: 'Aux relay' },
    ]);
    const bytes = makeWorkbook({
      headings,
      rows: [
        [`${p}-uibimp 005`, 'Connector', 'SIEMENS', 'Plug, 4 poles', null], // 2 update
        [`${p}-3RH2122-1AF00`, 'Relay', null, 'Aux relay', 45], // 3 update (width only)
        [`${p}-NEW-1`, 'Switch', 'ABB', 'New switch', 20], // 4 create
        [`${p}-NEW-2`, 'Switch', 'ABB', 'Left out', 20], // 5 create, unticked
        [`${p}-NEW-3`, 'Relay', 'ABB', 'Bad width', 'wide'], // 6 skip
      ],
    });
    const job = await previewed('library v2.xlsx', bytes);
    expect(job.preview).toEqual({ create: 2, update: 2, unchanged: 0, skip: 1 });

    const started = await commit(job.importId, [5]);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body).toMatchObject({ state: 'committing', excludedRows: [5] });
    const done = await waitForImport(job.importId, ended);
    expect(done).toMatchObject({
      state: 'completed',
      rowsTotal: 5,
      rowsDone: 5,
      written: { created: 1, updated: 2, unchanged: 0, skipped: 1, conflict: 0, excluded: 1 },
      message: '1 components added, 2 updated, 1 skipped',
    });
    const rows = byRow((await report(job.importId)).rows);
    expect([...rows.values()].map((row) => [row.row, row.action, row.outcome])).toEqual([
      [2, 'update', 'updated'],
      [3, 'update', 'updated'],
      [4, 'create', 'created'],
      [5, 'create', 'excluded'],
      [6, 'skip', 'skipped'],
    ]);

    // Only the changed fields, as version 2 'Imported from {fileName}' by the admin.
    expect(await getComponent(plug!.id)).toMatchObject({
      reference: `${p}-UIBIMP-005`,
      manufacturer: 'Siemens',
      description: 'Plug, 4 poles',
      type: 'Plug',
      version: 2,
    });
    const [latest] = await versionsOf(plug!.id);
    expect(latest).toMatchObject({
      versionNumber: 2,
      changeDescription: 'Imported from library v2.xlsx',
      username: adminName,
      changedFields: ['description'],
      previousData: { description: 'Plug' },
      changeData: { description: 'Plug, 4 poles' },
    });
    expect(await getComponent(aux!.id)).toMatchObject({ manufacturer: 'Siemens', description: 'Aux relay', width: 45 });
    expect((await versionsOf(aux!.id))[0]).toMatchObject({ changedFields: ['width'], changeData: { width: 45 } });

    // The new part, with its version 1; the unticked one is not there.
    const created = rows.get(4)!.componentId!;
    expect(await getComponent(created)).toMatchObject({ reference: `${p}-NEW-1`, username: adminName, version: 1 });
    expect(await versionsOf(created)).toMatchObject([
      { versionNumber: 1, changeDescription: 'Imported from library v2.xlsx', username: adminName },
    ]);
    expect((await search(`${p}-NEW`)).map((component) => component.reference)).toEqual([`${p}-NEW-1`]);
    // Search sees the update at once (its list answers from its own index).
    expect((await search(`${p}-UIBIMP`)).map((component) => [component.id, component.description])).toEqual([
      [plug!.id, 'Plug, 4 poles'],
    ]);

    // A finished import is not committed twice.
    expect(await commit(job.importId)).toMatchObject({
      status: 409,
      body: { message: messages.importNotCommittable('completed') },
    });
  });

  it('reports as conflicts the rows whose part changed, went or was added since the preview, and overwrites none', async () => {
    const p = uniquePrefix('CON');
    const [edited, gone, kept] = await parts([
      { reference: `${p}-A`, class: 'Relay', manufacturer: 'ABB', description: 'A before' },
      { reference: `${p}-B`, class: 'Relay', manufacturer: 'ABB', description: 'B before' },
      { reference: `${p}-C`, class: 'Relay', manufacturer: 'ABB', description: 'C before' },
    ]);
    const bytes = makeWorkbook({
      headings,
      rows: [
        [`${p}-A`, 'Relay', 'ABB', 'A from the file', null], // 2 update, then edited by an approval
        [`${p}-B`, 'Relay', 'ABB', 'B from the file', null], // 3 update, then deleted
        [`${p}-C`, 'Relay', 'ABB', 'C from the file', null], // 4 update, untouched
        [`${p}-D`, 'Relay', 'Eaton', 'New D', null], // 5 create, then added by someone else
        [`${p}-E`, 'Relay', 'Eaton', 'New E', null], // 6 create
      ],
    });
    const job = await previewed('conflicts.xlsx', bytes);
    expect(job.preview).toMatchObject({ update: 3, create: 2 });

    // Meanwhile: an approved edit of A, B deleted, D added (spelled otherwise) through the bulk path.
    const user = await signedInClient(api, 'user');
    const proposal = await user.patch<{ requestId: string }>(`/api/components/${edited!.id}`, {
      description: 'A approved meanwhile',
    });
    expect(proposal.status).toBe(201);
    const approval = await admin.patch<ApprovalRequest>(`/api/approval-requests/${proposal.body.requestId}`, {
      status: 'approved',
    });
    expect(approval.status).toBe(200);
    await deleteComponent(gone!.id);
    const [rival] = await parts([{ reference: `${p}-d`, class: 'Relay', manufacturer: 'EATON' }]);

    expect((await commit(job.importId)).status).toBe(202);
    const done = await waitForImport(job.importId, ended);
    expect(done).toMatchObject({
      state: 'completed',
      rowsDone: 5,
      written: { created: 1, updated: 1, conflict: 3, skipped: 0 },
    });
    const conflicts = await report(job.importId, { filter: 'conflict' });
    expect(conflicts.rowsMatching).toBe(3);
    expect(conflicts.rows.map((row) => [row.row, row.outcome, row.outcomeMessage])).toEqual([
      [2, 'conflict', messages.importConflictChanged],
      [3, 'conflict', messages.importConflictDeleted],
      [5, 'conflict', messages.importConflictAdded],
    ]);
    expect(conflicts.rows.find((row) => row.row === 5)!.componentId).toBe(rival!.id);
    expect(await getComponent(edited!.id)).toMatchObject({ description: 'A approved meanwhile', version: 2 });
    expect(await getComponent(gone!.id)).toBeUndefined();
    expect(await getComponent(kept!.id)).toMatchObject({ description: 'C from the file', version: 2 });
    expect((await search(`${p}-D`)).map((component) => component.id)).toEqual([rival!.id]);
    expect(await search(`${p}-E`)).toHaveLength(1);
  });

  it('commits one import at a time per catalogue, and the same import once', async () => {
    const big = await previewed('big.xlsx', makeWorkbook({ headings, rows: newRows(uniquePrefix('ONE'), 1200) }));
    const small = await previewed('small.xlsx', makeWorkbook({ headings, rows: newRows(uniquePrefix('TWO'), 3) }));
    // Two commits of the same import at once: one starts, the other is told.
    const [a, b] = await Promise.all([commit(big.importId), commit(big.importId)]);
    expect([a.status, b.status].sort()).toEqual([202, 409]);
    expect([a, b].find((answer) => answer.status === 409)!.body.message).toBe(messages.importAlreadyCommitting);
    expect(await commit(small.importId)).toMatchObject({
      status: 409,
      body: { message: messages.importCommitRunning },
    });
    await waitForImport(big.importId, ended);
    expect((await commit(small.importId)).status).toBe(202);
    expect(await waitForImport(small.importId, ended)).toMatchObject({ state: 'completed', written: { created: 3 } });
  }, 240_000);
});

describe('a commit under faults', () => {
  it('retries a slice whose write landed but answered a timeout, and one that failed, without writing anything twice', async () => {
    const p = uniquePrefix('RTY');
    const job = await previewed('retry.xlsx', makeWorkbook({ headings, rows: newRows(p, 1100) }));
    const client = dynamo();
    const send = client.send.bind(client);
    let groupWrites = 0;
    vi.spyOn(client, 'send').mockImplementation((async (command: unknown) => {
      const isGroup =
        command instanceof TransactWriteCommand && JSON.stringify(command.input).includes('"entity":"import-group"');
      if (isGroup) {
        groupWrites++;
        // The 3rd group is written, but its caller hears a timeout (the outcome is unknown to it).
        if (groupWrites === 3) {
          await send(command as never);
          throw Object.assign(new Error('socket timed out'), { name: 'TimeoutError' });
        }
        // The 7th fails outright.
        if (groupWrites === 7) throw Object.assign(new Error('service unavailable'), { name: 'InternalServerError' });
      }
      return send(command as never);
    }) as never);

    expect((await commit(job.importId)).status).toBe(202);
    const done = await waitForImport(job.importId, ended);
    expect(groupWrites).toBeGreaterThan(7);
    expect(done).toMatchObject({ state: 'completed', rowsDone: 1100, written: { created: 1100, conflict: 0 } });
    const found = await search(p);
    expect(found).toHaveLength(1000);
    const total = await admin.get(`/api/components?${new URLSearchParams({ query: p, limit: '1' })}`);
    expect(Number(total.headers.get('x-total-count'))).toBe(1100);
    // Each part once, each with one version; each group committed once.
    const groups = await listCommittedGroups(job.importId, 0, 10);
    const rows = groups.flatMap((group) => group.rows);
    expect(rows).toHaveLength(1100);
    expect(new Set(rows.map(([, , id]) => id)).size).toBe(1100);
    for (const id of rows.slice(0, 50).map(([, , componentId]) => componentId))
      expect(await versionsOf(id)).toHaveLength(1);
  }, 240_000);

  it('resumes a job killed midway from its last slice: exact counts, which rows were written, no part twice', async () => {
    const p = uniquePrefix('KIL');
    const job = await previewed('killed.xlsx', makeWorkbook({ headings, rows: newRows(p, 1600) }));
    expect((await commit(job.importId)).status).toBe(202);
    await waitForImport(job.importId, (current) => current.rowsDone > 0, 120_000);
    const [execution] = [...stack.stepFunctions().executions.values()].filter(
      (run) => run.name === `${job.importId}-commit-1`,
    );
    await sfn().send(new StopExecutionCommand({ executionArn: execution!.executionArn }));
    // The slice in flight finishes its write; the next read finds the commit stopped and ends it.
    const stopped = await waitForImport(job.importId, (current) => current.state === 'failed', 120_000);
    expect(stopped.state).toBe('failed');
    expect(stopped.rowsDone).toBeGreaterThan(0);
    expect(stopped.rowsDone).toBeLessThan(1600);
    const writtenRows = (await report(job.importId)).rows.filter((row) => row.outcome !== null);
    expect(stopped.written.created).toBe(stopped.rowsDone);
    const lastWritten = (await listCommittedGroups(job.importId, 0, 10)).flatMap((group) => group.rows).at(-1)![0];
    expect(stopped.message).toBe(messages.importStopped(stopped.rowsDone, 1600, lastWritten));
    expect(writtenRows.length).toBe(Math.min(200, stopped.rowsDone));

    const resumed = await commit(job.importId);
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(202);
    const done = await waitForImport(job.importId, ended);
    expect(done).toMatchObject({ state: 'completed', rowsDone: 1600, written: { created: 1600 } });
    const total = await admin.get(`/api/components?${new URLSearchParams({ query: p, limit: '1' })}`);
    expect(Number(total.headers.get('x-total-count'))).toBe(1600);
    const ids = (await listCommittedGroups(job.importId, 0, 10)).flatMap((group) => group.rows.map(([, , id]) => id));
    expect(new Set(ids).size).toBe(1600);
  }, 300_000);

  it('waits out DynamoDB going silent mid-commit and ends with exact counts', async () => {
    const p = uniquePrefix('HNG');
    const job = await previewed('stall.xlsx', makeWorkbook({ headings, rows: newRows(p, 1000) }));
    expect((await commit(job.importId)).status).toBe(202);
    await waitForImport(job.importId, (current) => current.rowsDone > 0, 120_000);
    // DynamoDB goes silent as the commit sends its next group write (the write is dropped unread),
    // and stays silent until the commit, trying again, is stuck waiting on it.
    await dynamodbProxy.pause('TransactWriteItems');
    const stuck = dynamodbProxy.stalled();
    dynamodbProxy.set('hang');
    await stuck;
    dynamodbProxy.set('up');
    await dynamodbProxy.resume();
    const done = await waitForImport(job.importId, ended);
    expect(done).toMatchObject({ state: 'completed', rowsDone: 1000, written: { created: 1000, conflict: 0 } });
    const total = await admin.get(`/api/components?${new URLSearchParams({ query: p, limit: '1' })}`);
    expect(Number(total.headers.get('x-total-count'))).toBe(1000);
    const ids = (await listCommittedGroups(job.importId, 0, 10)).flatMap((group) => group.rows.map(([, , id]) => id));
    expect(ids).toHaveLength(1000);
    expect(new Set(ids).size).toBe(1000);
  }, 300_000);

  it('races approvals of the same parts: no change is lost, each part’s versions follow one another', async () => {
    const p = uniquePrefix('RACE');
    const catalogue = await parts(
      Array.from({ length: 300 }, (_, index) => ({
        reference: `${p}-${index}`,
        class: 'Relay',
        manufacturer: 'ABB',
        description: 'Before',
      })),
    );
    const job = await previewed(
      'race.xlsx',
      makeWorkbook({
        headings,
        rows: catalogue.map((part) => [part.reference, 'Relay', 'ABB', 'From the file', null]),
      }),
    );
    expect(job.preview.update).toBe(300);
    const user = await signedInClient(api, 'user');
    const raced = catalogue.filter((_, index) => index % 15 === 0);
    const proposals = await Promise.all(
      raced.map((part) => user.patch<{ requestId: string }>(`/api/components/${part.id}`, { series: 'Approved' })),
    );
    expect((await commit(job.importId)).status).toBe(202);
    // An approval that lost the race to the import's write is told to try again (409), as a reviewer would.
    const approve = async (requestId: string): Promise<number> => {
      for (let attempt = 0; ; attempt++) {
        const review = await admin.patch<{ message?: string }>(`/api/approval-requests/${requestId}`, {
          status: 'approved',
        });
        if (review.status !== 409 || review.body.message !== messages.requestRetry || attempt === 10)
          return review.status;
      }
    };
    const reviews = await Promise.all(proposals.map((proposal) => approve(proposal.body.requestId)));
    expect(reviews.every((status) => status === 200)).toBe(true);
    const done = await waitForImport(job.importId, ended);
    expect(done.state).toBe('completed');
    expect(done.written.updated + done.written.conflict).toBe(300);
    const conflicts = new Set((await report(job.importId, { filter: 'conflict' })).rows.map((row) => row.componentId));
    for (const part of catalogue) {
      const stored = (await getComponent(part.id))!;
      const versions = (await versionsOf(part.id)).map((version) => version.versionNumber);
      expect(versions).toEqual(Array.from({ length: stored.version }, (_, index) => stored.version - index));
      expect(stored.description).toBe(conflicts.has(part.id) ? 'Before' : 'From the file');
      if (raced.includes(part)) expect(stored.series).toBe('Approved');
    }
  }, 300_000);
});
