import useSWR from 'swr';
import type { Component } from '#shared/schemas/component';

/** GET /api/components/{id}/related: up to 3 others sharing class, type or series. */
export const useRelatedComponents = (componentId: string) => {
  const { data, error } = useSWR<Component[] | null>(`/components/${componentId}/related`);
  return { related: error || !data ? [] : data, isLoading: data === undefined && !error };
};
