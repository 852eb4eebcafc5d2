import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '#web/lib/api-client.ts';

/** The dashboard's recent views (its key starts so; features do not import each other). */
const isRecentViews = (key: unknown): boolean => typeof key === 'string' && key.startsWith('/recent-components');

/**
 * POST /api/components/{id}/view `{ userId }` once the page opens a component; a
 * failure is only logged. The dashboard's recent list is read again afterwards.
 */
export const useRecordView = (componentId: number | undefined, userId: string | undefined) => {
  const { mutate } = useSWRConfig();
  useEffect(() => {
    // The route guard has loaded the user by now; the documented body names them (the server reads the session).
    if (componentId === undefined || userId === undefined) return;
    api
      .post(`/components/${componentId}/view`, { userId })
      .then(() => mutate(isRecentViews))
      .catch((error: unknown) => console.error('Could not record the view', error));
    // One view per opened component, not again on each render (`mutate` is stable).
  }, [componentId, userId, mutate]);
};
