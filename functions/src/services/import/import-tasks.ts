import { IMPORT_MAX_BYTES } from '#shared/schemas/files';
import { IMPORT_SLICE_ROWS } from '#shared/schemas/import';
import { messages } from '#shared/messages';
import { chunk, inParallel } from '#lib/concurrency';
import { Conflict, DomainError, Invalid } from '#lib/errors';
import { logger } from '#lib/logger';
import { recordMetric } from '#lib/metrics';
import { readCatalogueRevision } from '#repositories/catalogue';
import { getComponents, listComponentIdentities } from '#repositories/components';
import { listLinks } from '#repositories/links';
import { failPreview, finishCommit, getImport, noteImportMessage, savePreview } from '#repositories/import-jobs';
import { readFile } from '../file-store';
import { commitNextSlice } from './commit';
import { commitImportLinks } from './commit-links';
import { beginCommit, stoppedMessage } from './commit-slot';
import { previewPrefix, writePreviewSlice } from './import-files';
import { IdentityIndex } from './part-identity';
import { buildPreview } from './preview';

/*
 * The import state machine's tasks: preview a kept workbook, commit its next slice, and end a
 * preview or a commit (failed with the error that outlasted the retries, or completed).
 */

const since = (start: number) => Math.round(performance.now() - start);

/**
 * Task 'Preview the workbook': reads the kept workbook, lists the catalogue's parts (identities
 * only), builds and stores the preview. A workbook the rules refuse ends the import as failed
 * with the reason; for the one-call import the commit then starts in the same execution.
 */
export const previewImportTask = async (input: {
  importId: string;
  previewVersion: number;
}): Promise<{ commitRun?: number }> => {
  const job = await getImport(input.importId);
  if (!job || job.state !== 'previewing' || job.previewVersion !== input.previewVersion) return {};
  try {
    let start = performance.now();
    const stored = await readFile(job.workbookKey, IMPORT_MAX_BYTES);
    if (!stored || !('bytes' in stored)) throw new Invalid(messages.uploadMissing);
    const read = since(start);

    start = performance.now();
    // The revision first: whatever changes after it is in the change log the commit reads.
    const { revision } = await readCatalogueRevision();
    const catalogue = new IdentityIndex(await listComponentIdentities());
    const catalogueMs = since(start);

    const preview = await buildPreview({
      bytes: stored.bytes,
      choices: job.columnChoices,
      emptyCellsClear: job.emptyCellsClear,
      catalogue,
      readParts: (ids) => getComponents(ids),
      existingLinks: async (ids) => new Set((await inParallel(ids, 8, listLinks)).flat().map((link) => link.linkId)),
    });

    start = performance.now();
    const prefix = previewPrefix(job.importId, job.previewVersion);
    await inParallel([...chunk(preview.rows, IMPORT_SLICE_ROWS).entries()], 8, ([slice, rows]) =>
      writePreviewSlice(prefix, slice, rows),
    );
    const store = since(start);

    const saved = await savePreview(
      job.importId,
      job.previewVersion,
      {
        sheetName: preview.sheetName,
        headerRow: preview.headerRow,
        columns: preview.columns,
        ignoredColumns: preview.ignoredColumns,
        rowsTotal: preview.rows.length,
        preview: preview.counts,
        warnings: preview.warnings,
        sliceCounts: preview.sliceCounts,
        sliceFirstRows: preview.sliceFirstRows,
        createCount: preview.createCount,
        previewRevision: revision,
        previewKey: prefix,
        previewTimings: {
          read,
          parse: preview.timings.parse,
          validate: preview.timings.validate,
          duplicates: catalogueMs + preview.timings.duplicates,
          store,
        },
      },
      new Date(),
    );
    if (!saved || !saved.autoCommit) return {};
    try {
      const commitRun = await beginCommit(
        saved,
        { committedBy: saved.createdBy, committedByUserId: saved.createdByUserId },
        { excludedRows: [], executionArn: saved.executionArn },
      );
      return { commitRun };
    } catch (error) {
      if (!(error instanceof Conflict)) throw error;
      await noteImportMessage(saved.importId, saved.previewVersion, error.message);
      return {};
    }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    await failPreview(
      job.importId,
      job.previewVersion,
      { status: error.statusCode, message: error.message, ...(error.fields && { fields: error.fields }) },
      new Date(),
    );
    return {};
  }
};

/** Task 'Commit a slice': the import's next slice under run `run`. */
export const commitImportSliceTask = async (input: { importId: string; run: number }) => {
  const job = await getImport(input.importId);
  if (!job) return { done: true };
  return commitNextSlice(job, input.run);
};

/** Tasks that end a preview or a commit: failed (with the error that outlasted the retries) or completed. */
export const finishImportTask = async (input: {
  importId: string;
  step: 'preview' | 'commit';
  run?: number;
  previewVersion?: number;
  error?: { Error?: string; Cause?: string };
}) => {
  const now = new Date();
  if (input.step === 'preview') {
    logger.error('import preview failed', {
      importId: input.importId,
      error: input.error?.Error,
      cause: input.error?.Cause,
    });
    await failPreview(
      input.importId,
      input.previewVersion ?? 0,
      { status: 500, message: messages.importPreviewFailed },
      now,
    );
    return { state: 'failed' };
  }
  const job = await getImport(input.importId);
  if (!job || job.commitRun !== input.run) return { state: job?.state ?? 'gone' };
  if (input.error)
    logger.error('import commit stopped', {
      importId: input.importId,
      error: input.error.Error,
      cause: input.error.Cause,
    });
  // The rows' links once every row is written (a link may name a part a later row adds).
  const links = input.error ? 0 : await commitImportLinks(job);
  const ended = await finishCommit(input.importId, input.run, {
    state: input.error ? 'failed' : 'completed',
    message: input.error
      ? stoppedMessage(job)
      : `${messages.importSummary(job.written)}${links ? messages.importLinksMade(links) : ''}`,
    now,
  });
  if (ended) {
    const details = { importId: ended.importId, fileName: ended.fileName };
    if (ended.state === 'completed') recordMetric('ImportsCompleted', 1, details);
    recordMetric('ImportedComponents', ended.written.created + ended.written.updated, details);
    recordMetric('ImportRowsRejected', ended.written.skipped + ended.written.conflict, details);
  }
  return {
    state: ended?.state ?? job.state,
    rowsDone: ended?.rowsDone ?? job.rowsDone,
    written: ended?.written ?? job.written,
  };
};
