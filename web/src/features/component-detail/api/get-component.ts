import type { Component } from '#shared/schemas/component';
import { ApiError } from '#web/lib/api-client.ts';
import { useApiQuery } from '#web/lib/api-query.ts';

export const componentKey = (id: string | number) => `/components/${id}`;

/** 'Failed to load component: {status} {text}'. */
export const componentLoadFailure = (error: unknown): string => {
  if (error instanceof ApiError)
    return `Failed to load component: ${error.status} ${error.serverMessage ?? error.message.replace(/^\d+: /, '')}`;
  return `Failed to load component: ${error instanceof Error ? error.message : String(error)}`;
};

/** GET /api/components/{id}. */
export const useComponent = (id: string) => {
  const { data, error, isLoading } = useApiQuery<Component>(componentKey(id));
  return { component: data, error, isLoading };
};
