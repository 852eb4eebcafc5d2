import { paths } from '#shared/app-paths';
import { messages } from '#shared/messages';
import {
  absentChoice,
  confirmationSourceField,
  confirmedAtField,
  confirmedChoiceFields,
  isChoiceField,
} from '#shared/schemas/choice-fields';
import { inFieldOrder, type CatalogueField, type Component, type ComponentField } from '#shared/schemas/component';
import type { MergeResult } from '#shared/schemas/duplicates';
import { catalogueFieldList } from '#lib/catalogue-languages';
import { Conflict, Invalid, NotFound } from '#lib/errors';
import { getRequest, requestRetargetItem } from '#repositories/approval-requests';
import { commitCatalogueChange } from '#repositories/catalogue';
import {
  componentMergeMark,
  componentUpdate,
  componentVersionBump,
  finishMerge,
  getComponent,
  getComponents,
  getMergeMarks,
} from '#repositories/components';
import {
  CLASHING_PREFIXES,
  listPartItems,
  partItemMoves,
  type MoveContext,
  type PartItem,
} from '#repositories/part-merge';
import { conditionalWrite, transact, type TransactItem } from '#repositories/table';
import type { User } from '#repositories/users';
import { versionPut } from '#repositories/versions';
import { closeRequestsOfMergedPart } from '../approvals/reviewing';
import { displayName } from '../user-names';
import { directChangeEntry } from '../changes';
import { notifyWatchers } from '../watches';
import { changeLogItems } from '#repositories/changes';

/*
 * Merging two parts that turned out to be one: the part of the path goes into `intoId`, which
 * stays. In three steps, each safe to run again, so a merge cut short (a timeout, a service
 * gone) is finished by sending it again:
 *
 * 1. One transaction, with the catalogue revision: the merged part is marked as gone into the
 *    survivor (while still at the version read), and the survivor moves to a version of its own
 *    recording the merge, taking the merged part's values for the fields it has none for (while
 *    still at the version read). From then on nothing more lands beside the merged part (every
 *    comment, attachment and component write checks the mark), search no longer finds it, and
 *    its id leads to the survivor.
 * 2. Everything the merged part holds moves to the survivor in batches (part-merge.ts): its
 *    versions (kept with their numbers, marked as the merged part's), comments, attachments with
 *    their pending requests, distributor-file claims, and links (at both their ends).
 * 3. Its other pending requests (edits, a deletion) close, saying where the part went, and the
 *    merge is marked finished.
 *
 * Recent views follow the mark when they are read (recent-views.ts): nothing to move.
 */

/** DynamoDB's most items in one transaction. */
const TRANSACTION_ITEMS = 100;
/** Bytes of items per transaction, within DynamoDB's 4 MB. */
const BYTES_PER_BATCH = 3_000_000;
/** Passes over what is left that may meet a change before the merge asks to be sent again. */
const MOVE_PASSES = 5;
const MARK_ATTEMPTS = 3;

/** Fields a survivor takes from the merged part: those it has no value for. */
const fillableFields = catalogueFieldList.filter(
  (field): field is CatalogueField => field !== 'username' && field !== 'reference' && field !== 'class',
);

/** No value: nothing, or a choice field's absent value (a lifecycle not known). */
const isEmpty = (field: string, value: unknown) =>
  value === null || value === undefined || value === '' || (isChoiceField(field) && value === absentChoice(field));

/** The merged part's values of the fields the survivor lacks. */
export const fieldsToFill = (merged: Component, survivor: Component): Partial<Record<ComponentField, unknown>> => {
  const values = merged as unknown as Record<string, unknown>;
  const own = survivor as unknown as Record<string, unknown>;
  return Object.fromEntries(
    fillableFields
      .filter((field) => isEmpty(field, own[field]) && !isEmpty(field, values[field]))
      .map((field) => [field, values[field]]),
  );
};

/** A lifecycle the survivor takes keeps when and where from it was confirmed on the merged part. */
const confirmationsTaken = (merged: Component, filled: Partial<Record<ComponentField, unknown>>) =>
  Object.fromEntries(
    confirmedChoiceFields
      .filter((field) => Object.hasOwn(filled, field))
      .flatMap((field) => [
        [confirmedAtField(field), merged[confirmedAtField(field)]],
        [confirmationSourceField(field), merged[confirmationSourceField(field)]],
      ]),
  );

interface Marked {
  fromReference: string;
  intoReference: string;
  mergeVersion: number;
}

/** Step 1: the mark and the survivor's merge version, or the mark an earlier call made. */
const markMerged = async (admin: User, fromId: number, intoId: number): Promise<Marked> => {
  for (let attempt = 1; ; attempt++) {
    const [marks, from, into] = await Promise.all([
      getMergeMarks([fromId]),
      getComponent(fromId),
      getComponent(intoId),
    ]);
    const mark = marks.get(fromId);
    if (mark) {
      if (mark.intoId !== intoId) {
        const [elsewhere] = await getComponents([mark.intoId], { fields: ['reference'] });
        throw new Conflict(messages.mergedElsewhere(elsewhere?.reference ?? `#${mark.intoId}`));
      }
      // Marked by an earlier call (this merge sent again, or one cut short): go on from there.
      return {
        fromReference: mark.reference,
        intoReference: into?.reference ?? `#${intoId}`,
        mergeVersion: mark.mergeVersion,
      };
    }
    if (!from) throw new NotFound(messages.componentNotFound);
    if (!into) throw new NotFound(messages.mergeTargetNotFound);
    const now = new Date().toISOString();
    const filled = fieldsToFill(from, into);
    const changedFields = inFieldOrder(Object.keys(filled));
    const mergeVersion = into.version + 1;
    const items: TransactItem[] = [
      componentMergeMark(fromId, { intoId, expectedVersion: from.version, mergeVersion, mergedAt: now }),
      changedFields.length
        ? componentUpdate(
            intoId,
            { ...filled, ...confirmationsTaken(from, filled) },
            { expectedVersion: into.version, updatedAt: now },
          )
        : componentVersionBump(intoId, into.version, now),
      versionPut(intoId, {
        versionNumber: mergeVersion,
        changeDescription: messages.mergeVersion(from.reference, fromId),
        changedFields,
        previousData: Object.fromEntries(changedFields.map((field) => [field, null])),
        changeData: filled,
        username: displayName(admin),
        createdAt: now,
      }),
      // The merge is in the change log from the transaction that makes it.
      ...changeLogItems(
        directChangeEntry(admin, now, {
          kind: 'merge',
          componentId: intoId,
          componentReference: into.reference,
          componentClass: into.class ?? null,
          fields: changedFields,
          summary: messages.mergeVersion(from.reference, fromId),
        }),
      ),
    ];
    if (await conditionalWrite(() => commitCatalogueChange([fromId, intoId], items)))
      return { fromReference: from.reference, intoReference: into.reference, mergeVersion };
    // One of the two changed (or was merged) meanwhile: read both again.
    if (attempt >= MARK_ATTEMPTS) throw new Conflict(messages.mergeRetry);
  }
};

/** An upload waiting for review: its request may follow it. */
const isPendingUpload = (item: PartItem) =>
  item.sk.startsWith('ATT#') && item.isApproved === false && typeof item.requestId === 'string';

/**
 * The items in batches a transaction holds: each item's own writes (a put and a delete; a link
 * four, at both its ends) and an upload's request beside, and their bytes, within DynamoDB's limits.
 */
const inBatches = (items: readonly PartItem[], context: MoveContext): PartItem[][] => {
  const batches: PartItem[][] = [];
  let batch: PartItem[] = [];
  let writes = 0;
  let bytes = 0;
  for (const item of items) {
    const own = partItemMoves([item], context).length + (isPendingUpload(item) ? 1 : 0);
    const size = JSON.stringify(item).length;
    if (batch.length > 0 && (writes + own > TRANSACTION_ITEMS || bytes + size > BYTES_PER_BATCH)) {
      batches.push(batch);
      batch = [];
      writes = 0;
      bytes = 0;
    }
    batch.push(item);
    writes += own;
    bytes += size;
  }
  if (batch.length) batches.push(batch);
  return batches;
};

/** The pending requests of the batch's uploads, which follow their attachments into the survivor. */
const followingRequests = async (
  batch: readonly PartItem[],
  context: MoveContext & { intoReference: string },
): Promise<TransactItem[]> => {
  const waiting = batch.filter(isPendingUpload);
  const requests = await Promise.all(waiting.map((item) => getRequest(String(item.requestId))));
  return requests.flatMap((request) =>
    request?.status === 'pending' && request.componentId === context.fromId
      ? [
          requestRetargetItem(request.id, {
            fromId: context.fromId,
            intoId: context.intoId,
            intoReference: context.intoReference,
          }),
        ]
      : [],
  );
};

/** The sort keys the survivor holds of the kinds that may clash with what moves in. */
const survivorKeysFor = async (items: readonly PartItem[], intoId: number): Promise<Set<string>> => {
  const clashing = CLASHING_PREFIXES.filter((prefix) => items.some((item) => item.sk.startsWith(prefix)));
  const held = await Promise.all(clashing.map((prefix) => listPartItems(intoId, prefix)));
  return new Set(held.flat().map((item) => item.sk));
};

/**
 * Step 2: moves what the merged part holds, batch by batch, until it holds nothing. A batch that
 * meets a change moves nothing; what is left is read again and moved.
 */
const moveHoldings = async (context: Omit<MoveContext, 'survivorKeys'> & { intoReference: string }) => {
  for (let pass = 1; ; pass++) {
    const items = await listPartItems(context.fromId);
    if (items.length === 0) return;
    const full = { ...context, survivorKeys: await survivorKeysFor(items, context.intoId) };
    let met = false;
    for (const batch of inBatches(items, full)) {
      const following = await followingRequests(batch, full);
      if (!(await conditionalWrite(() => transact([...partItemMoves(batch, full), ...following])))) {
        met = true;
        break;
      }
    }
    if (met && pass >= MOVE_PASSES) throw new Conflict(messages.mergeRetry);
  }
};

/**
 * `POST /api/components/{id}/merge` `{ intoId }` (administrators): merges part `fromId` into
 * part `intoId`. Sent again, it finishes what an earlier call left (and answers the same).
 */
export const mergeComponents = async (admin: User, fromId: number, intoId: number): Promise<MergeResult> => {
  if (fromId === intoId) throw new Invalid(messages.mergeIntoItself, { intoId: messages.mergeIntoItself });
  const marked = await markMerged(admin, fromId, intoId);
  await moveHoldings({ fromId, fromReference: marked.fromReference, intoId, intoReference: marked.intoReference });
  await closeRequestsOfMergedPart(fromId, marked.intoReference);
  // Watchers of either part, or of the survivor's class, hear of it from the call that finished
  // it: a merge sent again after that tells nobody twice.
  if (!(await finishMerge(fromId, intoId, new Date().toISOString())))
    return { mergedId: fromId, intoId, version: marked.mergeVersion };
  const survivor = await getComponent(intoId);
  await notifyWatchers(
    { componentId: intoId, componentClass: survivor?.class ?? null, also: [{ componentId: fromId }] },
    {
      title: 'Watched part merged',
      message: `${displayName(admin)} merged ${marked.fromReference} into ${marked.intoReference}.`,
      linkTo: paths.hub.component.href(intoId),
    },
    [admin.id],
  );
  return { mergedId: fromId, intoId, version: marked.mergeVersion };
};
