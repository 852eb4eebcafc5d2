import { StartExecutionCommand } from '@aws-sdk/client-sfn';
import { ulid } from 'ulid';
import { messages } from '#shared/messages';
import { distributorLabels, type DistributorName, type PartSearchResponse } from '#shared/schemas/distributors';
import type { BatchProvider, ImageBatch, ImageBatchResponse, StartImageBatchResponse } from '#shared/schemas/images';
import { sfn } from '#lib/clients';
import { config } from '#lib/config';
import { Conflict, NotFound, Unavailable } from '#lib/errors';
import { logger } from '#lib/logger';
import { getComponent } from '#repositories/components';
import {
  claimBatchSlot,
  countBatchPart,
  finishBatch,
  getBatch,
  listBatchPartReports,
  markBatchStopped,
  markExecutionStarted,
  markProviderStopped,
  readBatchSlot,
  releaseBatchSlot,
  setBatchTotal,
  type StoredImageBatch,
} from '#repositories/image-batches';
import { getUser, type User } from '#repositories/users';
import { TaskThrottled } from '#lib/task-errors';
import { displayName } from './user-names';
import { DistributorError } from './distributors/errors';
import { findPartFiles, recordOutcome } from './distributors/part-search';
import { componentsOfClass, refreshPartData } from './distributors/data-batch';
import type { DataBatchReport, StartDataBatchInput } from '#shared/schemas/data-batches';
import { componentsNeedingImages } from './images';
import { recordMetric } from '#lib/metrics';

/** The state machine stops an execution after 6 hours; a batch that has held the slot longer died without saying so. */
export const BATCH_STALE_AFTER_MS = 6.5 * 3600 * 1000;

/** What the state machine is started with; every task receives it (plus its part). */
export interface BatchExecutionInput {
  batchId: string;
  provider: BatchProvider;
  componentClass: string | null;
  requestedBy: string;
}

const toBatch = ({
  startedByUserId: _u,
  stoppedBy: _s,
  digikeyStop: _d,
  mouserStop: _m,
  ...batch
}: StoredImageBatch): ImageBatch => batch;

/**
 * `process-images`, `mouser/batch-retrieve-images`, `unified/batch-retrieve-images`:
 * takes the one batch slot (Conflict while a batch runs), counts the parts to search and starts
 * the state machine, answering at once.
 */
export const startImageBatch = async (
  admin: User,
  provider: BatchProvider,
  componentClass: string | undefined,
): Promise<StartImageBatchResponse> => {
  if (!config().IMAGE_BATCH_STATE_MACHINE_ARN) throw new Unavailable(messages.imageBatchesNotSetUp);
  const parts = (await componentsNeedingImages(componentClass)).slice(0, config().IMAGE_BATCH_MAX_PARTS);
  return startBatch(admin, provider, componentClass, parts);
};

/**
 * "Refresh lifecycle and data" over a class or a selection of parts: the same batch slot, state
 * machine and budgets as image batches; each part's step reads its data instead of its files.
 */
export const startDataBatch = async (admin: User, input: StartDataBatchInput): Promise<StartImageBatchResponse> => {
  if (!config().IMAGE_BATCH_STATE_MACHINE_ARN) throw new Unavailable(messages.imageBatchesNotSetUp);
  const selection = input.componentIds ? [...new Set(input.componentIds)] : undefined;
  const parts = (selection ?? (await componentsOfClass(input.componentClass ?? null))).slice(
    0,
    config().IMAGE_BATCH_MAX_PARTS,
  );
  return startBatch(admin, input.provider, selection ? undefined : input.componentClass, parts, {
    kind: 'data',
    ...(selection && { selection: parts }),
  });
};

/**
 * A batch whose start claimed the slot but never started its execution (the claim landed after
 * the start had given up) holds the slot for nothing: past the grace it is ended as failed. A
 * batch from before executions were noted is left to the stale rule.
 */
const freeSlotOfUnstartedBatch = async (now: Date): Promise<void> => {
  const { runningBatchId } = await readBatchSlot();
  if (!runningBatchId) return;
  const running = await getBatch(runningBatchId);
  if (!running || running.executionStartedAt || running.processed > 0) return;
  const age = now.getTime() - Date.parse(running.startedAt);
  if (age < config().IMAGE_BATCH_START_GRACE_SECONDS * 1000) return;
  logger.warn('batch without an execution: slot freed', { batchId: runningBatchId });
  await finishBatch(runningBatchId, {
    status: 'failed',
    message: messages.imageBatchFailed,
    finishedAt: now.toISOString(),
  });
};

const startBatch = async (
  admin: User,
  provider: BatchProvider,
  componentClass: string | undefined,
  parts: number[],
  extras: Pick<StoredImageBatch, 'kind' | 'selection'> = {},
): Promise<StartImageBatchResponse> => {
  const stateMachineArn = config().IMAGE_BATCH_STATE_MACHINE_ARN!;
  const now = new Date();
  const batch: StoredImageBatch = {
    batchId: ulid(),
    provider,
    componentClass: componentClass ?? null,
    status: 'running',
    total: parts.length,
    processed: 0,
    success: 0,
    failed: 0,
    sources: { digikey: 0, mouser: 0 },
    startedAt: now.toISOString(),
    finishedAt: null,
    startedBy: displayName(admin),
    startedByUserId: admin.id,
    message: null,
    ...extras,
  };
  await freeSlotOfUnstartedBatch(now);
  if (!(await claimBatchSlot(batch, new Date(now.getTime() - BATCH_STALE_AFTER_MS).toISOString())))
    throw new Conflict(messages.imageBatchRunning);
  if (parts.length === 0) {
    await finishBatch(batch.batchId, { status: 'completed', message: null, finishedAt: new Date().toISOString() });
    return { componentsToProcess: 0, batchId: batch.batchId };
  }
  const input: BatchExecutionInput = {
    batchId: batch.batchId,
    provider,
    componentClass: batch.componentClass,
    requestedBy: admin.id,
  };
  try {
    await sfn()
      .send(new StartExecutionCommand({ stateMachineArn, name: batch.batchId, input: JSON.stringify(input) }))
      .catch((error: unknown) => {
        // The execution is named after the batch: a retried start whose first attempt ran is started.
        if (!(error instanceof Error && error.name === 'ExecutionAlreadyExists')) throw error;
      });
  } catch (error) {
    logger.error('image batch not started', { error: error as Error, batchId: batch.batchId });
    await finishBatch(batch.batchId, {
      status: 'failed',
      message: messages.imageBatchFailed,
      finishedAt: new Date().toISOString(),
    }).catch(() => releaseBatchSlot(batch.batchId));
    throw error;
  }
  // Best effort: without the note, a batch that counts no part within the grace may be ended early.
  await markExecutionStarted(batch.batchId, new Date().toISOString()).catch((error: unknown) =>
    logger.warn('batch execution not noted', { batchId: batch.batchId, error: error as Error }),
  );
  return { componentsToProcess: parts.length, batchId: batch.batchId };
};

/** `GET /api/admin/image-batch`: the running batch, else the latest, for the progress bar. */
export const currentImageBatch = async (): Promise<ImageBatchResponse> => {
  const slot = await readBatchSlot();
  const id = slot.runningBatchId ?? slot.latestBatchId;
  const batch = id ? await getBatch(id) : undefined;
  return { batch: batch ? toBatch(batch) : null };
};

// ---------------------------------------------------------------------------------------------
// The state machine's steps (functions/src/jobs).

/** First step: the parts the batch searches (the same rule the start answered with). */
export const listBatchParts = async (input: BatchExecutionInput): Promise<{ componentIds: number[] }> => {
  const batch = await batchOf(input.batchId);
  const listed =
    batch?.kind === 'data'
      ? (batch.selection ?? (await componentsOfClass(input.componentClass)))
      : await componentsNeedingImages(input.componentClass ?? undefined);
  const componentIds = listed.slice(0, config().IMAGE_BATCH_MAX_PARTS);
  await setBatchTotal(input.batchId, componentIds.length);
  return { componentIds };
};

export interface BatchPartInput extends BatchExecutionInput {
  componentId: number;
}

export interface BatchPartResult {
  componentId: number;
  success: boolean;
  source: DistributorName | null;
  /** Why nothing was searched (the distributors could not be used): the part is not counted. */
  skipped?: 'unusable-distributor';
}

type Attempt = { answer: PartSearchResponse } | { error: DistributorError };

/**
 * One provider's search; distributor failures come back as values. A burst limit is thrown for
 * the state machine to retry the part later; a daily limit (the provider's own, or this
 * product's day budget) is not: that provider is simply not asked again today.
 */
const attempt = async (
  submitter: User,
  component: NonNullable<Awaited<ReturnType<typeof getComponent>>>,
  provider: DistributorName,
): Promise<Attempt> => {
  try {
    return { answer: await findPartFiles(submitter, component, provider, 'batch') };
  } catch (error) {
    if (!(error instanceof DistributorError)) throw error;
    if (error.kind === 'throttled') throw new TaskThrottled(error.message);
    return { error };
  }
};

/** Errors that say the distributor cannot be asked at all now: the part is skipped, not failed. */
const unusable = (error: DistributorError): boolean =>
  error.kind === 'budget-spent' ||
  error.kind === 'daily-limit' ||
  error.kind === 'not-configured' ||
  error.kind === 'refused';

/**
 * One part of a batch: Digi-Key, Mouser, or both (Smart Search: Mouser when Digi-Key finds
 * nothing or cannot be asked, so a Digi-Key daily limit leaves every remaining part to Mouser).
 * Counts the outcome into the batch and the image statistics once.
 */
export const searchBatchPart = async (input: BatchPartInput): Promise<BatchPartResult> => {
  const [component, submitter, batch] = await Promise.all([
    getComponent(input.componentId),
    getUser(input.requestedBy),
    batchOf(input.batchId),
  ]);
  if (!component || !submitter) {
    // Deleted since the list was made, or the admin who started the batch is gone.
    await countBatchPart(input.batchId, input.componentId, { success: false, source: null });
    return { componentId: input.componentId, success: false, source: null };
  }
  const providers: DistributorName[] = input.provider === 'both' ? ['digikey', 'mouser'] : [input.provider];
  if (batch?.kind === 'data') return refreshBatchPart(input, submitter, component, providers);
  const unusableProviders: DistributorError[] = [];
  let searched = false;
  for (const provider of providers) {
    const result = await attempt(submitter, component, provider);
    if ('error' in result) {
      if (unusable(result.error)) {
        unusableProviders.push(result.error);
        await markProviderStopped(input.batchId, provider, result.error.message);
      } else searched = true;
      logger.info('batch part not found', {
        batchId: input.batchId,
        componentId: component.id,
        provider,
        reason: result.error.kind,
      });
      continue;
    }
    searched = true;
    if (result.answer.success) {
      await finishPart(input, component, { success: true, source: provider });
      return { componentId: component.id, success: true, source: provider };
    }
  }
  if (!searched && unusableProviders.length > 0) {
    await markBatchStopped(input.batchId, {
      provider: unusableProviders[0]!.provider,
      reason: unusableProviders.map((error) => error.message).join(' '),
    });
    return { componentId: component.id, success: false, source: null, skipped: 'unusable-distributor' };
  }
  await finishPart(input, component, { success: false, source: null });
  return { componentId: component.id, success: false, source: null };
};

const finishPart = async (
  input: BatchPartInput,
  component: { id: number; reference: string },
  outcome: { success: boolean; source: DistributorName | null },
) => {
  if (await countBatchPart(input.batchId, component.id, outcome))
    await recordOutcome(component, outcome.success, outcome.source);
};

/** A batch's kind and selection, read once per container and batch (they never change). */
const knownBatches = new Map<string, StoredImageBatch>();
const batchOf = async (batchId: string): Promise<StoredImageBatch | undefined> => {
  const known = knownBatches.get(batchId);
  if (known) return known;
  const batch = await getBatch(batchId);
  if (batch) knownBatches.set(batchId, batch);
  return batch;
};

/**
 * One part of a data batch: what differs filed as one change request, counted into the batch with
 * its report (the image statistics are not touched). A part no distributor could be asked about
 * is skipped, as an image batch skips it.
 */
const refreshBatchPart = async (
  input: BatchPartInput,
  submitter: User,
  component: NonNullable<Awaited<ReturnType<typeof getComponent>>>,
  providers: DistributorName[],
): Promise<BatchPartResult> => {
  const { report, unusable } = await refreshPartData(input.batchId, submitter, component, providers);
  for (const error of unusable) await markProviderStopped(input.batchId, error.provider, error.message);
  if (report.outcome === 'skipped') {
    await markBatchStopped(input.batchId, {
      provider: unusable[0]!.provider,
      reason: unusable.map((error) => error.message).join(' '),
    });
    return { componentId: component.id, success: false, source: null, skipped: 'unusable-distributor' };
  }
  const success = report.outcome !== 'not-found';
  await countBatchPart(input.batchId, component.id, { success, source: report.provider }, report);
  return { componentId: component.id, success, source: report.provider };
};

/**
 * `GET /api/admin/data-batch/{id}/parts`: what a data batch did per part, and the requests it filed
 * (changes and replacement links) for Bulk Review.
 */
export const dataBatchReport = async (batchId: string): Promise<DataBatchReport> => {
  const batch = await getBatch(batchId);
  if (batch?.kind !== 'data') throw new NotFound(messages.dataBatchNotFound);
  const parts = (await listBatchPartReports(batchId)).sort((a, b) => a.componentId - b.componentId);
  const requestIds = parts.flatMap((part) => [part.requestId, part.replacementRequestId].filter(isRequestId));
  return { batchId, parts, requestIds };
};

const isRequestId = (id: string | undefined): id is string => id !== undefined;

/**
 * The requests of a list that a data batch filed: its change requests and the replacement links it
 * proposed, so Bulk Review can show them alone and approve them together.
 */
export const keepDataBatchRequests = async <R extends { id: string }>(requests: R[], batchId: string): Promise<R[]> => {
  const { requestIds } = await dataBatchReport(batchId);
  const filed = new Set(requestIds);
  return requests.filter((request) => filed.has(request.id));
};

/** A part whose search kept failing after the state machine's retries: counted as failed. */
export const recordFailedBatchPart = async (
  input: BatchPartInput & { error?: { Error?: string; Cause?: string } },
): Promise<BatchPartResult> => {
  logger.warn('batch part failed', {
    batchId: input.batchId,
    componentId: input.componentId,
    error: input.error?.Error,
    cause: input.error?.Cause,
  });
  const component = await getComponent(input.componentId);
  await finishPart(input, component ?? { id: input.componentId, reference: `#${input.componentId}` }, {
    success: false,
    source: null,
  });
  return { componentId: input.componentId, success: false, source: null };
};

/** Last step: ends the batch and answers its result (processed, success, failed, sources). */
export const finishImageBatch = async (input: {
  batchId: string;
  outcome: 'completed' | 'failed';
  error?: { Error?: string; Cause?: string };
}) => {
  const before = await getBatch(input.batchId);
  let message: string | null = null;
  if (input.outcome === 'failed') {
    logger.error('image batch failed', {
      batchId: input.batchId,
      error: input.error?.Error,
      cause: input.error?.Cause,
    });
    message = messages.imageBatchFailed;
  } else if (before?.stoppedBy) {
    message = messages.imageBatchStopped(before.stoppedBy.reason, Math.max(0, before.total - before.processed));
  } else if (before?.provider === 'both') {
    // One distributor stopped, the other went on: say which, and why.
    const stopped = (['digikey', 'mouser'] as const).find((provider) => before[`${provider}Stop`]);
    if (stopped) {
      const other = stopped === 'digikey' ? 'mouser' : 'digikey';
      message = messages.imageBatchFellBack(
        distributorLabels[stopped],
        before[`${stopped}Stop`]!,
        distributorLabels[other],
      );
    }
  }
  const batch = await finishBatch(input.batchId, {
    status: input.outcome,
    message,
    finishedAt: new Date().toISOString(),
  });
  const details = { batchId: batch.batchId, outcome: input.outcome };
  recordMetric('BatchesCompleted', 1, details);
  recordMetric('BatchComponentsSucceeded', batch.success, details);
  recordMetric('BatchComponentsFailed', batch.failed, details);
  recordMetric('BatchComponentsSkipped', Math.max(0, batch.total - batch.processed), details);
  return {
    batchId: batch.batchId,
    processed: batch.processed,
    success: batch.success,
    failed: batch.failed,
    sources: batch.sources,
    message: batch.message,
  };
};
