import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { paths } from '#shared/app-paths';

const APP_NAME = 'Component Hub';

/** Each screen's name in the browser's title; a part's page is named by its reference (its heading). */
const screenTitles: [path: string, title: string | undefined][] = [
  [paths.auth.path, 'Login'],
  [paths.health.path, 'App Health Check'],
  [paths.landing.path, 'Welcome'],
  [paths.hub.dashboard.path, 'Dashboard'],
  [paths.hub.components.path, 'Components'],
  [paths.hub.addComponent.path, 'Add New Component'],
  [paths.hub.settings.path, 'Settings'],
  [paths.hub.admin.path, 'Admin Dashboard'],
  [paths.hub.approvalQueue.path, 'Approval Queue'],
  [paths.hub.importExcel.path, 'Import Excel'],
];

const titleFor = (pathname: string, heading: string | undefined): string => {
  const known = screenTitles.find(([path]) => path === pathname.replace(/\/+$/, '') || (path === '/' && !pathname));
  const screen = known?.[1] ?? heading;
  return screen ? `${screen} · ${APP_NAME}` : APP_NAME;
};

const HEADING_WAIT_MS = 5000;

/**
 * After every change of page: the browser's title names the screen, and (except on the first
 * load, where the browser starts at the top) focus moves to the page's main heading, so a screen
 * reader user hears where they are and a keyboard user continues from there. Pages load lazily,
 * so the heading is waited for.
 */
export const RouteFocus = () => {
  const { pathname } = useLocation();
  const firstLoad = useRef(true);

  useEffect(() => {
    const moveFocus = !firstLoad.current;
    firstLoad.current = false;
    let done = false;
    const apply = () => {
      const heading = document.querySelector<HTMLElement>('main h1, h1');
      const text = heading?.textContent?.trim() || undefined;
      // Pages whose heading is data (a part's reference) wait for it; the others are named at once.
      document.title = titleFor(pathname, text);
      if (!heading) return false;
      if (moveFocus && !heading.contains(document.activeElement)) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: false });
      }
      return true;
    };
    if (apply()) return undefined;
    const observer = new MutationObserver(() => {
      if (!done && apply()) {
        done = true;
        observer.disconnect();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [pathname]);

  return <Outlet />;
};
