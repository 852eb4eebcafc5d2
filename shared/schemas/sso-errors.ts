/** The reasons a single sign-on failed, kept free of zod: the login page reads them. */
/** Why a single sign-on did not sign someone in; the login page shows the message for the code. */
export const ssoErrorCodes = [
  'not_configured',
  'return_invalid',
  'cancelled',
  'provider_error',
  'provider_unavailable',
  'state_invalid',
  'token_invalid',
  'not_allowed',
  'email_missing',
  'email_unverified',
  'email_not_confirmed',
  'reauthentication_other_person',
  'account_deleted',
  'last_admin',
  'throttled',
  'unavailable',
  'failed',
] as const;
export type SsoErrorCode = (typeof ssoErrorCodes)[number];

export const isSsoErrorCode = (value: unknown): value is SsoErrorCode =>
  typeof value === 'string' && (ssoErrorCodes as readonly string[]).includes(value);

/** The query string the login page gets back after a single sign-on that failed. */
export const SSO_ERROR_PARAM = 'sso_error';

/** The query string a page gets back after its person signed in at the provider again, successfully. */
export const REAUTHENTICATED_PARAM = 'reauthenticated';

/** Where a signed-in person is sent to sign in at the provider again, then back to `returnTo`. */
export const REAUTHENTICATE_PATH = '/api/sso/reauthenticate';
