import useSWR, { type SWRConfiguration } from 'swr';

/**
 * The one way a feature reads from the API: SWR with the app's fetcher (GET on the key, a 401 is
 * null), answered as `data` (undefined while loading, after a failure, and for a 401), `error`,
 * `isLoading` (nothing read yet and no failure), `isValidating` and `reload`. A null key reads
 * nothing.
 */
export const useApiQuery = <T>(key: string | null, config?: SWRConfiguration<T | null>) => {
  const { data, error, isValidating, mutate } = useSWR<T | null>(key, config);
  return {
    data: data ?? undefined,
    error: error as unknown,
    isLoading: key !== null && data === undefined && !error,
    isValidating,
    /** Asks the server again. */
    reload: () => mutate(),
    /** SWR's own mutate, for optimistic changes to this read. */
    mutate,
  };
};
