import type { SessionSummary } from '#shared/schemas/sessions';
import { useApiQuery } from '#web/lib/api-query.ts';

export const SESSIONS_KEY = '/sessions';

/** GET /api/sessions: the caller's live sessions, the current one first and marked, then newest first. */
export const useSessions = () => {
  const { data, error, isLoading, mutate } = useApiQuery<SessionSummary[]>(SESSIONS_KEY);
  return { sessions: data, error, isLoading, mutate };
};
