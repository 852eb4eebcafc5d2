/**
 * `npm start`: the whole product on this machine, on loopback only.
 *
 * DynamoDB Local (Amazon's emulator, on Java), s3rver and an SES server stand in for AWS; the
 * table and bucket are created when missing, the admin is seeded on first start, the SPA is
 * built, and one server answers `/app` (the SPA) and `/api` (the Lambda handlers through a
 * local API Gateway). Everything persists in DATA_DIR; Ctrl-C stops every child process.
 *
 * Settings (environment): PORT (3000), DATA_DIR (.local), ADMIN_EMAIL, ADMIN_PASSWORD
 * (generated and kept in DATA_DIR when unset), TABLE_NAME, BUCKET_NAME, MAIL_FROM,
 * DYNAMODB_PORT (8000), S3_PORT (4569), SES_PORT (8005), DIGIKEY_CLIENT_ID and
 * DIGIKEY_CLIENT_SECRET, MOUSER_API_KEY (a provider without them is served by the local
 * distributor emulator, on DISTRIBUTOR_EMULATOR_PORT or a free port). Without OIDC_ISSUER, single
 * sign-on goes through a local OpenID provider on OIDC_PROVIDER_PORT (8010) whose test people share
 * LOCAL_SSO_PASSWORD (generated and printed when unset).
 */
// First: the languages must be set before any function module loads.
import './local-languages.ts';
import { mkdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
} from '@aws-sdk/client-dynamodb';
import { createTableInput } from '#repositories/table-definition';
import { passwordSchema } from '#shared/schemas/auth';
import { guessablePasswordProblem } from '#services/auth/password-policy';
import { buildWeb } from '../build-web.ts';
import { withStartTimeout } from './readiness.ts';
import { startDistributorEmulator, type DistributorEmulator } from './distributor-emulator.ts';
import { startDynamoDbLocal, type DynamoDbLocal } from './dynamodb-local.ts';
import {
  applyFunctionEnv,
  cacheDir,
  type DistributorEnv,
  dataDir,
  DEFAULT_BUCKET_NAME,
  DEFAULT_TABLE_NAME,
  LOCAL_CREDENTIALS,
  LOCAL_REGION,
  repoRoot,
  SettingError,
} from './env.ts';
import { assertPortsFree, portSetting } from './ports.ts';
import { ensureBucket, startS3, type LocalS3 } from './s3.ts';
import {
  LOCAL_ADMIN_GROUP,
  LOCAL_LIBRARIAN_GROUP,
  LOCAL_ALLOWED_DOMAIN,
  localPeople,
  startLocalOidcProvider,
  type LocalOidcProvider,
} from './oidc-provider.ts';
import { generatePassword, newCsrfSecret, readSecrets, writeSecrets } from './secrets.ts';
import { startLocalServer, defaultWebDist } from './server.ts';
import { runStep } from './start-steps.ts';
import { startSes, type LocalSes } from './ses.ts';
import { startLocalStepFunctions, warmLocalStepFunctions } from './step-functions.ts';
import { startLocalLambdaInvoke } from './lambda-invoke.ts';

/** The seeded administrator's display name (a word its password may not contain). */
const ADMIN_NAME = 'Administrator';
const started = performance.now();
const elapsed = (): string => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const log = (message: string): void => console.log(`[local] ${message}`);

const env = process.env;
const readSettings = () => ({
  port: portSetting('PORT', 3000),
  dynamodbPort: portSetting('DYNAMODB_PORT', 8000),
  s3Port: portSetting('S3_PORT', 4569),
  sesPort: portSetting('SES_PORT', 8005),
  distributorEmulatorPort: portSetting('DISTRIBUTOR_EMULATOR_PORT', 0),
  dataDir: dataDir(),
  tableName: env.TABLE_NAME?.trim() || DEFAULT_TABLE_NAME,
  bucketName: env.BUCKET_NAME?.trim() || DEFAULT_BUCKET_NAME,
  mailFrom: env.MAIL_FROM?.trim() || undefined,
  adminEmail: env.ADMIN_EMAIL?.trim() || 'admin@componenthub.local',
  adminPassword: env.ADMIN_PASSWORD || undefined,
  // A distributor without credentials is emulated locally.
  emulateDigiKey: !(env.DIGIKEY_CLIENT_ID?.trim() && env.DIGIKEY_CLIENT_SECRET?.trim()),
  emulateMouser: !env.MOUSER_API_KEY?.trim(),
  /** How often the approval digest sender runs (each administrator still gets at most one per interval). */
  digestCheckSeconds: Math.max(1, Number(env.APPROVAL_DIGEST_CHECK_SECONDS) || 60),
  /** How often the search snapshot job runs (it writes only when the catalogue changed). */
  searchSnapshotCheckSeconds: Math.max(1, Number(env.SEARCH_SNAPSHOT_CHECK_SECONDS) || 60),
  // Single sign-on without a company provider: the local OpenID provider.
  localSso: !env.OIDC_ISSUER?.trim(),
  oidcProviderPort: portSetting('OIDC_PROVIDER_PORT', 8010),
  localSsoPassword: env.LOCAL_SSO_PASSWORD || undefined,
});
const settings = (() => {
  try {
    return readSettings();
  } catch (error) {
    console.error(`[local] Could not start: ${(error as Error).message}`);
    process.exit(1);
  }
})();
const appOrigin = `http://localhost:${settings.port}`;

// ---------------------------------------------------------------------------------------------
// Stopping: every started piece registers how to stop it, also when startup fails halfway.

const stoppers: { name: string; stop: () => Promise<void> }[] = [];
let stopping = false;

const shutdown = async (exitCode: number): Promise<never> => {
  if (!stopping) {
    stopping = true;
    for (const { name, stop } of stoppers.reverse()) {
      await stop().catch((error: unknown) => console.error(`[local] stopping ${name} failed:`, error));
    }
    if (exitCode === 0) console.log('[local] Stopped.');
  }
  process.exit(exitCode);
};

process.on('SIGINT', () => {
  if (stopping) {
    // A second Ctrl-C: do not wait. The exit hook still kills DynamoDB Local.
    process.exit(130);
  }
  console.log('\n[local] Stopping ...');
  void shutdown(0);
});
process.on('SIGTERM', () => void shutdown(0));

const remember = <T extends { stop: () => Promise<void> }>(name: string, service: T): T => {
  stoppers.push({ name, stop: () => service.stop() });
  return service;
};

// ---------------------------------------------------------------------------------------------

const ensureTable = async (endpoint: string, tableName: string): Promise<boolean> => {
  const client = new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return false;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
    await client.send(new CreateTableCommand(createTableInput(tableName)));
    return true;
  } finally {
    client.destroy();
  }
};

interface AdminSecrets {
  readonly password: string;
  /** 'env': ADMIN_PASSWORD; 'kept': generated on an earlier start; 'new': generated now. */
  readonly source: 'env' | 'kept' | 'new';
  readonly csrfSecret: string;
}

const adminSecrets = async (): Promise<AdminSecrets> => {
  const secrets = await readSecrets(settings.dataDir);
  const csrfSecret = secrets.csrfSecret ?? newCsrfSecret();
  if (settings.adminPassword) {
    await writeSecrets(settings.dataDir, { ...secrets, csrfSecret });
    return { password: settings.adminPassword, source: 'env', csrfSecret };
  }
  const password = secrets.adminPassword ?? generatePassword();
  await writeSecrets(settings.dataDir, { ...secrets, csrfSecret, adminPassword: password });
  return { password, source: secrets.adminPassword ? 'kept' : 'new', csrfSecret };
};

const distributorLine = (emulator: DistributorEmulator | undefined): string => {
  const used = (emulated: boolean) => (emulated ? `the local emulator (${emulator?.url})` : 'the real API');
  return `  Distributors: Digi-Key through ${used(settings.emulateDigiKey)}, Mouser through ${used(settings.emulateMouser)}`;
};

const ssoLines = (provider: LocalOidcProvider | undefined, password: string): string[] => {
  if (!provider) return [`  Single sign-on: ${env.OIDC_ISSUER} (OIDC_ISSUER)`];
  const role = (groups: readonly string[], email: string) =>
    groups.includes(LOCAL_ADMIN_GROUP)
      ? `${LOCAL_ADMIN_GROUP}: administrator`
      : groups.includes(LOCAL_LIBRARIAN_GROUP)
        ? `${LOCAL_LIBRARIAN_GROUP}: librarian`
        : email.endsWith(`@${LOCAL_ALLOWED_DOMAIN}`)
          ? 'user'
          : 'not allowed in';
  return [
    `  Single sign-on: the local OpenID provider ${provider.issuer} ('Sign in with Local test provider'),`,
    `       people (password ${password}${settings.localSsoPassword ? ', LOCAL_SSO_PASSWORD' : ''}):`,
    ...[...provider.people.values()].map(
      (person) => `         ${person.email}  (${role(person.groups, person.email)})`,
    ),
  ];
};

const main = async (): Promise<void> => {
  if (settings.adminPassword) {
    const check = passwordSchema.safeParse(settings.adminPassword);
    if (!check.success) {
      throw new SettingError(
        `ADMIN_PASSWORD does not meet the password rule: ${check.error.issues.map((i) => i.message).join('; ')}`,
      );
    }
    const guessable = guessablePasswordProblem(settings.adminPassword, {
      email: settings.adminEmail,
      name: ADMIN_NAME,
    });
    if (guessable) throw new SettingError(`ADMIN_PASSWORD is refused: ${guessable}`);
  }
  await assertPortsFree([
    { name: 'the app server (PORT)', port: settings.port },
    { name: 'DynamoDB Local (DYNAMODB_PORT)', port: settings.dynamodbPort },
    { name: 'the S3 server (S3_PORT)', port: settings.s3Port },
    { name: 'the SES server (SES_PORT)', port: settings.sesPort },
    ...(settings.distributorEmulatorPort
      ? [{ name: 'the distributor emulator (DISTRIBUTOR_EMULATOR_PORT)', port: settings.distributorEmulatorPort }]
      : []),
    ...(settings.localSso
      ? [{ name: 'the local OpenID provider (OIDC_PROVIDER_PORT)', port: settings.oidcProviderPort }]
      : []),
  ]);
  await mkdir(settings.dataDir, { recursive: true });
  const shownDataDir = relative(repoRoot, settings.dataDir);
  log(`Data directory: ${shownDataDir.startsWith('..') ? settings.dataDir : shownDataDir || '.'}`);

  const onDynamoDbExit = (code: number | null, signal: NodeJS.Signals | null, output: string): void => {
    if (stopping) return;
    console.error(`[local] DynamoDB Local stopped unexpectedly (${signal ?? `exit code ${code}`}):\n${output}`);
    void shutdown(1);
  };

  // The slow parts run side by side; each registers its stop as soon as it is up.
  const [dynamo, s3, ses, web] = await Promise.allSettled([
    startDynamoDbLocal({
      port: settings.dynamodbPort,
      cacheDir: cacheDir(),
      dbPath: join(settings.dataDir, 'dynamodb'),
      log,
      onUnexpectedExit: onDynamoDbExit,
    }).then((service): DynamoDbLocal => remember('DynamoDB Local', service)),
    withStartTimeout('the S3 server', startS3({ port: settings.s3Port, directory: join(settings.dataDir, 's3') }), {
      log,
    }).then((service): LocalS3 => remember('the S3 server', service)),
    withStartTimeout('the SES server', startSes({ port: settings.sesPort }), { log }).then((service): LocalSes =>
      remember('the SES server', service),
    ),
    withStartTimeout('the SPA build', buildWeb({ outdir: defaultWebDist }), { log }),
  ]);
  const failures = [dynamo, s3, ses, web].flatMap((result) =>
    result.status === 'rejected' ? [result.reason as unknown] : [],
  );
  if (failures.length > 0 || dynamo.status !== 'fulfilled' || s3.status !== 'fulfilled' || ses.status !== 'fulfilled') {
    throw failures[0];
  }

  const endpoints = { dynamodb: dynamo.value.endpoint, s3: s3.value.endpoint, ses: ses.value.endpoint };
  const emulator =
    settings.emulateDigiKey || settings.emulateMouser
      ? remember(
          'the distributor emulator',
          await withStartTimeout(
            'the distributor emulator',
            startDistributorEmulator({ port: settings.distributorEmulatorPort }),
            { log },
          ),
        )
      : undefined;
  const distributors: DistributorEnv = {
    ...(emulator &&
      settings.emulateDigiKey && {
        digikey: { apiUrl: emulator.url, clientId: 'local-emulator', clientSecret: 'local-emulator-secret' },
      }),
    ...(emulator && settings.emulateMouser && { mouser: { apiUrl: emulator.url, apiKey: 'local-emulator' } }),
  };
  const ssoPassword = settings.localSsoPassword ?? generatePassword();
  const oidcProvider: LocalOidcProvider | undefined = settings.localSso
    ? remember(
        'the local OpenID provider',
        await withStartTimeout(
          'the local OpenID provider',
          startLocalOidcProvider({
            port: settings.oidcProviderPort,
            people: localPeople(ssoPassword),
            redirectUris: [`${appOrigin}/api/sso/callback`],
            postLogoutRedirectUris: [`${appOrigin}/app/auth`],
            backChannelLogoutUri: `${appOrigin}/api/sso/backchannel-logout`,
          }),
          { log },
        ),
      )
    : undefined;
  // Image batches: the jobs stack's state machine, run in this process (scripts/local/step-functions.ts).
  const stepFunctions = remember('the local Step Functions endpoint', await startLocalStepFunctions({ log }));
  // The search function's answers to the other routes: the Lambda Invoke API, served in this process.
  const lambdaInvoke = remember('the local Lambda Invoke endpoint', await startLocalLambdaInvoke());
  const searchHolder = { endpoint: lambdaInvoke.endpoint, functionName: lambdaInvoke.searchFunctionName };
  const [tableCreated, bucket, secrets] = await runStep(
    'Preparing the table, the bucket and the secrets',
    `Run \`npm start\` again; if it fails the same way, check ${settings.dataDir} is writable and see the services' messages above.`,
    () =>
      Promise.all([
        ensureTable(endpoints.dynamodb, settings.tableName),
        ensureBucket(endpoints.s3, settings.bucketName, {
          corsOrigins: [appOrigin, `http://127.0.0.1:${settings.port}`],
        }),
        adminSecrets(),
      ]),
  );
  if (tableCreated) log(`Created table ${settings.tableName}`);
  if (bucket.created) log(`Created bucket ${settings.bucketName}`);

  // The local server stands in for CloudFront in front of the API, with a secret of this run's own.
  const originVerifySecret = newCsrfSecret();
  applyFunctionEnv({
    endpoints,
    tableName: settings.tableName,
    bucketName: settings.bucketName,
    appUrl: appOrigin,
    csrfSecret: secrets.csrfSecret,
    originVerifySecret,
    ...(settings.mailFrom && { mailFrom: settings.mailFrom }),
    distributors,
    stepFunctions,
    searchHolder,
    ...(oidcProvider && {
      sso: {
        issuer: oidcProvider.issuer,
        clientId: oidcProvider.clientId,
        clientSecret: oidcProvider.clientSecret,
        adminGroups: LOCAL_ADMIN_GROUP,
        librarianGroups: LOCAL_LIBRARIAN_GROUP,
        allowedDomains: LOCAL_ALLOWED_DOMAIN,
        label: 'Local test provider',
      },
    }),
  });

  // Imported only now: the functions read their configuration from the environment set above.
  const { seedAdmin } = await import('../seed/seed-admin.ts');
  const admin = await runStep(
    'Creating the administrator',
    'Run `npm start` again: the administrator is created on the next start.',
    () => seedAdmin({ email: settings.adminEmail, password: secrets.password, name: ADMIN_NAME }),
  );
  if (!admin.created && secrets.source === 'new') {
    // The account predates this password (it was made with ADMIN_PASSWORD): do not keep a wrong one.
    await writeSecrets(settings.dataDir, { csrfSecret: secrets.csrfSecret });
  }
  // First start: a demo catalogue to search (a few hundred parts with datasheets); a start cut
  // short while seeding is completed by the next one; later starts skip it.
  const { seedCatalogue } = await import('../seed/seed-catalogue.ts');
  const catalogue = await runStep(
    'Seeding the demo catalogue',
    'Run `npm start` again: the seed continues where it stopped (on a busy machine, let it calm down first).',
    () =>
      seedCatalogue({
        onProgress: (written, count) =>
          written > 0 && written < count && log(`Demo catalogue: ${written} of ${count} parts`),
      }),
  );
  if (catalogue.created) {
    console.log(
      catalogue.resumed
        ? `[local] Completed the demo catalogue begun on an earlier start: ${catalogue.created} more components`
        : `[local] Seeded a demo catalogue of ${catalogue.created} components`,
    );
  }
  // s3rver has no lifecycle rules, and there is no scheduler: the reconciliation the jobs stack runs
  // every few hours on AWS (uploads never attached, files without rows, rows without files) runs
  // here at start and hourly.
  const { reconcileStorage } = await import('#services/reconciliation');
  const sweep = () =>
    reconcileStorage()
      .then(({ repaired, reported }) => {
        for (const { what, key } of repaired) console.log(`[local] Reconciliation: ${what} (${key})`);
        for (const { what, key } of reported) console.warn(`[local] Reconciliation found: ${what} (${key})`);
      })
      .catch((error: unknown) => console.error('[local] Reconciling the bucket with the table failed:', error));
  await sweep();
  setInterval(() => void sweep(), 60 * 60 * 1000).unref();
  // On AWS a schedule runs the search snapshot job every minute; here a timer does
  // (SEARCH_SNAPSHOT_CHECK_SECONDS), so no search ever writes the snapshot locally either.
  const { refreshSearchSnapshot } = await import('#services/search/catalogue-search');
  setInterval(
    () =>
      void refreshSearchSnapshot().catch((error: unknown) =>
        console.error('[local] Refreshing the search snapshot failed:', error),
      ),
    settings.searchSnapshotCheckSeconds * 1000,
  ).unref();
  // On AWS a schedule runs the digest sender; here a timer does (APPROVAL_DIGEST_CHECK_SECONDS).
  const { sendApprovalDigests } = await import('#services/request-emails');
  setInterval(
    () =>
      void sendApprovalDigests().catch((error: unknown) => console.error('[local] Approval digests failed:', error)),
    settings.digestCheckSeconds * 1000,
  ).unref();

  const server = await startLocalServer({
    port: settings.port,
    s3Endpoint: endpoints.s3,
    api: { edge: { originVerifySecret } },
  });
  stoppers.push({ name: 'the app server', stop: () => server.close() });
  // The first batch would otherwise wait for the CDK app to load.
  warmLocalStepFunctions().catch((error: unknown) =>
    console.error('[local] The image-batch state machine could not be synthesized:', error),
  );

  const passwordNote = admin.created
    ? ''
    : {
        env: ' (ADMIN_PASSWORD; it was applied only when the account was created)',
        kept: ' (generated on first start; valid unless changed in the app since)',
        new: ' (NOT applied: the account already existed; use the password it was created with)',
      }[secrets.source];
  console.log(
    [
      '',
      `Component Hub is running (ready in ${elapsed()}${dynamo.value.downloaded ? ', including the DynamoDB Local download' : ''}).`,
      '',
      `  App:          ${server.url}/app`,
      `  API:          ${server.url}/api`,
      `  Sent emails:  ${ses.value.inboxUrl}`,
      `  Admin login:  ${settings.adminEmail}`,
      `       password ${secrets.password}${passwordNote}`,
      '',
      `  DynamoDB Local ${endpoints.dynamodb}, S3 ${endpoints.s3}${dynamo.value.loopbackOnly ? '' : '  (DynamoDB Local listens on all interfaces: no JDK found)'}`,
      distributorLine(emulator),
      `  Image batches: the jobs stack's state machine, run locally (${stepFunctions.endpoint})`,
      ...ssoLines(oidcProvider, ssoPassword),
      '',
      'Press Ctrl-C to stop.',
    ].join('\n'),
  );
};

main().catch(async (error: unknown) => {
  if (stopping) return;
  // Errors about the machine or the settings need no stack trace; anything else gets one.
  if (
    error instanceof Error &&
    ['PortInUseError', 'JavaMissingError', 'SettingError', 'StartStepError'].includes(error.name)
  ) {
    console.error(`\n[local] Could not start: ${error.message}`);
  } else {
    console.error('\n[local] Could not start:', error);
  }
  await shutdown(1);
});
