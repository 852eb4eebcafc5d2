import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ComponentLink } from '#shared/schemas/links';
import { aComponent } from '#web/testing/component-fixture.ts';
import { renderDetail, toastWith } from './component-detail-test-setup';

/*
 * The Links card: TE's MATE-N-LOK 1-480700-0 plug housing with its contact and crimp tool, and
 * an obsolete part that leads to its replacement.
 */
const housing = aComponent({ id: 7, reference: '1-480700-0', manufacturer: 'TE Connectivity', class: 'Connector' });
const link = (fields: Partial<ComponentLink>): ComponentLink => ({
  id: 'uses-contact.7.8',
  kind: 'uses-contact',
  label: 'Uses contact',
  role: null,
  otherId: 8,
  reference: '350218-1',
  manufacturer: 'TE Connectivity',
  lifecycle: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  ...fields,
});

describe('component detail links', () => {
  it('lists links grouped by how they read from this part, and files a removal for review', async () => {
    const { server } = renderDetail({
      component: housing,
      links: [
        link({}),
        link({
          id: 'uses-tool.7.9',
          kind: 'uses-tool',
          label: 'Uses tool',
          role: 'crimp',
          otherId: 9,
          reference: '90546-1',
        }),
      ],
      extra: { 'DELETE /api/components/7/links/uses-tool.7.9': { status: 201, body: { requestId: '01JREQ' } } },
    });
    const contacts = await screen.findByRole('list', { name: 'Uses contact' });
    expect(within(contacts).getByRole('link', { name: '350218-1' })).toHaveAttribute(
      'href',
      '/component-hub/components/8',
    );
    const tools = screen.getByRole('list', { name: 'Uses tool' });
    expect(within(tools).getByText('TE Connectivity · Crimp tool')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove link to 90546-1' }));
    await toastWith('Link Submitted');
    expect(server.callsTo('DELETE /api/components/7/links/uses-tool.7.9')).toHaveLength(1);
  });

  it('adds a link: a kind, a part found by the quick search, a tool role; the request is filed', async () => {
    const { server } = renderDetail({
      component: housing,
      extra: {
        'GET /api/components': { body: [aComponent({ id: 9, reference: '90546-1', manufacturer: 'TE Connectivity' })] },
        'POST /api/components/7/links': { status: 201, body: { requestId: '01JREQ' } },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add link' });
    await userEvent.selectOptions(within(dialog).getByLabelText('1-480700-0 …'), 'uses-tool');
    await userEvent.selectOptions(within(dialog).getByLabelText('Tool'), 'crimp');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit for Approval' }));
    expect(await within(dialog).findByText('Choose the part to link to')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Part'), '90546');
    await userEvent.click(await within(dialog).findByRole('button', { name: '90546-1 · TE Connectivity' }));
    expect(within(dialog).getByTestId('link-preview')).toHaveTextContent('1-480700-0 — uses tool — 90546-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit for Approval' }));
    await toastWith('Link Submitted');
    expect(server.callsTo('POST /api/components/7/links')[0]!.body).toEqual({
      kind: 'uses-tool',
      targetId: 9,
      role: 'crimp',
    });
  });

  it('offers to make a crimp tool named in free text a link when the catalogue holds that part', async () => {
    const { server } = renderDetail({
      component: { ...housing, toolCrimp: '90546-1' },
      extra: {
        'GET /api/components': { body: [aComponent({ id: 9, reference: '90546-1', manufacturer: 'TE Connectivity' })] },
        'POST /api/components/7/links': { status: 201, body: { requestId: '01JREQ' } },
      },
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Technical Specs' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Link 90546-1 as a catalogue part' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add link' });
    expect(within(dialog).getByTestId('link-preview')).toHaveTextContent('1-480700-0 — uses tool — 90546-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit for Approval' }));
    await toastWith('Link Submitted');
    expect(server.callsTo('POST /api/components/7/links')[0]!.body).toEqual({
      kind: 'uses-tool',
      targetId: 9,
      role: 'crimp',
    });
  });

  it('an obsolete part leads to its replacement', async () => {
    renderDetail({
      component: aComponent({ id: 7, reference: '3RT1015-1BB41', manufacturer: 'Siemens', class: 'Relay' }),
      links: [link({ id: 'replaced-by.7.8', kind: 'replaced-by', label: 'Replaced by', reference: '3RT2015-1BB41' })],
    });
    const notice = await screen.findByTestId('replacement-notice');
    expect(within(notice).getByRole('link', { name: '3RT2015-1BB41' })).toHaveAttribute(
      'href',
      '/component-hub/components/8',
    );
  });
});
