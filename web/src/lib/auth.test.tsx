import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { csrfHandler, mockApi } from '../testing/mock-api';
import { renderRoutes } from '../testing/render';
import { rootAdmin } from '../testing/user-fixture';
import { RedirectIfLoggedIn, RequireAuth, displayName, logout, returnPathFrom, takeLoggedOut, type User } from './auth';

const admin = rootAdmin;
const member: User = { ...admin, id: '2', email: 'jo@example.com', username: 'jo', name: '', role: 'user' };

const routes = [
  { path: '/auth', element: <RedirectIfLoggedIn />, children: [{ index: true, element: <p>login page</p> }] },
  {
    element: <RequireAuth />,
    children: [
      { path: '/component-hub', element: <p>hub page</p> },
      { path: '/component-hub/settings', element: <p>settings page</p> },
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

  it('sends an administrator who must set up a second factor to Settings → Security first', async () => {
    mockApi({ 'GET /api/user': { body: { ...admin, secondFactorSetupRequired: true } } });
    const { router } = renderRoutes(routes, '/component-hub/admin');
    expect(await screen.findByText('settings page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/component-hub/settings');
    expect(router.state.location.hash).toBe('#security');
    expect(screen.queryByText('admin page')).not.toBeInTheDocument();
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

  it('shows an error with a retry, not the login page, when the session cannot be read', async () => {
    let failing = true;
    mockApi({
      'GET /api/user': () => (failing ? { status: 500, body: { message: 'Internal Server Error' } } : { body: member }),
    });
    const { router } = renderRoutes(routes, '/component-hub');
    expect(await screen.findByRole('alert')).toHaveTextContent('Component Hub could not check your session');
    expect(router.state.location.pathname).toBe('/component-hub');
    expect(screen.queryByText('login page')).toBeNull();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('hub page')).toBeInTheDocument();
  });

  it('sends a logged-in user on /auth back to the page that sent them there', async () => {
    mockApi({ 'GET /api/user': { body: member } });
    const { router } = renderRoutes(routes, '/component-hub/admin');
    await router.navigate('/auth', { state: { from: { pathname: '/component-hub', search: '?x=1', hash: '' } } });
    await waitFor(() => expect(router.state.location.search).toBe('?x=1'));
    expect(router.state.location.pathname).toBe('/component-hub');
  });

  it('sends a logged-in user away from /auth to the hub', async () => {
    mockApi({ 'GET /api/user': { body: member } });
    const { router } = renderRoutes(routes, '/auth');
    expect(await screen.findByText('hub page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/component-hub');
  });

  it('lets a logged-in user follow the link that confirms a new email address', async () => {
    mockApi({ 'GET /api/user': { body: member } });
    const { router } = renderRoutes(routes, '/auth?confirmEmail=abc');
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
  });
});

describe('logout', () => {
  it("ends the session and reloads on the login page, leaving 'Logged out' for it to say", async () => {
    const server = mockApi({ 'GET /api/csrf-token': csrfHandler, 'POST /api/logout': { body: {} } });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    await logout();
    expect(server.callsTo('POST /api/logout')).toHaveLength(1);
    expect(assign).toHaveBeenCalledWith('/app/auth');
    expect(takeLoggedOut()).toBe(true);
    expect(takeLoggedOut()).toBe(false);
  });
});

describe('returnPathFrom', () => {
  it('keeps app paths and refuses anything that could leave the app', () => {
    expect(returnPathFrom({ from: { pathname: '/component-hub/components/7', search: '?q=1', hash: '#files' } })).toBe(
      '/component-hub/components/7?q=1#files',
    );
    for (const pathname of ['//evil.example', '/\\evil.example', 'https://evil.example', 'evil', '/auth', '/a b'])
      expect(returnPathFrom({ from: { pathname } })).toBeUndefined();
    expect(returnPathFrom(null)).toBeUndefined();
    expect(returnPathFrom({ from: { pathname: '/landing', search: 'x' } })).toBe('/landing');
  });
});

describe('displayName', () => {
  it("uses the name, else the email's local part, else 'User'", () => {
    expect(displayName(admin)).toBe('Root Admin');
    expect(displayName(member)).toBe('jo');
    expect(displayName({ name: '', email: '' })).toBe('User');
    expect(displayName(null)).toBe('User');
  });
});
