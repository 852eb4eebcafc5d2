import * as z from 'zod';

export {
  isSsoErrorCode,
  REAUTHENTICATE_PATH,
  REAUTHENTICATED_PARAM,
  SSO_ERROR_PARAM,
  ssoErrorCodes,
  type SsoErrorCode,
} from './sso-errors';

export const passwordLoginModes = ['on', 'admins-only'] as const;
export type PasswordLoginMode = (typeof passwordLoginModes)[number];

/** GET /api/sso/options: what the login page offers. */
export const signInOptionsSchema = z.object({
  /** Null when single sign-on is not set up. */
  sso: z.object({ label: z.string(), startUrl: z.string() }).nullable(),
  passwordLogin: z.enum(passwordLoginModes),
});
export type SignInOptions = z.infer<typeof signInOptionsSchema>;

/** GET /api/sso/start?returnTo=/app/...: where to land after signing in (an app path). */
export const ssoStartQuerySchema = z.object({ returnTo: z.string().max(2048).optional() });

/** GET /api/sso/callback: the provider's authorization response, passed on as it came. */
export const ssoCallbackQuerySchema = z.record(z.string(), z.string().max(8192));

/** POST /api/logout answers this; `endSessionUrl` when the provider can end its own session too. */
export const logoutResultSchema = z.object({ message: z.string(), endSessionUrl: z.string().optional() });
export type LogoutResult = z.infer<typeof logoutResultSchema>;

/** POST /api/sso/backchannel-logout: the provider's form, with its signed logout token. */
export const backChannelLogoutSchema = z.object({ logout_token: z.string().min(1).max(8192) });
