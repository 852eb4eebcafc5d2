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
});
