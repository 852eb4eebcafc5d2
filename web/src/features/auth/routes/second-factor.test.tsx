import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { csrfHandler, mockApi } from '#web/testing/mock-api.ts';
import { renderRoutes } from '#web/testing/render.tsx';
import { AuthRoute } from './auth';
import { ada } from '#web/testing/user-fixture.ts';

const user = ada;

const signInWithPassword = async (methods: string[], second: Parameters<typeof mockApi>[0][string]) => {
  const server = mockApi({
    'GET /api/sso/options': { body: { sso: null, passwordLogin: 'on' } },
    'GET /api/csrf-token': csrfHandler,
    'POST /api/login': { body: { secondFactorRequired: true, methods } },
    'POST /api/login/second-factor': second,
  });
  renderRoutes(
    [
      { path: '/auth', element: <AuthRoute /> },
      { path: '/component-hub', element: <p>hub page</p> },
    ],
    '/auth',
  );
  await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'Secret-1!');
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  return server;
};

describe('auth screen: second factor', () => {
  it('asks for the code after the password, and signs in only with the code', async () => {
    const server = await signInWithPassword(['totp', 'recovery'], ({ body }) =>
      (body as { code: string }).code === '123456'
        ? { body: user }
        : {
            status: 400,
            body: { message: messages.secondFactorCodeWrong, fields: { code: messages.secondFactorCodeWrong } },
          },
    );
    expect(await screen.findByRole('heading', { name: 'Second Factor' })).toBeInTheDocument();
    expect(screen.queryByText('hub page')).toBeNull();
    // No passkey on this account: no passkey button.
    expect(screen.queryByRole('button', { name: /passkey/i })).toBeNull();

    const code = screen.getByLabelText('Authentication code');
    await userEvent.type(code, '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(messages.secondFactorCodeRequired)).toBeInTheDocument();
    expect(server.callsTo('POST /api/login/second-factor')).toHaveLength(0);

    await userEvent.clear(code);
    await userEvent.type(code, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByLabelText('Authentication code')).toHaveAccessibleDescription(
      messages.secondFactorCodeWrong,
    );

    await userEvent.clear(screen.getByLabelText('Authentication code'));
    await userEvent.type(screen.getByLabelText('Authentication code'), '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('hub page')).toBeInTheDocument();
    expect(server.callsTo('POST /api/login/second-factor').at(-1)?.body).toEqual({ method: 'totp', code: '123456' });
  });

  it('takes a recovery code instead, as typed', async () => {
    const server = await signInWithPassword(['totp', 'recovery'], { body: user });
    await userEvent.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    await userEvent.type(screen.getByLabelText('Recovery code'), 'abcde-fghij-klmno-pqrst-uvwxy');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('hub page')).toBeInTheDocument();
    expect(server.callsTo('POST /api/login/second-factor')[0]?.body).toEqual({
      method: 'recovery',
      code: 'ABCDEFGHIJKLMNOPQRSTUVWXY',
    });
  });

  it('offers the passkey to an account that has one, and goes back to login on request', async () => {
    await signInWithPassword(['passkey'], { body: user });
    expect(await screen.findByRole('button', { name: 'Use a passkey' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });
});
