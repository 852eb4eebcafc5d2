import { useEffect } from 'react';
import { api } from '#web/lib/api-client.ts';
import { isRecentComponentsKey, useInvalidate } from '#web/lib/query-keys.ts';

/**
 * POST /api/components/{id}/view `{ userId }` once the page opens a component; a
 * failure is only logged. The dashboard's recent list is read again afterwards.
 */
export const useRecordView = (componentId: number | undefined, userId: string | undefined) => {
  const invalidate = useInvalidate();
  useEffect(() => {
    // The route guard has loaded the user by now; the documented body names them (the server reads the session).
    if (componentId === undefined || userId === undefined) return;
    api
      .post(`/components/${componentId}/view`, { userId })
      .then(() => invalidate(isRecentComponentsKey))
      .catch((error: unknown) => console.error('Could not record the view', error));
    // One view per opened component, not again on each render (`invalidate` is stable).
  }, [componentId, userId, invalidate]);
};
