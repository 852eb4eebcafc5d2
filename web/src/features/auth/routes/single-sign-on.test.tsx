import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { mockApi } from '#web/testing/mock-api.ts';
import { renderRoutes, renderScreen } from '#web/testing/render.tsx';
import { RequireAuth } from '#web/lib/auth.tsx';
import { AuthRoute } from './auth';

const withSso = (passwordLogin = 'on') => ({
  'GET /api/sso/options': { body: { sso: { label: 'Contoso', startUrl: '/api/sso/start' }, passwordLogin } },
});

afterEach(() => window.sessionStorage.clear());

describe('auth screen: single sign-on', () => {
  it("shows 'Sign in with {label}' above the password form, leading to the start route", async () => {
    mockApi(withSso());
    renderScreen(<AuthRoute />, '/auth');
    const button = await screen.findByRole('link', { name: 'Sign in with Contoso' });
    expect(button).toHaveAttribute('href', '/api/sso/start');
    const email = screen.getByLabelText('Email');
    expect(button.compareDocumentPosition(email) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText('Sign in with Contoso, or with your email and password.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('offers no button when single sign-on is not set up', async () => {
    const server = mockApi({ 'GET /api/sso/options': { body: { sso: null, passwordLogin: 'on' } } });
    renderScreen(<AuthRoute />, '/auth');
    await waitFor(() => expect(server.callsTo('GET /api/sso/options')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: /Sign in with/ })).not.toBeInTheDocument();
    expect(screen.getByText('Sign in with your email and password.')).toBeInTheDocument();
  });

  it('sends the page that asked for a login along as the return path', async () => {
    mockApi({ ...withSso(), 'GET /api/user': { status: 401, body: { message: 'Not logged in' } } });
    renderRoutes(
      [
        { path: '/component-hub/components/:id', element: <RequireAuth>part page</RequireAuth> },
        { path: '/auth', element: <AuthRoute /> },
      ],
      '/component-hub/components/42?tab=files',
    );
    const button = await screen.findByRole('link', { name: 'Sign in with Contoso' });
    expect(button).toHaveAttribute(
      'href',
      `/api/sso/start?returnTo=${encodeURIComponent('/app/component-hub/components/42?tab=files')}`,
    );
  });

  it.each([
    ['not_allowed', messages.ssoErrors.not_allowed],
    ['cancelled', messages.ssoErrors.cancelled],
    ['account_deleted', messages.ssoErrors.account_deleted],
    ['token_invalid', messages.ssoErrors.token_invalid],
  ])('explains ?sso_error=%s and drops it from the address', async (code, message) => {
    mockApi(withSso());
    const { router } = renderScreen(<AuthRoute />, `/auth?sso_error=${code}`);
    expect(await screen.findByText('Single sign-on failed')).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByText(message)).toBeInTheDocument();
  });

  it('shows nothing for a reason it does not know', async () => {
    mockApi(withSso());
    renderScreen(<AuthRoute />, '/auth?sso_error=%3Cscript%3E');
    await screen.findByRole('link', { name: 'Sign in with Contoso' });
    expect(screen.queryByText('Single sign-on failed')).not.toBeInTheDocument();
  });

  it('says when password sign-in is for administrators only', async () => {
    mockApi(withSso('admins-only'));
    renderScreen(<AuthRoute />, '/auth');
    expect(
      await screen.findByText('Sign in with Contoso. Administrators can also use their email and password.'),
    ).toBeInTheDocument();
  });

  it("offers the provider's sign-out once after a single sign-on logout", async () => {
    window.sessionStorage.setItem(
      'component-hub.provider-sign-out',
      'https://login.example.com/logout?id_token_hint=x.y.z',
    );
    mockApi(withSso());
    renderScreen(<AuthRoute />, '/auth');
    expect(await screen.findByText('You are logged out of Component Hub')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign out of Contoso' })).toHaveAttribute(
      'href',
      'https://login.example.com/logout?id_token_hint=x.y.z',
    );
    expect(window.sessionStorage.getItem('component-hub.provider-sign-out')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    expect(screen.queryByText('You are logged out of Component Hub')).not.toBeInTheDocument();
  });

  it('never offers a sign-out address that is not a web address', async () => {
    window.sessionStorage.setItem('component-hub.provider-sign-out', 'javascript:alert(1)');
    mockApi(withSso());
    renderScreen(<AuthRoute />, '/auth');
    await screen.findByRole('link', { name: 'Sign in with Contoso' });
    expect(screen.queryByText('You are logged out of Component Hub')).not.toBeInTheDocument();
  });
});
