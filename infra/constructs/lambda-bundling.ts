/*
 * How every Lambda of the app is bundled, in one place: the AppFunction construct hands these to
 * CDK's NodejsFunction (which runs esbuild), and `npm run bench -- lambda` runs esbuild with the
 * very same options to measure bundle sizes and load times without a full synth.
 * No aws-cdk-lib import here, so the benchmark stays light.
 */
import { fileURLToPath } from 'node:url';

/**
 * esbuild emits an ES module; a few CommonJS dependencies still call `require` for Node
 * built-ins, which ESM does not define. The banner gives them one.
 */
export const esmRequireBanner =
  "import { createRequire as __chCreateRequire } from 'node:module'; const require = __chCreateRequire(import.meta.url);";

/** The SDK's default credential chain, and what the bundles take instead (see that module). */
const CREDENTIAL_CHAIN = '@aws-sdk/credential-provider-node';
const lambdaCredentials = fileURLToPath(new URL('../../functions/src/lib/lambda-credentials.ts', import.meta.url));

/** NodejsFunction's `bundling` props (format as a string: OutputFormat.ESM is `'esm'`). */
export const lambdaBundling = {
  minify: true,
  sourceMap: true,
  // Line numbers in stack traces without shipping the sources in the bundle.
  sourcesContent: false,
  format: 'esm',
  target: 'node24',
  mainFields: ['module', 'main'],
  banner: esmRequireBanner,
  // Bundle everything, the AWS SDK v3 included: a pinned, tree-shaken SDK (only the clients a
  // handler imports) starts faster than the runtime's full copy and cannot change under us.
  externalModules: [] as string[],
  // Lambda's credentials are in the environment: the rest of the SDK's chain is left out.
  esbuildArgs: { [`--alias:${CREDENTIAL_CHAIN}`]: lambdaCredentials },
} as const;

/** The Lambda runtime's NODE_OPTIONS: stack traces through the source maps. */
export const lambdaNodeOptions = '--enable-source-maps';

/**
 * The esbuild options CDK derives from {@link lambdaBundling} (aws-lambda-nodejs `buildEsbuildArgs`:
 * `--bundle --platform=node --target --format --minify --sourcemap --sources-content=false
 * --main-fields --banner:js --alias`, output `index.mjs`).
 */
export const esbuildOptionsForLambda = () => ({
  bundle: true,
  platform: 'node' as const,
  target: lambdaBundling.target,
  format: lambdaBundling.format,
  minify: lambdaBundling.minify,
  sourcemap: lambdaBundling.sourceMap,
  sourcesContent: lambdaBundling.sourcesContent,
  mainFields: [...lambdaBundling.mainFields],
  banner: { js: lambdaBundling.banner },
  external: [...lambdaBundling.externalModules],
  alias: { [CREDENTIAL_CHAIN]: lambdaCredentials },
});
