import type { CatalogueStats } from '#shared/schemas/component';
import { useApiQuery } from '#web/lib/api-query.ts';
import { CATALOGUE_STATS_KEY } from '#web/lib/query-keys.ts';

/** GET /api/stats: the dashboard's four counts (counted by the server instead of loading every component). */
export const useCatalogueStats = () => {
  const { data, error } = useApiQuery<CatalogueStats>(CATALOGUE_STATS_KEY);
  return { stats: data, error };
};
