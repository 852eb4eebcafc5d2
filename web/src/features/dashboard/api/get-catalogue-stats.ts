import useSWR from 'swr';
import type { CatalogueStats } from '#shared/schemas/component';

export const CATALOGUE_STATS_KEY = '/stats';

/** GET /api/stats: the dashboard's four counts (ARCHITECTURE §13, instead of loading every component). */
export const useCatalogueStats = () => {
  const { data, error } = useSWR<CatalogueStats | null>(CATALOGUE_STATS_KEY);
  return { stats: data ?? undefined, error: error as unknown };
};
