import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../testing/mock-api';
import { renderRoutes } from '../testing/render';
import { routes } from './router';

const admin = {
  id: '1',
  email: 'root@example.com',
  username: 'root',
  name: 'Root',
  firstName: 'Root',
  lastName: '',
  role: 'admin',
};
const member = { ...admin, id: '2', username: '', email: 'jo@example.com', role: 'user' };

describe('app routes', () => {
  it('shows the 404 page for an unknown path', async () => {
    mockApi({});
    renderRoutes(routes, '/no/such/page');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
  });

  it('shows the health page without a session', async () => {
    mockApi({});
    renderRoutes(routes, '/health');
    expect(await screen.findByRole('heading', { name: 'App Health Check' })).toBeInTheDocument();
    expect(screen.getByText('Status: OK')).toBeInTheDocument();
    expect(screen.getByText(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)).toBeInTheDocument();
  });

  it('sends / to the hub, and the hub to /auth without a session', async () => {
    mockApi({
      'GET /api/user': { status: 401, body: { message: 'Not logged in' } },
      'GET /api/sso/options': { body: { sso: null, passwordLogin: 'on' } },
    });
    const { router } = renderRoutes(routes, '/');
    // The login page is its own chunk, loaded on the way.
    expect(await screen.findByRole('button', { name: 'Sign In' }, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('leads the old /components/{id} link to the hub detail page', async () => {
    mockApi({ 'GET /api/user': { body: admin } });
    const { router } = renderRoutes(routes, '/components/42');
    await waitFor(() => expect(router.state.location.pathname).toBe('/component-hub/components/42'));
  });
});

/** jsdom matches no media query, so the shell is at its narrow layout: the sidebar is in the drawer. */
const openDrawer = async () => {
  await userEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
  return screen.findByRole('dialog');
};

describe('shell', () => {
  it('shows every sidebar link to an admin, with the username and role in the footer', async () => {
    mockApi({ 'GET /api/user': { body: admin } });
    renderRoutes(routes, '/component-hub');
    const drawer = await openDrawer();
    const nav = within(drawer).getByRole('navigation', { name: 'Main' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Dashboard', '/component-hub'],
      ['Components', '/component-hub/components'],
      ['Add New Component', '/component-hub/add-component'],
      ['Import Excel', '/component-hub/import-excel'],
      ['Approval Queue', '/component-hub/approval-queue'],
      ['Admin Dashboard', '/component-hub/admin'],
      ['Change Log', '/component-hub/changes'],
      ['Settings', '/component-hub/settings'],
      ['Welcome & Tools', '/landing'],
    ]);
    expect(within(drawer).getByText('root')).toBeInTheDocument();
    expect(within(drawer).getByText('admin')).toBeInTheDocument();
  });

  it('hides the admin pages (Import Excel, Approval Queue, Admin Dashboard) from a user and shows the email when there is no username', async () => {
    mockApi({ 'GET /api/user': { body: member } });
    renderRoutes(routes, '/component-hub');
    const drawer = await openDrawer();
    const nav = within(drawer).getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Components', 'Add New Component', 'Change Log', 'Settings', 'Welcome & Tools']);
    expect(within(drawer).queryByRole('link', { name: 'Admin Dashboard' })).not.toBeInTheDocument();
    expect(within(drawer).getByText('jo@example.com')).toBeInTheDocument();
  });

  it('shows a librarian the reviewing pages in the sidebar, with their role in the footer', async () => {
    mockApi({ 'GET /api/user': { body: { ...admin, id: '3', username: 'lena', role: 'librarian' } } });
    renderRoutes(routes, '/component-hub');
    const drawer = await openDrawer();
    const nav = within(drawer).getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Dashboard',
      'Components',
      'Add New Component',
      'Import Excel',
      'Approval Queue',
      'Admin Dashboard',
      'Change Log',
      'Settings',
      'Welcome & Tools',
    ]);
    expect(within(drawer).getByText('librarian')).toBeInTheDocument();
  });

  it('leads to the welcome and tools page from the settings menu', async () => {
    mockApi({ 'GET /api/user': { body: member } });
    const { router } = renderRoutes(routes, '/component-hub');
    await userEvent.click(await screen.findByRole('button', { name: 'Settings menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Welcome & Tools' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/landing'));
  });

  it('offers the API reference in the settings menu, and shows it inside the hub', async () => {
    mockApi({
      'GET /api/user': { body: member },
      'GET /api/openapi.json': {
        body: { openapi: '3.1.0', info: { title: 'Component Hub API', version: '1' }, paths: {} },
      },
    });
    renderRoutes(routes, '/component-hub/api');
    // The page is a chunk of its own, loaded on the way.
    expect(await screen.findByRole('heading', { name: 'API Reference', level: 1 }, { timeout: 5000 })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Settings menu' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Settings menu' }));
    expect(await screen.findByRole('menuitem', { name: 'API Reference' })).toBeInTheDocument();
  });

  it('quick search stores the trimmed text as headerSearchQuery, opens the list, and clears when leaving it', async () => {
    mockApi({ 'GET /api/user': { body: admin } });
    const { router } = renderRoutes(routes, '/component-hub');
    await userEvent.type(
      within(await openDrawer()).getByRole('textbox', { name: 'Search components' }),
      '  3RT2015 {Enter}',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/component-hub/components'));
    expect(sessionStorage.getItem('headerSearchQuery')).toBe('3RT2015');
    // The desktop sidebar's box (hidden at this width) keeps its text in the list, not after it.
    const box = screen
      .getAllByRole('textbox', { name: 'Search components', hidden: true })
      .find((element) => !element.closest('[role=dialog]'))!;
    fireEvent.change(box, { target: { value: 'relay' } });
    expect(box).toHaveValue('relay');
    await act(() => router.navigate('/component-hub/components?page=2'));
    expect(box).toHaveValue('relay');
    await act(() => router.navigate('/component-hub'));
    expect(box).toHaveValue('');
  });
});

describe('a librarian', () => {
  it('offers a librarian no User Management in the settings menu', async () => {
    mockApi({ 'GET /api/user': { body: { ...admin, id: '3', username: 'lena', role: 'librarian' } } });
    renderRoutes(routes, '/component-hub');
    await userEvent.click(await screen.findByRole('button', { name: 'Settings menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Profile Settings' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'User Management' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
  });
});
