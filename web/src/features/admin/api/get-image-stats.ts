import useSWR from 'swr';
import type { ImageStats } from '#shared/schemas/images';

export const IMAGE_STATS_KEY = '/admin/image-stats';

/** GET /api/admin/image-stats: coverage, success rate, the last processed parts and coverage per class. */
export const useImageStats = () => {
  const { data, error, isLoading, isValidating, mutate } = useSWR<ImageStats | null>(IMAGE_STATS_KEY);
  return { stats: data ?? undefined, error: error as unknown, isLoading, isValidating, reload: () => mutate() };
};
