import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { esbuildOptionsForLambda, lambdaBundling } from '../../../infra/constructs/lambda-bundling';
import { defaultProvider } from './lambda-credentials';

describe('the credential provider of the Lambda bundles', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("reads the credentials Lambda puts in the environment, as the SDK's chain would first", async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDLAMBDA');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
    vi.stubEnv('AWS_SESSION_TOKEN', 'token');
    await expect(defaultProvider({})()).resolves.toMatchObject({
      accessKeyId: 'AKIDLAMBDA',
      secretAccessKey: 'secret',
      sessionToken: 'token',
    });
  });

  it('replaces the default chain in both the CDK bundling and the benchmark, by a module that exists', () => {
    const [[flag, target]] = Object.entries(lambdaBundling.esbuildArgs) as [[string, string]];
    expect(flag).toBe('--alias:@aws-sdk/credential-provider-node');
    expect(target).toMatch(/functions\/src\/lib\/lambda-credentials\.ts$/);
    expect(existsSync(target)).toBe(true);
    expect(esbuildOptionsForLambda().alias).toEqual({ '@aws-sdk/credential-provider-node': target });
  });
});
