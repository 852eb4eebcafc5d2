import { useApiQuery } from '#web/lib/api-query.ts';
import type { ImageStats } from '#shared/schemas/images';

export const IMAGE_STATS_KEY = '/admin/image-stats';
/** How often the counts are read while a batch runs, so the cards move with the progress line. */
export const STATS_POLL_MS = 5000;

/**
 * GET /api/admin/image-stats: coverage, success rate, the last processed parts and coverage per
 * class; read again every few seconds while `polling` (a batch is running).
 */
export const useImageStats = (polling = false) => {
  const { data, error, isLoading, isValidating, reload } = useApiQuery<ImageStats>(IMAGE_STATS_KEY, {
    refreshInterval: polling ? STATS_POLL_MS : 0,
  });
  return { stats: data, error, isLoading, isValidating, reload };
};
