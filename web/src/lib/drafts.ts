import type { Draft } from '#shared/schemas/drafts';
import { useApiQuery } from './api-query';

/*
 * The signed-in person's drafts of the Add New Component form: listed on that form and on the
 * dashboard, so the one list is read here and both pages share it.
 */
export const DRAFTS_KEY = '/drafts';

/** GET /api/drafts: the caller's drafts, the one saved last first; undefined while loading. */
export const useDrafts = () => {
  const { data, error, isLoading } = useApiQuery<Draft[]>(DRAFTS_KEY);
  return { drafts: isLoading ? undefined : (data ?? []), error };
};
