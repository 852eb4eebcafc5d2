import useSWR, { useSWRConfig } from 'swr';
import type { Comment } from '#shared/schemas/comments';
import { api } from '../../../lib/api-client';

export const commentsKey = (componentId: number | string) => `/components/${componentId}/comments`;

/** GET /api/components/{id}/comments. */
export const useComments = (componentId: string) => {
  const { data, error, isLoading } = useSWR<Comment[] | null>(commentsKey(componentId));
  return { comments: data ?? undefined, error: error as unknown, isLoading };
};

/** POST /api/components/{id}/comments `{ username, comment, componentId }`, then the list again. */
export const useAddComment = () => {
  const { mutate } = useSWRConfig();
  return async (componentId: number, username: string, comment: string): Promise<Comment> => {
    const added = await api.post<Comment>(`/components/${componentId}/comments`, { username, comment, componentId });
    await mutate(commentsKey(componentId));
    return added;
  };
};
