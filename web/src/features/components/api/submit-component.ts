import { useSWRConfig } from 'swr';
import type { ComponentInput } from '#shared/schemas/component';
import { api } from '#web/lib/api-client.ts';

/** POST /api/components: files a `new` approval request; the component exists once an admin approves it. */
export const submitComponent = (input: Partial<ComponentInput>) =>
  api.post<{ requestId: string }>('/components', input);

/** Submits, then has the pending lists and the counts read again, so the dashboard shows the new request. */
export const useSubmitComponent = () => {
  const { mutate } = useSWRConfig();
  return async (input: Partial<ComponentInput>) => {
    const answer = await submitComponent(input);
    await mutate((key) => typeof key === 'string' && (key.startsWith('/approval-requests') || key === '/stats')).catch(
      () => undefined,
    );
    return answer;
  };
};
