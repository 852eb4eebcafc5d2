/**
 * Amazon's DynamoDB Local, run on the installed Java.
 *
 * The emulator comes from the npm package amplify-dynamodb-simulator, which ships Amazon's
 * DynamoDBLocal.jar and its libraries in `emulator/`. It is fetched with `npm pack` (as a
 * dependency it would drag in heavy packages), checked against a pinned sha256, and only its
 * `package/emulator/` is extracted into the cache directory; later starts reuse that copy.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import { delimiter, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { sleep } from '#lib/concurrency';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './env.ts';
import { LOOPBACK } from './ports.ts';
import { waitUntilReady } from './readiness.ts';

export const EMULATOR_PACKAGE = 'amplify-dynamodb-simulator';
export const EMULATOR_VERSION = '2.9.30';
/** sha256 of amplify-dynamodb-simulator-2.9.30.tgz as served by the npm registry (DynamoDB Local 1.25.1). */
export const EMULATOR_TARBALL_SHA256 = '3503ffac19f183407909fecdacf4db51ab1fdad1da7b2f177016670b2d80e4b9';

const MANIFEST_FILE = '.component-hub-cache.json';
const LAUNCHER_SOURCE = fileURLToPath(new URL('./dynamodb-local-launcher.java', import.meta.url));
const LAUNCHER_CLASS = 'LoopbackDynamoDbLocal';
const MIN_JAVA = 17;

type Log = (message: string) => void;

export class JavaMissingError extends Error {
  constructor(detail: string) {
    super(
      `DynamoDB Local needs Java ${MIN_JAVA} or newer: ${detail}\n` +
        `Install it, for example on Debian or Ubuntu: sudo apt-get install -y openjdk-${MIN_JAVA}-jre-headless\n` +
        `(macOS: brew install openjdk@${MIN_JAVA}). Or set JAVA_HOME to an installed Java ${MIN_JAVA}+.`,
    );
    this.name = 'JavaMissingError';
  }
}

interface CommandResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

const runCommand = (command: string, args: readonly string[], cwd?: string): Promise<CommandResult> =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });

const runOrThrow = async (
  what: string,
  command: string,
  args: readonly string[],
  cwd?: string,
): Promise<CommandResult> => {
  const result = await runCommand(command, args, cwd);
  if (result.code !== 0) {
    throw new Error(
      `${what} failed (exit code ${result.code}):\n${(result.stderr || result.stdout).trim().slice(-2000)}`,
    );
  }
  return result;
};

// ---------------------------------------------------------------------------------------------
// Java

export interface JavaRuntime {
  readonly java: string;
  readonly major: number;
  /** javac beside java, when a JDK is installed: used to bind the emulator to loopback. */
  readonly javac?: string;
}

const onPath = (name: string): string | undefined =>
  (process.env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .map((dir) => join(dir, name))
    .find((candidate) => existsSync(candidate));

let javaRuntime: Promise<JavaRuntime> | undefined;

/** Finds java (JAVA_HOME first, then PATH) and checks its version; a clear error when missing. */
export const findJava = (): Promise<JavaRuntime> => {
  javaRuntime ??= (async () => {
    const fromHome = process.env.JAVA_HOME ? join(process.env.JAVA_HOME, 'bin', 'java') : undefined;
    const java = fromHome && existsSync(fromHome) ? fromHome : onPath('java');
    if (!java) throw new JavaMissingError('no `java` command was found on PATH.');
    const { stderr, stdout } = await runCommand(java, ['-version']).catch((error: Error) => {
      throw new JavaMissingError(`running ${java} failed: ${error.message}`);
    });
    const match = /version "(\d+)(?:\.(\d+))?/.exec(stderr + stdout);
    const first = Number(match?.[1] ?? 0);
    const major = first === 1 ? Number(match?.[2] ?? 0) : first;
    if (major < MIN_JAVA) throw new JavaMissingError(`${java} is Java ${major || 'of an unknown version'}.`);
    const javac = join(dirname(await realpath(java)), 'javac');
    return { java, major, javac: existsSync(javac) ? javac : undefined };
  })();
  javaRuntime.catch(() => (javaRuntime = undefined));
  return javaRuntime;
};

// ---------------------------------------------------------------------------------------------
// The emulator files

interface CacheManifest {
  readonly package: string;
  readonly version: string;
  readonly tarballSha256: string;
  /** Every extracted file with its size, to notice a partly deleted or truncated cache. */
  readonly files: Record<string, number>;
}

export const emulatorDir = (cacheDir: string): string => join(cacheDir, `dynamodb-local-${EMULATOR_VERSION}`);

const listFiles = async (dir: string): Promise<Record<string, number>> => {
  const files: Record<string, number> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name === MANIFEST_FILE) continue;
    const path = join(entry.parentPath, entry.name);
    files[relative(dir, path)] = (await stat(path)).size;
  }
  return files;
};

const isValidCache = async (dir: string): Promise<boolean> => {
  try {
    const manifest = JSON.parse(await readFile(join(dir, MANIFEST_FILE), 'utf8')) as CacheManifest;
    if (manifest.version !== EMULATOR_VERSION || manifest.tarballSha256 !== EMULATOR_TARBALL_SHA256) return false;
    if (!('DynamoDBLocal.jar' in manifest.files)) return false;
    const sizes = await Promise.all(
      Object.keys(manifest.files).map((file) =>
        stat(join(dir, file)).then(
          (s) => s.size,
          () => -1,
        ),
      ),
    );
    return Object.values(manifest.files).every((size, index) => sizes[index] === size);
  } catch {
    return false;
  }
};

const sha256File = (path: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('error', reject)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')));
  });

/** npm itself: the one running this script when started through `npm run`, else npm on PATH. */
const npmCommand = (): { command: string; prefix: string[] } => {
  const execPath = process.env.npm_execpath;
  if (execPath && /npm-cli\.[cm]?js$/.test(execPath)) return { command: process.execPath, prefix: [execPath] };
  return { command: process.platform === 'win32' ? 'npm.cmd' : 'npm', prefix: [] };
};

export interface EnsureResult {
  readonly dir: string;
  readonly downloaded: boolean;
}

/** The extracted emulator in the cache: downloaded, verified and extracted on first use only. */
export const ensureEmulator = async (cacheDir: string, log: Log = () => {}): Promise<EnsureResult> => {
  const dir = emulatorDir(cacheDir);
  if (await isValidCache(dir)) return { dir, downloaded: false };

  await mkdir(cacheDir, { recursive: true });
  const work = await mkdtemp(join(cacheDir, '.download-'));
  try {
    const spec = `${EMULATOR_PACKAGE}@${EMULATOR_VERSION}`;
    log(`Downloading DynamoDB Local (${spec}, about 57 MB) into ${cacheDir} (once) ...`);
    const npm = npmCommand();
    await runOrThrow(
      `npm pack ${spec}`,
      npm.command,
      [...npm.prefix, 'pack', spec, '--pack-destination', work, '--silent'],
      work,
    );
    const tarball = (await readdir(work)).find((name) => name.endsWith('.tgz'));
    if (!tarball) throw new Error(`npm pack ${spec} produced no tarball in ${work}`);

    const actual = await sha256File(join(work, tarball));
    if (actual !== EMULATOR_TARBALL_SHA256) {
      throw new Error(
        `${tarball} has sha256 ${actual}, but ${EMULATOR_TARBALL_SHA256} is pinned in scripts/local/dynamodb-local.ts. ` +
          'The download was altered or the registry serves a different file; refusing to run it.',
      );
    }

    const extracted = join(work, 'extracted');
    await mkdir(extracted);
    await runOrThrow('Extracting the emulator', 'tar', [
      '-xzf',
      join(work, tarball),
      '-C',
      extracted,
      'package/emulator',
    ]);
    const emulator = join(extracted, 'package', 'emulator');
    const manifest: CacheManifest = {
      package: EMULATOR_PACKAGE,
      version: EMULATOR_VERSION,
      tarballSha256: actual,
      files: await listFiles(emulator),
    };
    await writeFile(join(emulator, MANIFEST_FILE), JSON.stringify(manifest, null, 2));

    await rm(dir, { recursive: true, force: true });
    try {
      await rename(emulator, dir);
    } catch (error) {
      // Another process (a test run beside `npm start`) may have finished the same download first.
      if (!(await isValidCache(dir))) throw error;
    }
    log('DynamoDB Local downloaded and verified.');
    return { dir, downloaded: true };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
};

/** Compiles the loopback launcher once per launcher source and emulator version. */
const compileLauncher = async (cacheDir: string, emulator: string, javac: string): Promise<string> => {
  const source = await readFile(LAUNCHER_SOURCE);
  const hash = createHash('sha256').update(source).update(EMULATOR_VERSION).digest('hex').slice(0, 12);
  const outDir = join(cacheDir, `dynamodb-local-launcher-${hash}`);
  if (existsSync(join(outDir, `${LAUNCHER_CLASS}.class`))) return outDir;

  const work = await mkdtemp(join(cacheDir, '.launcher-'));
  try {
    await runOrThrow('Compiling the DynamoDB Local launcher', javac, [
      '-nowarn',
      '-cp',
      join(emulator, 'DynamoDBLocal.jar'),
      '-d',
      work,
      LAUNCHER_SOURCE,
    ]);
    await rm(outDir, { recursive: true, force: true });
    await rename(work, outDir).catch((error: unknown) => {
      if (!existsSync(join(outDir, `${LAUNCHER_CLASS}.class`))) throw error;
    });
    return outDir;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
};

// ---------------------------------------------------------------------------------------------
// Running it

export interface DynamoDbLocalOptions {
  readonly port: number;
  /** Directory cached downloads live in (`<DATA_DIR>/cache`). */
  readonly cacheDir: string;
  /** Persistent database directory; without it the database lives in memory. */
  readonly dbPath?: string;
  readonly host?: string;
  readonly log?: Log;
  /** Called when the emulator dies on its own (not through stop()). */
  readonly onUnexpectedExit?: (code: number | null, signal: NodeJS.Signals | null, output: string) => void;
  /** How long to wait for it to answer; LOCAL_START_TIMEOUT_SECONDS (5 minutes) unless given. */
  readonly readyTimeoutMs?: number;
  /** How often the wait says it is still waiting (10 s unless given). */
  readonly progressEveryMs?: number;
}

export interface DynamoDbLocal {
  readonly endpoint: string;
  readonly port: number;
  readonly pid: number;
  /** False when no JDK was there to build the launcher, and the jar listens on every interface. */
  readonly loopbackOnly: boolean;
  readonly downloaded: boolean;
  stop(): Promise<void>;
}

const answersListTables = async (client: DynamoDBClient): Promise<boolean> => {
  try {
    await client.send(new ListTablesCommand({ Limit: 1 }), { abortSignal: AbortSignal.timeout(1_000) });
    return true;
  } catch {
    return false;
  }
};

/** Kills the emulator's whole process group (it runs detached, so a terminal Ctrl-C reaches only us). */
const killGroup = (child: ChildProcess, signal: NodeJS.Signals): void => {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(process.platform === 'win32' ? child.pid : -child.pid, signal);
  } catch {
    child.kill(signal);
  }
};

export const startDynamoDbLocal = async (options: DynamoDbLocalOptions): Promise<DynamoDbLocal> => {
  const log = options.log ?? (() => {});
  const host = options.host ?? LOOPBACK;
  const runtime = await findJava();
  const { dir, downloaded } = await ensureEmulator(options.cacheDir, log);

  let launcherDir: string | undefined;
  if (runtime.javac) {
    launcherDir = await compileLauncher(options.cacheDir, dir, runtime.javac).catch((error: Error) => {
      log(
        `Could not build the loopback launcher (${error.message.split('\n')[0]}); DynamoDB Local will listen on every interface.`,
      );
      return undefined;
    });
  } else {
    log('No JDK (javac) found: DynamoDB Local will listen on every interface, not only on 127.0.0.1.');
  }

  if (options.dbPath) await mkdir(options.dbPath, { recursive: true });
  const emulatorArgs = [
    '-port',
    String(options.port),
    '-sharedDb',
    '-disableTelemetry',
    ...(options.dbPath ? ['-dbPath', options.dbPath] : ['-inMemory']),
  ];
  const jar = join(dir, 'DynamoDBLocal.jar');
  const args = [
    `-Djava.library.path=${join(dir, 'DynamoDBLocal_lib')}`,
    `-Ddynamodb.host=${host}`,
    ...(launcherDir ? ['-cp', [jar, launcherDir].join(delimiter), LAUNCHER_CLASS] : ['-jar', jar]),
    ...emulatorArgs,
  ];

  const child = spawn(runtime.java, args, { cwd: dir, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
  const output: string[] = [];
  const remember = (chunk: Buffer): void => {
    output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    output.splice(0, Math.max(0, output.length - 60));
  };
  child.stdout?.on('data', remember);
  child.stderr?.on('data', remember);
  // The launcher exits when this pipe closes; nothing is ever written to it.
  child.stdin?.on('error', () => {});

  let stopping = false;
  let ready = false;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      process.off('exit', killOnExit);
      if (ready && !stopping) options.onUnexpectedExit?.(code, signal, output.join('\n'));
      resolve();
    });
  });
  const spawnError = new Promise<never>((_, reject) => child.once('error', reject));
  spawnError.catch(() => {});
  // Last resort when Node exits without stop(): no stray java.
  const killOnExit = (): void => killGroup(child, 'SIGKILL');
  process.on('exit', killOnExit);

  const stop = async (): Promise<void> => {
    stopping = true;
    if (child.pid === undefined) return;
    killGroup(child, 'SIGTERM');
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };

  const endpoint = `http://${host}:${options.port}`;
  const client = new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS, maxAttempts: 1 });
  try {
    let gone = false;
    void exited.then(() => (gone = true));
    await waitUntilReady(
      `DynamoDB Local on ${endpoint}`,
      async () => {
        await Promise.race([spawnError, sleep(0)]);
        if (gone) {
          throw new Error(
            `DynamoDB Local exited before it was ready (exit code ${child.exitCode}):\n${output.join('\n')}`,
          );
        }
        ready = await answersListTables(client);
        return ready;
      },
      {
        timeoutMs: options.readyTimeoutMs,
        progressEveryMs: options.progressEveryMs,
        log: options.log,
        detail: () => output.join('\n'),
      },
    );
  } catch (error) {
    await stop();
    throw error;
  } finally {
    client.destroy();
  }

  return {
    endpoint,
    port: options.port,
    pid: child.pid ?? -1,
    loopbackOnly: launcherDir !== undefined,
    downloaded,
    stop,
  };
};
