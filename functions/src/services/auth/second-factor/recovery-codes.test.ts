import { describe, expect, it } from 'vitest';
import { recoveryCodeField } from '#shared/schemas/second-factor';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes';

describe('recovery codes', () => {
  it('are ten different codes of 125 random bits, stored only as hashes', () => {
    const { codes, hashes } = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^([A-Z2-7]{5}-){4}[A-Z2-7]{5}$/);
    expect(hashes).toEqual(codes.map(recoveryCodeHash));
    for (const hash of hashes) expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashes.some((hash, i) => hash.includes(codes[i]!))).toBe(false);
  });

  it('match whatever the case, spaces and dashes typed, and nothing else', () => {
    const [code] = newRecoveryCodes().codes as [string];
    const typed = recoveryCodeField.parse(` ${code.toLowerCase().replaceAll('-', ' ')} `);
    expect(recoveryCodeHash(typed)).toBe(recoveryCodeHash(code));
    expect(recoveryCodeHash(code.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))).not.toBe(recoveryCodeHash(code));
    expect(recoveryCodeField.safeParse('too-short').success).toBe(false);
  });
});
