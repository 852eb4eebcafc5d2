import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { matchingStep, newTotpSecret, totpUri } from './totp';

const at = new Date('2026-01-01T12:00:10Z');
const codeAt = (secret: string, date: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: date.getTime() });
const step = Math.floor(at.getTime() / 30_000);

describe('authenticator app codes', () => {
  it('accepts the code of the current step and of one step either side, naming the step', () => {
    const secret = newTotpSecret();
    expect(matchingStep(secret, codeAt(secret, at), at)).toBe(step);
    expect(matchingStep(secret, codeAt(secret, new Date(at.getTime() - 30_000)), at)).toBe(step - 1);
    expect(matchingStep(secret, codeAt(secret, new Date(at.getTime() + 30_000)), at)).toBe(step + 1);
  });

  it('refuses codes two steps away, and codes of another secret', () => {
    const secret = newTotpSecret();
    expect(matchingStep(secret, codeAt(secret, new Date(at.getTime() + 60_000)), at)).toBeUndefined();
    expect(matchingStep(secret, codeAt(secret, new Date(at.getTime() - 60_000)), at)).toBeUndefined();
    expect(matchingStep(secret, codeAt(newTotpSecret(), at), at)).toBeUndefined();
  });

  it('makes 160-bit secrets and an otpauth address naming the hub and the account', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = new URL(totpUri(secret, 'ada@example.com'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Component Hub:ada@example.com');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Component Hub');
  });
});
