import { useSWRConfig } from 'swr';
import type { ImportResult } from '#shared/schemas/import';
import { api } from '../../../lib/api-client';
import { uploadFile } from '../../../lib/upload-file';

/** POST /api/import-excel `{ fileName, uploadKey }`. */
export const importWorkbook = (fileName: string, uploadKey: string) =>
  api.post<ImportResult>('/import-excel', { fileName, uploadKey });

/** Spec §7: the count comes from `count`, or from the message '{n} components added' when absent. */
export const importedCount = (result: Pick<ImportResult, 'count' | 'message'>): number =>
  typeof result.count === 'number'
    ? result.count
    : Number(/(\d+)\s+components?\s+added/i.exec(result.message ?? '')?.[1] ?? 0);

export type ImportStage = 'uploading' | 'importing';

/** Keys whose answers an import changes: the component lists and the dashboard's counts. */
const changedByImport = (key: unknown): boolean => {
  const path = Array.isArray(key) ? (key[0] as unknown) : key;
  return typeof path === 'string' && ['/components', '/stats'].some((prefix) => path.startsWith(prefix));
};

/** Uploads and imports a workbook, telling each stage; then the lists and counts are read again. */
export const useImportExcel = () => {
  const { mutate } = useSWRConfig();
  return async (file: File, onStage: (stage: ImportStage) => void): Promise<ImportResult> => {
    onStage('uploading');
    // Straight to S3 (ARCHITECTURE §7: a 20 MB workbook cannot pass through a Lambda).
    const uploadKey = await uploadFile(file, 'import');
    onStage('importing');
    const result = await importWorkbook(file.name, uploadKey);
    await mutate(changedByImport).catch(() => undefined);
    return result;
  };
};
