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
 * What a CSRF token is bound to: the session once signed in (by its token hash), before that the
 * pre-session cookie. Signed in, only the session counts: a pre-session cookie could have been
 * planted by someone who knows its tokens.
 */
export type CsrfHolder = { sessionTokenHash: string } | { presessionId: string };

export const csrfHolder = (
  session: { tokenHash: string } | undefined,
  presessionId: string | undefined,
): CsrfHolder | undefined =>
  session ? { sessionTokenHash: session.tokenHash } : presessionId ? { presessionId } : undefined;

const bindingOf = (holder: CsrfHolder): string =>
  'sessionTokenHash' in holder ? `session:${holder.sessionTokenHash}` : `pre:${holder.presessionId}`;

/**
 * A CSRF token is an HMAC of what it is bound to. Nothing is stored; only the holder of the
 * cookie can present a matching token.
 */
export const csrfTokenFor = async (holder: CsrfHolder): Promise<string> =>
  createHmac('sha256', await csrfSecret())
    .update(bindingOf(holder))
    .digest('base64url');

/** False without a token, and without anything it could be bound to. */
export const isValidCsrfToken = async (token: string | undefined, holder: CsrfHolder | undefined): Promise<boolean> => {
  if (!token || !holder) return false;
  const given = Buffer.from(token);
  const expected = Buffer.from(await csrfTokenFor(holder));
  return expected.length === given.length && timingSafeEqual(expected, given);
};
