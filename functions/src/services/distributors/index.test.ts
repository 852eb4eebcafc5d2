import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetConfig } from '#lib/config';
import { resetSecrets } from '#lib/secrets';
import { DistributorNotConfigured } from './errors';
import { distributorFor } from './index';

const secrets = mockClient(SecretsManagerClient);
const saved = { ...process.env };

beforeEach(() => {
  secrets.reset();
  resetSecrets();
  for (const name of ['DIGIKEY_CLIENT_ID', 'DIGIKEY_CLIENT_SECRET', 'MOUSER_API_KEY', 'DISTRIBUTOR_SECRET_ARN'])
    delete process.env[name];
  process.env.TABLE_NAME = 'offline';
  resetConfig();
});
afterEach(() => {
  process.env = { ...saved };
  resetConfig();
});

describe('distributor credentials', () => {
  it('are not needed until a provider is asked for, and their absence says so', async () => {
    await expect(distributorFor('digikey')).rejects.toBeInstanceOf(DistributorNotConfigured);
    await expect(distributorFor('mouser')).rejects.toBeInstanceOf(DistributorNotConfigured);
    expect(secrets.calls()).toHaveLength(0);
  });

  it('come from the Secrets Manager secret once per container, the environment winning', async () => {
    process.env.DISTRIBUTOR_SECRET_ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:distributors';
    process.env.MOUSER_API_KEY = 'from-env';
    resetConfig();
    secrets
      .on(GetSecretValueCommand)
      .resolves({ SecretString: JSON.stringify({ digikeyClientId: 'id', digikeyClientSecret: 'secret' }) });
    const [digiKey, mouser] = await Promise.all([distributorFor('digikey'), distributorFor('mouser')]);
    expect(digiKey.name).toBe('digikey');
    expect(mouser.name).toBe('mouser');
    expect(await distributorFor('digikey')).toBe(digiKey);
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(1);
    expect(secrets.commandCalls(GetSecretValueCommand)[0]!.args[0].input).toEqual({
      SecretId: process.env.DISTRIBUTOR_SECRET_ARN,
    });
  });

  it('are read again after a failed secret read', async () => {
    process.env.DISTRIBUTOR_SECRET_ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:distributors';
    resetConfig();
    secrets
      .on(GetSecretValueCommand)
      .rejectsOnce(new Error('throttled'))
      .resolves({ SecretString: JSON.stringify({ mouserApiKey: 'key' }) });
    await expect(distributorFor('mouser')).rejects.toThrow('throttled');
    expect((await distributorFor('mouser')).name).toBe('mouser');
    await expect(distributorFor('digikey')).rejects.toBeInstanceOf(DistributorNotConfigured);
  });
});
