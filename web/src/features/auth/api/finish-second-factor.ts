import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { PasskeyOptions, SecondFactorSignInInput } from '#shared/schemas/second-factor';
import { api } from '#web/lib/api-client.ts';
import type { User } from '#web/lib/auth.tsx';

const PATH = '/login/second-factor';

/** POST /api/login/second-factor with a code or a recovery code: the user, with a session cookie. */
export const finishWithCode = (input: Extract<SecondFactorSignInInput, { method: 'totp' | 'recovery' }>) =>
  api.post<User>(PATH, input);

/**
 * The passkey way: the challenge for this sign-in from the server, the browser's passkey prompt,
 * then the assertion back to the same route, which answers the user with a session cookie.
 */
export const finishWithPasskey = async (): Promise<User> => {
  const { passkeyOptions } = await api.post<PasskeyOptions<PublicKeyCredentialRequestOptionsJSON>>(PATH, {
    method: 'passkey',
  });
  const response = await startAuthentication({ optionsJSON: passkeyOptions });
  return api.post<User>(PATH, { method: 'passkey', response });
};
