import { lazy, Suspense } from 'react';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface Notice {
  type?: ToastType;
  title: string;
  description?: string;
}

/**
 * The toast machinery is its own chunk: pages that have nothing to say yet (the login page before
 * a submit) do not wait for it. It starts loading with the first render, so the region is in the
 * page, announcing politely, long before the first toast.
 */
const loadToastRegion = () => import('./toast-region');

const LazyToastRegion = lazy(loadToastRegion);

/** Shows a toast, replacing the one on screen. */
export const notify = (notice: Notice): void => {
  void loadToastRegion().then(({ showToast }) => showToast(notice));
};

export const Toaster = () => (
  <Suspense fallback={null}>
    <LazyToastRegion />
  </Suspense>
);
