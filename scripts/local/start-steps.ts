import { LOCAL_CLIENT_TIMEOUT_MS } from './env.ts';

/**
 * A step of `npm start` that failed, said in words: what it was doing, why it failed, and what
 * to do about it (printed without a stack trace).
 */
export class StartStepError extends Error {
  override name = 'StartStepError';

  constructor(
    readonly step: string,
    readonly advice: string,
    cause: unknown,
  ) {
    super(`${step} failed: ${failureReason(cause)}\n${advice}`, { cause });
  }
}

/** Why a step failed; a local service that did not answer in time is named as such. */
export const failureReason = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  if (error.name === 'TimeoutError' || code === 'ETIMEDOUT') {
    return `a local service did not answer within ${LOCAL_CLIENT_TIMEOUT_MS / 1000} s, as happens when the machine is very busy (${error.message})`;
  }
  if (code === 'ECONNREFUSED' || code === 'ECONNRESET') {
    return `a local service stopped answering (${error.message})`;
  }
  return error.message;
};

/** Runs one step; a failure becomes a StartStepError naming the step and the advice. */
export const runStep = async <T>(step: string, advice: string, work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    throw new StartStepError(step, advice, error);
  }
};
