import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '#shared/messages';
import { aComponent } from '#web/testing/component-fixture.ts';
import { formatDate } from '#web/lib/dates.ts';
import { relay, renderDetail, toastWith, version } from './component-detail-test-setup';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/* Siemens discontinued the SIRIUS 3RT1 contactors; 3RT2015-1BB41 follows 3RT1015-1BB41. */
const discontinued = aComponent({
  id: 7,
  reference: '3RT1015-1BB41',
  manufacturer: 'Siemens',
  class: 'Relay',
  type: 'Contactor',
  lifecycle: 'obsolete',
  lifecycleConfirmedAt: '2026-03-02T10:00:00.000Z',
  lifecycleSource: 'person: Jo Miller',
});

describe('a part’s lifecycle on its page', () => {
  it('shows the lifecycle beside the title with when and by whom it was confirmed, and in Basic Information', async () => {
    renderDetail({ component: discontinued });
    const summary = await screen.findByTestId('lifecycle-summary');
    expect(within(summary).getByText('Obsolete')).toBeInTheDocument();
    expect(summary).toHaveTextContent(`Lifecycle confirmed ${formatDate('2026-03-02T10:00:00.000Z')} by Jo Miller`);
    const details = screen.getByRole('tabpanel', { name: 'Details' });
    const basic = within(details).getByRole('region', { name: 'Basic Information' });
    expect(within(basic).getByText('Lifecycle')).toBeInTheDocument();
    expect(basic.querySelector('[data-field="lifecycle"]')).toHaveTextContent('Obsolete');
  });

  it('says an import confirmed it', async () => {
    renderDetail({ component: { ...discontinued, lifecycleSource: 'import' } });
    expect(await screen.findByTestId('lifecycle-summary')).toHaveTextContent(/confirmed .* by an import$/);
  });

  it('shows no badge for an unknown lifecycle, and Unknown as its value', async () => {
    renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: '3RT2015-1BB41' })).toBeInTheDocument();
    expect(screen.queryByTestId('lifecycle-summary')).not.toBeInTheDocument();
    expect(document.querySelector('[data-field="lifecycle"]')).toHaveTextContent('Unknown');
  });

  it('proposes a lifecycle from its list and sends its code', async () => {
    const { server } = renderDetail({
      extra: { 'PATCH /api/components/7': { status: 201, body: { requestId: 'R' } } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Lifecycle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Lifecycle' });
    expect(dialog).toHaveTextContent('Current value: Unknown.');
    const select = within(dialog).getByLabelText('New value');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Active', 'NRND (not recommended for new designs)', 'Last time buy', 'Obsolete', 'Unknown']);
    // The value it has is no change.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit for Approval' }));
    expect(await within(dialog).findByText(messages.editUnchanged)).toBeInTheDocument();
    await userEvent.selectOptions(select, 'Obsolete');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit for Approval' }));
    await toastWith('Update Submitted', 'Your changes have been submitted for approval.');
    expect(server.callsTo('PATCH /api/components/7')[0]!.body).toEqual({ lifecycle: 'obsolete', username: 'jo' });
  });

  it('names lifecycles by their labels in the version history', async () => {
    renderDetail({
      component: discontinued,
      versions: [
        version(2, {
          changedFields: ['lifecycle'],
          previousData: { lifecycle: 'unknown' },
          changeData: { lifecycle: 'obsolete' },
        }),
      ],
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Version History' }));
    const table = await screen.findByRole('table', { name: 'Version History' });
    await userEvent.click(within(table).getByRole('button', { name: 'Show changes of version 2' }));
    expect(within(table).getByText('Previous').parentElement).toHaveTextContent('PreviousUnknown');
    expect(within(table).getByText('New').parentElement).toHaveTextContent('NewObsolete');
  });

  it('marks linked parts with their lifecycle: the replacement of a discontinued contactor', async () => {
    renderDetail({
      component: discontinued,
      links: [
        {
          id: 'replaced-by.7.8',
          kind: 'replaced-by',
          label: 'Replaced by',
          role: null,
          otherId: 8,
          reference: '3RT2015-1BB41',
          manufacturer: 'Siemens',
          lifecycle: 'active',
          createdAt: '2026-03-01T10:00:00.000Z',
        },
      ],
    });
    const replacedBy = await screen.findByRole('list', { name: 'Replaced by' });
    const [item] = within(replacedBy).getAllByRole('listitem');
    expect(within(item!).getByRole('link', { name: '3RT2015-1BB41' })).toBeInTheDocument();
    expect(within(item!).getByText('Active')).toBeInTheDocument();
  });

  it('marks related parts with their lifecycle', async () => {
    renderDetail({
      component: relay,
      extra: {
        'GET /api/components/7/related': {
          body: [
            aComponent({ id: 8, reference: '3RT1015-1BB41', manufacturer: 'Siemens', lifecycle: 'obsolete' }),
            aComponent({ id: 9, reference: '3RT2016-1BB41', manufacturer: 'Siemens' }),
          ],
        },
      },
    });
    const related = await screen.findByRole('list', { name: 'Related Components' });
    await waitFor(() => expect(within(related).getAllByRole('listitem')).toHaveLength(2));
    const [first, second] = within(related).getAllByRole('listitem');
    expect(within(first!).getByText('Obsolete')).toBeInTheDocument();
    expect(second!.querySelector('[data-lifecycle]')).toBeNull();
  });
});
