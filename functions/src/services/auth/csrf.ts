import { createHmac, timingSafeEqual } from 'node:crypto';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { config } from '#lib/config';

let secret: Promise<string> | undefined;

/** The HMAC key: from the environment locally, from Secrets Manager on AWS (read once per container). */
const csrfSecret = (): Promise<string> =>
  (secret ??= (async () => {
    const { CSRF_SECRET, CSRF_SECRET_ARN } = config();
    if (CSRF_SECRET) return CSRF_SECRET;
    if (!CSRF_SECRET_ARN) throw new Error('CSRF_SECRET or CSRF_SECRET_ARN must be set');
    const { SecretString } = await new SecretsManagerClient({}).send(
      new GetSecretValueCommand({ SecretId: CSRF_SECRET_ARN }),
    );
    if (!SecretString) throw new Error('CSRF secret is empty');
    return SecretString;
  })());

export const resetCsrfSecret = (): void => {
  secret = undefined;
};

/**
 * A CSRF token is an HMAC of what it is bound to: the session (`session:<token hash>`) or, before
 * login, the pre-session cookie (`pre:<id>`). Nothing is stored; only the holder of the cookie
 * can present a matching token.
 */
export const csrfTokenFor = async (binding: string): Promise<string> =>
  createHmac('sha256', await csrfSecret())
    .update(binding)
    .digest('base64url');

export const isValidCsrfToken = async (token: string | undefined, bindings: string[]): Promise<boolean> => {
  if (!token) return false;
  const given = Buffer.from(token);
  for (const binding of bindings) {
    const expected = Buffer.from(await csrfTokenFor(binding));
    if (expected.length === given.length && timingSafeEqual(expected, given)) return true;
  }
  return false;
};
