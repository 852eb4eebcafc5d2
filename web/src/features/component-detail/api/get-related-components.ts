import type { Component } from '#shared/schemas/component';
import { useApiQuery } from '#web/lib/api-query.ts';

/** GET /api/components/{id}/related: up to 3 others sharing class, type or series. */
export const useRelatedComponents = (componentId: string) => {
  const { data, isLoading } = useApiQuery<Component[]>(`/components/${componentId}/related`);
  return { related: data ?? [], isLoading };
};
