import { DescribeExecutionCommand } from '@aws-sdk/client-sfn';
import { messages } from '#shared/messages';
import { sfn } from '#lib/clients';
import { Conflict } from '#lib/errors';
import { logger } from '#lib/logger';
import { reserveComponentIds } from '#repositories/components';
import { claimCommit, finishCommit, getImport, readImportSlot, type StoredImport } from '#repositories/import-jobs';
import type { User } from '#repositories/users';
import { displayName } from '../user-names';

/*
 * One import commits at a time per catalogue: the slot names the import whose commit runs. A
 * commit is alive while its Step Functions execution runs (or, without a known execution, while
 * it keeps writing); a dead one is ended as failed with the exact counts of what it wrote, and
 * frees the slot for the next commit or for its own resumption.
 */

/**
 * A commit whose task has not written for this long is looked at: does its execution still run?
 * (A slice writes a group every second or so; a stalled one is retried by its execution.)
 */
const HEARTBEAT_CHECK_MS = 3_000;
/** A commit without a known execution that has not written for this long is dead. */
const HEARTBEAT_DEAD_MS = 5 * 60_000;

const executionRuns = async (executionArn: string): Promise<boolean> => {
  try {
    const { status } = await sfn().send(new DescribeExecutionCommand({ executionArn }));
    return status === 'RUNNING' || status === 'PENDING_REDRIVE';
  } catch (error) {
    if ((error as { name?: string }).name === 'ExecutionDoesNotExist') return false;
    // Not knowing is not dead.
    logger.warn('could not ask whether an import execution runs', { executionArn, error: error as Error });
    return true;
  }
};

/** Whether a committing import's commit still runs (its execution, or recent writes without one). */
const commitRuns = async (job: StoredImport, now = Date.now()): Promise<boolean> => {
  if (job.state !== 'committing') return false;
  if (job.executionArn) return executionRuns(job.executionArn);
  return now - Date.parse(job.heartbeatAt ?? job.commitStartedAt ?? job.createdAt) < HEARTBEAT_DEAD_MS;
};

export const stoppedMessage = (job: StoredImport) => messages.importStopped(job.rowsDone, job.rowsTotal, job.lastRow);

/**
 * A committing import whose commit died (its execution stopped without ending it) is ended as
 * failed, with the exact counts of what was written, and can be committed again.
 */
export const settleDeadCommit = async (job: StoredImport, force = false): Promise<StoredImport> => {
  if (job.state !== 'committing') return job;
  const quiet = Date.now() - Date.parse(job.heartbeatAt ?? job.createdAt) > HEARTBEAT_CHECK_MS;
  if (!(force || quiet) || (await commitRuns(job))) return job;
  logger.warn('import commit found stopped', { importId: job.importId, run: job.commitRun });
  const ended = await finishCommit(job.importId, job.commitRun, {
    state: 'failed',
    message: stoppedMessage(job),
    now: new Date(),
  });
  return ended ?? (await getImport(job.importId)) ?? job;
};

export const committer = (user: User) => ({ committedBy: displayName(user), committedByUserId: user.id });

/**
 * Takes the slot and moves the import to committing under its next run; reserves the new
 * parts' ids on the first run. Conflict when another import's commit runs or this one cannot be
 * committed now.
 */
export const beginCommit = async (
  job: StoredImport,
  by: { committedBy: string; committedByUserId: string },
  options: { excludedRows?: number[]; executionArn: string | null },
): Promise<number> => {
  const run = job.commitRun + 1;
  const slot = await readImportSlot();
  let takeOverFrom: string | undefined;
  if (slot.runningImportId && slot.runningImportId !== job.importId) {
    const holder = await getImport(slot.runningImportId);
    if (holder && (await settleDeadCommit(holder, true)).state === 'committing')
      throw new Conflict(messages.importCommitRunning);
    takeOverFrom = slot.runningImportId;
  }
  const firstNewId = run === 1 && job.createCount > 0 ? (await reserveComponentIds(job.createCount))[0] : undefined;
  const claimed = await claimCommit(job, {
    run,
    now: new Date(),
    ...by,
    executionArn: options.executionArn,
    ...(options.excludedRows && { excludedRows: options.excludedRows }),
    ...(firstNewId !== undefined && { firstNewId }),
    ...(takeOverFrom && { takeOverFrom }),
  });
  if (!claimed) {
    const again = await readImportSlot();
    if (again.runningImportId && again.runningImportId !== job.importId)
      throw new Conflict(messages.importCommitRunning);
    throw new Conflict(messages.importAlreadyCommitting);
  }
  return run;
};
