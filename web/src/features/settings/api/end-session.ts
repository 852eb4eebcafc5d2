import { useSWRConfig } from 'swr';
import type { SessionSummary } from '#shared/schemas/sessions';
import { api } from '#web/lib/api-client.ts';
import { SESSIONS_KEY } from './get-sessions';

/** DELETE /api/sessions/{id}: signs out one of the caller's other sessions. */
export const endSession = (id: string) => api.delete<{ message: string }>(`/sessions/${encodeURIComponent(id)}`);

/** Ends the session, takes it off the list at once, then reads the list again. */
export const useEndSession = () => {
  const { mutate } = useSWRConfig();
  return async (id: string) => {
    await endSession(id);
    await mutate<SessionSummary[] | null>(SESSIONS_KEY, (list) => list?.filter((session) => session.id !== id), {
      revalidate: true,
    });
  };
};
