import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '#web/testing/mock-api.ts';
import { renderScreen } from '#web/testing/render.tsx';
import { AdminDashboardRoute } from './admin-dashboard';

afterEach(() => vi.unstubAllGlobals());

/** The users' card and tab come from the users feature (composed in by the app's route). */
const dashboard = <AdminDashboardRoute overview={<p>users card</p>} userManagement={<p>users feature</p>} />;

describe('admin dashboard tabs', () => {
  it('opens the tab the anchor names, and keeps the chosen tab in the anchor', async () => {
    mockApi({ 'GET /api/admin/image-stats': { status: 503, body: { message: 'not in this test' } } });
    const { router } = renderScreen(dashboard, '/component-hub/admin#users');
    expect(await screen.findByRole('tab', { name: 'User Management', selected: true })).toBeInTheDocument();
    expect(screen.getByText('users feature')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Overview' }));
    expect(await screen.findByRole('tab', { name: 'Overview', selected: true })).toBeInTheDocument();
    expect(router.state.location.hash).toBe('');
    expect(router.state.location.pathname).toBe('/component-hub/admin');
  });

  it('opens the overview for an anchor it does not know', async () => {
    mockApi({ 'GET /api/admin/image-stats': { status: 503, body: { message: 'not in this test' } } });
    renderScreen(dashboard, '/component-hub/admin#nothing-here');
    expect(await screen.findByRole('tab', { name: 'Overview', selected: true })).toBeInTheDocument();
  });

  it('lists the values no number was read from, each with its parts, on the Catalogue Data tab', async () => {
    mockApi({
      'GET /api/admin/unread-values': {
        body: [
          {
            field: 'current',
            label: 'Current',
            value: 'see datasheet',
            count: 7,
            components: [
              { id: 11, reference: 'PT 2,5' },
              { id: 12, reference: 'UT 4' },
            ],
          },
        ],
      },
    });
    renderScreen(dashboard, '/component-hub/admin#data');
    expect(await screen.findByRole('tab', { name: 'Catalogue Data', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('“see datasheet”')).toBeInTheDocument();
    expect(screen.getByText('7 parts')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'UT 4' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/component-hub\/components\/12$/),
    );
    expect(screen.getByText('and 5 more')).toBeInTheDocument();
  });

  it('says so when every value was read', async () => {
    mockApi({ 'GET /api/admin/unread-values': { body: [] } });
    renderScreen(dashboard, '/component-hub/admin#data');
    expect(await screen.findByText('Every current and wire size was read.')).toBeInTheDocument();
  });
});
