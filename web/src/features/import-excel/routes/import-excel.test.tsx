import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '#shared/messages';
import type { ImportResult } from '#shared/schemas/import';
import { csrfHandler, mockApi } from '../../../testing/mock-api';
import { renderScreen } from '../../../testing/render';
import { importedCount } from '../api/import-excel';
import { ImportExcelRoute } from './import-excel';

afterEach(() => {
  vi.unstubAllGlobals();
});

const workbook = (name = 'parts.xlsx', size?: number) => {
  const file = new File(['PK\u0003\u0004 workbook bytes'], name, { type: '' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};

const ticket = {
  url: 'http://s3.local/bucket',
  fields: { key: 'uploads/u1/01J/parts.xlsx', Policy: 'p' },
  uploadKey: 'uploads/u1/01J/parts.xlsx',
  maxSize: 20 * 1024 * 1024,
  expiresAt: '',
};

const result: ImportResult = {
  message: '3 components added',
  count: 3,
  rejected: 2,
  errors: [
    { row: 4, reference: 'LC1-X', field: 'width', message: "Width (mm) must be a number, not 'wide'" },
    { row: 7, reference: 'PT-2', field: 'reference', message: messages.importDuplicateInCatalogue },
  ],
  warnings: [{ row: 5, reference: 'K-1', field: 'threeDPart', message: messages.importFileNotKept('3D Symbol') }],
  ignoredColumns: ['Unit price'],
  sheetName: 'Parts',
};

const render = () => {
  renderScreen(<ImportExcelRoute />, '/component-hub/import-excel');
  return userEvent.setup({ applyAccept: false });
};

describe('Import Components from Excel', () => {
  it("says 'No file selected' when nothing is chosen", async () => {
    const server = mockApi({});
    const user = render();
    await user.click(screen.getByRole('button', { name: 'Upload and Import' }));
    expect(await screen.findByText(messages.noFileSelectedTitle)).toBeInTheDocument();
    expect(screen.getByText(messages.excelFileRequired)).toBeInTheDocument();
    expect(server.calls).toEqual([]);
  });

  it('refuses other file types before uploading', async () => {
    const server = mockApi({});
    const user = render();
    await user.upload(screen.getByLabelText('Excel file'), workbook('parts.csv'));
    expect(await screen.findByText(messages.invalidFileTypeTitle)).toBeInTheDocument();
    expect(screen.getByText(messages.excelTypeInvalid)).toBeInTheDocument();
    expect(screen.getByText('No file chosen')).toBeInTheDocument();
    expect(server.calls).toEqual([]);
  });

  it('refuses a file over 20 MB before uploading', async () => {
    const server = mockApi({});
    const user = render();
    await user.upload(screen.getByLabelText('Excel file'), workbook('huge.xlsx', 20 * 1024 * 1024 + 1));
    expect(await screen.findByText(messages.excelTooLarge)).toBeInTheDocument();
    expect(screen.getByText('No file chosen')).toBeInTheDocument();
    expect(server.calls).toEqual([]);
  });

  it('uploads to S3, imports, and shows the counts, the skipped rows and what was not kept', async () => {
    let finishImport: (value: { body: ImportResult }) => void = () => undefined;
    const server = mockApi({
      'GET /api/csrf-token': csrfHandler,
      'POST /api/uploads': { body: ticket },
      'POST /bucket': { status: 204 },
      'POST /api/import-excel': () => new Promise((resolve) => (finishImport = resolve)),
    });
    const user = render();
    await user.upload(screen.getByLabelText('Excel file'), workbook('parts.xlsx', 3 * 1024 * 1024));
    expect(screen.getByTestId('chosen-file')).toHaveTextContent('parts.xlsx (3.00 MB)');

    await user.click(screen.getByRole('button', { name: 'Upload and Import' }));
    expect(
      await screen.findByText('Importing components... (large files take up to half a minute)'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Uploading/ })).toBeDisabled();
    expect(server.callsTo('POST /api/uploads')[0]!.body).toEqual({
      fileName: 'parts.xlsx',
      fileType: 'application/octet-stream',
      size: 3 * 1024 * 1024,
      purpose: 'import',
    });
    expect(server.callsTo('POST /api/import-excel')[0]!.body).toEqual({
      fileName: 'parts.xlsx',
      uploadKey: ticket.uploadKey,
    });
    finishImport({ body: result });

    const alert = await screen.findByRole('status');
    expect(within(alert).getByText(messages.importSucceededTitle)).toBeInTheDocument();
    expect(alert).toHaveTextContent('3 components imported, 2 rows skipped.');
    expect(screen.getByText('Columns not imported (no field of that name and unit): Unit price')).toBeInTheDocument();
    const skipped = within(screen.getByRole('table', { name: 'Skipped rows' })).getAllByRole('row');
    expect(skipped.map((row) => row.textContent)).toEqual([
      'RowReferenceFieldReason',
      "4LC1-XWidth (mm)Width (mm) must be a number, not 'wide'",
      `7PT-2Reference${messages.importDuplicateInCatalogue}`,
    ]);
    expect(
      within(screen.getByRole('table', { name: 'Values not kept' })).getByText(messages.importFileNotKept('3D Symbol')),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download report' })).toBeEnabled();
    expect(screen.queryByText(/Importing components/)).not.toBeInTheDocument();
  });

  it("shows 'Import Failed' and the 'Upload failed' toast with the server's message", async () => {
    mockApi({
      'GET /api/csrf-token': csrfHandler,
      'POST /api/uploads': { body: ticket },
      'POST /bucket': { status: 204 },
      'POST /api/import-excel': { status: 400, body: { message: messages.importNotWorkbook('a PDF document') } },
    });
    const user = render();
    await user.upload(screen.getByLabelText('Excel file'), workbook('datasheet.xlsx'));
    await user.click(screen.getByRole('button', { name: 'Upload and Import' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(messages.importFailedTitle)).toBeInTheDocument();
    expect(alert).toHaveTextContent(messages.importNotWorkbook('a PDF document'));
    expect(await screen.findByText(messages.importUploadFailedTitle)).toBeInTheDocument();
  });

  it('fails with what S3 answered when it refuses the upload', async () => {
    mockApi({
      'GET /api/csrf-token': csrfHandler,
      'POST /api/uploads': { body: ticket },
      'POST /bucket': { status: 400, statusText: 'Bad Request' },
    });
    const user = render();
    await user.upload(screen.getByLabelText('Excel file'), workbook());
    await user.click(screen.getByRole('button', { name: 'Upload and Import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('400: Bad Request');
    expect(await screen.findByText(messages.importUploadFailedTitle)).toBeInTheDocument();
  });

  it('reads the count from the message when the answer has none (spec §7)', () => {
    expect(importedCount({ message: '12 components added' } as ImportResult)).toBe(12);
    expect(importedCount({ message: '12 components added', count: 3 })).toBe(3);
  });
});
