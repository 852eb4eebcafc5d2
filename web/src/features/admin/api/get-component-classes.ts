import useSWR from 'swr';

/** GET /api/components/classes: the catalogue's classes, for the batch filter. */
export const useComponentClasses = () => {
  const { data } = useSWR<string[] | null>('/components/classes');
  return Array.isArray(data) ? data : [];
};
