import * as z from 'zod';
import type { DistributorName } from '#shared/schemas/distributors';
import { config, type Config } from '#lib/config';
import { readSecret } from '#lib/secrets';
import { createDigiKeyClient } from './digikey';
import { DistributorNotConfigured } from './errors';
import { createMouserClient } from './mouser';
import { limitsFor } from './limits';
import { createRateLimiter } from './rate-limiter';
import type { Distributor } from './types';

export type { Distributor, DistributorCandidate } from './types';

/**
 * Longest wait for a free minute slot or a Retry-After inside one request; longer waits are the
 * caller's to make (DistributorThrottled tells how long).
 */
const MAX_WAIT_MS = 3000;
const SERVER_ERROR_RETRIES = 2;

const storedCredentials = z.object({
  digikeyClientId: z.string().optional(),
  digikeyClientSecret: z.string().optional(),
  mouserApiKey: z.string().optional(),
});
type Credentials = z.infer<typeof storedCredentials>;

/** The environment's credentials, completed from the Secrets Manager secret when one is named. */
const readCredentials = async (settings: Config): Promise<Credentials> => {
  const fromEnv = {
    digikeyClientId: settings.DIGIKEY_CLIENT_ID,
    digikeyClientSecret: settings.DIGIKEY_CLIENT_SECRET,
    mouserApiKey: settings.MOUSER_API_KEY,
  };
  if (!settings.DISTRIBUTOR_SECRET_ARN) return fromEnv;
  const stored = storedCredentials.parse(JSON.parse(await readSecret(settings.DISTRIBUTOR_SECRET_ARN)));
  return {
    digikeyClientId: fromEnv.digikeyClientId ?? (stored.digikeyClientId?.trim() || undefined),
    digikeyClientSecret: fromEnv.digikeyClientSecret ?? (stored.digikeyClientSecret?.trim() || undefined),
    mouserApiKey: fromEnv.mouserApiKey ?? (stored.mouserApiKey?.trim() || undefined),
  };
};

const build = (name: DistributorName, settings: Config, credentials: Credentials): Distributor => {
  const policy = {
    timeoutMs: settings.DISTRIBUTOR_TIMEOUT_MS,
    serverErrorRetries: SERVER_ERROR_RETRIES,
    maxRetryAfterMs: MAX_WAIT_MS,
  };
  const limiter = createRateLimiter(name, limitsFor(name, settings), { maxWaitMs: MAX_WAIT_MS });
  if (name === 'digikey') {
    if (!credentials.digikeyClientId || !credentials.digikeyClientSecret) throw new DistributorNotConfigured(name);
    return createDigiKeyClient({
      ...policy,
      apiUrl: settings.DIGIKEY_API_URL,
      clientId: credentials.digikeyClientId,
      clientSecret: credentials.digikeyClientSecret,
      limiter,
    });
  }
  if (!credentials.mouserApiKey) throw new DistributorNotConfigured(name);
  return createMouserClient({ ...policy, apiUrl: settings.MOUSER_API_URL, apiKey: credentials.mouserApiKey, limiter });
};

let built:
  | { settings: Config; credentials: Promise<Credentials>; clients: Partial<Record<DistributorName, Distributor>> }
  | undefined;

/**
 * The provider's client, made once per container from the configuration (so a Digi-Key token
 * is reused across requests); DistributorNotConfigured without its credentials.
 */
export const distributorFor = async (name: DistributorName): Promise<Distributor> => {
  const settings = config();
  if (built?.settings !== settings) {
    const credentials = readCredentials(settings);
    // A failed secret read is tried again by the next request, not cached.
    credentials.catch(() => {
      if (built?.credentials === credentials) built = undefined;
    });
    built = { settings, credentials, clients: {} };
  }
  const current = built;
  const credentials = await current.credentials;
  return (current.clients[name] ??= build(name, settings, credentials));
};
