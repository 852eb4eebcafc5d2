import { paths } from '#shared/app-paths';
import { messages } from '#shared/messages';
import {
  classChangeOf,
  classChangeProblem,
  classChangeSources,
  classChangeTarget,
  describeClassChange,
  listWithChange,
  type ClassChange,
} from '#shared/class-list';
import { Conflict } from '#lib/errors';
import { chunk } from '#lib/concurrency';
import { getRequest, type StoredRequest } from '#repositories/approval-requests';
import { commitCatalogueChange } from '#repositories/catalogue';
import {
  claimClassChange,
  classChangeProgress,
  classChangeRelease,
  classListUpdate,
  getClassChange,
  getClassList,
  releaseClassChange,
  type ClassChangeInProgress,
} from '#repositories/classes';
import { classReviewersMoveItems } from '#repositories/class-reviewers';
import { componentUpdate, getComponents } from '#repositories/components';
import { failedConditions, type TransactItem } from '#repositories/table';
import type { User } from '#repositories/users';
import { versionPut } from '#repositories/versions';
import { readClassListState } from '../classes';
import { catalogueSummary } from '../search/catalogue-mirror';

/*
 * Approving a class change. Adding a class writes the new list with the approval. A rename or a
 * merge first gives every part of the old classes the new one, in groups of parts, each group one
 * transaction with the parts' next versions ('Class renamed from X to Y') and the catalogue's
 * next revision, so the search index of every instance sees the parts as they move. The list
 * changes, the change ends and the request closes together, in the approval's own transaction.
 *
 * Parts may be many, more than one call can move: one change at a time holds the class-change
 * slot (repositories/classes.ts) from before its first part moves until it is approved, and an
 * approval that stops (its time is up, DynamoDB stopped answering, the function died) leaves it
 * held. Approving the request again carries on: a part already in the new class is not in the
 * old ones, so nothing moves twice, and each part's version is conditioned on the one read. No
 * other class change starts meanwhile, and the request can no longer be rejected or withdrawn.
 */

/** Parts per transaction: an update and a version each, beside the change's count, the revision and its log entry. */
const PARTS_PER_GROUP = 45;
/** How long one approval moves parts before it answers, leaving the rest to the next approval (a 10 s function). */
export const CLASS_CHANGE_BUDGET_MS = 6_000;
/** Tries of one group whose parts another change got to first, and of taking the slot. */
const MAX_ATTEMPTS = 5;

/**
 * Takes the class-change slot for the request, with the list it starts from checked again (it
 * may have changed since the request was filed), or finds the request's own change to carry on.
 * Null when the request was closed meanwhile (the approval's transaction then says so).
 */
const startClassChange = async (request: StoredRequest, change: ClassChange): Promise<ClassChangeInProgress | null> => {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const held = await getClassChange();
    if (held?.requestId === request.id) return held;
    if (held) {
      if ((await getRequest(held.requestId))?.status === 'pending')
        throw new Conflict(messages.classChangeBusy(held.description));
      // Its request was closed before any part moved: nothing holds it any more.
      await releaseClassChange(held.requestId);
      continue;
    }
    const state = await readClassListState();
    const problem = classChangeProblem(change, state);
    if (problem) throw new Conflict(messages.classChangeStale(problem.message));
    const planned: ClassChangeInProgress = {
      requestId: request.id,
      description: describeClassChange(change),
      sources: classChangeSources(change),
      target: classChangeTarget(change),
      baseClasses: [...state.listed],
      baseRevision: state.revision,
      moved: 0,
      startedAt: new Date().toISOString(),
    };
    if (!(await claimClassChange(planned))) continue;
    // A rejection that landed before the slot was taken, or another change that ended between
    // the check and the claim: this one must not go on from what it read.
    const [latest, list] = await Promise.all([getRequest(request.id), getClassList()]);
    if (latest?.status !== 'pending' || (list?.revision ?? 0) !== planned.baseRevision) {
      await releaseClassChange(request.id);
      if (latest?.status !== 'pending') return null;
      continue;
    }
    return planned;
  }
  throw new Conflict(messages.requestRetry);
};

/**
 * Gives one group of parts the new class, each as its next version, with the change's count and
 * the catalogue's next revision; parts no longer in the old classes are left alone. A part
 * changed meanwhile (an approved edit) is read again. Answers how many moved.
 */
const moveGroup = async (
  request: StoredRequest,
  change: ClassChangeInProgress,
  ids: readonly number[],
  author: string,
): Promise<number> => {
  const sources = new Set(change.sources);
  for (let attempt = 1; ; attempt++) {
    const parts = (await getComponents(ids, { fields: ['class', 'version'] })).filter((part) =>
      sources.has(part.class.trim()),
    );
    if (parts.length === 0) return 0;
    const now = new Date().toISOString();
    const writes = parts.flatMap((part): TransactItem[] => [
      componentUpdate(part.id, { class: change.target }, { expectedVersion: part.version, updatedAt: now }),
      versionPut(part.id, {
        versionNumber: part.version + 1,
        changeDescription: messages.classRenamedVersion(part.class, change.target),
        changedFields: ['class'],
        previousData: { class: part.class },
        changeData: { class: change.target },
        username: `${request.username} (approved by ${author})`,
        createdAt: now,
      }),
    ]);
    try {
      await commitCatalogueChange(
        parts.map((part) => part.id),
        [...writes, classChangeProgress(request.id, parts.length)],
      );
      return parts.length;
    } catch (error) {
      const failed = failedConditions(error);
      if (failed.length === 0) throw error;
      // The slot is no longer this change's, or parts keep changing under it: try again later.
      if (failed.includes(writes.length) || attempt >= MAX_ATTEMPTS) throw new Conflict(messages.requestRetry);
    }
  }
};

/**
 * Moves every part of the change's old classes to the new one, group after group in id order,
 * until the search index (brought up to date each round) names none; parts given an old class
 * by an edit meanwhile are found in the next round. Past `deadline` it stops and says how far it
 * got: approving again carries on.
 */
const moveParts = async (
  request: StoredRequest,
  change: ClassChangeInProgress,
  author: string,
  deadline: number,
): Promise<void> => {
  const sources = new Set(change.sources);
  if (sources.size === 0) return;
  let moved = change.moved;
  for (;;) {
    const index = await catalogueSummary().current();
    const ids = index
      .fieldValues('class')
      .filter(({ value }) => value !== null && sources.has(value.trim()))
      .map(({ id }) => id)
      .sort((a, b) => a - b);
    if (ids.length === 0) return;
    let movedThisRound = 0;
    let looked = 0;
    for (const group of chunk(ids, PARTS_PER_GROUP)) {
      if (Date.now() > deadline) throw new Conflict(messages.classChangeUnfinished(moved, ids.length - looked));
      const count = await moveGroup(request, change, group, author);
      movedThisRound += count;
      moved += count;
      looked += group.length;
    }
    // The index named parts whose class the table no longer has among the old ones: none is left.
    if (movedThisRound === 0) return;
  }
};

/**
 * What approving a class change writes besides closing the request: the list with the change
 * made (on the condition that it is still the list the change started from) and the end of the
 * change. A rename or merge has moved its parts by then (see above).
 */
export const applyClassChange = async (
  request: StoredRequest,
  reviewer: User,
  now: string,
  budgetMs = CLASS_CHANGE_BUDGET_MS,
): Promise<{ items: TransactItem[]; componentIds: number[]; linkTo: string | null }> => {
  const deadline = Date.now() + budgetMs;
  const change = classChangeOf(request.data);
  if (!change) throw new Conflict(messages.classChangeStale(messages.invalidRequest));
  const linkTo = paths.hub.admin.href('classes');
  const started = await startClassChange(request, change);
  if (!started) return { items: [], componentIds: [], linkTo };
  await moveParts(request, started, reviewer.username || reviewer.email, deadline);
  // The reviewers a renamed or merged class named review the class it became.
  const reviewersMoved = await classReviewersMoveItems(started.sources, started.target, now);
  return {
    componentIds: [],
    linkTo,
    items: [
      classListUpdate(listWithChange(started.baseClasses, change), started.baseRevision, now),
      classChangeRelease(request.id),
      ...reviewersMoved,
    ],
  };
};

/** A class change whose parts started moving is finished by approving it, never rejected or withdrawn. */
export const refuseIfClassChangeStarted = async (request: StoredRequest): Promise<void> => {
  if (request.requestType !== 'class') return;
  if ((await getClassChange())?.requestId === request.id) throw new Conflict(messages.classChangeStarted);
};
