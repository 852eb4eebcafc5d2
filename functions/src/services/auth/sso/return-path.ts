import { appUrl, paths } from '#shared/app-paths';

/** Where a sign-in lands when it was not sent from a page of the app. */
export const DEFAULT_RETURN_PATH = appUrl(paths.hub.dashboard.href());

const BASE = 'https://component-hub.invalid';

/**
 * The return path when it is a path of the app (`/app` or below, with its query and fragment),
 * else undefined. Anything that could leave the site is refused: absolute URLs, scheme-relative
 * `//host` and `/\host` forms, control characters, and paths that normalise outside `/app`.
 */
export const appReturnPath = (value: string | undefined): string | undefined => {
  if (value === undefined || value === '') return DEFAULT_RETURN_PATH;
  const hasControl = [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\') || hasControl) return undefined;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return undefined;
  }
  if (url.origin !== BASE) return undefined;
  if (url.pathname !== '/app' && !url.pathname.startsWith('/app/')) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
};
