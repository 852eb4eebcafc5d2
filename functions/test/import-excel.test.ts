import { randomBytes } from 'node:crypto';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '#shared/messages';
import type { Version } from '#shared/schemas/approvals';
import type { Component, ComponentData } from '#shared/schemas/component';
import { IMPORT_MAX_BYTES, INLINE_FILE_MAX_BYTES, type UploadTicket } from '#shared/schemas/files';
import type { ImportJob, ImportResult } from '#shared/schemas/import';
import { dynamo } from '#lib/clients';
import { commitAbandonedBulkWrites, createComponents } from '#repositories/components';
import { listPendingBulkWrites } from '#repositories/bulk-writes';
import { s3Client } from '../../scripts/local/s3';
import { useTestApi, type TestClient } from '../../scripts/test/api-client';
import { useTestStack } from '../../scripts/test/stack';
import { generatedRows, makeWorkbook, makeZipBomb, specHeadings, type Cell } from '../../scripts/test/workbooks';
import { signedInClient, signIn, waitUntil } from './support';

/*
 * POST /api/import-excel, the documented one call (preview and commit in one), against the local
 * stack: workbooks made here with SheetJS, sent inline as base64 and through the presigned S3
 * upload, and what they become: components the search finds, each with version 1 'Imported from
 * {fileName}'. Previews, updates, conflicts and faults of the import job: import-jobs.test.ts.
 */
const stack = useTestStack();
const api = useTestApi();

interface Admin {
  client: TestClient;
  id: string;
  username: string;
}
let admin: Admin;
let user: TestClient;

beforeAll(async () => {
  const signed = await signIn(api, 'admin');
  admin = { client: signed.client, id: signed.user.id, username: signed.user.username };
  user = await signedInClient(api, 'user');
});

afterEach(() => {
  vi.restoreAllMocks();
});

type Answer = ImportResult & { fields?: Record<string, string> };

const importInline = (fileName: string, bytes: Buffer, client = admin.client) =>
  client.post<Answer>('/api/import-excel', { fileName, fileData: bytes.toString('base64') });

/** The browser's way: a ticket from POST /api/uploads, the file straight to S3, then the import. */
const uploadToS3 = async (
  fileName: string,
  bytes: Buffer,
  declaredSize = bytes.length,
): Promise<{ ticket: UploadTicket; s3Status: number; s3Body: string }> => {
  const answer = await admin.client.post<UploadTicket>('/api/uploads', {
    fileName,
    size: declaredSize,
    purpose: 'import',
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const form = new FormData();
  for (const [name, value] of Object.entries(answer.body.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)]), fileName);
  const sent = await fetch(answer.body.url, { method: 'POST', body: form });
  return { ticket: answer.body, s3Status: sent.status, s3Body: await sent.text() };
};

const importThroughS3 = async (fileName: string, bytes: Buffer) => {
  const { ticket, s3Status, s3Body } = await uploadToS3(fileName, bytes);
  expect(s3Status, s3Body).toBe(204);
  return admin.client.post<Answer>('/api/import-excel', { fileName, uploadKey: ticket.uploadKey });
};

/** A big import may answer 202 (still running): then its state is followed until it ends. */
const untilFinished = (importId: string): Promise<ImportJob> =>
  waitUntil(
    async () => (await admin.client.get<ImportJob>(`/api/imports/${importId}?limit=0`)).body,
    (job) => job.state === 'completed' || job.state === 'failed',
    { timeoutMs: 600_000, what: `import ${importId} finishing` },
  );

const search = async (params: Record<string, string>): Promise<Component[]> => {
  const answer = await admin.client.get<Component[]>(
    `/api/components?${new URLSearchParams({ limit: '1000', ...params })}`,
  );
  expect(answer.status).toBe(200);
  return answer.body;
};

let prefixCounter = 0;
const uniquePrefix = (label: string) => `${label}${++prefixCounter}${randomBytes(3).toString('hex').toUpperCase()}`;

/** About `target` bytes of workbook: rows of incompressible text, sized from a first sample. */
const workbookOfSize = (target: number, row: (n: number) => Cell[]): { rows: Cell[][]; bytes: Buffer } => {
  const build = (count: number) => {
    const rows = Array.from({ length: count }, (_, index) => row(index + 1));
    return { rows, bytes: makeWorkbook({ headings: ['Reference', 'Class', 'Description'], rows }) };
  };
  const sample = build(200);
  return build(Math.floor((200 * target) / sample.bytes.length));
};

describe('POST /api/import-excel', () => {
  it("imports the catalogue's headings inline (base64): searchable, each with version 1 'Imported from {fileName}' by the admin", async () => {
    const prefix = uniquePrefix('SPEC');
    const bytes = makeWorkbook({ headings: specHeadings, rows: generatedRows(12, prefix) });
    const answer = await importInline('Spec parts.xlsx', bytes);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({
      message: '12 components added',
      count: 12,
      rejected: 0,
      errors: [],
      ignoredColumns: [],
      sheetName: 'Sheet1',
    });
    expect(answer.headers.get('server-timing')).toMatch(
      /^read;dur=\d+, parse;dur=\d+, validate;dur=\d+, duplicates;dur=\d+, store;dur=\d+, write;dur=\d+$/,
    );

    const found = await search({ query: prefix });
    expect(found).toHaveLength(12);
    const first = found.find((component) => component.reference === `${prefix}-000002`)!;
    expect(first).toMatchObject({
      class: 'Connector',
      manufacturer: 'ABB',
      type: 'Plug',
      articleNumber: 'ART-000002',
      width: 13.5,
      voltage: 24,
      numberOfTerminals: 2,
      username: admin.username,
      version: 1,
    });
    expect(found.find((component) => component.reference === `${prefix}-000001`)!.voltage).toBe(230.5);
    const versions = (await admin.client.get<Version[]>(`/api/components/${first.id}/versions`)).body;
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({
      versionNumber: 1,
      changeDescription: 'Imported from Spec parts.xlsx',
      username: admin.username,
    });
    expect(versions[0]!.changeData).toMatchObject({ reference: `${prefix}-000002`, width: 13.5 });
  });

  it('maps SolidWorks Electrical headings, mixed case and spaces, and lists unknown columns as ignored', async () => {
    const prefix = uniquePrefix('SWE');
    const bytes = makeWorkbook({
      name: 'Parts manager',
      titleRows: [['SOLIDWORKS Electrical - manufacturer parts'], []],
      headings: [
        ' REFERENCE ',
        'class',
        'Manufacturer',
        'Mark root',
        'Commercial reference',
        'Translatable text 2',
        'User data 4',
        'Supplier name',
        'Stock number',
        '2D footprint',
        '3D part',
        'Terminal strip symbol',
        'Connection label',
        'Circuit type',
        'Terminal marks',
        'ARTICLE  number',
        'number of terminals',
        'Width (mm)',
        'Unit price',
        'Username',
      ],
      rows: [
        [
          `${prefix}-1`,
          'Relay',
          'Schneider Electric',
          'KA',
          'LC1D09P7',
          'Contacteur',
          'U4',
          'Rexel',
          'ST-1',
          'FP-1',
          'https://example.com/3d/1.step',
          'TS',
          '1-2',
          'Power',
          'A1;A2',
          'ART 1',
          '6',
          '45 mm',
          12.3,
          'someone-else',
        ],
      ],
    });
    const answer = await importInline('swe.xlsx', bytes);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({
      count: 1,
      rejected: 0,
      sheetName: 'Parts manager',
      ignoredColumns: ['Unit price', 'Username'],
    });
    const [component] = await search({ query: `${prefix}-1` });
    expect(component).toMatchObject({
      reference: `${prefix}-1`,
      class: 'Relay',
      markRoot: 'KA',
      commercialReference: 'LC1D09P7',
      translatableText2: 'Contacteur',
      userData4: 'U4',
      supplierName: 'Rexel',
      stockNumber: 'ST-1',
      twoDFootprint: 'FP-1',
      threeDPart: 'https://example.com/3d/1.step',
      terminalStripSymbol: 'TS',
      connectionLabel: '1-2',
      circuitType: 'Power',
      terminalMarks: 'A1;A2',
      articleNumber: 'ART 1',
      numberOfTerminals: 6,
      width: 45,
      username: admin.username,
    });
  });

  it('reads an .xls uploaded through S3, and removes the upload afterwards', async () => {
    const prefix = uniquePrefix('XLS');
    const answer = await importThroughS3(
      'legacy.xls',
      makeWorkbook({ headings: ['Reference', 'Class', 'Voltage'], rows: [[`${prefix}-1`, 'PLC', '24,0 V']] }, 'xls'),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ count: 1, rejected: 0 });
    expect((await search({ query: prefix }))[0]).toMatchObject({ reference: `${prefix}-1`, class: 'PLC', voltage: 24 });
    const s3 = s3Client(stack.endpoints.s3);
    const { Contents = [] } = await s3.send(
      new ListObjectsV2Command({ Bucket: stack.bucketName, Prefix: `uploads/${admin.id}/` }),
    );
    s3.destroy();
    expect(Contents.filter(({ Key }) => Key!.endsWith('legacy.xls'))).toEqual([]);
  });

  it('refuses a workbook without a Reference or a Class column, saying what it found', async () => {
    const noClass = await importInline(
      'no-class.xlsx',
      makeWorkbook({ name: 'Parts', headings: ['Reference', 'Manufacturer'], rows: [['A-1', 'ABB']] }),
    );
    expect(noClass.status).toBe(400);
    expect(noClass.body.message).toBe(messages.importNoSheet("sheet 'Parts' has the columns Reference, Manufacturer"));
    const noReference = await importInline(
      'no-ref.xlsx',
      makeWorkbook({ headings: ['Class', 'Type'], rows: [['Relay', 'X']] }),
    );
    expect(noReference.status).toBe(400);
    expect(noReference.body.message).toBe(messages.importNoSheet("sheet 'Sheet1' has the columns Class, Type"));
  });

  it('skips rows with bad numbers or without Reference or Class, with the row, the field and what was expected', async () => {
    const prefix = uniquePrefix('BAD');
    const rows: Cell[][] = [
      [`${prefix}-1`, 'Relay', '12,5', '24 V', '4'],
      [`${prefix}-2`, 'Relay', 'wide', null, null],
      [`${prefix}-3`, 'Relay', null, '24 mm', null],
      [`${prefix}-4`, 'Relay', null, null, '2.5'],
      [null, 'Relay', '1', null, null],
      [`${prefix}-6`, null, null, null, null],
    ];
    const answer = await importInline(
      'bad.xlsx',
      makeWorkbook({ headings: ['Reference', 'Class', 'Width', 'Voltage', 'Number of terminals'], rows }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ message: '1 components added, 5 skipped', count: 1, rejected: 5 });
    expect(answer.body.errors).toEqual([
      { row: 3, reference: `${prefix}-2`, field: 'width', message: "Width (mm) must be a number, not 'wide'" },
      { row: 4, reference: `${prefix}-3`, field: 'voltage', message: "Voltage (V) must be a number, not '24 mm'" },
      {
        row: 5,
        reference: `${prefix}-4`,
        field: 'numberOfTerminals',
        message: "Number of Terminals must be a whole number, not '2.5'",
      },
      { row: 6, reference: null, field: 'reference', message: messages.referenceRequired },
      { row: 7, reference: `${prefix}-6`, field: 'class', message: messages.classRequired },
    ]);
    expect((await search({ query: prefix })).map((component) => component.reference)).toEqual([`${prefix}-1`]);
  });

  it("skips rows that repeat a part of the file, and leaves the catalogue's parts unchanged", async () => {
    const prefix = uniquePrefix('DUP');
    await createComponents([{ reference: `${prefix}-1`, class: 'Relay', manufacturer: 'Siemens' } as ComponentData], {
      username: 'seed',
    });
    const rows: Cell[][] = [
      [`${prefix}-1`, 'Relay', 'SIEMENS'], // in the catalogue (manufacturer without case): nothing to change
      [`${prefix}-1`, 'Relay', 'ABB'], // same reference, another maker: a different part
      [`${prefix}-2`, 'Relay', 'ABB'],
      [`${prefix}-2`, 'Relay', 'abb'], // repeats row 4
      [`${prefix}-3`, 'Relay', null],
      [`${prefix}-3`, 'Switch', null], // repeats row 6
    ];
    const answer = await importInline(
      'dups.xlsx',
      makeWorkbook({ headings: ['Reference', 'Class', 'Manufacturer'], rows }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      message: '3 components added, 1 unchanged, 2 skipped',
      count: 3,
      unchanged: 1,
      updated: 0,
      rejected: 2,
    });
    expect(answer.body.errors).toEqual([
      { row: 5, reference: `${prefix}-2`, field: 'reference', message: messages.importDuplicateInFile(4) },
      { row: 7, reference: `${prefix}-3`, field: 'reference', message: messages.importDuplicateInFile(6) },
    ]);
    expect(answer.body.errors.every((error) => error.message.startsWith('duplicate'))).toBe(true);
    const found = await search({ query: prefix });
    expect(found.map((component) => `${component.reference} ${component.manufacturer}`).sort()).toEqual(
      [`${prefix}-1 ABB`, `${prefix}-1 Siemens`, `${prefix}-2 ABB`, `${prefix}-3 null`].sort(),
    );
  });

  it('imports a run of the same file again as nothing new: every row unchanged', async () => {
    const prefix = uniquePrefix('AGAIN');
    const bytes = makeWorkbook({ headings: specHeadings, rows: generatedRows(30, prefix) });
    expect((await importInline('again.xlsx', bytes)).body).toMatchObject({ count: 30, rejected: 0 });
    const second = await importInline('again.xlsx', bytes);
    expect(second.body).toMatchObject({
      message: '0 components added, 30 unchanged',
      count: 0,
      unchanged: 30,
      rejected: 0,
      errors: [],
    });
    expect(await search({ query: prefix })).toHaveLength(30);
  });

  it('a run that dies before its revision is committed by the next bulk run once 15 minutes have passed', async () => {
    const prefix = uniquePrefix('DEAD');
    const client = dynamo();
    const send = client.send.bind(client);
    // Every transaction fails: the components are written, their revision (and the marker's removal) never is.
    vi.spyOn(client, 'send').mockImplementation(((command: unknown) =>
      command instanceof TransactWriteCommand
        ? Promise.reject(Object.assign(new Error('simulated crash'), { name: 'InternalServerError' }))
        : send(command as never)) as never);
    const data = Array.from(
      { length: 30 },
      (_, index) => ({ reference: `${prefix}-${index}`, class: 'Relay' }) as ComponentData,
    );
    await expect(createComponents(data, { username: 'importer' })).rejects.toThrow('simulated crash');
    vi.restoreAllMocks();

    const [pending] = await listPendingBulkWrites();
    expect(pending).toMatchObject({ count: 30 });
    expect(await search({ query: prefix })).toEqual([]);
    expect(await commitAbandonedBulkWrites(new Date(Date.now() + 5 * 60_000))).toBe(0);
    expect(await commitAbandonedBulkWrites(new Date(Date.now() + 16 * 60_000))).toBe(1);
    expect(await listPendingBulkWrites()).toEqual([]);
    expect(await search({ query: prefix })).toHaveLength(30);
  });

  it('takes base64 up to 4 MB and sends larger inline files to the presigned upload', async () => {
    const prefix = uniquePrefix('B64');
    const { rows, bytes } = workbookOfSize(INLINE_FILE_MAX_BYTES - 100_000, (n) => [
      `${prefix}-${n}`,
      'Relay',
      randomBytes(2200).toString('base64'),
    ]);
    expect(bytes.length).toBeLessThanOrEqual(INLINE_FILE_MAX_BYTES);
    const answer = await importInline('almost-4mb.xlsx', bytes);
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
    expect(answer.body).toMatchObject({ count: rows.length, rejected: 0 });

    const tooBig = await importInline(
      'over-4mb.xlsx',
      Buffer.concat([bytes, Buffer.alloc(INLINE_FILE_MAX_BYTES - bytes.length + 1)]),
    );
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe(messages.inlineFileTooLarge(4));
  });

  it('imports a 15 MB workbook through S3', async () => {
    const prefix = uniquePrefix('BIG');
    const { rows, bytes } = workbookOfSize(16 * 1024 * 1024, (n) => [
      `${prefix}-${n}`,
      'Connector',
      randomBytes(3600).toString('base64'),
    ]);
    expect(bytes.length).toBeGreaterThan(15 * 1024 * 1024);
    expect(bytes.length).toBeLessThan(IMPORT_MAX_BYTES);
    const answer = await importThroughS3('fifteen.xlsx', bytes);
    expect([200, 202], JSON.stringify(answer.body).slice(0, 300)).toContain(answer.status);
    const job = await untilFinished(answer.body.importId!);
    expect(job).toMatchObject({ state: 'completed', rowsDone: rows.length });
    expect(job.written).toMatchObject({ created: rows.length, skipped: 0 });
    const total = await admin.client.get(`/api/components?${new URLSearchParams({ query: prefix, limit: '1' })}`);
    expect(Number(total.headers.get('x-total-count'))).toBe(rows.length);
  }, 240_000);

  it('refuses 20 MB + 1 byte: no ticket for it, and no import of a larger upload', async () => {
    const ticket = await admin.client.post<{ message: string }>('/api/uploads', {
      fileName: 'huge.xlsx',
      size: IMPORT_MAX_BYTES + 1,
      purpose: 'import',
    });
    expect(ticket).toMatchObject({ status: 400, body: { message: messages.excelTooLarge } });
    // With a ticket for 20 MB, S3 itself refuses a larger body (content-length-range); the local
    // S3 server does not enforce that condition, so there the import refuses what it finds.
    const { ticket: allowed, s3Status } = await uploadToS3(
      'huge.xlsx',
      Buffer.alloc(IMPORT_MAX_BYTES + 1, 0x41),
      IMPORT_MAX_BYTES,
    );
    if (s3Status !== 204) expect(s3Status).toBe(400);
    else {
      const answer = await admin.client.post<Answer>('/api/import-excel', {
        fileName: 'huge.xlsx',
        uploadKey: allowed.uploadKey,
      });
      expect(answer).toMatchObject({ status: 413, body: { message: messages.excelTooLarge } });
    }
  });

  it('refuses a non-spreadsheet renamed .xlsx, saying what it is', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n');
    const answer = await importInline('datasheet.xlsx', pdf);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(messages.importNotWorkbook('a PDF document'));
    const csv = await importThroughS3('parts.xlsx', Buffer.from('Reference,Class\nA-1,Relay\n'));
    expect(csv.status).toBe(400);
    expect(csv.body.message).toBe(messages.importNotWorkbook('CSV or other text'));
  });

  it('refuses a zip bomb (a few hundred KB unpacking to 1 GB) before parsing it', async () => {
    const bomb = await makeZipBomb(1024, { lie: true });
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const answer = await importInline('bomb.xlsx', bomb);
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe(messages.importUnpackedTooLarge(200));
  });

  it('checks the file name and the source, and is for administrators only', async () => {
    const bytes = makeWorkbook({ headings: ['Reference', 'Class'], rows: [['X-1', 'Relay']] });
    expect(
      (
        await admin.client.post<Answer>('/api/import-excel', {
          fileName: 'parts.csv',
          fileData: bytes.toString('base64'),
        })
      ).body.message,
    ).toBe(messages.excelTypeInvalid);
    expect((await admin.client.post<Answer>('/api/import-excel', { fileName: 'parts.xlsx' })).body.message).toBe(
      messages.fileSourceMissing,
    );
    const asUser = await importInline('parts.xlsx', bytes, user);
    expect(asUser.status).toBe(403);
  });
});
