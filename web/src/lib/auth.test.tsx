import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../testing/mock-api';
import { renderRoutes } from '../testing/render';
import { RedirectIfLoggedIn, RequireAuth, displayName, type User } from './auth';

const admin: User = {
  id: '1',
  email: 'root@example.com',
  username: 'root',
  name: 'Root Admin',
  firstName: 'Root',
  lastName: 'Admin',
  role: 'admin',
};
const member: User = { ...admin, id: '2', email: 'jo@example.com', username: 'jo', name: '', role: 'user' };

const routes = [
  { path: '/auth', element: <RedirectIfLoggedIn />, children: [{ index: true, element: <p>login page</p> }] },
  {
    element: <RequireAuth />,
    children: [
      { path: '/component-hub', element: <p>hub page</p> },
      {
        element: <RequireAuth role="admin" />,
        children: [{ path: '/component-hub/admin', element: <p>admin page</p> }],
      },
    ],
  },
  { path: '/', element: <p>home</p> },
];

describe('route guard', () => {
  it('shows a spinner while the session loads', async () => {
    mockApi({ 'GET /api/user': () => new Promise(() => undefined) });
    renderRoutes(routes, '/component-hub');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading');
    expect(screen.queryByText('hub page')).not.toBeInTheDocument();
  });

  it('sends someone who is not logged in to /auth', async () => {
    mockApi({ 'GET /api/user': { status: 401, body: { message: 'Not logged in' } } });
    const { router } = renderRoutes(routes, '/component-hub/admin');
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it("shows 'Access Denied' with a link home to a user on an admin route", async () => {
    mockApi({ 'GET /api/user': { body: member } });
    renderRoutes(routes, '/component-hub/admin');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText("You don't have the required permissions to access this page.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
    expect(screen.queryByText('admin page')).not.toBeInTheDocument();
  });

  it('lets a user through a route without a role, and an admin through every role check', async () => {
    mockApi({ 'GET /api/user': { body: member } });
    const first = renderRoutes(routes, '/component-hub');
    expect(await screen.findByText('hub page')).toBeInTheDocument();
    first.unmount();

    mockApi({ 'GET /api/user': { body: admin } });
    renderRoutes(routes, '/component-hub/admin');
    expect(await screen.findByText('admin page')).toBeInTheDocument();
  });

  it('sends a logged-in user away from /auth to the hub', async () => {
    mockApi({ 'GET /api/user': { body: member } });
    const { router } = renderRoutes(routes, '/auth');
    expect(await screen.findByText('hub page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/component-hub');
  });
});

describe('displayName (spec §2 Welcome)', () => {
  it("uses the name, else the email's local part, else 'User'", () => {
    expect(displayName(admin)).toBe('Root Admin');
    expect(displayName(member)).toBe('jo');
    expect(displayName({ name: '', email: '' })).toBe('User');
    expect(displayName(null)).toBe('User');
  });
});
