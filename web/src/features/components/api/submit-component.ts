import type { ComponentInput } from '#shared/schemas/component';
import { api } from '#web/lib/api-client.ts';

/** POST /api/components: files a `new` approval request; the component exists once an admin approves it. */
export const submitComponent = (input: Partial<ComponentInput>) =>
  api.post<{ requestId: string }>('/components', input);
