/**
 * vitest globalSetup: the local AWS stack, started once for the whole run, on loopback and on
 * free ports (so it never collides with `npm start`): DynamoDB Local in memory, s3rver on a
 * temporary directory, the SES server, and the distributor emulator (Digi-Key and Mouser). Test
 * files reach it through useTestStack().
 */
import type { TestProject } from 'vitest/node';
import { startDynamoDbLocal } from '../local/dynamodb-local.ts';
import { startDistributorEmulator } from '../local/distributor-emulator.ts';
import { cacheDir, type LocalEndpoints } from '../local/env.ts';
import { findFreePort } from '../local/ports.ts';
import { startS3 } from '../local/s3.ts';
import { startSes } from '../local/ses.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Endpoints of the local AWS stack started by scripts/test/global-setup.ts. */
    localStack: LocalEndpoints;
    /** Base URL of the distributor emulator (both APIs) started by scripts/test/global-setup.ts. */
    distributorEmulator: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const stops: (() => Promise<void>)[] = [];
  const teardown = async (): Promise<void> => {
    await Promise.allSettled(stops.map((stop) => stop()));
  };

  const log = (message: string): void => console.log(`[test stack] ${message}`);
  const started = await Promise.allSettled([
    findFreePort().then((port) =>
      startDynamoDbLocal({
        port,
        cacheDir: cacheDir(),
        log,
        onUnexpectedExit: (code, signal, output) =>
          console.error(`[test stack] DynamoDB Local stopped during the run (${signal ?? code}):\n${output}`),
      }),
    ),
    startS3({ port: 0 }),
    startSes({ port: 0 }),
    startDistributorEmulator({ port: 0 }),
  ]);
  for (const result of started) if (result.status === 'fulfilled') stops.push(() => result.value.stop());
  const [dynamodb, s3, ses, distributors] = started;
  if (
    dynamodb.status === 'rejected' ||
    s3.status === 'rejected' ||
    ses.status === 'rejected' ||
    distributors.status === 'rejected'
  ) {
    await teardown();
    const failure = started.find((result) => result.status === 'rejected');
    throw failure?.reason;
  }

  project.provide('localStack', { dynamodb: dynamodb.value.endpoint, s3: s3.value.endpoint, ses: ses.value.endpoint });
  project.provide('distributorEmulator', distributors.value.url);
  return teardown;
}
