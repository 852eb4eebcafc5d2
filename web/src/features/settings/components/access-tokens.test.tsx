import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AccessToken } from '#shared/schemas/tokens';
import { csrfHandler, mockApi } from '#web/testing/mock-api.ts';
import { renderScreen } from '#web/testing/render.tsx';
import { aUser } from '#web/testing/user-fixture.ts';
import { SettingsRoute } from '../routes/settings';

const member = aUser({ id: '2', username: 'jo-smith', name: 'Jo Smith', firstName: 'Jo', lastName: 'Smith' });
const aToken = (fields: Partial<AccessToken>): AccessToken => ({
  id: '01JTOKEN00000000000000000A',
  name: 'BOM script',
  kind: 'personal',
  scopes: ['read'],
  userId: '2',
  username: 'Jo Smith',
  createdAt: '2026-03-01T10:00:00.000Z',
  expiresAt: '2099-03-01T23:59:59.999Z',
  lastUsedAt: null,
  revokedAt: null,
  disabledAt: null,
  disabledBy: null,
  ...fields,
});

describe('Settings → Security: access tokens', () => {
  it('creates a token, shows its secret once, and revokes one', async () => {
    let listed = [aToken({})];
    const server = mockApi({
      'GET /api/csrf-token': csrfHandler,
      'GET /api/user': { body: member },
      'GET /api/sessions': { body: [] },
      'GET /api/tokens': () => ({ body: listed }),
      'POST /api/tokens': ({ body }) => {
        const made = aToken({ id: '01JTOKEN00000000000000000B', name: (body as { name: string }).name });
        listed = [made, ...listed];
        return { status: 201, body: { ...made, token: 'chub_01JTOKEN00000000000000000B.secret' } };
      },
      'DELETE /api/tokens/01JTOKEN00000000000000000A': () => {
        listed = listed.map((token) =>
          token.id === '01JTOKEN00000000000000000A' ? { ...token, revokedAt: '2026-03-02T10:00:00.000Z' } : token,
        );
        return { status: 204 };
      },
    });
    renderScreen(<SettingsRoute userManagement={<p>users</p>} />, '/component-hub/settings#security');
    const form = await screen.findByRole('form', { name: 'New access token' });
    expect(within(form).queryByText(/Admin: administration routes/)).toBeNull();
    await userEvent.type(within(form).getByLabelText('Name'), 'Parts add-in');
    await userEvent.click(within(form).getByText(/Propose: file change requests/));
    await userEvent.click(within(form).getByRole('button', { name: 'Create token' }));
    expect(await screen.findByTestId('new-token')).toHaveTextContent('chub_01JTOKEN00000000000000000B.secret');
    expect(server.callsTo('POST /api/tokens')[0]!.body).toMatchObject({
      name: 'Parts add-in',
      scopes: ['read', 'propose'],
      kind: 'personal',
    });
    const list = await screen.findByRole('list', { name: 'Your tokens' });
    expect(await within(list).findByRole('listitem', { name: 'Parts add-in' })).toBeInTheDocument();
    const old = within(list).getByRole('listitem', { name: 'BOM script' });
    await userEvent.click(within(old).getByRole('button', { name: 'Revoke' }));
    expect(await within(old).findByText('Revoked')).toBeInTheDocument();
  });
});
