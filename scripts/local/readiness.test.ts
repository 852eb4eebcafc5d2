import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_START_TIMEOUT_SECONDS, startTimeoutMs, waitUntilReady, withStartTimeout } from './readiness.ts';

/*
 * A start on a busy machine: a piece of the local stack that answers late still comes up, saying
 * while it waits that it waits; one that never answers fails naming the setting that gives it longer.
 */
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** An HTTP service that refuses (503) until `lateMs` have passed, as a slow emulator does while it starts. */
const lateService = async (lateMs: number): Promise<string> => {
  const readyAt = Date.now() + lateMs;
  const server = createServer((_, response) => {
    response.statusCode = Date.now() >= readyAt ? 200 : 503;
    response.end();
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
};

const answers = (url: string) => () =>
  fetch(url).then(
    (response) => response.ok,
    () => false,
  );

describe('waiting for the local stack', () => {
  it('waits for a service that answers late, saying so while it waits', async () => {
    const url = await lateService(1_200);
    const lines: string[] = [];
    const started = Date.now();
    await waitUntilReady('the late service', answers(url), {
      timeoutMs: 10_000,
      progressEveryMs: 250,
      log: (line) => lines.push(line),
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_100);
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines[0]).toMatch(
      /^Still waiting for the late service: \d+ s so far, up to 10 s \(LOCAL_START_TIMEOUT_SECONDS\)\.$/,
    );
  });

  it('gives up on one that never answers, naming the setting that allows longer', async () => {
    const url = await lateService(60_000);
    await expect(
      waitUntilReady('DynamoDB Local', answers(url), {
        timeoutMs: 400,
        log: () => undefined,
        detail: () => 'its output',
      }),
    ).rejects.toThrow(
      /DynamoDB Local was not ready within 0 s\. .*LOCAL_START_TIMEOUT_SECONDS=600 npm start\nits output/s,
    );
  });

  it('waits for a start that takes long (a server listening late, a slow build), with progress', async () => {
    const lines: string[] = [];
    const slowStart = new Promise<string>((resolve) => setTimeout(() => resolve('listening'), 700));
    await expect(
      withStartTimeout('the SES server', slowStart, {
        timeoutMs: 5_000,
        progressEveryMs: 200,
        log: (l) => lines.push(l),
      }),
    ).resolves.toBe('listening');
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines.every((line) => line.startsWith('Still waiting for the SES server'))).toBe(true);
    await expect(
      withStartTimeout('the SPA build', new Promise(() => undefined), { timeoutMs: 300, log: () => undefined }),
    ).rejects.toThrow(/the SPA build was not ready within 0 s/);
  });

  it('allows minutes by default, and one setting changes every wait', () => {
    expect(DEFAULT_START_TIMEOUT_SECONDS).toBeGreaterThanOrEqual(120);
    expect(startTimeoutMs({})).toBe(DEFAULT_START_TIMEOUT_SECONDS * 1000);
    expect(startTimeoutMs({ LOCAL_START_TIMEOUT_SECONDS: '900' })).toBe(900_000);
    expect(() => startTimeoutMs({ LOCAL_START_TIMEOUT_SECONDS: 'soon' })).toThrow(/LOCAL_START_TIMEOUT_SECONDS/);
  });
});
