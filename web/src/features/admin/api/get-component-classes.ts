import { useApiQuery } from '#web/lib/api-query.ts';

/** GET /api/components/classes: the catalogue's classes, for the batch filter. */
export const useComponentClasses = () => {
  const { data } = useApiQuery<string[]>('/components/classes');
  return Array.isArray(data) ? data : [];
};
