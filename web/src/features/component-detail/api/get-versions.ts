import type { Version } from '#shared/schemas/approvals';
import { useApiQuery } from '#web/lib/api-query.ts';

export const versionsKey = (componentId: number | string) => `/components/${componentId}/versions`;

/** GET /api/components/{id}/versions: newest first. */
export const useVersions = (componentId: string) => {
  const { data, error, isLoading } = useApiQuery<Version[]>(versionsKey(componentId));
  return { versions: data, error, isLoading };
};
