import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { csrfHandler, mockApi } from '#web/testing/mock-api.ts';
import { renderRoutes, renderScreen } from '#web/testing/render.tsx';
import { AuthRoute } from './auth';
import { ada } from '#web/testing/user-fixture.ts';
import { weakPasswords } from '#web/testing/password-rule.ts';

const user = ada;

const passwordOnly = { body: { sso: null, passwordLogin: 'on' } };

describe('auth screen: login', () => {
  it('shows the field messages and sends nothing for an empty form', async () => {
    const server = mockApi({ 'GET /api/sso/options': passwordOnly });
    renderScreen(<AuthRoute />, '/auth');
    expect(screen.getByRole('heading', { name: 'Component Hub' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    // Each message is the description of its own field, so a screen reader reads it there.
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
    expect(server.callsTo('POST /api/login')).toHaveLength(0);
  });

  it("shows 'Login failed' with the server's message", async () => {
    mockApi({
      'GET /api/sso/options': passwordOnly,
      'GET /api/csrf-token': csrfHandler,
      'POST /api/login': { status: 401, body: { message: 'Invalid email or password' } },
    });
    renderScreen(<AuthRoute />, '/auth');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid email or password')).toBeInTheDocument();
  });

  it("shows 'An unknown error occurred' when the server cannot be reached", async () => {
    mockApi({
      'GET /api/sso/options': passwordOnly,
      'GET /api/csrf-token': csrfHandler,
      'POST /api/login': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    renderScreen(<AuthRoute />, '/auth');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'whatever');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('An unknown error occurred')).toBeInTheDocument();
  });

  it('logs in, welcomes the user by name and goes to the hub', async () => {
    const server = mockApi({
      'GET /api/sso/options': passwordOnly,
      'GET /api/csrf-token': csrfHandler,
      'POST /api/login': { body: user },
    });
    const { router } = renderScreen(<AuthRoute />, '/auth', { '/component-hub': 'hub page' });
    await userEvent.type(screen.getByLabelText('Email'), ' Ada@Example.com ');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret-1!');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('hub page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/component-hub');
    expect(screen.getByText('Login successful')).toBeInTheDocument();
    expect(screen.getByText('Welcome back, Ada Lovelace!')).toBeInTheDocument();
    expect(server.callsTo('POST /api/login')[0]!.body).toEqual({ email: 'ada@example.com', password: 'Secret-1!' });
  });
});

describe('auth screen: after logout and from a deep link', () => {
  it("says 'Logged out' / 'Redirecting to login.' on the login page the logout reloaded", async () => {
    mockApi({ 'GET /api/sso/options': passwordOnly });
    window.sessionStorage.setItem('component-hub.logged-out', '1');
    renderScreen(<AuthRoute />, '/auth');
    expect(await screen.findByText('Logged out')).toBeInTheDocument();
    expect(screen.getByText('Redirecting to login.')).toBeInTheDocument();
    expect(window.sessionStorage.getItem('component-hub.logged-out')).toBeNull();
  });

  it('says nothing of a logout on an ordinary visit', async () => {
    mockApi({ 'GET /api/sso/options': passwordOnly });
    renderScreen(<AuthRoute />, '/auth');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByText('Logged out')).toBeNull();
  });

  const signInFrom = async (from: unknown) => {
    mockApi({
      'GET /api/sso/options': passwordOnly,
      'GET /api/csrf-token': csrfHandler,
      'POST /api/login': { body: user },
    });
    const { router } = renderRoutes(
      [
        { path: '/auth', element: <AuthRoute /> },
        { path: '/component-hub', element: <p>hub page</p> },
        { path: '/component-hub/components/:id', element: <p>part page</p> },
      ],
      '/component-hub',
    );
    await router.navigate('/auth', { state: { from } });
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret-1!');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    return router;
  };

  it('returns to the page of the app that sent the person to login', async () => {
    const router = await signInFrom({ pathname: '/component-hub/components/42', search: '?tab=files', hash: '' });
    expect(await screen.findByText('part page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/component-hub/components/42');
    expect(router.state.location.search).toBe('?tab=files');
  });

  it.each([['//evil.example/steal'], ['/\\evil.example'], ['https://evil.example/'], ['/auth']])(
    'goes to the hub, never to %s',
    async (pathname) => {
      const router = await signInFrom({ pathname, search: '', hash: '' });
      expect(await screen.findByText('hub page')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/component-hub');
    },
  );
});

describe('auth screen: forgot password', () => {
  it('checks the email, sends the request, confirms and returns to login', async () => {
    const server = mockApi({
      'GET /api/sso/options': passwordOnly,
      'GET /api/csrf-token': csrfHandler,
      'POST /api/forgot-password': { body: { message: 'ok' } },
    });
    renderScreen(<AuthRoute />, '/auth');
    await userEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    expect(screen.getByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Reset email sent')).toBeInTheDocument();
    expect(
      screen.getByText('If an account with that email exists, a password reset link has been sent.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(server.callsTo('POST /api/forgot-password')[0]!.body).toEqual({ email: 'ada@example.com' });
  });

  it("has a 'Back to login' link", async () => {
    mockApi({ 'GET /api/sso/options': passwordOnly });
    renderScreen(<AuthRoute />, '/auth');
    await userEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    await userEvent.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });
});

describe('auth screen: reset password', () => {
  const fillAndSubmit = async (password: string, confirm = password) => {
    await userEvent.clear(screen.getByLabelText('New Password'));
    await userEvent.type(screen.getByLabelText('New Password'), password);
    await userEvent.clear(screen.getByLabelText('Confirm New Password'));
    if (confirm) await userEvent.type(screen.getByLabelText('Confirm New Password'), confirm);
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
  };
  /** The reset form is fetched apart from the login form: it shows once it is there. */
  const openReset = async (url: string) => {
    const rendered = renderScreen(<AuthRoute />, url);
    await screen.findByLabelText('New Password');
    return rendered;
  };

  it('opens in reset mode with the token from the URL', async () => {
    mockApi({});
    await openReset('/auth?token=abc123');
    expect(screen.getByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Reset Token')).toHaveValue('abc123');
  });

  it.each(weakPasswords)('rejects %s with "%s"', async (password, message) => {
    const server = mockApi({});
    await openReset('/auth?token=abc123');
    await fillAndSubmit(password);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  });

  it("asks for the token and shows 'Passwords don't match' on the confirmation", async () => {
    mockApi({});
    await openReset('/auth?token=abc123');
    await userEvent.clear(screen.getByLabelText('Reset Token'));
    await fillAndSubmit('Good-Passw0rd', 'Other-Passw0rd');
    expect(await screen.findByText('Reset token is required')).toBeInTheDocument();
    const confirm = screen.getByLabelText('Confirm New Password');
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText("Passwords don't match")).toBeInTheDocument();
  });

  it('resets without sending the confirmation, clears the query string and shows login', async () => {
    const server = mockApi({
      'GET /api/csrf-token': csrfHandler,
      'POST /api/reset-password': { body: { message: 'done' } },
    });
    const { router } = await openReset('/auth?token=abc123');
    await fillAndSubmit('Good-Passw0rd');
    expect(await screen.findByText('Password reset successful')).toBeInTheDocument();
    expect(server.callsTo('POST /api/reset-password')[0]!.body).toEqual({ token: 'abc123', password: 'Good-Passw0rd' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });

  it('shows the password rule before the first error', async () => {
    mockApi({});
    await openReset('/auth?token=abc123');
    expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription(
      'At least 8 characters, with an uppercase letter, a lowercase letter, a number and a special character (such as !@#$%^&*). Common passwords, and passwords containing your name, username or email, are refused.',
    );
  });

  it("offers 'Send a new link' for a used or expired link", async () => {
    const refused = 'This reset link is invalid or has expired. Please request a new one.';
    mockApi({
      'GET /api/csrf-token': csrfHandler,
      'POST /api/reset-password': { status: 400, body: { message: refused, fields: { token: refused } } },
    });
    const { router } = await openReset('/auth?token=used');
    await fillAndSubmit('Good-Passw0rd');
    expect(await screen.findByRole('alert')).toHaveTextContent(refused);
    await userEvent.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it("shows 'Failed to reset password' with the server's message", async () => {
    mockApi({
      'GET /api/csrf-token': csrfHandler,
      'POST /api/reset-password': {
        status: 400,
        body: { message: 'This reset link is invalid or has expired. Please request a new one.' },
      },
    });
    await openReset('/auth?token=used');
    await fillAndSubmit('Good-Passw0rd');
    expect(await screen.findByText('Failed to reset password')).toBeInTheDocument();
    expect(
      screen.getByText('This reset link is invalid or has expired. Please request a new one.'),
    ).toBeInTheDocument();
  });
});

describe('auth screen: accept invitation', () => {
  const invalid =
    'This invitation link is invalid, has already been used or has expired. Ask an administrator to send you a new invitation.';

  const fill = async ({
    username = 'new-colleague',
    password = 'Good-Passw0rd',
    confirm = password,
  }: { username?: string; password?: string; confirm?: string } = {}) => {
    await userEvent.clear(screen.getByLabelText('Username'));
    if (username) await userEvent.type(screen.getByLabelText('Username'), username);
    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), password);
    await userEvent.clear(screen.getByLabelText('Confirm Password'));
    await userEvent.type(screen.getByLabelText('Confirm Password'), confirm);
    await userEvent.click(screen.getByRole('button', { name: 'Accept Invitation' }));
  };

  /** The link's check answers that it works, for this email. */
  const working = {
    'GET /api/csrf-token': csrfHandler,
    'POST /api/invites/check': { body: { email: 'new@example.com' } },
  };

  it("opens in 'Accept Invitation' mode from the emailed link, once the link is checked", async () => {
    const server = mockApi(working);
    renderScreen(<AuthRoute />, '/auth?invite=inv123');
    expect(screen.getByRole('heading', { name: 'Accept Invitation' })).toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent('Checking your invitation...');
    expect(await screen.findByLabelText('Username')).toHaveValue('');
    expect(screen.getByText('new@example.com')).toBeInTheDocument();
    expect(server.callsTo('POST /api/invites/check')[0]!.body).toEqual({ token: 'inv123' });
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it.each([
    [{ username: 'jo' }, 'Username must be at least 3 characters'],
    [{ password: 'Short-1' }, 'Password must be at least 8 characters'],
    [{ password: 'lower-case-1' }, 'Password must contain at least one uppercase letter'],
    [{ password: 'UPPER-CASE-1' }, 'Password must contain at least one lowercase letter'],
    [{ password: 'No-Digits-Here' }, 'Password must contain at least one number'],
    [{ password: 'NoSpecial123' }, 'Password must contain at least one special character'],
    [{ confirm: 'Other-Passw0rd' }, "Passwords don't match"],
  ])('refuses %o with "%s"', async (input, message) => {
    const server = mockApi(working);
    renderScreen(<AuthRoute />, '/auth?invite=inv123');
    await screen.findByLabelText('Username');
    await fill(input);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(server.callsTo('POST /api/invites/accept')).toHaveLength(0);
  });

  it('accepts without sending the confirmation, logs the user in and goes to the hub', async () => {
    const server = mockApi({
      ...working,
      'POST /api/invites/accept': { body: { ...user, username: 'new-colleague', name: '' } },
    });
    const { router } = renderScreen(<AuthRoute />, '/auth?invite=inv123', { '/component-hub': 'hub page' });
    await screen.findByLabelText('Username');
    await fill();
    expect(await screen.findByText('hub page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/component-hub');
    expect(screen.getByText('Invitation accepted')).toBeInTheDocument();
    expect(screen.getByText('Welcome to Component Hub, new-colleague!')).toBeInTheDocument();
    expect(server.callsTo('POST /api/invites/accept')[0]!.body).toEqual({
      token: 'inv123',
      username: 'new-colleague',
      password: 'Good-Passw0rd',
    });
  });

  it('says before any input that a used or expired link cannot be used, and what to do, with a way back to login', async () => {
    const server = mockApi({
      'GET /api/csrf-token': csrfHandler,
      'POST /api/invites/check': { status: 400, body: { message: invalid, fields: { token: invalid } } },
    });
    const { router } = renderScreen(<AuthRoute />, '/auth?invite=used');
    expect(await screen.findByText(invalid)).toBeInTheDocument();
    expect(screen.queryByLabelText('Username')).not.toBeInTheDocument();
    expect(server.callsTo('POST /api/invites/accept')).toHaveLength(0);
    expect(screen.getByText('This invitation cannot be used')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept Invitation' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says at once that a link without a token cannot be used', () => {
    mockApi({});
    renderScreen(<AuthRoute />, '/auth?invite=');
    expect(screen.getByText(invalid)).toBeInTheDocument();
  });

  it("keeps the form for other failures and shows 'Failed to accept invitation' with the server's message", async () => {
    mockApi({
      'GET /api/csrf-token': csrfHandler,
      'POST /api/invites/accept': {
        status: 429,
        body: { message: 'Too many attempts. Please try again in 1 minute.' },
      },
    });
    renderScreen(<AuthRoute />, '/auth?invite=inv123');
    // The check could not be made (no answer): the form is shown, and accepting says what is wrong.
    await screen.findByLabelText('Username');
    await fill();
    expect(await screen.findByText('Failed to accept invitation')).toBeInTheDocument();
    expect(screen.getByText('Too many attempts. Please try again in 1 minute.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept Invitation' })).toBeInTheDocument();
  });
});

describe('auth screen: confirming a new email address', () => {
  it('confirms only when the person presses the button, then says the new address', async () => {
    const server = mockApi({
      'GET /api/sso/options': passwordOnly,
      'GET /api/csrf-token': csrfHandler,
      'POST /api/user/email/confirm': {
        body: { message: 'Your email address is now ada.new@example.com.', email: 'ada.new@example.com' },
      },
    });
    renderScreen(<AuthRoute />, '/auth?confirmEmail=abc123');
    expect(screen.getByRole('heading', { name: 'Confirm Email Address' })).toBeInTheDocument();
    // A mail scanner opening the link confirms nothing.
    expect(server.callsTo('POST /api/user/email/confirm')).toHaveLength(0);
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm my new email address' }));
    expect(await screen.findByText('Your email address is now ada.new@example.com.')).toBeInTheDocument();
    expect(server.callsTo('POST /api/user/email/confirm').map((call) => call.body)).toEqual([{ token: 'abc123' }]);
  });

  it("shows the server's refusal of a used or replaced link", async () => {
    mockApi({
      'GET /api/sso/options': passwordOnly,
      'GET /api/csrf-token': csrfHandler,
      'POST /api/user/email/confirm': { status: 400, body: { message: 'This confirmation link is invalid' } },
    });
    renderScreen(<AuthRoute />, '/auth?confirmEmail=used');
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm my new email address' }));
    expect(await screen.findByText('Email address not confirmed')).toBeInTheDocument();
    expect(screen.getByText('This confirmation link is invalid')).toBeInTheDocument();
  });
});
