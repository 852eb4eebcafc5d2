import { useApiQuery } from '../../../lib/api-query';

/** GET /api/components/classes: the catalogue's classes, for the batch filter. */
export const useComponentClasses = () => {
  const { data } = useApiQuery<string[]>('/components/classes');
  return Array.isArray(data) ? data : [];
};
