import { useSWRConfig } from 'swr';
import type { SessionSummary } from '#shared/schemas/sessions';
import { api } from '#web/lib/api-client.ts';
import { SESSIONS_KEY } from './get-sessions';

/** POST /api/sessions/end-others: signs out every session of the caller but this one. */
export const endOtherSessions = () => api.post<{ message: string }>('/sessions/end-others');

export const useEndOtherSessions = () => {
  const { mutate } = useSWRConfig();
  return async () => {
    await endOtherSessions();
    await mutate<SessionSummary[] | null>(SESSIONS_KEY, (list) => list?.filter((session) => session.current), {
      revalidate: true,
    });
  };
};
