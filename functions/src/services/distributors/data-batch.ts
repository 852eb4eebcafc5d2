import type { Component } from '#shared/schemas/component';
import type { DataBatchPartReport } from '#shared/schemas/data-batches';
import type { DistributorName } from '#shared/schemas/distributors';
import { Conflict } from '#lib/errors';
import { logger } from '#lib/logger';
import { TaskThrottled } from '#lib/task-errors';
import { listPendingRequestsFor } from '#repositories/approval-requests';
import type { User } from '#repositories/users';
import { proposeLink } from '#services/links';
import { config } from '#lib/config';
import { askSearchHolder } from '#services/search/holder-client';
import { DistributorError } from './errors';
import { fileFillRequest, readPartFromDistributor } from './fill';

/*
 * One part of a "Refresh lifecycle and data" batch: read from the batch's distributor(s) as a
 * batch reads (its share of the minute, the day budget with the administrators' reserve), and one
 * change request filed with every field whose distributor value differs (lifecycle first), except
 * protected fields. An obsolete part whose suggested replacement is in the catalogue also gets a
 * "replaced by" link proposed.
 */

/** The catalogue's parts of a class (case ignored), as many as a batch searches, from the search function. */
export const componentsOfClass = async (componentClass: string | null): Promise<number[]> =>
  (await askSearchHolder({ kind: 'class-members', componentClass, limit: config().IMAGE_BATCH_MAX_PARTS })).ids;

/** The catalogue's part with this reference (case and separators ignored), when there is exactly one other than `except`. */
const catalogueReplacement = async (reference: string, except: number): Promise<number | undefined> =>
  (await askSearchHolder({ kind: 'reference-match', reference, except })).id ?? undefined;

/** Errors that mean a distributor cannot be asked now (its day is spent, it refuses us): try the other. */
export const isUnusable = (error: DistributorError): boolean =>
  error.kind === 'budget-spent' ||
  error.kind === 'daily-limit' ||
  error.kind === 'not-configured' ||
  error.kind === 'refused';

export interface RefreshOutcome {
  report: DataBatchPartReport;
  /** Distributors that could not be asked, with why (the batch notes them). */
  unusable: DistributorError[];
}

/**
 * Reads the part from each of `providers` in turn until one has it, and files what differs. A
 * request this batch filed for the part already (a retried step) is not filed again.
 */
export const refreshPartData = async (
  batchId: string,
  submitter: User,
  component: Component,
  providers: readonly DistributorName[],
): Promise<RefreshOutcome> => {
  const unusable: DistributorError[] = [];
  const earlier = (await listPendingRequestsFor(component.id)).find(
    (request) => request.distributorSource?.batchId === batchId,
  );
  if (earlier)
    return {
      unusable,
      report: {
        componentId: component.id,
        reference: component.reference,
        outcome: 'filed',
        provider: earlier.distributorSource!.provider,
        requestId: earlier.id,
        fields: Object.keys(earlier.data),
      },
    };
  for (const provider of providers) {
    let snapshot;
    try {
      snapshot = await readPartFromDistributor(component, provider, 'batch');
    } catch (error) {
      if (!(error instanceof DistributorError)) throw error;
      // A burst limit: the state machine tries the part again later.
      if (error.kind === 'throttled') throw new TaskThrottled(error.message);
      if (isUnusable(error)) unusable.push(error);
      logger.info('data batch part not read', { batchId, componentId: component.id, provider, reason: error.kind });
      continue;
    }
    if (!snapshot) continue;
    const filed = await fileFillRequest(submitter, component, snapshot, undefined, batchId);
    const replacementRequestId = await proposeReplacement(submitter, component, snapshot.product, filed?.fields);
    return {
      unusable,
      report: {
        componentId: component.id,
        reference: component.reference,
        outcome: filed ? 'filed' : 'unchanged',
        provider,
        ...(filed && { requestId: filed.requestId, fields: filed.fields }),
        ...(replacementRequestId && { replacementRequestId }),
      },
    };
  }
  return {
    unusable,
    report: {
      componentId: component.id,
      reference: component.reference,
      outcome: unusable.length === providers.length ? 'skipped' : 'not-found',
      provider: null,
      ...(unusable.length > 0 && { note: unusable.map((error) => error.message).join(' ') }),
    },
  };
};

/**
 * When the distributor says the part is obsolete (now, or in the request just filed) and names a
 * replacement the catalogue holds, a "replaced by" link is proposed; an existing link is left be.
 */
const proposeReplacement = async (
  submitter: User,
  component: Component,
  product: { suggestedReplacement: string | null; values: { field: string; value: unknown }[] },
  filedFields: readonly string[] | undefined,
): Promise<string | undefined> => {
  if (!product.suggestedReplacement) return undefined;
  const saysObsolete = product.values.some((value) => value.field === 'lifecycle' && value.value === 'obsolete');
  const isObsolete = component.lifecycle === 'obsolete' || (saysObsolete && filedFields?.includes('lifecycle'));
  if (!saysObsolete && !isObsolete) return undefined;
  const targetId = await catalogueReplacement(product.suggestedReplacement, component.id);
  if (targetId === undefined) return undefined;
  try {
    const { requestId } = await proposeLink(submitter, component.id, { kind: 'replaced-by', targetId });
    return requestId;
  } catch (error) {
    // The link exists already (or waits for review): nothing more to propose.
    if (error instanceof Conflict) return undefined;
    throw error;
  }
};
