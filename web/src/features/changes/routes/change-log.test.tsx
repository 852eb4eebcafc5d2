import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ChangeEntry } from '#shared/schemas/changes';
import { mockApi } from '#web/testing/mock-api.ts';
import { renderScreen } from '#web/testing/render.tsx';
import { ChangeLogRoute } from './change-log';

const me = {
  id: 'u-me',
  email: 'me@example.com',
  username: 'me',
  name: 'Me',
  firstName: '',
  lastName: '',
  role: 'user',
};

const entry = (n: number, fields: Partial<ChangeEntry> = {}): ChangeEntry => ({
  id: `01KCHANGE${String(n).padStart(17, '0')}`,
  at: '2026-03-01T10:00:00.000Z',
  kind: 'edit',
  componentId: 7,
  componentReference: 'PKZM0-10',
  componentClass: 'Circuit Protection',
  fields: ['description'],
  summary: 'Updated description',
  proposedBy: { id: 'u-alice', name: 'alice' },
  approvedBy: { id: 'u-lena', name: 'lena' },
  requestId: null,
  ...fields,
});

const lastChangesCall = (server: ReturnType<typeof mockApi>) =>
  server.calls.filter((call) => call.path.startsWith('/api/changes')).at(-1)?.path;

describe('change log', () => {
  it('shows each change with its part linked to the history, pages with the total, and filters by person and kind', async () => {
    const server = mockApi({
      'GET /api/user': { body: me },
      'GET /api/changes': ({ query }) => ({
        body: [entry(Number(query.get('offset'))), entry(1, { kind: 'delete', componentReference: 'GONE-1' })],
        headers: { 'X-Total-Count': '60' },
      }),
    });
    renderScreen(<ChangeLogRoute />, '/component-hub/changes');
    const table = await screen.findByRole('table', { name: 'Changes' });
    expect(within(table).getByRole('link', { name: 'PKZM0-10' })).toHaveAttribute(
      'href',
      '/component-hub/components/7#history',
    );
    // A deleted part has no page to link to.
    expect(within(table).getByText('GONE-1').closest('a')).toBeNull();
    expect(screen.getByText('Showing 1 to 25 of 60 changes')).toBeInTheDocument();
    expect(lastChangesCall(server)).toBe('/api/changes?limit=25&offset=0');

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 26 to 50 of 60 changes')).toBeInTheDocument();
    expect(lastChangesCall(server)).toBe('/api/changes?limit=25&offset=25');

    const shown = await screen.findByRole('table', { name: 'Changes' });
    await userEvent.click(within(shown).getAllByRole('button', { name: 'Only changes by alice' })[0]!);
    await screen.findByText('Only one person’s changes.');
    expect(lastChangesCall(server)).toBe('/api/changes?user=u-alice&limit=25&offset=0');

    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'lifecycle');
    await vi.waitFor(() =>
      expect(lastChangesCall(server)).toBe('/api/changes?user=u-alice&kind=lifecycle&limit=25&offset=0'),
    );
  });

  it('says when nothing matches', async () => {
    mockApi({
      'GET /api/user': { body: me },
      'GET /api/changes': { body: [], headers: { 'X-Total-Count': '0' } },
    });
    renderScreen(<ChangeLogRoute />, '/component-hub/changes?kind=merge');
    expect(await screen.findByText('No changes found.')).toBeInTheDocument();
  });
});
