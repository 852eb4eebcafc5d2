import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CatalogueField } from '#shared/schemas/component';
import {
  importOutcomes,
  type ImportActionCounts,
  type ImportColumn,
  type ImportOutcome,
  type ImportOutcomeCounts,
  type ImportState,
} from '#shared/schemas/import';
import { dynamo } from '#lib/clients';
import {
  conditionalOutcome,
  conditionalWrite,
  epochSeconds,
  putNewItem,
  queryAll,
  releaseSlot,
  tableName,
  transact,
  type TransactItem,
} from './table';

/*
 * Excel imports (previews and their commits):
 * - `IMPORT#<id>` / `META`: the import, its preview's totals and its commit's progress and exact
 *   counts; gsi1 `IMPORTS` / `<createdAt>#<id>` lists the latest.
 * - `IMPORT#<id>` / `GROUP#<slice>#<group>`: a group of rows committed, with what each row did.
 *   It is written in the same transaction as the group's parts and the counts, on condition that
 *   it is not there yet: a retried group writes nothing twice and counts nothing twice.
 * - `IMPORT#slot` / `META`: the import whose commit is running (one at a time per catalogue).
 * The preview's rows themselves live in S3 (`imports/<id>/...`), one object per slice.
 */

const RETENTION_SECONDS = 30 * 24 * 3600;
const importKey = (id: string) => ({ pk: `IMPORT#${id}`, sk: 'META' });
const slotKey = { pk: 'IMPORT#slot', sk: 'META' };
const pad = (value: number, width: number) => String(value).padStart(width, '0');
const groupSortKey = (slice: number, group: number) => `GROUP#${pad(slice, 5)}#${pad(group, 3)}`;

/** A part added or changed by someone else while the commit runs, as matching sees it. */
export interface ForeignPart {
  id: number;
  reference: string;
  manufacturer: string | null;
}

export interface StoredImport {
  importId: string;
  fileName: string;
  /** The workbook in the bucket, kept for previewing again with other columns. */
  workbookKey: string;
  state: ImportState;
  createdAt: string;
  createdBy: string;
  createdByUserId: string;
  /** The one-call import: committed as soon as the preview is ready. */
  autoCommit: boolean;
  emptyCellsClear: boolean;
  /** The administrator's choice of field for some columns (by column index); null: not imported. */
  columnChoices: Record<string, CatalogueField | null>;
  /** Goes up with each preview, so an older preview's late result is not taken. */
  previewVersion: number;

  sheetName: string | null;
  headerRow: number | null;
  columns: ImportColumn[];
  ignoredColumns: string[];
  rowsTotal: number;
  preview: ImportActionCounts;
  warnings: number;
  /** Per slice of the preview, its rows per action: [create, update, unchanged, skip]. */
  sliceCounts: number[][];
  /** Per slice of the preview, the sheet row number of its first row. */
  sliceFirstRows: number[];
  createCount: number;
  /** The catalogue's revision the preview was made against. */
  previewRevision: number;
  /** S3 prefix of this preview's slices. */
  previewKey: string | null;
  previewTimings: Record<string, number>;
  /** Why the preview failed, as the API answers it. */
  error: { status: number; message: string; fields?: Record<string, string> } | null;

  /** Goes up each time the commit is (re)started; a task of an older run writes nothing. */
  commitRun: number;
  /** The administrator who (last) committed it: the author of what it writes. */
  committedBy: string | null;
  committedByUserId: string | null;
  executionArn: string | null;
  excludedRows: number[];
  /** The first of the ids reserved for the rows that create parts (in sheet order). */
  firstNewId: number | null;
  slicesDone: number;
  rowsDone: number;
  written: ImportOutcomeCounts;
  /** The last row of the last group committed (rows are committed in sheet order). */
  lastRow: number | null;
  conflictRows: number[];
  /** Changes of the catalogue up to this revision have been checked for parts the file would add again. */
  checkedRevision: number;
  foreignParts: ForeignPart[];
  /** The parts the last finished slice updated (its own changes, when the next slice reads the change log). */
  lastSliceUpdateIds: number[];
  heartbeatAt: string | null;
  commitStartedAt: string | null;
  finishedAt: string | null;
  message: string | null;
}

const outcomeAttribute: Record<ImportOutcome, string> = {
  created: 'doneCreated',
  updated: 'doneUpdated',
  unchanged: 'doneUnchanged',
  skipped: 'doneSkipped',
  conflict: 'doneConflict',
  excluded: 'doneExcluded',
};

const fromItem = (item: Record<string, unknown>): StoredImport => {
  const { pk: _pk, sk: _sk, entity: _e, gsi1pk: _g, gsi1sk: _s, expiresAt: _x, ...rest } = item;
  const written = Object.fromEntries(
    importOutcomes.map((outcome) => [outcome, Number(item[outcomeAttribute[outcome]] ?? 0)]),
  ) as ImportOutcomeCounts;
  for (const attribute of Object.values(outcomeAttribute)) delete (rest as Record<string, unknown>)[attribute];
  return { ...(rest as unknown as StoredImport), written };
};

const toItem = (job: StoredImport): Record<string, unknown> => {
  const { written, ...rest } = job;
  return {
    ...importKey(job.importId),
    entity: 'import',
    gsi1pk: 'IMPORTS',
    gsi1sk: `${job.createdAt}#${job.importId}`,
    expiresAt: epochSeconds(new Date(job.createdAt)) + RETENTION_SECONDS,
    ...rest,
    ...Object.fromEntries(importOutcomes.map((outcome) => [outcomeAttribute[outcome], written[outcome]])),
  };
};

export const putImport = (job: StoredImport): Promise<void> => putNewItem(toItem(job));

export const getImport = async (id: string): Promise<StoredImport | undefined> => {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: importKey(id), ConsistentRead: true }),
  );
  return Item && Number(Item.expiresAt ?? Infinity) > epochSeconds() ? fromItem(Item) : undefined;
};

/** The latest imports, newest first (gsi1; eventually consistent). */
export const listImports = async (limit: number): Promise<StoredImport[]> => {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      FilterExpression: 'expiresAt > :now',
      ExpressionAttributeValues: { ':pk': 'IMPORTS', ':now': epochSeconds() },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return Items.map(fromItem);
};

/** SET for each given attribute, as one UpdateExpression's parts. */
const setParts = (fields: Record<string, unknown>, prefix = 's') => {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = Object.entries(fields).map(([name, value], index) => {
    names[`#${prefix}${index}`] = name;
    values[`:${prefix}${index}`] = value;
    return `#${prefix}${index} = :${prefix}${index}`;
  });
  return { sets, names, values };
};

/** Updates an import if `condition` holds; false (nothing written) when it does not. */
const updateIf = async (
  id: string,
  fields: Record<string, unknown>,
  condition: string,
  conditionValues: Record<string, unknown>,
  extra: { add?: Record<string, number> } = {},
): Promise<StoredImport | undefined> => {
  const { sets, names, values } = setParts(fields);
  const adds = Object.entries(extra.add ?? {}).map(([name, value], index) => {
    names[`#a${index}`] = name;
    values[`:a${index}`] = value;
    return `#a${index} :a${index}`;
  });
  return conditionalOutcome(
    async () => {
      const { Attributes } = await dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: importKey(id),
          UpdateExpression: [sets.length ? `SET ${sets.join(', ')}` : '', adds.length ? `ADD ${adds.join(', ')}` : '']
            .filter(Boolean)
            .join(' '),
          ConditionExpression: `attribute_exists(pk) AND ${condition}`,
          ExpressionAttributeNames: { ...names, ...(condition.includes('#state') && { '#state': 'state' }) },
          ExpressionAttributeValues: { ...values, ...conditionValues },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return fromItem(Attributes!);
    },
    () => undefined,
  );
};

export type PreviewResult = Pick<
  StoredImport,
  | 'sheetName'
  | 'headerRow'
  | 'columns'
  | 'ignoredColumns'
  | 'rowsTotal'
  | 'preview'
  | 'warnings'
  | 'sliceCounts'
  | 'sliceFirstRows'
  | 'createCount'
  | 'previewRevision'
  | 'previewKey'
  | 'previewTimings'
>;

/** Stores a finished preview, if the import still waits for this one. */
export const savePreview = (id: string, previewVersion: number, result: PreviewResult, now: Date) =>
  updateIf(
    id,
    { ...result, state: 'previewed', error: null, message: null, previewedAt: now.toISOString() },
    '#state = :previewing AND previewVersion = :version',
    { ':previewing': 'previewing', ':version': previewVersion },
  );

/** Ends a preview that could not be made, if the import still waits for this one. */
export const failPreview = (id: string, previewVersion: number, error: StoredImport['error'], now: Date) =>
  updateIf(
    id,
    { state: 'failed', error, message: error?.message ?? null, finishedAt: now.toISOString() },
    '#state = :previewing AND previewVersion = :version',
    { ':previewing': 'previewing', ':version': previewVersion },
  );

/** Asks for a new preview with other options; only before any commit started. */
export const previewAgain = (
  id: string,
  expectedVersion: number,
  options: Pick<StoredImport, 'columnChoices' | 'emptyCellsClear'>,
) =>
  updateIf(
    id,
    { ...options, state: 'previewing', previewVersion: expectedVersion + 1, error: null, message: null },
    'previewVersion = :version AND (#state = :previewed OR #state = :failed) AND commitRun = :zero',
    { ':version': expectedVersion, ':previewed': 'previewed', ':failed': 'failed', ':zero': 0 },
  );

/** The running commit's import (one at a time), if any. */
export const readImportSlot = async (): Promise<{ runningImportId?: string; runningSince?: string }> => {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: slotKey, ConsistentRead: true }));
  return {
    runningImportId: Item?.runningImportId as string | undefined,
    runningSince: Item?.runningSince as string | undefined,
  };
};

export interface CommitClaim {
  run: number;
  now: Date;
  committedBy: string;
  committedByUserId: string;
  /** The execution that runs the commit, when it is already known (the preview's own). */
  executionArn: string | null;
  excludedRows?: number[];
  firstNewId?: number;
  /** An import whose commit holds the slot but is known to be dead: it may be taken over. */
  takeOverFrom?: string;
}

/**
 * Starts (or restarts) the commit of an import: takes the catalogue's one commit slot (free,
 * already this import's, or held by `takeOverFrom`) and moves the import to committing under run
 * `claim.run`, on condition that its last run was `claim.run - 1` and it is previewed, or failed
 * or interrupted while committing. False when the slot or the import is not as expected.
 */
export const claimCommit = async (job: StoredImport, claim: CommitClaim): Promise<boolean> => {
  const first = claim.run === 1;
  const { sets, names, values } = setParts({
    state: 'committing',
    commitRun: claim.run,
    committedBy: claim.committedBy,
    committedByUserId: claim.committedByUserId,
    heartbeatAt: claim.now.toISOString(),
    executionArn: claim.executionArn,
    finishedAt: null,
    message: null,
    ...(first
      ? {
          commitStartedAt: claim.now.toISOString(),
          excludedRows: claim.excludedRows ?? [],
          firstNewId: claim.firstNewId ?? null,
          slicesDone: 0,
          rowsDone: 0,
          lastRow: null,
          conflictRows: [],
          checkedRevision: job.previewRevision,
          foreignParts: [],
          lastSliceUpdateIds: [],
        }
      : {}),
  });
  return conditionalWrite(() =>
    transact([
      {
        Update: {
          TableName: tableName(),
          Key: slotKey,
          UpdateExpression: 'SET runningImportId = :id, runningSince = :now, entity = :entity',
          ConditionExpression:
            'attribute_not_exists(runningImportId) OR runningImportId = :id OR runningImportId = :takeOver',
          ExpressionAttributeValues: {
            ':id': job.importId,
            ':now': claim.now.toISOString(),
            ':entity': 'import-slot',
            ':takeOver': claim.takeOverFrom ?? job.importId,
          },
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: importKey(job.importId),
          UpdateExpression: `SET ${sets.join(', ')}`,
          ConditionExpression: first
            ? 'commitRun = :previous AND #state = :previewed'
            : 'commitRun = :previous AND (#state = :failed OR #state = :committing)',
          ExpressionAttributeNames: { ...names, '#state': 'state' },
          ExpressionAttributeValues: {
            ...values,
            ':previous': claim.run - 1,
            ...(first ? { ':previewed': 'previewed' } : { ':failed': 'failed', ':committing': 'committing' }),
          },
        },
      },
    ]),
  );
};

/** Notes the execution that runs a preview (and, for the one-call import, its commit). */
export const setPreviewExecution = (id: string, previewVersion: number, executionArn: string) =>
  updateIf(id, { executionArn }, 'previewVersion = :version', { ':version': previewVersion });

/** Notes the execution that runs commit run `run` (for telling later whether it still runs). */
export const setCommitExecution = (id: string, run: number, executionArn: string) =>
  updateIf(id, { executionArn }, 'commitRun = :run', { ':run': run });

/** Notes why an import that was previewed could not go on (its commit could not start). */
export const noteImportMessage = (id: string, previewVersion: number, message: string) =>
  updateIf(id, { message }, 'previewVersion = :version', { ':version': previewVersion });

/** What one row of a group did: [row, outcome, component id (0: none), why (conflict, left out)]. */
export type GroupRowOutcome = [number, ImportOutcome, number, string?];

export interface CommittedGroup {
  slice: number;
  group: number;
  rows: GroupRowOutcome[];
}

const fromGroupItem = (item: Record<string, unknown>): CommittedGroup => ({
  slice: Number(item.slice),
  group: Number(item.group),
  rows: item.rows as GroupRowOutcome[],
});

/** The groups committed of slices `from` to `to` (inclusive), in order. */
export const listCommittedGroups = async (id: string, from: number, to: number): Promise<CommittedGroup[]> =>
  (
    await queryAll({
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': `IMPORT#${id}`,
        ':from': groupSortKey(from, 0),
        ':to': groupSortKey(to, 999),
      },
      ConsistentRead: true,
    })
  ).map(fromGroupItem);

/**
 * The transaction items that record a group as committed: the group's marker (only if it is not
 * there yet) and the import's progress (counts per outcome, rows done, the last row, conflicts),
 * only while this run is the import's current commit. Put them in the transaction that writes
 * the group's parts.
 */
export const groupCommitItems = (
  id: string,
  run: number,
  group: CommittedGroup,
  now: Date,
): [TransactItem, TransactItem] => {
  const counts = new Map<ImportOutcome, number>();
  for (const [, outcome] of group.rows) counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
  const conflicts = group.rows.filter(([, outcome]) => outcome === 'conflict').map(([row]) => row);
  const names: Record<string, string> = { '#state': 'state' };
  const values: Record<string, unknown> = {
    ':run': run,
    ':committing': 'committing',
    ':rows': group.rows.length,
    ':lastRow': group.rows.at(-1)?.[0] ?? null,
    ':now': now.toISOString(),
  };
  const adds = ['rowsDone :rows'];
  [...counts].forEach(([outcome, count], index) => {
    names[`#o${index}`] = outcomeAttribute[outcome];
    values[`:o${index}`] = count;
    adds.push(`#o${index} :o${index}`);
  });
  const sets = ['lastRow = :lastRow', 'heartbeatAt = :now'];
  if (conflicts.length) {
    sets.push('conflictRows = list_append(conflictRows, :conflicts)');
    values[':conflicts'] = conflicts;
  }
  return [
    {
      Put: {
        TableName: tableName(),
        Item: {
          pk: `IMPORT#${id}`,
          sk: groupSortKey(group.slice, group.group),
          entity: 'import-group',
          slice: group.slice,
          group: group.group,
          run,
          rows: group.rows,
          committedAt: now.toISOString(),
          expiresAt: epochSeconds(now) + RETENTION_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: importKey(id),
        UpdateExpression: `SET ${sets.join(', ')} ADD ${adds.join(', ')}`,
        ConditionExpression: 'commitRun = :run AND #state = :committing',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    },
  ];
};

/** Moves the commit on to the next slice, if this run is still at `slice`. */
export const finishSlice = (
  id: string,
  run: number,
  slice: number,
  fields: Pick<StoredImport, 'checkedRevision' | 'foreignParts' | 'lastSliceUpdateIds'>,
  now: Date,
) =>
  updateIf(
    id,
    { ...fields, slicesDone: slice + 1, heartbeatAt: now.toISOString() },
    'commitRun = :run AND #state = :committing AND slicesDone = :slice',
    { ':run': run, ':committing': 'committing', ':slice': slice },
  );

/** Ends a commit run (completed or failed) and frees the slot; undefined if that run is no longer current. */
export const finishCommit = async (
  id: string,
  run: number,
  result: { state: 'completed' | 'failed'; message: string; now: Date },
): Promise<StoredImport | undefined> => {
  const job = await updateIf(
    id,
    { state: result.state, message: result.message, finishedAt: result.now.toISOString() },
    'commitRun = :run AND #state = :committing',
    { ':run': run, ':committing': 'committing' },
  );
  // Only the current run frees the slot: an older one must not free it under a newer one.
  if (job) await releaseImportSlot(id);
  return job;
};

/** Frees the slot if this import holds it. */
export const releaseImportSlot = (id: string): Promise<void> => releaseSlot(slotKey, 'runningImportId', id);
