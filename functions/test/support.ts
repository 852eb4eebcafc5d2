import { randomUUID } from 'node:crypto';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { ulid } from 'ulid';
import { afterAll, beforeAll, onTestFinished, vi } from 'vitest';
import type { Role } from '#shared/schemas/auth';
import type { ComponentData } from '#shared/schemas/component';
import { createAccount } from '#services/auth/identity';
import { createComponents } from '#repositories/components';
import type { User } from '#repositories/users';
import { CLIENT_TIMEOUT_VARIABLE, resetClients } from '#lib/clients';
import { resetConfig } from '#lib/config';
import { SESSION_COOKIE } from '#lib/cookies';
import type { UploadTicket } from '#shared/schemas/files';
import { listedProducts } from '../../scripts/local/distributor-emulator';
import type { TestClient, TestResponse } from '../../scripts/test/api-client';
import { createUserWithSession } from '../../scripts/test/session-user';
import { startFaultProxy, type FaultProxy } from '../../scripts/test/fault-proxy';
import type { TestStack } from '../../scripts/test/stack';
import type { LocalEndpoints } from '../../scripts/local/env';
import { s3Client } from '../../scripts/local/s3';

/**
 * The test's own clock instead of a sleep: the date (and only the date; timers still run) stands
 * at the real time and moves when the test says, so writes that must carry a later timestamp than
 * the one before get it without waiting. The real clock is back when the test ends.
 */
export const useSteppedClock = (): { tick: (ms?: number) => void } => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  onTestFinished(() => {
    vi.useRealTimers();
  });
  return { tick: (ms = 1_000) => vi.setSystemTime(Date.now() + ms) };
};

export const STRONG_PASSWORD = 'Str0ng!Passw0rd';

export const uniqueEmail = (label = 'user'): string => `${label}-${randomUUID().slice(0, 8)}@example.com`;

/**
 * Asks, through a signed-in browser, to move an account to a new address, and reads the
 * confirmation link's token from the email sent there.
 */
export const requestEmailChange = async (
  stack: TestStack,
  browser: TestClient,
  username: string,
  label = 'confirm',
): Promise<{ newEmail: string; token: string }> => {
  const newEmail = uniqueEmail(label);
  const asked = await browser.patch('/api/user', { username, email: newEmail, currentPassword: STRONG_PASSWORD });
  if (asked.status !== 200) throw new Error(`The address change was refused: ${JSON.stringify(asked.body)}`);
  const token = /[?&]confirmEmail=([\w-]+)/.exec(JSON.stringify(await stack.readEmails(newEmail)))?.[1];
  if (!token) throw new Error(`No confirmation link reached ${newEmail}`);
  return { newEmail, token };
};

/**
 * Four eyes off for this file, for tests about something else in which one person files and
 * decides a request (four-eyes.test.ts tests the rule itself).
 */
export const withoutFourEyes = (): void => {
  beforeAll(() => {
    process.env.FOUR_EYES = 'off';
    resetConfig();
  });
  afterAll(() => {
    delete process.env.FOUR_EYES;
    resetConfig();
  });
};

/** A real account with a real scrypt hash, for tests that log in through the API. */
export const createLoginUser = async (role: Role = 'user', password = STRONG_PASSWORD, email = uniqueEmail(role)) => {
  const user = await createAccount({ email, password, role, name: 'Test Person' });
  return { user, email, password };
};

/**
 * A user with a live session, made without hashing a password (the hash is never checked), for
 * tests that need many signed-in callers. Returns the session cookie value.
 */
export const createSignedInUser = async (role: Role): Promise<{ user: User; sessionToken: string }> => {
  const { user, token } = await createUserWithSession(role, {
    id: ulid(),
    email: uniqueEmail(role),
    username: `${role}-${ulid().slice(-6)}`,
    name: 'Matrix Caller',
    firstName: 'Matrix',
    lastName: 'Caller',
  });
  return { user, sessionToken: token };
};

/** A fresh client of the test API, as a browser holding the session cookie `sessionToken`. */
export const clientWithSession = (api: { client(): TestClient }, sessionToken: string): TestClient => {
  const client = api.client();
  client.setCookie(SESSION_COOKIE, sessionToken);
  return client;
};

/** A new user of `role` and a fresh client of the test API signed in as them: the one sign-in of the tests. */
export const signIn = async (
  api: { client(): TestClient },
  role: Role = 'user',
): Promise<{ client: TestClient; user: User; sessionToken: string }> => {
  const { user, sessionToken } = await createSignedInUser(role);
  return { client: clientWithSession(api, sessionToken), user, sessionToken };
};

/** {@link signIn}'s client alone, for tests that never look at the user. */
export const signedInClient = async (api: { client(): TestClient }, role: Role = 'user'): Promise<TestClient> =>
  (await signIn(api, role)).client;

/** A PDF of `size` bytes (its magic bytes, then spaces). */
export const pdfBytes = (size = 1024): Buffer =>
  Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(Math.max(0, size - 9), 0x20)]);

/**
 * The browser's part of a presigned upload: asks POST /api/uploads for a ticket and sends the
 * form straight to S3; the ticket, or the refusal when the API refuses one. `declaredSize` is
 * what the browser says it sends (the bytes' length unless given).
 */
export const presignedUpload = async (
  client: TestClient,
  file: {
    name: string;
    type: string;
    bytes: Buffer;
    purpose?: 'attachment' | 'component-file' | 'import';
    declaredSize?: number;
  },
): Promise<TestResponse<UploadTicket & { message?: string }>> => {
  const ticket = await client.post<UploadTicket & { message?: string }>('/api/uploads', {
    fileName: file.name,
    fileType: file.type,
    size: file.declaredSize ?? file.bytes.length,
    ...(file.purpose && { purpose: file.purpose }),
  });
  if (ticket.status !== 200) return ticket;
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.body.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const sent = await fetch(ticket.body.url, { method: 'POST', body: form });
  if (sent.status !== 204) throw new Error(`S3 refused the upload: ${sent.status} ${await sent.text()}`);
  return ticket;
};

/** A presigned upload the API must accept; its upload key. */
export const uploadThroughApi = async (
  client: TestClient,
  file: { name: string; type: string; bytes: Buffer },
): Promise<string> => {
  const ticket = await presignedUpload(client, file);
  if (ticket.status !== 200)
    throw new Error(`POST /api/uploads answered ${ticket.status}: ${JSON.stringify(ticket.body)}`);
  return ticket.body.uploadKey;
};

/** A class name no other test uses, so a batch of that class counts only this test's parts. */
export const uniqueClass = (label: string): string =>
  `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Products the distributor emulator lists, as the catalogue holds them, as parts of `componentClass`. */
export const createListedParts = async (mpns: readonly string[], componentClass = uniqueClass('Listed')) =>
  createComponents(
    mpns.map((mpn): ComponentData => {
      const { catalogue } = listedProducts.find((product) => product.mpn === mpn)!;
      return {
        reference: catalogue.reference,
        articleNumber: catalogue.articleNumber ?? null,
        manufacturer: catalogue.manufacturer,
        class: componentClass,
        dataSheet: null,
      } as ComponentData;
    }),
    { username: 'test' },
  );

/**
 * Asks `probe` again, with a growing pause, until `done` holds for its answer; fails after
 * `timeoutMs` naming `what` and the last answer. A probe that throws (a service down for the
 * test) counts as not done yet.
 */
export const waitUntil = async <T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  { timeoutMs = 120_000, what = 'the condition' }: { timeoutMs?: number; what?: string } = {},
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  let pause = 100;
  let last: T | undefined;
  for (;;) {
    try {
      last = await probe();
      if (done(last)) return last;
    } catch {
      // Not there yet.
    }
    if (Date.now() > deadline) throw new Error(`${what} never held; last seen: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, pause));
    pause = Math.min(1_000, pause * 2);
  }
};

/** The variables through which the functions' clients find each local service. */
const endpointVariables: Record<keyof LocalEndpoints, readonly string[]> = {
  dynamodb: ['AWS_ENDPOINT_URL_DYNAMODB'],
  s3: ['AWS_ENDPOINT_URL_S3'],
  ses: ['AWS_ENDPOINT_URL_SES', 'AWS_ENDPOINT_URL_SESV2'],
};

/**
 * A fault proxy (scripts/test/fault-proxy.ts) in front of each of `services` for this file: the
 * functions' clients talk through them from the file's first test on, and they close after its
 * last (delivering what a pause still holds first). `timeouts: 'deployed'` gives the clients the
 * Lambda-sized timeouts, so a silent service is given up on as on AWS; 'local' keeps the local
 * stack's generous ones. Each proxy can be used from the start: it stands for the one started
 * before the tests.
 */
export const useFaultProxies = <S extends keyof LocalEndpoints>(
  stack: TestStack,
  services: readonly S[],
  { timeouts }: { timeouts: 'deployed' | 'local' },
): Record<S, FaultProxy> => {
  const started = new Map<S, FaultProxy>();
  beforeAll(async () => {
    for (const service of services) {
      const proxy = await startFaultProxy(stack.endpoints[service]);
      started.set(service, proxy);
      for (const variable of endpointVariables[service]) process.env[variable] = proxy.endpoint;
    }
    if (timeouts === 'deployed') delete process.env[CLIENT_TIMEOUT_VARIABLE];
    resetClients();
  });
  afterAll(async () => {
    await Promise.all(
      [...started.values()].map(async (proxy) => {
        await proxy.resume();
        await proxy.close();
      }),
    );
  });
  const proxyOf = (service: S): FaultProxy => {
    const proxy = started.get(service);
    if (!proxy) throw new Error(`The ${service} fault proxy starts in beforeAll`);
    return proxy;
  };
  return Object.fromEntries(
    services.map((service): [S, FaultProxy] => [
      service,
      {
        get endpoint() {
          return proxyOf(service).endpoint;
        },
        set: (mode) => proxyOf(service).set(mode),
        pause: (trigger) => proxyOf(service).pause(trigger),
        stalled: (trigger) => proxyOf(service).stalled(trigger),
        resume: () => proxyOf(service).resume(),
        close: () => proxyOf(service).close(),
      },
    ]),
  ) as Record<S, FaultProxy>;
};

/** The keys of this file's bucket under `prefix`. */
export const bucketKeys = async (stack: TestStack, prefix: string): Promise<string[]> => {
  const client = s3Client(stack.endpoints.s3);
  try {
    const { Contents = [] } = await client.send(new ListObjectsV2Command({ Bucket: stack.bucketName, Prefix: prefix }));
    return Contents.map(({ Key }) => Key!);
  } finally {
    client.destroy();
  }
};

/**
 * A write sent while DynamoDB holds the first request holding `trigger`: its CSRF token is
 * fetched first, while DynamoDB still answers; the caller's answer (a 503 once the function
 * gives up) is returned after DynamoDB resumes and delivers what it held.
 */
export const sentWhilePaused = async <T>(
  proxy: FaultProxy,
  trigger: string,
  client: TestClient,
  send: (options: { csrf: false; headers: Record<string, string> }) => Promise<TestResponse<T>>,
): Promise<TestResponse<T>> => {
  const { body: csrf } = await client.get<{ token: string }>('/api/csrf-token');
  const paused = proxy.pause(trigger);
  const call = send({ csrf: false, headers: { 'x-csrf-token': csrf.token } });
  await paused;
  const answer = await call;
  await proxy.resume();
  return answer;
};
