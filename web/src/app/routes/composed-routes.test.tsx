import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminUser } from '#shared/schemas/users';
import { mockApi } from '#web/testing/mock-api.ts';
import { renderRoutes } from '#web/testing/render.tsx';
import { routes } from '../router';

const admin = {
  id: 'u1',
  email: 'root@example.com',
  username: 'root',
  name: 'Root',
  firstName: 'Root',
  lastName: '',
  role: 'admin' as const,
};
const users: AdminUser[] = [
  { ...admin, invitedAt: null, acceptedInviteAt: '2025-01-01T00:00:00.000Z', createdAt: '2025-01-01T00:00:00.000Z' },
  {
    ...admin,
    id: 'u2',
    email: 'jo@example.com',
    username: 'jo',
    role: 'user',
    invitedAt: '2025-02-01T00:00:00.000Z',
    acceptedInviteAt: null,
    createdAt: '2025-02-01T00:00:00.000Z',
  },
];

describe('pages composed from the users feature', () => {
  it("admin dashboard: Overview's 'Total Users' beside the image cards, Image Management, User Management's table", async () => {
    const imageStats = {
      totalComponents: 4,
      componentsWithImages: 1,
      componentsWithoutImages: 3,
      imageSuccessRate: 50,
      recentlyProcessed: [],
      byClass: [],
    };
    mockApi({
      'GET /api/user': { body: admin },
      'GET /api/users': { body: users },
      'GET /api/admin/image-stats': { body: imageStats },
      'GET /api/admin/recent-images': { body: [] },
      'GET /api/admin/image-batch': { body: { batch: null } },
      'GET /api/components/classes': { body: [] },
    });
    renderRoutes(routes, '/component-hub/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Overview', selected: true })).toBeInTheDocument();
    expect(await screen.findByText(/1 active admin/)).toBeInTheDocument();
    expect(screen.getByText('Total Users')).toBeInTheDocument();
    expect(await screen.findByText('25% coverage')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Image Management' }));
    expect(await screen.findByText('No recent images found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Smart Search (Both)' })).toBeEnabled();

    await userEvent.click(screen.getByRole('tab', { name: 'User Management' }));
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).getByText('Pending')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invite User' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add User' })).toBeInTheDocument();
  });

  it("settings #users: the invite form and 'Active Users'", async () => {
    mockApi({ 'GET /api/user': { body: admin }, 'GET /api/users': { body: users } });
    renderRoutes(routes, '/component-hub/settings#users');
    expect(await screen.findByRole('form', { name: 'Invite a user' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Active Users' })).toBeInTheDocument();
  });
});
