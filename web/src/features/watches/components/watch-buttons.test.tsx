import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Watch } from '#shared/schemas/watches';
import { csrfHandler, mockApi } from '#web/testing/mock-api.ts';
import { renderScreen } from '#web/testing/render.tsx';
import { WatchButtons } from './watch-buttons';
import { WatchList } from './watch-list';

describe('watching from the part page and Settings', () => {
  it('watches the part, says so, and stops again', async () => {
    let watches: Watch[] = [];
    const server = mockApi({
      'GET /api/csrf-token': csrfHandler,
      'GET /api/watches': () => ({ body: watches }),
      'PUT /api/watches': ({ body }) => {
        watches = [
          { ...(body as { componentId: number }), componentReference: 'PKZM0-10', since: '2026-03-01T10:00:00Z' },
        ];
        return { body: { watching: true } };
      },
      'DELETE /api/watches': () => {
        watches = [];
        return { body: { watching: false } };
      },
    });
    renderScreen(<WatchButtons componentId={7} reference="PKZM0-10" componentClass="Circuit Protection" />, '/');
    const watch = await screen.findByRole('button', { name: 'Watch' });
    expect(watch).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Watch class' })).toBeInTheDocument();
    await userEvent.click(watch);
    const stop = await screen.findByRole('button', { name: 'Stop watching' });
    expect(stop).toHaveAttribute('aria-pressed', 'true');
    expect(server.callsTo('PUT /api/watches')[0]!.body).toEqual({ componentId: 7 });
    expect(
      await screen.findByText('You will be told when a change to PKZM0-10 is requested or approved.'),
    ).toBeInTheDocument();
    await userEvent.click(stop);
    expect(await screen.findByRole('button', { name: 'Watch' })).toBeInTheDocument();
    expect(server.callsTo('DELETE /api/watches')[0]!.body).toEqual({ componentId: 7 });
  });

  it('lists what one watches in Settings, each with Stop watching', async () => {
    let watches: Watch[] = [
      { componentId: 7, componentReference: 'PKZM0-10', since: '2026-03-01T10:00:00Z' },
      { componentClass: 'Relay', since: '2026-03-02T10:00:00Z' },
    ];
    const server = mockApi({
      'GET /api/csrf-token': csrfHandler,
      'GET /api/watches': () => ({ body: watches }),
      'DELETE /api/watches': () => {
        watches = watches.slice(0, 1);
        return { body: { watching: false } };
      },
    });
    renderScreen(<WatchList />, '/');
    expect(await screen.findByRole('link', { name: 'PKZM0-10' })).toHaveAttribute(
      'href',
      '/component-hub/components/7',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Stop watching Class Relay' }));
    expect(server.callsTo('DELETE /api/watches')[0]!.body).toEqual({ componentClass: 'Relay' });
    await vi.waitFor(() => expect(screen.queryByText('Class Relay')).not.toBeInTheDocument());
  });
});
