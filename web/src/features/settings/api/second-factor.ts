import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import type {
  PasskeyOptions,
  PasskeySummary,
  RecoveryCodes,
  SecondFactorStatus,
  TotpEnrolment,
} from '#shared/schemas/second-factor';
import { api } from '#web/lib/api-client.ts';
import { useApiQuery } from '#web/lib/api-query.ts';

export const SECOND_FACTOR_KEY = '/second-factor';

/** GET /api/second-factor: the caller's authenticator app, recovery codes left and passkeys. */
export const useSecondFactor = () => {
  const { data, error, reload } = useApiQuery<SecondFactorStatus>(SECOND_FACTOR_KEY);
  return { status: data, error, reload };
};

/** POST /api/second-factor/totp without a code: a new secret for the app. */
export const startTotp = () => api.post<TotpEnrolment>(`${SECOND_FACTOR_KEY}/totp`, {});

/** POST /api/second-factor/totp with the app's first code: on, with the recovery codes shown once. */
export const confirmTotp = (code: string) => api.post<RecoveryCodes>(`${SECOND_FACTOR_KEY}/totp`, { code });

/** POST /api/second-factor/recovery-codes: new codes, the old ones void. */
export const regenerateRecoveryCodes = (currentPassword: string) =>
  api.post<RecoveryCodes>(`${SECOND_FACTOR_KEY}/recovery-codes`, { currentPassword });

/** DELETE /api/second-factor/{factor}: `totp` or a passkey's id, with the current password. */
export const removeSecondFactor = (factor: string, currentPassword: string) =>
  api.delete<unknown>(`${SECOND_FACTOR_KEY}/${encodeURIComponent(factor)}`, { currentPassword });

/** The passkey challenge from the server, the browser's prompt to make one, then the passkey saved. */
export const addPasskey = async (name: string): Promise<PasskeySummary> => {
  const path = `${SECOND_FACTOR_KEY}/passkeys`;
  const { passkeyOptions } = await api.post<PasskeyOptions<PublicKeyCredentialCreationOptionsJSON>>(path, {});
  const response = await startRegistration({ optionsJSON: passkeyOptions });
  return api.post<PasskeySummary>(path, { name, response });
};
