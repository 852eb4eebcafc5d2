/**
 * Runs one local stack for the browser tests (Playwright's `webServer`): `npm start` on the
 * stack's ports, in a fresh temporary data directory that is removed when the stack stops. The
 * DynamoDB Local download is shared with `npm start` through the repository's usual cache.
 *
 *   tsx e2e/support/serve.ts <shared|seeded>
 *
 * The stack's output goes to .local/e2e-logs/<name>-stack.log; when the stack stops before it is
 * asked to, the end of that log is printed, so the failure says what went wrong.
 */
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { STACK_NAMES, stackEnv, stackNamed, type StackName } from './stacks.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const name = process.argv[2] as StackName;
if (!STACK_NAMES.includes(name)) {
  console.error(`Usage: tsx e2e/support/serve.ts <${STACK_NAMES.join('|')}>`);
  process.exit(2);
}
const stack = stackNamed(name);

const dataDir = await mkdtemp(path.join(tmpdir(), `component-hub-e2e-${name}-`));
const sharedCache = path.join(repoRoot, '.local', 'cache');
await mkdir(sharedCache, { recursive: true });
await symlink(sharedCache, path.join(dataDir, 'cache'), 'dir');
const logDir = path.join(repoRoot, '.local', 'e2e-logs');
await mkdir(logDir, { recursive: true });
const logFile = path.join(logDir, `${name}-stack.log`);
const log = createWriteStream(logFile);

const child = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), ['scripts/local/start.ts'], {
  cwd: repoRoot,
  env: { ...process.env, ...stackEnv(stack), DATA_DIR: dataDir },
  stdio: ['ignore', 'pipe', 'pipe'],
});
child.stdout.pipe(log, { end: false });
child.stderr.pipe(log, { end: false });

let stopping = false;
const stop = (signal: NodeJS.Signals) => {
  stopping = true;
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  // A stack that does not stop within 20 s is killed.
  setTimeout(() => child.kill('SIGKILL'), 20_000).unref();
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));

child.once('exit', async (code, signal) => {
  await new Promise<void>((resolve) => log.end(resolve));
  await rm(dataDir, { recursive: true, force: true });
  if (stopping) process.exit(0);
  const output = await readFile(logFile, 'utf8').catch(() => '');
  console.error(
    [
      `The ${name} stack for the browser tests stopped (${signal ? `killed by ${signal}` : `exit code ${code}`}).`,
      `Its last lines (the whole log is ${path.relative(repoRoot, logFile)}):`,
      ...output.trimEnd().split('\n').slice(-40),
    ].join('\n'),
  );
  process.exit(1);
});
