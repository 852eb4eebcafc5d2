import { messages } from '#shared/messages';
import { confirmationSource, confirmationsOf } from '#shared/schemas/choice-fields';
import type { ChangeEntry } from '#shared/schemas/changes';
import { inFieldOrder, type Component } from '#shared/schemas/component';
import { IMPORT_SLICE_ROWS, type ImportOutcome } from '#shared/schemas/import';
import { logger } from '#lib/logger';
import { commitCatalogueChange, readCatalogueChanges } from '#repositories/catalogue';
import { changeLogItems } from '#repositories/changes';
import { componentPut, componentUpdate, getComponent, getComponentIdentities } from '#repositories/components';
import type { TransactItem } from '#repositories/table';
import {
  finishSlice,
  groupCommitItems,
  listCommittedGroups,
  type CommittedGroup,
  type ForeignPart,
  type GroupRowOutcome,
  type StoredImport,
} from '#repositories/import-jobs';
import { failedConditions, isConditionFailure, transact } from '#repositories/table';
import { initialVersion, versionPut } from '#repositories/versions';
import { madeChangeEntry } from '../changes';
import { readPreviewSlice } from './import-files';
import { isSamePart } from './part-identity';
import type { PreviewRow } from './preview';

/*
 * Committing one slice of an import: its rows in groups, each group one transaction that writes
 * the group's new parts (version 1 first), its updates (only the changed fields, as the part's
 * next version, only while the part is still at the previewed version), the group's marker and
 * the import's counts, and the catalogue's next revision (so search sees the parts at once).
 *
 * Idempotent: a group whose marker exists is done and is skipped; the marker is written in the
 * same transaction as the parts, so a retried slice never writes a part twice nor counts a row
 * twice, even when the first try's outcome was unknown (a timeout). New parts take ids reserved
 * when the commit started, fixed per row, so a retry writes the same part it meant to.
 *
 * Conflicts: an update whose part changed or went since the preview writes nothing (the
 * condition fails; the row is reported and the group written without it). A new row whose part
 * was added by someone else since the preview writes nothing either: before each slice the
 * catalogue's change log is read from where the commit last looked, and the parts others
 * changed are kept with the import for the remaining slices.
 */

/**
 * Transaction items per group: leaves room for the marker, the counts, the revision and its log
 * entry, and the group's entry in the change log (at most 16 items: 8 views and their day counts).
 */
const GROUP_WRITE_ITEMS = 74;
/** Rows per group marker, whatever they write: keeps the marker small. */
const GROUP_MAX_ROWS = 250;

/** The slice's rows in groups: deterministic, so a retry finds the same groups done. */
export const groupRows = (rows: readonly PreviewRow[]): PreviewRow[][] => {
  const groups: PreviewRow[][] = [];
  let current: PreviewRow[] = [];
  let items = 0;
  for (const row of rows) {
    const cost = row.action === 'create' || row.action === 'update' ? 2 : 0;
    if (current.length >= GROUP_MAX_ROWS || items + cost > GROUP_WRITE_ITEMS) {
      groups.push(current);
      current = [];
      items = 0;
    }
    current.push(row);
    items += cost;
  }
  if (current.length) groups.push(current);
  return groups;
};

export interface SliceResult {
  /** No slice is left (or this run is no longer the import's commit). */
  done: boolean;
  slice: number;
}

interface Planned {
  row: PreviewRow;
  outcome: ImportOutcome;
  componentId: number;
  message?: string;
  items: TransactItem[];
}

const sliceCount = (job: StoredImport) => Math.ceil(job.rowsTotal / IMPORT_SLICE_ROWS);

/** The parts others added or changed since the commit last looked, added to what it already knew. */
const foreignChanges = async (
  job: StoredImport,
  ownUpdates: ReadonlySet<number>,
): Promise<{ checkedRevision: number; foreignParts: ForeignPart[] }> => {
  const changes = await readCatalogueChanges(job.checkedRevision);
  const checkedRevision = changes.at(-1)?.revision ?? job.checkedRevision;
  const firstNew = job.firstNewId ?? 0;
  const ownNew = (id: number) => job.firstNewId !== null && id >= firstNew && id < firstNew + job.createCount;
  const ids = [
    ...new Set(changes.flatMap((change) => change.componentIds).filter((id) => !ownNew(id) && !ownUpdates.has(id))),
  ];
  if (ids.length === 0) return { checkedRevision, foreignParts: job.foreignParts };
  const parts = await getComponentIdentities(ids);
  const known = new Map(job.foreignParts.map((part) => [part.id, part]));
  for (const part of parts)
    known.set(part.id, { id: part.id, reference: part.reference, manufacturer: part.manufacturer });
  return { checkedRevision, foreignParts: [...known.values()] };
};

/** What happens when one committing admin writes the rows of a group. */
const planGroup = (job: StoredImport, rows: readonly PreviewRow[], foreign: readonly ForeignPart[], now: string) => {
  const excluded = new Set(job.excludedRows);
  const author = job.committedBy ?? job.createdBy;
  const changeDescription = `Imported from ${job.fileName}`;
  return rows.map((row): Planned => {
    if (excluded.has(row.row))
      return {
        row,
        outcome: 'excluded',
        componentId: row.componentId ?? 0,
        message: messages.importExcluded,
        items: [],
      };
    if (row.action === 'skip') return { row, outcome: 'skipped', componentId: 0, items: [] };
    if (row.action === 'unchanged') return { row, outcome: 'unchanged', componentId: row.componentId ?? 0, items: [] };
    if (row.action === 'create') {
      const rival = foreign.find((part) =>
        isSamePart({ reference: row.reference ?? '', manufacturer: row.manufacturer }, part),
      );
      if (rival)
        return { row, outcome: 'conflict', componentId: rival.id, message: messages.importConflictAdded, items: [] };
      const id = job.firstNewId! + row.createIndex!;
      const fields = { ...row.values, username: author };
      const component = {
        ...fields,
        // A lifecycle the sheet gives is confirmed by the import, now.
        ...confirmationsOf(fields, confirmationSource.import, now),
        id,
        version: 1,
        createdAt: now,
        updatedAt: now,
      } as unknown as Component;
      return {
        row,
        outcome: 'created',
        componentId: id,
        items: [
          componentPut(component, { mustBeNew: true }),
          versionPut(id, { ...initialVersion(fields, author, now), changeDescription }),
        ],
      };
    }
    const id = row.componentId!;
    const changedFields = row.changes.map((change) => change.field);
    return {
      row,
      outcome: 'updated',
      componentId: id,
      items: [
        componentUpdate(
          id,
          { ...row.values, ...confirmationsOf(row.values ?? {}, confirmationSource.import, now) },
          { expectedVersion: row.baseVersion!, updatedAt: now },
        ),
        versionPut(id, {
          versionNumber: row.baseVersion! + 1,
          changeDescription,
          changedFields,
          previousData: Object.fromEntries(row.changes.map((change) => [change.field, change.from])),
          changeData: Object.fromEntries(row.changes.map((change) => [change.field, change.to])),
          username: author,
          createdAt: now,
        }),
      ],
    };
  });
};

type GroupWrite = 'written' | 'already' | 'superseded';

/**
 * The change log's entry for the parts a group writes: one entry per group, proposed by whoever
 * made the import and approved by whoever committed it, naming the part when the group wrote one
 * and the class when every part it wrote is of one. None when the group writes no part.
 */
const groupChangeEntry = (job: StoredImport, planned: readonly Planned[], at: string): ChangeEntry | undefined => {
  const writing = planned.filter((plan) => plan.items.length > 0);
  if (!writing.length) return undefined;
  const created = writing.filter((plan) => plan.outcome === 'created').length;
  const updated = writing.length - created;
  const fields = new Set<string>();
  for (const plan of writing) {
    if (plan.outcome === 'created') Object.keys(plan.row.values ?? {}).forEach((field) => fields.add(field));
    else plan.row.changes.forEach((change) => fields.add(change.field));
  }
  const classes = new Set(writing.map((plan) => plan.row.values?.class ?? null));
  const [onlyClass] = [...classes];
  const only = writing.length === 1 ? writing[0] : undefined;
  const people = {
    proposedBy: { id: job.createdByUserId, name: job.createdBy },
    approvedBy: { id: job.committedByUserId ?? job.createdByUserId, name: job.committedBy ?? job.createdBy },
  };
  return madeChangeEntry(people, at, {
    kind: 'import',
    componentId: only ? only.componentId : null,
    componentReference: only ? only.row.reference : null,
    componentClass: classes.size === 1 && typeof onlyClass === 'string' ? onlyClass : null,
    fields: inFieldOrder([...fields]),
    summary: `Imported from ${job.fileName}: ${created} added, ${updated} updated`,
  });
};

/**
 * Writes one group; a part whose condition fails turns its row into a conflict and the group is
 * written again without it. 'already': another try wrote the group first; 'superseded': this run
 * is no longer the import's commit.
 */
const writeGroup = async (
  job: StoredImport,
  run: number,
  slice: number,
  group: number,
  planned: Planned[],
): Promise<GroupWrite> => {
  for (;;) {
    const now = new Date();
    const outcomes: GroupRowOutcome[] = planned.map((plan) =>
      plan.message === undefined
        ? [plan.row.row, plan.outcome, plan.componentId]
        : [plan.row.row, plan.outcome, plan.componentId, plan.message],
    );
    const writes = planned.flatMap((plan) => plan.items);
    const marker: CommittedGroup = { slice, group, rows: outcomes };
    const entry = groupChangeEntry(job, planned, now.toISOString());
    // The log's items come last, so a failed condition's index still tells a part from the marker.
    const items = [
      ...writes,
      ...groupCommitItems(job.importId, run, marker, now),
      ...(entry ? changeLogItems(entry) : []),
    ];
    const componentIds = planned.filter((plan) => plan.items.length > 0).map((plan) => plan.componentId);
    try {
      if (componentIds.length) await commitCatalogueChange(componentIds, items, now);
      else await transact(items);
      return 'written';
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const failed = failedConditions(error);
      if (failed.includes(writes.length)) return 'already';
      if (failed.includes(writes.length + 1)) return 'superseded';
      // Which rows' parts refused the write: each becomes a conflict, with why.
      let offset = 0;
      let found = false;
      for (const plan of planned) {
        const range = [offset, offset + plan.items.length];
        offset += plan.items.length;
        if (!failed.some((index) => index >= range[0]! && index < range[1]!)) continue;
        if (plan.outcome !== 'updated') throw error;
        found = true;
        const current = await getComponent(plan.componentId);
        Object.assign(plan, {
          outcome: 'conflict',
          message: current ? messages.importConflictChanged : messages.importConflictDeleted,
          items: [],
        });
      }
      if (!found) throw error;
    }
  }
};

/**
 * Commits the next slice of the import under run `run`: reads where the commit is, writes the
 * slice's groups not written yet, and records the slice as done. Throws on a failure (the state
 * machine retries the task); answers `done` when nothing is left or the run was superseded.
 */
export const commitNextSlice = async (job: StoredImport, run: number): Promise<SliceResult> => {
  const slice = job.slicesDone;
  if (job.state !== 'committing' || job.commitRun !== run || slice >= sliceCount(job)) return { done: true, slice };
  const [rows, committed] = await Promise.all([
    readPreviewSlice(job.previewKey!, slice),
    listCommittedGroups(job.importId, slice, slice),
  ]);
  const done = new Set(committed.map((group) => group.group));
  const sliceUpdates = rows.flatMap((row) => (row.action === 'update' ? [row.componentId!] : []));
  const { checkedRevision, foreignParts } = await foreignChanges(
    job,
    new Set([...job.lastSliceUpdateIds, ...sliceUpdates]),
  );
  const groups = groupRows(rows);
  for (const [group, groupRowsList] of groups.entries()) {
    if (done.has(group)) continue;
    const planned = planGroup(job, groupRowsList, foreignParts, new Date().toISOString());
    const written = await writeGroup(job, run, slice, group, planned);
    if (written === 'superseded') {
      logger.info('import commit superseded', { importId: job.importId, run });
      return { done: true, slice };
    }
  }
  const finished = await finishSlice(
    job.importId,
    run,
    slice,
    { checkedRevision, foreignParts, lastSliceUpdateIds: sliceUpdates },
    new Date(),
  );
  // Not moved on: another try of this run finished the slice first, or a newer run took over;
  // the next call reads which.
  if (!finished) return { done: false, slice };
  return { done: finished.slicesDone >= sliceCount(finished), slice };
};
