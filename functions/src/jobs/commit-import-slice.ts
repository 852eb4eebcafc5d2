import { commitImportSliceTask } from '#services/import/import-tasks';

/** Import state machine: commit the next slice of rows; `done` when none is left. */
export const handler = async (input: { importId: string; run: number }) => commitImportSliceTask(input);
