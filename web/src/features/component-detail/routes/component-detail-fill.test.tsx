import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DistributorFillProposal } from '#shared/schemas/distributor-fill';
import { relay, renderDetail, toastWith, user } from './component-detail-test-setup';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/*
 * 'Fill from Digi-Key / Mouser' on the detail page. The answer is what the API gives for the
 * Siemens contactor: the catalogue's value beside the distributor's, a protected row, a row with
 * the same value and one whose value the field cannot take.
 */
const proposal: DistributorFillProposal = {
  provider: 'digikey',
  confidence: 0.95,
  readAt: '2026-03-05T10:00:00.000Z',
  product: {
    provider: 'digikey',
    productNumber: '3RT2015-1BB41-ND',
    manufacturerPartNumber: '3RT2015-1BB41',
    manufacturer: 'Siemens',
    productUrl: null,
    unmapped: [{ name: 'Coil Voltage', value: '24VDC', reason: 'no-field' }],
    suggestedReplacement: null,
    stock: 1234,
    priceBreaks: [{ quantity: 1, unitPrice: 42.5, currency: 'USD' }],
  },
  rows: [
    {
      field: 'manufacturer',
      label: 'Manufacturer',
      catalogue: 'Siemens',
      distributor: 'Siemens',
      asWritten: 'Siemens',
      from: 'Manufacturer.Name',
      differs: false,
      protected: false,
      problem: null,
    },
    {
      field: 'lifecycle',
      label: 'Lifecycle',
      catalogue: 'unknown',
      distributor: 'active',
      asWritten: 'Active',
      from: 'ProductStatus.Status',
      differs: true,
      protected: false,
      problem: null,
    },
    {
      field: 'width',
      label: 'Width (mm)',
      catalogue: 45,
      distributor: 44.5,
      asWritten: '1.752" (44.50mm)',
      from: 'Width',
      differs: true,
      protected: true,
      problem: null,
    },
    {
      field: 'description',
      label: 'Description',
      catalogue: 'Contactor, 3 kW',
      distributor: 'CONTACTOR 3KW 24VDC',
      asWritten: 'CONTACTOR 3KW 24VDC',
      from: 'Description.DetailedDescription',
      differs: true,
      protected: false,
      problem: null,
    },
  ],
};

const open = async () => {
  await userEvent.click(await screen.findByRole('button', { name: 'Fill from Digi-Key' }));
  return screen.findByRole('dialog', { name: 'Fill from Digi-Key' });
};

describe('filling a part from a distributor', () => {
  it('shows the match, the values side by side, and files only the ticked fields', async () => {
    const { server } = renderDetail({
      extra: {
        'POST /api/components/7/distributor-data': { body: proposal },
        'POST /api/components/7/distributor-fill': { status: 201, body: { requestId: 'R1' } },
      },
    });
    const dialog = await open();
    expect(await within(dialog).findByText('95% match')).toBeInTheDocument();
    expect(server.callsTo('POST /api/components/7/distributor-data')[0]!.body).toEqual({ provider: 'digikey' });
    expect(within(dialog).getByTestId('fill-row-lifecycle')).toHaveTextContent(/Unknown.*Active/);
    expect(within(dialog).getByTestId('fill-stock')).toHaveTextContent('1,234 in stock at Digi-Key');
    expect(within(dialog).getByText('Coil Voltage: 24VDC')).toBeInTheDocument();

    // The same value, and a protected field, cannot be ticked.
    expect(within(dialog).getByRole('checkbox', { name: 'Take Manufacturer' })).toBeDisabled();
    expect(within(dialog).getByRole('checkbox', { name: 'Take Width (mm)' })).toBeDisabled();
    expect(within(dialog).getByTestId('fill-row-width')).toHaveTextContent('Protected');
    const submit = within(dialog).getByRole('button', { name: 'Request changes' });
    expect(submit).toBeDisabled();

    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Take Lifecycle' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Take Description' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request 2 changes' }));
    await toastWith('Change request submitted', '2 fields from Digi-Key await approval.');
    expect(server.callsTo('POST /api/components/7/distributor-fill')[0]!.body).toEqual({
      provider: 'digikey',
      fields: ['lifecycle', 'description'],
    });
    expect(screen.queryByRole('dialog', { name: 'Fill from Digi-Key' })).not.toBeInTheDocument();
  });

  it('lets an administrator protect a field for the part, and shows it protected when read again', async () => {
    let own: string[] = [];
    const { server } = renderDetail({
      extra: {
        'GET /api/user': { body: { ...user, role: 'admin' } },
        'POST /api/components/7/distributor-data': () => ({
          body: {
            ...proposal,
            rows: proposal.rows.map((row) => (own.includes(row.field) ? { ...row, protected: true } : row)),
          },
        }),
        'GET /api/components/7/protected-fields': () => ({ body: { part: own, class: ['width'] } }),
        'PUT /api/components/7/protected-fields': ({ body }) => {
          own = (body as { fields: string[] }).fields;
          return { body: { fields: own } };
        },
      },
    });
    const dialog = await open();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Protect Lifecycle for this part' }));
    expect(server.callsTo('PUT /api/components/7/protected-fields')[0]!.body).toEqual({ fields: ['lifecycle'] });
    expect(
      await within(dialog).findByRole('button', { name: 'Unprotect Lifecycle for this part' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Take Lifecycle' })).toBeDisabled();
  });

  it('says in words when the distributor has nothing for the part', async () => {
    renderDetail({
      extra: {
        'POST /api/components/7/distributor-data': {
          status: 404,
          body: { message: `No results found for ${relay.reference}` },
        },
      },
    });
    const dialog = await open();
    expect(await within(dialog).findByText(`No results found for ${relay.reference}`)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Request changes' })).toBeDisabled();
  });
});
