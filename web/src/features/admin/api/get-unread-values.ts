import { useApiQuery } from '#web/lib/api-query.ts';
import type { UnreadValue } from '#shared/schemas/component';

export const UNREAD_VALUES_KEY = '/admin/unread-values';

/** GET /api/admin/unread-values: current and wire texts no number could be read from. */
export const useUnreadValues = () => {
  const { data, error, isLoading } = useApiQuery<UnreadValue[]>(UNREAD_VALUES_KEY);
  return { rows: data, error, isLoading };
};
