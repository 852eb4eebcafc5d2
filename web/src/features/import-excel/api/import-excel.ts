import { useCallback } from 'react';
import useSWR from 'swr';
import type { ImportAction, ImportJob, ImportJobList, ImportJobResponse } from '#shared/schemas/import';
import type { CatalogueField } from '#shared/schemas/component';
import { api } from '#web/lib/api-client.ts';
import { isCatalogueKey, isCatalogueStatsKey, keysOf, useInvalidate } from '#web/lib/query-keys.ts';
import { uploadFile } from '#web/lib/upload-file.ts';

export type ImportStage = 'uploading' | 'previewing';

/** Rows of the report shown per page. */
export const ROWS_PER_PAGE = 50;
/** How often a preview or a commit in progress is read. */
export const IMPORT_POLL_MS = 1000;

export type RowFilter = ImportAction | 'conflict' | 'all';

/** A job still moving: its page is read again every second. */
export const isMoving = (job: Pick<ImportJob, 'state'> | undefined): boolean =>
  job?.state === 'previewing' || job?.state === 'committing';

const IMPORTS_KEY = '/imports';

export const importKey = (importId: string, filter: RowFilter, offset: number): string =>
  `${IMPORTS_KEY}/${importId}?${new URLSearchParams({
    ...(filter === 'all' ? {} : { filter }),
    offset: String(offset),
    limit: String(ROWS_PER_PAGE),
  })}`;

/** Every page read of one import. */
export const importPagesOf = (importId: string) => keysOf(`${IMPORTS_KEY}/${importId}`);

/** GET /api/imports/{id}: the import with one page of its rows, read every second while it moves. */
export const useImport = (importId: string | null, filter: RowFilter, offset: number) => {
  const { data, error, mutate } = useSWR<ImportJobResponse>(importId ? importKey(importId, filter, offset) : null, {
    refreshInterval: (latest) => (isMoving(latest) ? IMPORT_POLL_MS : 0),
    // The app's 5-minute deduplication would swallow every poll.
    dedupingInterval: 0,
    keepPreviousData: true,
  });
  return { job: data, error: error as unknown, reload: () => mutate() };
};

/** GET /api/imports: the latest imports, to come back to one that is not finished. */
export const useRecentImports = (enabled: boolean) => {
  const { data, error } = useSWR<ImportJobList>(enabled ? IMPORTS_KEY : null, { dedupingInterval: 0 });
  return { imports: data?.imports, error: error as unknown };
};

/** Reads the component lists, the dashboard's counts and the imports again (after a commit). */
export const useRefreshCatalogue = () => {
  const invalidate = useInvalidate();
  return useCallback(() => invalidate(isCatalogueKey, isCatalogueStatsKey, keysOf(IMPORTS_KEY)), [invalidate]);
};

/** Uploads a workbook straight to S3 and asks for its preview (`mode: 'preview'`). */
export const previewWorkbook = async (
  file: File,
  onStage: (stage: ImportStage) => void,
): Promise<ImportJobResponse> => {
  onStage('uploading');
  // Straight to S3: a 20 MB workbook cannot pass through a Lambda.
  const uploadKey = await uploadFile(file, 'import');
  onStage('previewing');
  return api.post<ImportJobResponse>('/import-excel', { fileName: file.name, uploadKey, mode: 'preview' });
};

/** PATCH /api/imports/{id}: another field for a column, or the empty-cells option; previews again. */
export const changeImport = (
  importId: string,
  change: { columns?: Record<string, CatalogueField | null>; emptyCellsClear?: boolean },
) => api.patch<ImportJobResponse>(`/imports/${importId}`, change);

/** POST /api/imports/{id}/commit: commits the previewed rows but those left out (or resumes). */
export const commitImport = (importId: string, excludeRows: readonly number[]) =>
  api.post<ImportJob>(`/imports/${importId}/commit`, { excludeRows });

/** Every row of the report, page after page (for the downloaded report). */
export const fetchAllRows = async (importId: string, total: number) => {
  const rows: ImportJobResponse['rows'] = [];
  for (let offset = 0; offset < total; offset += 200) {
    const page = await api.get<ImportJobResponse>(`/imports/${importId}?offset=${offset}&limit=200`);
    rows.push(...page.rows);
    if (page.rows.length === 0) break;
  }
  return rows;
};
