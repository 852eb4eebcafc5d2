import type { Component } from '#shared/schemas/component';
import type { ComponentLink, LinkInput } from '#shared/schemas/links';
import { api } from '#web/lib/api-client.ts';
import { useApiQuery } from '#web/lib/api-query.ts';

type RequestAnswer = { requestId: string };

export const linksPath = (componentId: number | string) => `/components/${componentId}/links`;

/** GET /api/components/{id}/links: the part's links, in its own words. */
export const useLinks = (componentId: number | string) => {
  const { data, isLoading, error } = useApiQuery<ComponentLink[]>(linksPath(componentId));
  return { links: data ?? [], isLoading, error };
};

/** POST /api/components/{id}/links: a request to link this part to another. */
export const proposeLink = (componentId: number, input: LinkInput) =>
  api.post<RequestAnswer>(linksPath(componentId), input);

/** DELETE /api/components/{id}/links/{linkId}: a request to remove a link. */
export const proposeUnlink = (componentId: number, linkId: string) =>
  api.delete<RequestAnswer>(`${linksPath(componentId)}/${encodeURIComponent(linkId)}`);

/** Parts the picker offers for a typed text: the quick search's first few. */
export const findParts = (text: string, signal?: AbortSignal) =>
  api.get<Component[]>(`/components?${new URLSearchParams({ query: text, limit: '8' })}`, signal);
