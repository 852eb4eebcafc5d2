import { SecretsProvider } from '@aws-lambda-powertools/parameters/secrets';
import { secretsManager } from './clients';

/** How long a secret read from Secrets Manager is kept before it is read again (rotation lands). */
export const SECRET_MAX_AGE_SECONDS = 300;

let provider: SecretsProvider | undefined;

/**
 * The one way functions read a secret: Powertools Parameters over the shared Secrets Manager
 * client (with its timeouts), cached for a few minutes. Only a successful read is cached, so one
 * failed read never makes a warm container fail every later request.
 */
export const readSecret = async (secretId: string): Promise<string> => {
  provider ??= new SecretsProvider({ awsSdkV3Client: secretsManager() });
  const value = await provider.get(secretId, { maxAge: SECRET_MAX_AGE_SECONDS });
  if (typeof value !== 'string' || value === '') throw new Error(`The secret ${secretId} is empty`);
  return value;
};

/** Forgets cached secrets, for tests that change them. */
export const resetSecrets = (): void => {
  provider = undefined;
};
