import { StartExecutionCommand } from '@aws-sdk/client-sfn';
import { ulid } from 'ulid';
import { messages } from '#shared/messages';
import { IMPORT_MAX_BYTES } from '#shared/schemas/files';
import {
  IMPORT_SLICE_ROWS,
  importActions,
  importOutcomes,
  type ImportCommitInput,
  type ImportExcelInput,
  type ImportJob,
  type ImportJobList,
  type ImportJobResponse,
  type ImportOptionsInput,
  type ImportResult,
  type ImportRowProblem,
  type ImportRowReport,
  type ImportRowsQuery,
} from '#shared/schemas/import';
import { sfn } from '#lib/clients';
import { config } from '#lib/config';
import { Conflict, Invalid, NotFound, TooLarge, Unavailable, type DomainError } from '#lib/errors';
import {
  finishCommit,
  getImport,
  listCommittedGroups,
  listImports,
  previewAgain,
  putImport,
  setCommitExecution,
  setPreviewExecution,
  type StoredImport,
} from '#repositories/import-jobs';
import { inParallel, sleep } from '#lib/concurrency';
import type { User } from '#repositories/users';
import { displayName } from '../user-names';
import { sanitiseFileName } from '../file-names';
import { deleteFileQuietly, putFile } from '../file-store';
import { decodeInlineFile, readUpload } from '../uploads';
import { beginCommit, committer, settleDeadCommit, stoppedMessage } from './commit-slot';
import { readPreviewSlice, workbookKey } from './import-files';
import { applyColumnChoices } from './read-workbook';
import { reportOf, type PreviewRow } from './preview';
import { checkWorkbookBytes } from './workbook-guard';

/*
 * Excel imports as jobs, in idempotent and resumable slices. `POST /api/import-excel` checks the file is a
 * workbook, keeps it under imports/<id>/ and starts the import state machine's preview; with
 * `mode: 'preview'` the answer is the preview, otherwise (the documented one-call import) the preview is
 * committed straight away and the answer is the documented `{ message, count, rejected }`. Both wait
 * for the job a while (IMPORT_WAIT_MS) and answer 202 with the import id if it is not done yet.
 * `PATCH /api/imports/{id}` previews again with other columns; `POST /api/imports/{id}/commit`
 * commits (or resumes a commit that stopped); `GET /api/imports/{id}` answers the progress, the
 * exact counts and a page of the row report. One commit runs at a time per catalogue.
 */

const RECENT_IMPORTS = 20;

const stateMachineArn = (): string => {
  const arn = config().IMPORT_JOBS_STATE_MACHINE_ARN;
  if (!arn) throw new Unavailable(messages.importJobsNotSetUp);
  return arn;
};

const zeroCounts = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;

const toJob = (job: StoredImport): ImportJob => ({
  importId: job.importId,
  fileName: job.fileName,
  state: job.state,
  createdAt: job.createdAt,
  createdBy: job.createdBy,
  sheetName: job.sheetName,
  headerRow: job.headerRow,
  emptyCellsClear: job.emptyCellsClear,
  columns: job.columns,
  ignoredColumns: job.ignoredColumns,
  rowsTotal: job.rowsTotal,
  preview: job.preview,
  warnings: job.warnings,
  rowsDone: job.rowsDone,
  written: job.written,
  excludedRows: job.excludedRows,
  commitStartedAt: job.commitStartedAt,
  finishedAt: job.finishedAt,
  message: job.message,
});

/**
 * Starts an execution of the import state machine; its ARN. Each execution is named for its import
 * and step, so a start the client retried after its first attempt went through (a slow answer)
 * finds the execution there already: that one is this start's.
 */
export const startExecution = async (name: string, input: Record<string, unknown>): Promise<string> => {
  const machine = stateMachineArn();
  try {
    const { executionArn } = await sfn().send(
      new StartExecutionCommand({ stateMachineArn: machine, name, input: JSON.stringify(input) }),
    );
    return executionArn!;
  } catch (error) {
    if (!(error instanceof Error && error.name === 'ExecutionAlreadyExists')) throw error;
    return `${machine.replace(':stateMachine:', ':execution:')}:${name}`;
  }
};

/** The error a failed preview answers with, as the synchronous import answered it. */
const previewError = (job: StoredImport): DomainError => {
  const error = job.error ?? { status: 500, message: messages.importPreviewFailed };
  if (error.status === 413) return new TooLarge(error.message, error.fields);
  if (error.status === 400) return new Invalid(error.message, error.fields);
  return new Unavailable(error.message);
};

/** Reads the import again until `ready` says so or the wait is over. */
const waitFor = async (importId: string, ready: (job: StoredImport) => boolean): Promise<StoredImport> => {
  const until = Date.now() + config().IMPORT_WAIT_MS;
  let pause = 100;
  for (;;) {
    const job = await getImport(importId);
    if (!job) throw new NotFound(messages.importNotFound);
    if (ready(job) || Date.now() + pause > until) return job;
    await sleep(pause);
    pause = Math.min(500, pause * 2);
  }
};

// ---------------------------------------------------------------------------------------------
// The row report.

/** Each row of these slices with what its commit did, if it was committed. */
const rowsOfSlices = async (job: StoredImport, slices: readonly number[]): Promise<ImportRowReport[]> => {
  if (slices.length === 0 || !job.previewKey) return [];
  const [previews, groups] = await Promise.all([
    inParallel(slices, 8, (slice) => readPreviewSlice(job.previewKey!, slice)),
    job.commitRun > 0 ? listCommittedGroups(job.importId, slices[0]!, slices.at(-1)!) : Promise.resolve([]),
  ]);
  const outcomes = new Map(groups.flatMap((group) => group.rows.map((outcome) => [outcome[0], outcome] as const)));
  return previews.flat().map((row: PreviewRow) => {
    const report = reportOf(row);
    const outcome = outcomes.get(row.row);
    if (!outcome) return report;
    const [, done, componentId, message] = outcome;
    return {
      ...report,
      outcome: done,
      outcomeMessage: message ?? null,
      componentId: componentId > 0 ? componentId : report.componentId,
    };
  });
};

const sliceOfRow = (job: StoredImport, row: number): number => {
  let low = 0;
  let high = job.sliceFirstRows.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (job.sliceFirstRows[middle]! <= row) low = middle;
    else high = middle - 1;
  }
  return low;
};

/** One page of the row report, all rows or those of one action (or the conflicts). */
const rowsPage = async (
  job: StoredImport,
  query: ImportRowsQuery,
): Promise<{ rows: ImportRowReport[]; rowsMatching: number }> => {
  if (job.state === 'previewing' || (job.state === 'failed' && !job.previewKey)) return { rows: [], rowsMatching: 0 };
  const { filter, offset, limit } = query;
  if (filter === undefined) {
    const slices: number[] = [];
    const last = Math.min(job.rowsTotal, offset + limit) - 1;
    for (let slice = Math.floor(offset / IMPORT_SLICE_ROWS); slice <= Math.floor(last / IMPORT_SLICE_ROWS); slice++)
      slices.push(slice);
    const rows = limit === 0 || offset >= job.rowsTotal ? [] : await rowsOfSlices(job, slices);
    const first = slices.length ? slices[0]! * IMPORT_SLICE_ROWS : 0;
    return { rows: rows.slice(offset - first, offset - first + limit), rowsMatching: job.rowsTotal };
  }
  if (filter === 'conflict') {
    const wanted = job.conflictRows.slice(offset, offset + limit);
    const slices = [...new Set(wanted.map((row) => sliceOfRow(job, row)))].sort((a, b) => a - b);
    const set = new Set(wanted);
    const rows = (await rowsOfSlices(job, slices)).filter((row) => set.has(row.row));
    return { rows, rowsMatching: job.conflictRows.length };
  }
  const position = importActions.indexOf(filter);
  const perSlice = job.sliceCounts.map((counts) => counts[position] ?? 0);
  const rowsMatching = perSlice.reduce((sum, count) => sum + count, 0);
  if (limit === 0) return { rows: [], rowsMatching };
  // The slices holding the matching rows offset .. offset + limit.
  const slices: number[] = [];
  let before = 0;
  let skip = 0;
  for (const [slice, count] of perSlice.entries()) {
    if (before + count > offset && before < offset + limit) {
      if (slices.length === 0) skip = offset - before;
      slices.push(slice);
    }
    before += count;
  }
  const rows = (await rowsOfSlices(job, slices)).filter((row) => row.action === filter);
  return { rows: rows.slice(skip, skip + limit), rowsMatching };
};

/** The documented answer for an import that ended (or still runs, 202). */
const importResult = async (job: StoredImport): Promise<ImportResult> => {
  const errors: ImportRowProblem[] = [];
  const warnings: ImportRowProblem[] = [];
  if (job.state === 'completed' && job.previewKey) {
    const slices = Array.from({ length: Math.ceil(job.rowsTotal / IMPORT_SLICE_ROWS) }, (_, index) => index);
    for (const row of await rowsOfSlices(job, slices)) {
      for (const note of row.reasons) errors.push({ row: row.row, reference: row.reference, ...note });
      if (row.outcome === 'conflict' || row.outcome === 'excluded')
        errors.push({ row: row.row, reference: row.reference, field: 'reference', message: row.outcomeMessage ?? '' });
      for (const note of row.warnings) warnings.push({ row: row.row, reference: row.reference, ...note });
    }
  }
  const { written } = job;
  const rejected = written.skipped + written.conflict + written.excluded;
  return {
    message: job.state === 'completed' ? messages.importSummary(written) : messages.importInBackground(job.rowsTotal),
    count: written.created,
    rejected,
    updated: written.updated,
    unchanged: written.unchanged,
    errors,
    warnings,
    ignoredColumns: job.ignoredColumns,
    sheetName: job.sheetName ?? '',
    importId: job.importId,
    state: job.state,
  };
};

export interface ImportAnswer<T> {
  status: 200 | 202;
  body: T;
  /** Milliseconds per phase of the preview (and the commit), for the Server-Timing header. */
  timings: Record<string, number>;
}

const timingPhases = ['read', 'parse', 'validate', 'duplicates', 'store', 'write'] as const;

/** The phases in the order they run (the table keeps a map's keys in no order). */
const timingsOf = (job: StoredImport, extra: Record<string, number> = {}): Record<string, number> => {
  const all: Record<string, number | undefined> = { ...job.previewTimings, ...extra };
  return Object.fromEntries(timingPhases.flatMap((phase) => (all[phase] === undefined ? [] : [[phase, all[phase]]])));
};

/**
 * `POST /api/import-excel`: the workbook checked, kept, and previewed by the state machine; the
 * documented call also commits it. Answers when the job got there, or 202 with its id meanwhile.
 */
export const startImport = async (
  user: User,
  input: ImportExcelInput,
): Promise<ImportAnswer<ImportResult | ImportJobResponse>> => {
  stateMachineArn();
  const fileName = sanitiseFileName(input.fileName);
  const started = Date.now();
  const bytes =
    input.uploadKey !== undefined
      ? await readUpload(user, input.uploadKey, IMPORT_MAX_BYTES, messages.excelTooLarge)
      : decodeInlineFile(input.fileData ?? '');
  const importId = ulid();
  const key = workbookKey(importId, fileName);
  try {
    checkWorkbookBytes(bytes);
    await putFile(key, bytes, { contentType: 'application/octet-stream', fileName });
  } finally {
    // The upload was for this import only; whatever became of it, it is not kept.
    if (input.uploadKey !== undefined) await deleteFileQuietly(input.uploadKey, 'an imported workbook');
  }
  const now = new Date();
  await putImport({
    importId,
    fileName,
    workbookKey: key,
    state: 'previewing',
    createdAt: now.toISOString(),
    createdBy: displayName(user),
    createdByUserId: user.id,
    autoCommit: input.mode === 'import',
    emptyCellsClear: input.emptyCellsClear,
    columnChoices: {},
    previewVersion: 1,
    sheetName: null,
    headerRow: null,
    columns: [],
    ignoredColumns: [],
    rowsTotal: 0,
    preview: zeroCounts(importActions),
    warnings: 0,
    sliceCounts: [],
    sliceFirstRows: [],
    createCount: 0,
    previewRevision: 0,
    previewKey: null,
    previewTimings: {},
    error: null,
    commitRun: 0,
    committedBy: null,
    committedByUserId: null,
    executionArn: null,
    excludedRows: [],
    firstNewId: null,
    slicesDone: 0,
    rowsDone: 0,
    written: zeroCounts(importOutcomes),
    lastRow: null,
    conflictRows: [],
    checkedRevision: 0,
    foreignParts: [],
    lastSliceUpdateIds: [],
    heartbeatAt: null,
    commitStartedAt: null,
    finishedAt: null,
    message: null,
  });
  const executionArn = await startExecution(`${importId}-preview-1`, {
    importId,
    step: 'preview',
    previewVersion: 1,
  });
  await setPreviewExecution(importId, 1, executionArn);
  const read = Date.now() - started;

  if (input.mode === 'preview') {
    const job = await waitFor(importId, (current) => current.state !== 'previewing');
    if (job.state === 'failed') throw previewError(job);
    return {
      status: job.state === 'previewing' ? 202 : 200,
      body: { ...toJob(job), ...(await rowsPage(job, { offset: 0, limit: 50 })), offset: 0, limit: 50 },
      timings: timingsOf(job, { read }),
    };
  }
  const commitStarted = Date.now();
  const job = await waitFor(
    importId,
    (current) =>
      current.state === 'completed' ||
      current.state === 'failed' ||
      (current.state === 'previewed' && current.message !== null),
  );
  if (job.state === 'failed' && job.commitRun === 0) throw previewError(job);
  if (job.state === 'previewed' && job.message) throw new Conflict(job.message);
  if (job.state === 'failed') throw new Unavailable(job.message ?? stoppedMessage(job));
  return {
    status: job.state === 'completed' ? 200 : 202,
    body: await importResult(job),
    timings: timingsOf(job, { read, write: Date.now() - commitStarted }),
  };
};

/** `GET /api/imports/{id}`: the import, its progress and counts, and one page of its rows. */
export const getImportReport = async (importId: string, query: ImportRowsQuery): Promise<ImportJobResponse> => {
  const stored = await getImport(importId);
  if (!stored) throw new NotFound(messages.importNotFound);
  const job = await settleDeadCommit(stored);
  return { ...toJob(job), ...(await rowsPage(job, query)), offset: query.offset, limit: query.limit };
};

/** `GET /api/imports`: the latest imports, newest first. */
export const listRecentImports = async (): Promise<ImportJobList> => ({
  imports: (await listImports(RECENT_IMPORTS)).map(toJob),
});

/** `PATCH /api/imports/{id}`: other fields for some columns, or the empty-cells option; previews again. */
export const changeImportOptions = async (
  importId: string,
  input: ImportOptionsInput,
): Promise<ImportAnswer<ImportJobResponse>> => {
  const job = await getImport(importId);
  if (!job) throw new NotFound(messages.importNotFound);
  if (job.commitRun > 0 || job.state === 'previewing') throw new Conflict(messages.importMappingLocked);
  const columnChoices = { ...job.columnChoices, ...input.columns };
  // Checked here, so a choice that cannot be is refused before the preview is redone.
  if (job.columns.length)
    applyColumnChoices(
      job.columns.map((column) => ({ ...column, field: column.suggested })),
      columnChoices,
    );
  const changed = await previewAgain(importId, job.previewVersion, {
    columnChoices,
    emptyCellsClear: input.emptyCellsClear ?? job.emptyCellsClear,
  });
  if (!changed) throw new Conflict(messages.importMappingLocked);
  const executionArn = await startExecution(`${importId}-preview-${changed.previewVersion}`, {
    importId,
    step: 'preview',
    previewVersion: changed.previewVersion,
  });
  await setPreviewExecution(importId, changed.previewVersion, executionArn);
  const previewed = await waitFor(importId, (current) => current.state !== 'previewing');
  if (previewed.state === 'failed') throw previewError(previewed);
  return {
    status: previewed.state === 'previewing' ? 202 : 200,
    body: { ...toJob(previewed), ...(await rowsPage(previewed, { offset: 0, limit: 50 })), offset: 0, limit: 50 },
    timings: timingsOf(previewed),
  };
};

/**
 * `POST /api/imports/{id}/commit`: commits the previewed rows (but those left out), or resumes a
 * commit that stopped from where it stopped. Answers at once (202); the progress is in GET.
 */
export const commitImport = async (user: User, importId: string, input: ImportCommitInput): Promise<ImportJob> => {
  stateMachineArn();
  const stored = await getImport(importId);
  if (!stored) throw new NotFound(messages.importNotFound);
  const job = await settleDeadCommit(stored, true);
  if (job.state === 'committing') throw new Conflict(messages.importAlreadyCommitting);
  const resumable = job.state === 'failed' && job.commitRun > 0;
  if (job.state !== 'previewed' && !resumable) throw new Conflict(messages.importNotCommittable(job.state));
  const run = await beginCommit(job, committer(user), {
    executionArn: null,
    ...(!resumable && { excludedRows: input.excludeRows }),
  });
  try {
    const executionArn = await startExecution(`${importId}-commit-${run}`, { importId, step: 'commit', run });
    await setCommitExecution(importId, run, executionArn);
  } catch (error) {
    // Nothing was written: end the run as failed (it can be committed again) and say why.
    await finishCommit(importId, run, { state: 'failed', message: messages.serviceUnavailable, now: new Date() });
    throw error;
  }
  return toJob((await getImport(importId))!);
};

// ---------------------------------------------------------------------------------------------
// The state machine's tasks (functions/src/jobs).
