import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { csrfTokenFor } from '#services/auth/csrf';
import { resetClients } from './clients';
import { resetConfig } from './config';
import { readSecret, resetSecrets, SECRET_MAX_AGE_SECONDS } from './secrets';

const secrets = mockClient(SecretsManagerClient);
const saved = { ...process.env };
const ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:csrf';

beforeEach(() => {
  secrets.reset();
  resetSecrets();
  resetClients();
  process.env.TABLE_NAME = 'offline';
  delete process.env.CSRF_SECRET;
  process.env.CSRF_SECRET_ARN = ARN;
  resetConfig();
});
afterEach(() => {
  vi.useRealTimers();
  process.env = { ...saved };
  resetConfig();
});

describe('readSecret', () => {
  it('reads a secret once and keeps it for its maximum age', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    secrets.on(GetSecretValueCommand).resolvesOnce({ SecretString: 'first' }).resolves({ SecretString: 'rotated' });
    expect(await readSecret(ARN)).toBe('first');
    expect(await readSecret(ARN)).toBe('first');
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(1);
    vi.advanceTimersByTime(SECRET_MAX_AGE_SECONDS * 1000 + 1);
    expect(await readSecret(ARN)).toBe('rotated');
  });

  it('never caches a failed read: the next request reads again and succeeds', async () => {
    secrets
      .on(GetSecretValueCommand)
      .rejectsOnce(new Error('Secrets Manager timed out'))
      .resolves({ SecretString: 'k'.repeat(40) });
    await expect(readSecret(ARN)).rejects.toThrow();
    expect(await readSecret(ARN)).toBe('k'.repeat(40));
  });

  it('refuses an empty secret rather than signing with it', async () => {
    secrets.on(GetSecretValueCommand).resolves({ SecretString: '' });
    await expect(readSecret(ARN)).rejects.toThrow(/empty/);
  });

  it('lets a warm container sign CSRF tokens again after one failed read', async () => {
    secrets
      .on(GetSecretValueCommand)
      .rejectsOnce(new Error('throttled'))
      .resolves({ SecretString: 'k'.repeat(40) });
    await expect(csrfTokenFor({ presessionId: '1' })).rejects.toThrow();
    await expect(csrfTokenFor({ presessionId: '1' })).resolves.toMatch(/^[\w-]{43}$/);
  });
});
