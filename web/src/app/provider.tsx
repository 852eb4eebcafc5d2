import { ChakraProvider } from '@chakra-ui/react/styled-system';
import type { ReactNode } from 'react';
import { system } from '../components/ui/system';
import { Toaster } from '../components/ui/toaster';

/** Theme and toasts around the whole app (the signed-in pages add the query cache). */
export const AppProvider = ({ children }: { children: ReactNode }) => (
  <ChakraProvider value={system}>
    {children}
    <Toaster />
  </ChakraProvider>
);
