import useSWR from 'swr';
import type { Watch, WatchTarget } from '#shared/schemas/watches';
import { api } from '#web/lib/api-client.ts';

/** GET /api/watches: what the signed-in person watches. */
export const WATCHES_KEY = '/watches';

export const isWatching = (watches: readonly Watch[] | undefined, target: WatchTarget): boolean =>
  (watches ?? []).some((watch) =>
    'componentId' in target
      ? 'componentId' in watch && watch.componentId === target.componentId
      : 'componentClass' in watch &&
        watch.componentClass.trim().toLowerCase() === target.componentClass.trim().toLowerCase(),
  );

/** The person's watches, with `watch` and `unwatch` that change them and read them again. */
export const useWatches = () => {
  const { data, error, isLoading, mutate } = useSWR<Watch[]>(WATCHES_KEY, (path: string) => api.get<Watch[]>(path));
  const watch = async (target: WatchTarget) => {
    await api.put(WATCHES_KEY, target);
    await mutate();
  };
  const unwatch = async (target: WatchTarget) => {
    await api.delete(WATCHES_KEY, target);
    await mutate();
  };
  return { watches: data, error: error as unknown, isLoading, watch, unwatch };
};
