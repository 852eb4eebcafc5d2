/**
 * The product as `npm start` runs it (scripts/local/start.ts), on ports and in a data directory
 * of its own, so a browser test run never touches a developer's local data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export interface Stack {
  /** e.g. http://localhost:41234 (the app is under /app, the API under /api). */
  origin: string;
  sesEndpoint: string;
  dynamodbEndpoint: string;
  tableName: string;
  admin: { email: string; password: string };
  /** The local OpenID provider's test people (one in the admins group) and their password. */
  sso: { admin: string; user: string; outsider: string; password: string };
  /** Everything the server printed, for a failure report. */
  output: () => string;
  /** How the server ended, when it ended before `stop`. */
  exitedEarly: () => string | undefined;
  stop: () => Promise<void>;
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });

const STARTUP_TIMEOUT_MS = 180_000;

const waitForExit = (child: ChildProcess, timeoutMs: number): Promise<boolean> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(true);
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });

export const startStack = async (): Promise<Stack> => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'component-hub-e2e-'));
  // The DynamoDB Local download (57 MB) is kept in the repository's usual cache, not per run.
  const sharedCache = path.join(repoRoot, '.local', 'cache');
  await mkdir(sharedCache, { recursive: true });
  await symlink(sharedCache, path.join(dataDir, 'cache'), 'dir');

  const [port, dynamodbPort, s3Port, sesPort, oidcProviderPort] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  const sso = {
    admin: 'ada.admin@componenthub.local',
    user: 'ulla.user@componenthub.local',
    outsider: 'olaf.outsider@partner.example',
    password: 'E2e-Sso-Passw0rd!',
  };
  const admin = { email: 'e2e-admin@componenthub.test', password: 'E2e-Admin-Passw0rd!' };
  const tableName = 'component-hub';

  const child = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), ['scripts/local/start.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DYNAMODB_PORT: String(dynamodbPort),
      S3_PORT: String(s3Port),
      SES_PORT: String(sesPort),
      DATA_DIR: dataDir,
      TABLE_NAME: tableName,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      OIDC_PROVIDER_PORT: String(oidcProviderPort),
      LOCAL_SSO_PASSWORD: sso.password,
      OIDC_ISSUER: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  let output = '';
  let exit: string | undefined;
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping) exit = signal ? `killed by ${signal}` : `exit code ${code}`;
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const stop = async () => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      if (!(await waitForExit(child, 20_000))) {
        child.kill('SIGKILL');
        await waitForExit(child, 5_000);
      }
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  const ready = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), STARTUP_TIMEOUT_MS);
    const check = () => {
      if (/App:\s+http/.test(output)) {
        clearTimeout(timer);
        resolve(true);
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(false);
    });
  });
  if (!ready) {
    await stop();
    throw new Error(`The local stack did not start:\n${output}`);
  }

  return {
    origin: `http://localhost:${port}`,
    sesEndpoint: `http://127.0.0.1:${sesPort}`,
    dynamodbEndpoint: `http://127.0.0.1:${dynamodbPort}`,
    tableName,
    admin,
    sso,
    output: () => output,
    exitedEarly: () => exit,
    stop,
  };
};
