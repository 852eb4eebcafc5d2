import { Secret, TOTP } from 'otpauth';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '#shared/schemas/second-factor';

/** The name authenticator apps show beside the account. */
const ISSUER = 'Component Hub';

/** Codes from the step before and the step after the current one are accepted too (clocks drift). */
export const TOTP_WINDOW_STEPS = 1;

const totpOf = (secret: string, label = '') =>
  new TOTP({
    issuer: ISSUER,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });

/** A new 160-bit secret (RFC 4226's recommended length), base32 as apps take it. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// address an authenticator app reads. */
export const totpUri = (secret: string, accountName: string): string => totpOf(secret, accountName).toString();

/**
 * The time step `code` belongs to when it is right for `secret` at `now` (within the window),
 * else undefined. The caller spends the step, so the same code never counts twice.
 */
export const matchingStep = (secret: string, code: string, now = new Date()): number | undefined => {
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: TOTP_WINDOW_STEPS });
  return delta === null ? undefined : totp.counter({ timestamp: now.getTime() }) + delta;
};
