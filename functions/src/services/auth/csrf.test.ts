import { beforeEach, describe, expect, it } from 'vitest';
import { resetConfig } from '#lib/config';
import { csrfTokenFor, isValidCsrfToken } from './csrf';

describe('csrf tokens', () => {
  beforeEach(() => {
    process.env.TABLE_NAME = 'unused';
    process.env.CSRF_SECRET = 'k'.repeat(40);
    resetConfig();
  });

  it('accepts a token only for the binding it was made for', async () => {
    const token = await csrfTokenFor('session:abc');
    expect(await isValidCsrfToken(token, ['pre:xyz', 'session:abc'])).toBe(true);
    expect(await isValidCsrfToken(token, ['session:abd'])).toBe(false);
    expect(await isValidCsrfToken(undefined, ['session:abc'])).toBe(false);
    expect(await isValidCsrfToken('', ['session:abc'])).toBe(false);
  });

  it('changes with the secret', async () => {
    const token = await csrfTokenFor('pre:1');
    process.env.CSRF_SECRET = 'z'.repeat(40);
    resetConfig();
    expect(await isValidCsrfToken(token, ['pre:1'])).toBe(false);
  });
});
