import { describe, expect, it } from 'vitest';
import { TooManyRequests, Unauthorized } from '#lib/errors';
import { login } from '#services/auth/identity';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi } from '../../scripts/test/api-client';
import { createLoginUser, STRONG_PASSWORD, uniqueEmail } from './support';

// Its own file, so its table's throttle counters start at zero.
useTestStack();
const api = useTestApi();

describe('login throttling', () => {
  it('refuses an account after 5 failures from anywhere, even with the right password', async () => {
    const { email } = await createLoginUser('user');
    for (let attempt = 0; attempt < 5; attempt++) {
      await expect(login({ email, password: 'Wrong!Passw0rd' }, `198.51.100.${attempt}`)).rejects.toBeInstanceOf(
        Unauthorized,
      );
    }
    const blocked = login({ email, password: STRONG_PASSWORD }, '198.51.100.99');
    await expect(blocked).rejects.toBeInstanceOf(TooManyRequests);
    await expect(blocked).rejects.toThrow('Too many attempts. Please try again in 15 minutes.');
  });

  it('refuses a client after 5 failures across accounts, with Retry-After', async () => {
    const { email } = await createLoginUser('user');
    const browser = api.client();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await browser.post('/api/login', { email: uniqueEmail(), password: 'Wrong!Passw0rd' })).status).toBe(401);
    }
    const blocked = await browser.post('/api/login', { email, password: STRONG_PASSWORD });
    expect(blocked.status).toBe(429);
    expect((blocked.body as { message: string }).message).toBe('Too many attempts. Please try again in 15 minutes.');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
  });
});
