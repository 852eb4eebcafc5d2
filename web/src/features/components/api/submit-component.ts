import type { ComponentInput } from '#shared/schemas/component';
import { api } from '#web/lib/api-client.ts';
import { isApprovalRequestsKey, isCatalogueStatsKey, useInvalidate } from '#web/lib/query-keys.ts';

/** POST /api/components: files a `new` approval request; the component exists once an admin approves it. */
export const submitComponent = (input: Partial<ComponentInput>) =>
  api.post<{ requestId: string }>('/components', input);

/** Submits, then has the pending lists and the counts read again, so the dashboard shows the new request. */
export const useSubmitComponent = () => {
  const invalidate = useInvalidate();
  return async (input: Partial<ComponentInput>) => {
    const answer = await submitComponent(input);
    await invalidate(isApprovalRequestsKey, isCatalogueStatsKey);
    return answer;
  };
};
