import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import type { SecondFactorStatus } from '#shared/schemas/second-factor';
import { csrfHandler, mockApi } from '#web/testing/mock-api.ts';
import { renderScreen } from '#web/testing/render.tsx';
import { SecondFactorSettings } from './second-factor';

const member = {
  id: '2',
  email: 'jo@example.com',
  username: 'jo',
  name: 'Jo',
  firstName: 'Jo',
  lastName: '',
  role: 'user',
};
const off: SecondFactorStatus = {
  available: true,
  required: false,
  totp: { enabled: false, recoveryCodesLeft: 0 },
  passkeys: [],
};
const codes = Array.from({ length: 10 }, (_, i) => `AAAAA-BBBBB-CCCCC-DDDDD-EEEE${'ABCDEFGHIJ'[i]}`);

describe('Settings → Security: second factor', () => {
  it('sets up the authenticator app: the key and link, the first code, the recovery codes once', async () => {
    let status = off;
    const server = mockApi({
      'GET /api/user': { body: member },
      'GET /api/csrf-token': csrfHandler,
      'GET /api/second-factor': () => ({ body: status }),
      'POST /api/second-factor/totp': ({ body }) => {
        const { code } = body as { code?: string };
        if (!code)
          return { body: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Component%20Hub:jo' } };
        if (code !== '123456') {
          return {
            status: 400,
            body: { message: messages.secondFactorCodeWrong, fields: { code: messages.secondFactorCodeWrong } },
          };
        }
        status = { ...off, totp: { enabled: true, recoveryCodesLeft: 10 } };
        return { body: { recoveryCodes: codes } };
      },
    });
    renderScreen(<SecondFactorSettings />, '/component-hub/settings#security');
    await userEvent.click(await screen.findByRole('button', { name: 'Set Up Authenticator App' }));
    expect(await screen.findByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'otpauth://totp/Component%20Hub:jo' })).toHaveAttribute(
      'href',
      'otpauth://totp/Component%20Hub:jo',
    );

    await userEvent.type(screen.getByLabelText('Code from the app'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Turn On' }));
    expect(await screen.findByLabelText('Code from the app')).toHaveAccessibleDescription(
      messages.secondFactorCodeWrong,
    );

    await userEvent.clear(screen.getByLabelText('Code from the app'));
    await userEvent.type(screen.getByLabelText('Code from the app'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn On' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    expect(await screen.findByText(/Recovery codes left: 10/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    expect(server.callsTo('POST /api/second-factor/totp').map((call) => call.body)).toEqual([
      {},
      { code: '654321' },
      { code: '123456' },
    ]);
  });

  it('asks for the current password to turn the app off, and keeps the dialog open when it is wrong', async () => {
    const server = mockApi({
      'GET /api/user': { body: member },
      'GET /api/csrf-token': csrfHandler,
      'GET /api/second-factor': { body: { ...off, totp: { enabled: true, recoveryCodesLeft: 7 } } },
      'DELETE /api/second-factor/totp': {
        status: 400,
        body: { message: messages.currentPasswordWrong, fields: { currentPassword: messages.currentPasswordWrong } },
      },
    });
    renderScreen(<SecondFactorSettings />, '/component-hub/settings#security');
    await userEvent.click(await screen.findByRole('button', { name: 'Turn Off' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Turn Off Authenticator App' });
    await userEvent.type(within(dialog).getByLabelText('Current Password'), 'Wrong-1!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn Off' }));
    expect(await within(dialog).findByText(messages.currentPasswordWrong)).toBeInTheDocument();
    expect(server.callsTo('DELETE /api/second-factor/totp')[0]?.body).toEqual({ currentPassword: 'Wrong-1!' });
  });

  it('tells an account of single sign-on that its provider asks for the factors, and offers nothing', async () => {
    mockApi({ 'GET /api/user': { body: member }, 'GET /api/second-factor': { body: { ...off, available: false } } });
    renderScreen(<SecondFactorSettings />, '/component-hub/settings#security');
    expect(await screen.findByText(messages.secondFactorSsoAccount)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set Up Authenticator App' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Passkey' })).toBeNull();
  });

  it('warns an administrator who must set one up', async () => {
    mockApi({ 'GET /api/user': { body: member }, 'GET /api/second-factor': { body: { ...off, required: true } } });
    renderScreen(<SecondFactorSettings />, '/component-hub/settings#security');
    expect(await screen.findByText(messages.secondFactorRequiredForAdmins)).toBeInTheDocument();
  });
});
