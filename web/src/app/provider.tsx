import { ChakraProvider } from '@chakra-ui/react/styled-system';
import { useEffect, useState, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { system } from '../components/ui/system';
import { Toaster } from '../components/ui/toaster';
import { createQueryCache, createSwrConfig } from '../lib/swr';

const SWEEP_EVERY_MS = 60_000;

/** Theme, server-state cache and toasts around the whole app. */
export const AppProvider = ({ children }: { children: ReactNode }) => {
  const [queryCache] = useState(createQueryCache);
  const [swrConfig] = useState(() => createSwrConfig(queryCache));

  useEffect(() => {
    const timer = window.setInterval(queryCache.cache.sweep, SWEEP_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [queryCache]);

  return (
    <ChakraProvider value={system}>
      <SWRConfig value={swrConfig}>
        {children}
        <Toaster />
      </SWRConfig>
    </ChakraProvider>
  );
};
