import { ChakraProvider } from '@chakra-ui/react/styled-system';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { SWRConfig } from 'swr';
import { system } from '../components/ui/system';
import '../components/ui/app-recipes';
import { toaster } from '../components/ui/toast-region';
import { Toaster } from '../components/ui/toaster';
import { clearCsrfToken } from '../lib/api-client';
import { resetSession } from '../lib/auth';
import { createSwrConfig } from '../lib/swr';

/**
 * Renders a route tree with the app's providers (theme, a fresh SWR cache, toasts) in a memory
 * router, so a test sees what the user sees, navigation and toasts included.
 */
export const renderRoutes = (routes: RouteObject[], initialEntry: string) => {
  // The toast store outlives a test's render; a toast left from the last test would queue the next.
  toaster.remove();
  clearCsrfToken();
  resetSession();
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const swrConfig = { ...createSwrConfig(), dedupingInterval: 0, shouldRetryOnError: false };
  const result = render(
    <ChakraProvider value={system}>
      <SWRConfig value={swrConfig}>
        <RouterProvider router={router} />
        <Toaster />
      </SWRConfig>
    </ChakraProvider>,
  );
  return { ...result, router };
};

/** One screen at `initialEntry`, with stand-in pages at `others` to see where it navigates. */
export const renderScreen = (ui: ReactElement, initialEntry = '/', others: Record<string, string> = {}) =>
  renderRoutes(
    [
      { path: initialEntry.split(/[?#]/)[0], element: ui },
      ...Object.entries(others).map(([path, text]) => ({ path, element: <p>{text}</p> })),
    ],
    initialEntry,
  );
