import { fromEnv } from '@aws-sdk/credential-provider-env';

/*
 * Stands in for `@aws-sdk/credential-provider-node` in the Lambda bundles (an esbuild alias in
 * infra/constructs/lambda-bundling.ts). Lambda hands every function its role's credentials in
 * the environment, which is the default chain's first and, there, only successful link; the rest
 * of the chain (SSO, INI files, process, web identity, IMDS and the nested STS/SSO clients) is
 * about 110 KB of every bundle that Lambda never runs. Local runs are not bundled and keep the
 * full chain.
 */
export const defaultProvider: typeof fromEnv = (init) => fromEnv(init);
