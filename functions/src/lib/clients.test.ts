import { afterEach, describe, expect, it, vi } from 'vitest';
import { functionEnv } from '../../../scripts/local/env';
import {
  CLIENT_TIMEOUTS,
  CLIENT_TIMEOUT_VARIABLE,
  clientTimeouts,
  dynamo,
  resetClients,
  s3,
  ses,
  sfn,
} from './clients';
import { resetConfig } from './config';

/** The settings a client's HTTP handler was built with. */
const handlerSettings = (client: { config: { requestHandler: unknown } }) =>
  (client.config.requestHandler as { configProvider: Promise<{ requestTimeout?: number; connectionTimeout?: number }> })
    .configProvider;

const localEnv = functionEnv({
  endpoints: { dynamodb: 'http://127.0.0.1:1', s3: 'http://127.0.0.1:2', ses: 'http://127.0.0.1:3' },
  tableName: 'table',
  bucketName: 'bucket',
  appUrl: 'http://localhost:3000',
  csrfSecret: 'x'.repeat(32),
});

describe('the AWS clients’ timeouts', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    resetClients();
    resetConfig();
  });

  it('keep the short deployed limits when nothing is set, so a silent service answers 503 inside 10 s', () => {
    expect(clientTimeouts('dynamodb', {})).toEqual({
      connectionTimeout: 1_000,
      requestTimeout: 1_500,
      throwOnRequestTimeout: true,
    });
    for (const service of ['dynamodb', 's3', 'ses', 'secretsManager', 'sfn'] as const) {
      expect(clientTimeouts(service, { [CLIENT_TIMEOUT_VARIABLE]: '  ' })).toBe(CLIENT_TIMEOUTS[service]);
    }
  });

  it('wait as long as the local stack and the tests ask', () => {
    expect(localEnv[CLIENT_TIMEOUT_VARIABLE]).toBe('30000');
    for (const service of ['dynamodb', 's3', 'ses', 'secretsManager', 'sfn'] as const) {
      expect(clientTimeouts(service, localEnv)).toEqual({
        connectionTimeout: 30_000,
        requestTimeout: 30_000,
        throwOnRequestTimeout: true,
      });
    }
  });

  it('refuse a value that is not a whole number of milliseconds, naming it', () => {
    for (const raw of ['fast', '1.5', '0', '-100']) {
      expect(() => clientTimeouts('dynamodb', { [CLIENT_TIMEOUT_VARIABLE]: raw })).toThrow(
        `CLIENT_TIMEOUT_MS must be a whole number of milliseconds, not "${raw}"`,
      );
    }
  });

  it('are what the shared clients are built with', async () => {
    vi.stubEnv('TABLE_NAME', 'table');
    vi.stubEnv(CLIENT_TIMEOUT_VARIABLE, '');
    resetClients();
    await expect(handlerSettings(dynamo())).resolves.toMatchObject({ requestTimeout: 1_500 });
    await expect(handlerSettings(s3())).resolves.toMatchObject({ requestTimeout: 2_500 });
    await expect(handlerSettings(sfn())).resolves.toMatchObject({ requestTimeout: 2_500, connectionTimeout: 1_000 });

    vi.stubEnv(CLIENT_TIMEOUT_VARIABLE, '30000');
    resetClients();
    await expect(handlerSettings(dynamo())).resolves.toMatchObject({ requestTimeout: 30_000 });
    await expect(handlerSettings(ses())).resolves.toMatchObject({ requestTimeout: 30_000, connectionTimeout: 30_000 });
  });
});
