import useSWR from 'swr';
import type { Version } from '#shared/schemas/approvals';

export const versionsKey = (componentId: number | string) => `/components/${componentId}/versions`;

/** GET /api/components/{id}/versions: newest first. */
export const useVersions = (componentId: string) => {
  const { data, error, isLoading } = useSWR<Version[] | null>(versionsKey(componentId));
  return { versions: data ?? undefined, error: error as unknown, isLoading };
};
