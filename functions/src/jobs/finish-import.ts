import { finishImportTask } from '#services/import/import-tasks';

/** Import state machine: end a preview that failed, or a commit (completed or failed) with its exact counts. */
export const handler = async (input: Parameters<typeof finishImportTask>[0]) => finishImportTask(input);
