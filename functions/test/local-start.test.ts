import { describe, expect, it } from 'vitest';
import { startDynamoDbLocal } from '../../scripts/local/dynamodb-local';
import { cacheDir } from '../../scripts/local/env';
import { findFreePort } from '../../scripts/local/ports';

/*
 * A start on a slow machine: DynamoDB Local (a JVM) takes seconds before it answers. The start
 * waits for it as long as the start timeout allows, saying meanwhile that it waits, instead of
 * failing after a fixed few seconds.
 */
describe('starting DynamoDB Local', () => {
  it('waits for a JVM that answers late, printing progress while it waits', { timeout: 180_000 }, async () => {
    const lines: string[] = [];
    const started = Date.now();
    const dynamo = await startDynamoDbLocal({
      port: await findFreePort(),
      cacheDir: cacheDir(),
      log: (line) => lines.push(line),
      // Progress often, so the seconds the JVM needs to start show it.
      progressEveryMs: 250,
    });
    try {
      const waited = Date.now() - started;
      const progress = lines.filter((line) => line.startsWith('Still waiting for DynamoDB Local'));
      expect(progress.length, `progress lines over ${waited} ms: ${lines.join(' | ')}`).toBeGreaterThanOrEqual(1);
      expect(progress[0]).toMatch(/up to 300 s \(LOCAL_START_TIMEOUT_SECONDS\)\.$/);
      expect((await fetch(dynamo.endpoint, { method: 'POST' })).status).toBeLessThan(500);
    } finally {
      await dynamo.stop();
    }
  });

  it('gives up after the start timeout, naming the setting that allows longer', { timeout: 60_000 }, async () => {
    await expect(
      startDynamoDbLocal({ port: await findFreePort(), cacheDir: cacheDir(), log: () => undefined, readyTimeoutMs: 1 }),
    ).rejects.toThrow(
      /DynamoDB Local on http:\/\/127\.0\.0\.1:\d+ was not ready within 0 s\..*LOCAL_START_TIMEOUT_SECONDS=600 npm start/s,
    );
  });
});
