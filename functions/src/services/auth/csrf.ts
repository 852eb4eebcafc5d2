import { createHmac, timingSafeEqual } from 'node:crypto';
import { config } from '#lib/config';
import { readSecret } from '#lib/secrets';

/** The HMAC key: from the environment locally, from Secrets Manager on AWS. */
const csrfSecret = async (): Promise<string> => {
  const { CSRF_SECRET, CSRF_SECRET_ARN } = config();
  if (CSRF_SECRET) return CSRF_SECRET;
  if (!CSRF_SECRET_ARN) throw new Error('CSRF_SECRET or CSRF_SECRET_ARN must be set');
  return readSecret(CSRF_SECRET_ARN);
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
