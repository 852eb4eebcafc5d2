import { setTimeout as sleep } from 'node:timers/promises';

/*
 * How long `npm start` waits for each piece of the local stack (DynamoDB Local, the S3 and SES
 * servers, the OpenID provider, the distributor emulator, the SPA build): generous, since a first
 * start on a busy machine is slow, and one setting for all of them. While a piece is not ready
 * yet, a line says what is awaited and for how long, so a slow start is not taken for a hang.
 */
export const START_TIMEOUT_VARIABLE = 'LOCAL_START_TIMEOUT_SECONDS';
export const DEFAULT_START_TIMEOUT_SECONDS = 300;
/** How often a wait says it is still waiting. */
export const PROGRESS_EVERY_MS = 10_000;

/** The wait allowed for each piece, from LOCAL_START_TIMEOUT_SECONDS (refused when it is not a positive number). */
export const startTimeoutMs = (env: NodeJS.ProcessEnv = process.env): number => {
  const text = env[START_TIMEOUT_VARIABLE]?.trim();
  if (!text) return DEFAULT_START_TIMEOUT_SECONDS * 1000;
  const seconds = Number(text);
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new Error(`${START_TIMEOUT_VARIABLE} must be a number of seconds above 0, not '${text}'.`);
  return Math.round(seconds * 1000);
};

export interface WaitOptions {
  /** Defaults to {@link startTimeoutMs}. */
  timeoutMs?: number;
  log?: (line: string) => void;
  progressEveryMs?: number;
  pollMs?: number;
}

const seconds = (ms: number) => Math.round(ms / 1000);

const tooLong = (what: string, timeoutMs: number, detail = '') =>
  new Error(
    `${what} was not ready within ${seconds(timeoutMs)} s. On a busy machine, give it longer: ` +
      `${START_TIMEOUT_VARIABLE}=${Math.max(2 * seconds(timeoutMs), 600)} npm start${detail ? `\n${detail}` : ''}`,
  );

/** Says every `progressEveryMs` that `what` is still awaited; stops when the returned function is called. */
const reportProgress = (what: string, timeoutMs: number, options: WaitOptions): (() => void) => {
  const started = Date.now();
  const log = options.log ?? ((line: string) => console.log(line));
  const timer = setInterval(
    () =>
      log(
        `Still waiting for ${what}: ${seconds(Date.now() - started)} s so far, up to ${seconds(timeoutMs)} s (${START_TIMEOUT_VARIABLE}).`,
      ),
    options.progressEveryMs ?? PROGRESS_EVERY_MS,
  );
  timer.unref();
  return () => clearInterval(timer);
};

/**
 * Asks `ready` again and again until it answers true, saying how long it has waited; fails after
 * the start timeout with an error that names the setting. `detail` adds what the piece printed.
 */
export const waitUntilReady = async (
  what: string,
  ready: () => Promise<boolean>,
  options: WaitOptions & { detail?: () => string } = {},
): Promise<void> => {
  const timeoutMs = options.timeoutMs ?? startTimeoutMs();
  const deadline = Date.now() + timeoutMs;
  const stop = reportProgress(what, timeoutMs, options);
  try {
    while (!(await ready())) {
      if (Date.now() > deadline) throw tooLong(what, timeoutMs, options.detail?.());
      await sleep(options.pollMs ?? 100);
    }
  } finally {
    stop();
  }
};

/** One piece's start (a server's listen, the SPA build), with progress while it takes long and the start timeout. */
export const withStartTimeout = async <T>(what: string, start: Promise<T>, options: WaitOptions = {}): Promise<T> => {
  const timeoutMs = options.timeoutMs ?? startTimeoutMs();
  const stop = reportProgress(what, timeoutMs, options);
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(tooLong(what, timeoutMs)), timeoutMs);
    timer.unref();
  });
  try {
    return await Promise.race([start, expired]);
  } finally {
    clearTimeout(timer);
    stop();
  }
};
