import { RECENT_IMAGES_DEFAULT_LIMIT, type RecentImage } from '#shared/schemas/images';
import { useApiQuery } from '#web/lib/api-query.ts';

export const RECENT_IMAGES_KEY = `/admin/recent-images?limit=${RECENT_IMAGES_DEFAULT_LIMIT}`;

/** GET /api/admin/recent-images?limit=10: the newest distributor images, best confidence first. */
export const useRecentImages = () => {
  const { data, error, isLoading, reload } = useApiQuery<RecentImage[]>(RECENT_IMAGES_KEY);
  return { images: data, error, isLoading, reload };
};
