import { useSWRConfig } from 'swr';
import type { Comment } from '#shared/schemas/comments';
import { api } from '#web/lib/api-client.ts';
import { useApiQuery } from '#web/lib/api-query.ts';

export const commentsKey = (componentId: number | string) => `/components/${componentId}/comments`;

/** GET /api/components/{id}/comments. */
export const useComments = (componentId: string) => {
  const { data, error, isLoading } = useApiQuery<Comment[]>(commentsKey(componentId));
  return { comments: data, error, isLoading };
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
