import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DistributorLookupAnswer } from '#shared/schemas/distributor-fill';
import { csrfHandler, mockApi } from '#web/testing/mock-api.ts';
import { renderScreen } from '#web/testing/render.tsx';
import { AddComponentRoute } from '#web/features/components/routes/add-component.tsx';
import { aUser } from '#web/testing/user-fixture.ts';

afterEach(() => vi.unstubAllGlobals());

/* Digi-Key's recorded answer for Texas Instruments' LM358BAIPWR, as the lookup reads it. */
const answer: DistributorLookupAnswer = {
  provider: 'digikey',
  readAt: '2026-03-05T10:00:00.000Z',
  product: {
    provider: 'digikey',
    productNumber: '296-LM358BAIPWRCT-ND',
    manufacturerPartNumber: 'LM358BAIPWR',
    manufacturer: 'Texas Instruments',
    productUrl: null,
    values: [
      { field: 'manufacturer', value: 'Texas Instruments', asWritten: 'Texas Instruments', from: 'Manufacturer.Name' },
      { field: 'lifecycle', value: 'active', asWritten: 'Active', from: 'ProductStatus.Status' },
      { field: 'numberOfCircuits', value: 2, asWritten: '2', from: 'Number of Circuits' },
      { field: 'voltage', value: 36, asWritten: '36 V', from: 'Voltage - Supply Span (Max)' },
    ],
    unmapped: [],
    suggestedReplacement: null,
    stock: 4197,
    priceBreaks: [],
  },
};

describe('starting the Add New Component form from a distributor part number', () => {
  it('fills the fields the answer gives, marked with where they came from, until they are changed', async () => {
    const server = mockApi({
      'GET /api/user': { body: aUser() },
      'GET /api/csrf-token': csrfHandler,
      'GET /api/components/options': { body: { manufacturers: [], classes: ['Relay'], types: [] } },
      'GET /api/components/duplicates': { body: [] },
      'GET /api/drafts': { body: [] },
      'POST /api/distributor-lookup': { body: answer },
    });
    renderScreen(<AddComponentRoute />, '/component-hub/add-component', {});
    const start = await screen.findByRole('form', { name: 'Start from a distributor part number' });
    await userEvent.click(within(start).getByRole('button', { name: 'Fill the form' }));
    expect(await within(start).findByText('Enter a part number')).toBeInTheDocument();

    await userEvent.type(within(start).getByLabelText('Part number'), '296-LM358BAIPWRCT-ND');
    await userEvent.click(within(start).getByRole('button', { name: 'Fill the form' }));
    const source = 'Digi-Key 296-LM358BAIPWRCT-ND';
    const reference = await screen.findByLabelText(`Reference (from ${source})`, { exact: false });
    expect(reference).toHaveValue('LM358BAIPWR');
    expect(server.callsTo('POST /api/distributor-lookup')[0]!.body).toEqual({
      provider: 'digikey',
      partNumber: '296-LM358BAIPWRCT-ND',
    });
    expect(screen.getByLabelText(`Lifecycle (from ${source})`)).toHaveValue('active');
    // A changed value is no longer the distributor's: its mark goes.
    await userEvent.clear(reference);
    await userEvent.paste('LM358BAIPWR-X');
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Reference/ })).toHaveValue('LM358BAIPWR-X'));
    expect(screen.getByRole('textbox', { name: /^Reference/ })).not.toHaveAccessibleName(/from Digi-Key/);
    expect(screen.getByLabelText(`Voltage (V) (from ${source})`)).toHaveValue(36);
  });
});
