import * as oidc from 'openid-client';
import { config } from '#lib/config';
import { readSecret } from '#lib/secrets';
import type { SsoSettings } from './settings';

/** Every exchange with the provider (discovery, keys, tokens) gives up after this many seconds. */
const PROVIDER_TIMEOUT_SECONDS = 5;

const harden = (configuration: oidc.Configuration, settings: SsoSettings): void => {
  configuration.timeout = PROVIDER_TIMEOUT_SECONDS;
  // The ID token's signature is checked against the provider's published keys as well.
  oidc.enableNonRepudiationChecks(configuration);
  if (settings.insecureLoopback) oidc.allowInsecureRequests(configuration);
};

let discovered: { key: string; configuration: Promise<oidc.Configuration> } | undefined;

/**
 * The provider's metadata from its discovery document, fetched once per container (a failed
 * fetch is not kept, so the next request tries again). Enough to send people to the provider
 * and to its logout; the token exchange adds the client secret (`withClientSecret`).
 */
export const discoverProvider = (settings: SsoSettings): Promise<oidc.Configuration> => {
  const key = `${settings.issuer.href}|${settings.clientId}`;
  if (discovered?.key !== key) {
    const configuration = oidc
      .discovery(settings.issuer, settings.clientId, undefined, oidc.None(), {
        timeout: PROVIDER_TIMEOUT_SECONDS,
        ...(settings.insecureLoopback && { execute: [oidc.allowInsecureRequests] }),
      })
      .then((found) => {
        harden(found, settings);
        return found;
      });
    discovered = { key, configuration };
    configuration.catch(() => {
      if (discovered?.configuration === configuration) discovered = undefined;
    });
  }
  return discovered.configuration;
};

/** The client secret: the environment locally, the Secrets Manager secret on AWS; none for a public client. */
const clientSecret = async (): Promise<string | undefined> => {
  const { OIDC_CLIENT_SECRET, OIDC_CLIENT_SECRET_ARN } = config();
  if (OIDC_CLIENT_SECRET) return OIDC_CLIENT_SECRET;
  if (!OIDC_CLIENT_SECRET_ARN) return undefined;
  // Read through the shared reader: cached a few minutes, so a rotated secret is picked up.
  return readSecret(OIDC_CLIENT_SECRET_ARN);
};

let secretBound:
  { discovered: oidc.Configuration; secret: string | undefined; configuration: oidc.Configuration } | undefined;

/** The configuration that can redeem an authorization code: the discovered one plus the client's credentials. */
export const withClientSecret = async (settings: SsoSettings): Promise<oidc.Configuration> => {
  const [base, secret] = await Promise.all([discoverProvider(settings), clientSecret()]);
  if (secretBound?.discovered === base && secretBound.secret === secret) return secretBound.configuration;
  const metadata = base.serverMetadata();
  const methods = metadata.token_endpoint_auth_methods_supported;
  const authentication =
    secret === undefined
      ? oidc.None()
      : !methods || methods.includes('client_secret_basic')
        ? oidc.ClientSecretBasic(secret)
        : oidc.ClientSecretPost(secret);
  const configuration = new oidc.Configuration(metadata, settings.clientId, secret, authentication);
  harden(configuration, settings);
  secretBound = { discovered: base, secret, configuration };
  return configuration;
};

/** For tests that point the functions at another provider. */
export const resetProviderCache = (): void => {
  discovered = undefined;
  secretBound = undefined;
};
