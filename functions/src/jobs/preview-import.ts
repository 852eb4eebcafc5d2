import { previewImportTask } from '#services/import/import-tasks';

/** Import state machine: preview the workbook (and, for the one-call import, start its commit). */
export const handler = async (input: { importId: string; previewVersion: number }) => previewImportTask(input);
