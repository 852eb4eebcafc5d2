import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { SWRConfig } from 'swr';
import { createQueryCache, createSwrConfig } from '../lib/swr';
// The recipes of the signed-in pages' components, added before any of them draws.
import '../components/ui/app-recipes';

const SWEEP_EVERY_MS = 60_000;

/**
 * The server-state cache of the signed-in pages. It is a route of its own, loaded with the first
 * of them, so the login page does not carry the cache's code.
 */
export const QueryProvider = () => {
  const [queryCache] = useState(createQueryCache);
  const [swrConfig] = useState(() => createSwrConfig(queryCache));

  useEffect(() => {
    const timer = window.setInterval(queryCache.cache.sweep, SWEEP_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [queryCache]);

  return (
    <SWRConfig value={swrConfig}>
      <Outlet />
    </SWRConfig>
  );
};

export default QueryProvider;
