import { useApiQuery } from '#web/lib/api-query.ts';
import type { ImageBatchResponse } from '#shared/schemas/images';

export const IMAGE_BATCH_KEY = '/admin/image-batch';
/** How often a running batch's progress is read. */
export const BATCH_POLL_MS = 1000;

/** GET /api/admin/image-batch: the running (else the latest) batch, read every second while one runs. */
export const useImageBatch = () => {
  const { data, error, isLoading, reload } = useApiQuery<ImageBatchResponse>(IMAGE_BATCH_KEY, {
    refreshInterval: (latest) => (latest?.batch?.status === 'running' ? BATCH_POLL_MS : 0),
  });
  return { batch: data?.batch ?? undefined, loaded: !isLoading && !error, error, reload };
};
