import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface Notice {
  type?: ToastType;
  title: string;
  description?: string;
}

/**
 * The toast machinery is its own chunk, and the first page does not wait for it: it is fetched at
 * the person's first interaction (a pointer, a key, a focus), which comes long before anything they
 * do raises a toast, so the region is in the page, announcing politely, by then; a toast raised
 * before any interaction fetches it at once.
 */
const loadToastRegion = () => import('./toast-region');

const LazyToastRegion = lazy(loadToastRegion);

const FIRST_INTERACTIONS = ['pointerdown', 'keydown', 'focusin'] as const;

let regionWanted = false;
const regionListeners = new Set<() => void>();
const wantRegion = () => {
  if (regionWanted) return;
  regionWanted = true;
  for (const listener of regionListeners) listener();
};
const onRegionWanted = (listener: () => void) => {
  regionListeners.add(listener);
  return () => regionListeners.delete(listener);
};

/** Shows a toast, replacing the one on screen. */
export const notify = (notice: Notice): void => {
  wantRegion();
  void loadToastRegion().then(({ showToast }) => showToast(notice));
};

export const Toaster = () => {
  const wanted = useSyncExternalStore(
    onRegionWanted,
    () => regionWanted,
    () => false,
  );
  useEffect(() => {
    if (wanted) return undefined;
    for (const type of FIRST_INTERACTIONS) window.addEventListener(type, wantRegion, { capture: true, passive: true });
    return () => {
      for (const type of FIRST_INTERACTIONS) window.removeEventListener(type, wantRegion, { capture: true });
    };
  }, [wanted]);
  return wanted ? (
    <Suspense fallback={null}>
      <LazyToastRegion />
    </Suspense>
  ) : null;
};
