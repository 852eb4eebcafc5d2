import { beforeEach, describe, expect, it } from 'vitest';
import { resetConfig } from '#lib/config';
import { csrfHolder, csrfTokenFor, isValidCsrfToken } from './csrf';

describe('csrf tokens', () => {
  beforeEach(() => {
    process.env.TABLE_NAME = 'unused';
    process.env.CSRF_SECRET = 'k'.repeat(40);
    resetConfig();
  });

  it('accepts a token only for the binding it was made for', async () => {
    const token = await csrfTokenFor({ sessionTokenHash: 'abc' });
    expect(await isValidCsrfToken(token, { sessionTokenHash: 'abc' })).toBe(true);
    expect(await isValidCsrfToken(token, { presessionId: 'abc' })).toBe(false);
    expect(await isValidCsrfToken(token, { sessionTokenHash: 'abd' })).toBe(false);
    expect(await isValidCsrfToken(token, undefined)).toBe(false);
    expect(await isValidCsrfToken(undefined, { sessionTokenHash: 'abc' })).toBe(false);
    expect(await isValidCsrfToken('', { sessionTokenHash: 'abc' })).toBe(false);
  });

  it('binds to the session once signed in, else to the pre-session cookie', () => {
    expect(csrfHolder({ tokenHash: 'abc' }, 'xyz')).toEqual({ sessionTokenHash: 'abc' });
    expect(csrfHolder(undefined, 'xyz')).toEqual({ presessionId: 'xyz' });
    expect(csrfHolder(undefined, undefined)).toBeUndefined();
  });

  it('changes with the secret', async () => {
    const token = await csrfTokenFor({ presessionId: '1' });
    process.env.CSRF_SECRET = 'z'.repeat(40);
    resetConfig();
    expect(await isValidCsrfToken(token, { presessionId: '1' })).toBe(false);
  });
});
