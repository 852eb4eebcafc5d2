import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '#shared/messages';
import { relay, renderDetail, version } from './component-detail-test-setup';

/* A part merged into another: its address leads to the survivor, whose history shows both. */

afterEach(() => vi.unstubAllGlobals());

describe('a merged part', () => {
  it("opens at the survivor's own address when the old one is followed", async () => {
    // The API redirects a merged id; the browser follows it and is answered with the survivor.
    const { router, server } = renderDetail({
      at: '/component-hub/components/41',
      extra: { 'GET /api/components/41': { body: relay } },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/component-hub/components/7'));
    expect(await screen.findByRole('heading', { level: 1, name: relay.reference })).toBeInTheDocument();
    // Nothing was asked of the old id but the part itself.
    expect(server.calls.filter((call) => call.path.startsWith('/api/components/41/'))).toEqual([]);
    // Back does not return to the old address.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it("lists the merged part's versions after the survivor's own, saying whose they were, without revert", async () => {
    const mergedFrom = { id: 41, reference: '3RT2015 1BB41' };
    renderDetail({
      versions: [
        version(2, { changeDescription: messages.mergeVersion('3RT2015 1BB41', 41) }),
        version(1, {}),
        version(2, { id: '41-2', mergedFrom, changeDescription: 'Updated description' }),
        version(1, { id: '41-1', mergedFrom }),
      ],
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Version History' }));
    const table = await screen.findByRole('table', { name: 'Version History' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent?.includes(messages.versionOfMergedPart('3RT2015 1BB41')))).toEqual([
      false,
      false,
      true,
      true,
    ]);
    expect(within(rows[1]!).getByRole('button', { name: 'Revert to version 1' })).toBeInTheDocument();
    expect(within(rows[2]!).queryByRole('button', { name: /^Revert/ })).toBeNull();
    expect(within(rows[3]!).queryByRole('button', { name: /^Revert/ })).toBeNull();
  });
});
