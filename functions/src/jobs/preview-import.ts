import { previewImportTask } from '#services/import/imports';

/** Import state machine: preview the workbook (and, for the one-call import, start its commit). */
export const handler = async (input: { importId: string; previewVersion: number }) => previewImportTask(input);
