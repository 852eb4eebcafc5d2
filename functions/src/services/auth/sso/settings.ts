import { messages } from '#shared/messages';
import { config } from '#lib/config';
import { appUrl, paths } from '#shared/app-paths';

/** Single sign-on as configured, read once from the environment; undefined when it is off. */
export interface SsoSettings {
  readonly issuer: URL;
  readonly clientId: string;
  readonly scopes: string;
  readonly groupsClaim: string;
  readonly adminGroups: ReadonlySet<string>;
  /** Groups whose members review and curate the catalogue (the librarian role). */
  readonly librarianGroups: ReadonlySet<string>;
  readonly allowedDomains: ReadonlySet<string>;
  readonly allowedGroups: ReadonlySet<string>;
  readonly label: string;
  readonly redirectUri: string;
  /** Where the provider sends people after its own sign-out: the login page. */
  readonly postLogoutRedirectUri: string;
  /** A plain-http issuer is accepted on loopback only (the local provider). */
  readonly insecureLoopback: boolean;
}

export const CALLBACK_PATH = '/api/sso/callback';
export const LOGIN_PAGE_PATH = appUrl(paths.auth.href());

/** A setting that breaks single sign-on: the function fails its cold start with this message. */
export class SsoSettingError extends Error {
  override name = 'SsoSettingError';
}

const list = (value: string | undefined, lowerCase = false): Set<string> =>
  new Set(
    (value ?? '')
      .split(/[\s,]+/)
      .map((item) => (lowerCase ? item.toLowerCase() : item))
      .filter(Boolean),
  );

const isLoopbackHost = (host: string): boolean => ['localhost', '127.0.0.1', '[::1]'].includes(host);

export const readSsoSettings = (): SsoSettings | undefined => {
  const env = config();
  if (!env.OIDC_ISSUER) return undefined;
  let issuer: URL;
  try {
    issuer = new URL(env.OIDC_ISSUER);
  } catch {
    throw new SsoSettingError(`OIDC_ISSUER must be a URL (got '${env.OIDC_ISSUER}')`);
  }
  const insecureLoopback = issuer.protocol === 'http:' && isLoopbackHost(issuer.hostname);
  if (issuer.protocol !== 'https:' && !insecureLoopback) {
    throw new SsoSettingError('OIDC_ISSUER must be an https URL (plain http only on loopback)');
  }
  if (!env.OIDC_CLIENT_ID) throw new SsoSettingError('OIDC_CLIENT_ID must be set when OIDC_ISSUER is');
  const adminGroups = list(env.OIDC_ADMIN_GROUPS);
  const librarianGroups = list(env.OIDC_LIBRARIAN_GROUPS);
  const allowedDomains = list(env.OIDC_ALLOWED_DOMAINS, true);
  const allowedGroups = list(env.OIDC_ALLOWED_GROUPS);
  // No allow list would let anyone the provider knows in: refuse to start rather than guess.
  if (adminGroups.size + librarianGroups.size + allowedDomains.size + allowedGroups.size === 0) {
    throw new SsoSettingError(
      'Set OIDC_ALLOWED_DOMAINS, OIDC_ALLOWED_GROUPS, OIDC_ADMIN_GROUPS or OIDC_LIBRARIAN_GROUPS: who may sign in through single sign-on',
    );
  }
  const scopes = [...list(env.OIDC_SCOPES)];
  if (!scopes.includes('openid')) scopes.unshift('openid');
  return {
    issuer,
    clientId: env.OIDC_CLIENT_ID,
    scopes: scopes.join(' '),
    groupsClaim: env.OIDC_GROUPS_CLAIM,
    adminGroups,
    librarianGroups,
    allowedDomains,
    allowedGroups,
    label: env.OIDC_BUTTON_LABEL,
    redirectUri: env.OIDC_REDIRECT_URI ?? `${env.APP_URL.replace(/\/+$/, '')}${CALLBACK_PATH}`,
    postLogoutRedirectUri: `${env.APP_URL.replace(/\/+$/, '')}${LOGIN_PAGE_PATH}`,
    insecureLoopback,
  };
};

/** The settings; cheap enough to read per request, so a test that changes the environment is seen. */
export const ssoSettings = (): SsoSettings | undefined => readSsoSettings();

/** Who may still use a password: the refusal for this role under PASSWORD_LOGIN=admins-only, else undefined. */
export const passwordLoginRefusal = (role: string): string | undefined =>
  config().PASSWORD_LOGIN === 'admins-only' && role !== 'admin'
    ? messages.passwordLoginAdminsOnly(ssoSettings()?.label ?? 'SSO')
    : undefined;
