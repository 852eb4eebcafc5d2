import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';

describe('passwords', () => {
  it('stores scrypt at OWASP cost with its parameters and a per-user salt', async () => {
    const [first, second] = await Promise.all([hashPassword('Correct1!horse'), hashPassword('Correct1!horse')]);
    expect(first).toMatch(/^scrypt\$17\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(first).not.toBe(second);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('Correct1!horse');
    expect(await verifyPassword('Correct1!horse', stored)).toBe(true);
    expect(await verifyPassword('Correct1!hors', stored)).toBe(false);
    expect(await verifyPassword('Correct1!horse', 'bcrypt$whatever')).toBe(false);
  });

  it('spends a real check on unknown accounts and always fails', async () => {
    expect(await verifyAgainstDummy('anything')).toBe(false);
  });
});
