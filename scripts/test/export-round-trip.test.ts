import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Component, ComponentData } from '#shared/schemas/component';
import type { ExportAnswer } from '#shared/schemas/exports';
import type { ImportJobResponse } from '#shared/schemas/import';
import { createComponents, updateComponent } from '#repositories/components';
import { signedInClient } from '../../functions/test/support';
import { useTestApi, type TestClient } from './api-client';
import { useTestStack } from './stack';
import { makeWorkbook } from './workbooks';

/*
 * The export and the import meet: parts exported through the API as the component list's
 * button asks for them, and that file previewed by the import. Nothing may come
 * back as a change: every heading of the export is one the import maps, every value (text that
 * starts like a formula, numbers, a stored file's link, line breaks) reads back as stored.
 */
useTestStack();
const api = useTestApi();
let admin: TestClient;

beforeAll(async () => {
  admin = await signedInClient(api, 'admin');
});

const previewOf = async (fileName: string, bytes: Buffer) => {
  const answer = await admin.post<ImportJobResponse>('/api/import-excel', {
    fileName,
    fileData: bytes.toString('base64'),
    mode: 'preview',
  });
  expect(answer.status, JSON.stringify(answer.body).slice(0, 400)).toBe(200);
  return answer.body;
};

describe('export, then import the export', () => {
  it('previews every exported row as unchanged', async () => {
    const p = `RT${randomBytes(3).toString('hex').toUpperCase()}`;
    const created = await createComponents(
      [
        {
          reference: `${p}-3RT2015-1BB41`,
          class: 'Relay',
          manufacturer: 'Siemens',
          type: 'Contactor',
          description: '=HYPERLINK("http://evil.example","click")',
          // Siemens's own German and French descriptions of the 3RT2015-1BB41 contactor.
          description_de: 'Schütz, AC-3, 3 kW/400 V, 1 S, DC 24 V, 3-polig, Baugröße S00, Schraubanschluss',
          description_fr: 'Contacteur, AC-3, 3 kW/400 V, 1 F, 24 V CC, tripolaire, taille S00, raccordement par vis',
          series: '+24 V coil',
          articleNumber: '-1',
          markRoot: '@home',
          width: 45,
          height: 102.5,
          weight: 0.35,
          voltage: 230.5,
          numberOfTerminals: 6,
          threeDPart: 'https://maker.example/3RT2015.step',
        },
        {
          reference: `${p}-NO-MAKER`,
          class: 'Terminal Block',
          description: 'Two lines\r\nof description',
          translatableText2: 'Text with _x000D_ written literally',
          maxWireNumber: 2,
        },
        { reference: `${p}-PT 2,5`, class: 'Terminal Block', manufacturer: 'Phoenix Contact', depth: 0.01 },
      ] as unknown as ComponentData[],
      { username: 'catalogue' },
    );
    // A stored datasheet: the export writes the API's link to it, which stands for the stored file.
    const withFile = created[0]!;
    await updateComponent(
      withFile.id,
      { dataSheet: `components/${withFile.id}/dataSheet/3RT2015.pdf` },
      { expectedVersion: withFile.version, updatedAt: new Date().toISOString() },
    );

    const listed = await admin.get<Component[]>(`/api/components?${new URLSearchParams({ query: p, limit: '1000' })}`);
    expect(listed.body).toHaveLength(3);
    expect(listed.body.find((part) => part.id === withFile.id)!.dataSheet).toMatch(/\/files\/dataSheet$/);
    const exported = await admin.get<ExportAnswer>(`/api/components/export?${new URLSearchParams({ query: p })}`, {
      headers: { accept: 'application/json' },
    });
    expect(exported.body.count).toBe(3);
    const bytes = Buffer.from(await (await fetch(exported.body.url)).arrayBuffer());

    const preview = await previewOf('component_export_2025-06-01.xlsx', bytes);
    expect(preview).toMatchObject({
      sheetName: 'Components',
      rowsTotal: 3,
      preview: { create: 0, update: 0, unchanged: 3, skip: 0 },
      ignoredColumns: ['Username'],
    });
    expect(preview.rows.map((row) => [row.reference, row.action, row.changes, row.warnings])).toEqual(
      listed.body.map((part) => [part.reference, 'unchanged', [], []]),
    );
    // Every other heading of the export names its field.
    expect(
      preview.columns.filter((column) => column.field === null && !column.link).map((column) => column.heading),
    ).toEqual(['Username']);
    // A column per other language, read back as that language's value.
    expect(preview.columns.find((column) => column.heading === 'Description (de)')?.field).toBe('description_de');
    expect(preview.columns.find((column) => column.heading === 'Translatable Text 3 (fr)')?.field).toBe(
      'translatableText3_fr',
    );
  });

  it('reads text an older export marked with an apostrophe as the stored text', async () => {
    const p = `RTA${randomBytes(3).toString('hex').toUpperCase()}`;
    await createComponents(
      [{ reference: `${p}-1`, class: 'Relay', description: '=1+1', series: "'quoted'" } as unknown as ComponentData],
      { username: 'catalogue' },
    );
    const older = makeWorkbook({
      headings: ['Reference', 'Class', 'Description', 'Series'],
      rows: [[`${p}-1`, 'Relay', "'=1+1", "'quoted'"]],
    });
    const preview = await previewOf('older-export.xlsx', older);
    expect(preview.rows.map((row) => [row.action, row.changes])).toEqual([['unchanged', []]]);
  });
});
