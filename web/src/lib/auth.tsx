import { Button } from '@chakra-ui/react/button';
import { Center } from '@chakra-ui/react/center';
import { useSyncExternalStore, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { PublicUser } from '#shared/schemas/auth';
import { hasRole as roleReaches, type Role } from '#shared/roles';
import type { LogoutResult } from '#shared/schemas/sso';
import { appUrl, paths } from '#shared/app-paths';
import { AccessDenied } from '../components/ui/access-denied';
import { InlineAlert } from '../components/ui/inline-alert';
import { PageSpinner } from '../components/ui/page-spinner';
import { notify } from '../components/ui/toaster';
import { api, clearCsrfToken } from './api-client';
import { notifyFailure } from './failed-actions';

export type User = PublicUser;

interface Session {
  user: User | null | undefined;
  error: unknown;
  /** Asked again after a failed read, the failure still shown meanwhile. */
  retrying: boolean;
}

/**
 * Who is logged in, asked once per page load and kept here rather than in the query cache: the
 * login page needs to know, and it should not load the cache's library for that one answer.
 */
let session: Session = { user: undefined, error: undefined, retrying: false };
let sessionRequest: Promise<void> | undefined;
const listeners = new Set<() => void>();

const setSession = (next: Session) => {
  session = next;
  for (const listener of listeners) listener();
};

const loadSession = () => {
  sessionRequest ??= api.getOrNull<User>('/user').then(
    (user) => setSession({ user, error: undefined, retrying: false }),
    (error: unknown) => {
      // The next page that asks tries again.
      sessionRequest = undefined;
      setSession({ user: undefined, error, retrying: false });
    },
  );
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  loadSession();
  return () => listeners.delete(listener);
};

/** Asks the server again after a failed read (the error's 'Try again'). */
const retrySession = () => {
  sessionRequest = undefined;
  setSession({ ...session, retrying: true });
  loadSession();
};

/** Forgets the session, so the next reader asks the server again (tests start each from nobody). */
export const resetSession = (): void => {
  sessionRequest = undefined;
  session = { user: undefined, error: undefined, retrying: false };
};

/**
 * The logged-in user: undefined while loading, null when nobody is logged in (a 401). A failed
 * read (a server error, no network) is `error`, which says nothing about being logged in.
 */
export const useUser = () => {
  const { user, error, retrying } = useSyncExternalStore(subscribe, () => session);
  return { user, error, isLoading: user === undefined && !error, isRetrying: retrying, retry: retrySession };
};

/** The name to greet someone by: their name, else the part of the email before '@', else 'User'. */
export const displayName = (user: Pick<User, 'name' | 'email'> | null | undefined): string =>
  user?.name?.trim() || user?.email?.split('@')[0] || 'User';

/** Admin passes every role check; a librarian passes a librarian's and a user's. */
export const hasRole = (user: Pick<User, 'role'>, role: Role | undefined): boolean =>
  !role || roleReaches(user.role, role);

/** Whether the signed-in person reviews requests and curates the catalogue (a librarian or an admin). */
export const isReviewing = (user: Pick<User, 'role'> | null | undefined): boolean =>
  Boolean(user) && hasRole(user!, 'librarian');

/** Where the provider's sign-out address waits across the reload to the login page. */
const PROVIDER_SIGN_OUT_KEY = 'component-hub.provider-sign-out';
/** Where "you are logged out" waits across the reload, so the login page can say it. */
const LOGGED_OUT_KEY = 'component-hub.logged-out';

/** True once after a logout reloaded the app on the login page. */
export const takeLoggedOut = (): boolean => {
  try {
    const flag = window.sessionStorage.getItem(LOGGED_OUT_KEY);
    window.sessionStorage.removeItem(LOGGED_OUT_KEY);
    return flag === '1';
  } catch {
    return false;
  }
};

/**
 * The 'Logged out' toast, shown by the login page after the reload a logout makes. Its text comes
 * with the sign-in texts, which the login form itself does not need before it can be used.
 */
export const notifyLoggedOut = (): void =>
  void import('#shared/sign-in-messages').then(({ signInMessages }) =>
    notify({ type: 'success', title: signInMessages.loggedOut, description: 'Redirecting to login.' }),
  );

/**
 * The provider's sign-out address a single sign-on logout left for the login page. Reading it
 * leaves it in place: React may throw a render away and render again (a part still loading, a
 * newer update first), and that render must find it too. The offer forgets it once it is on screen.
 */
export const providerSignOut = (): string | undefined => {
  try {
    const url = window.sessionStorage.getItem(PROVIDER_SIGN_OUT_KEY) ?? undefined;
    return url && /^https?:\/\//.test(url) ? url : undefined;
  } catch {
    return undefined;
  }
};

/** The provider's sign-out address is offered once: the offer on screen, it goes. */
export const forgetProviderSignOut = (): void => {
  try {
    window.sessionStorage.removeItem(PROVIDER_SIGN_OUT_KEY);
  } catch {
    // Storage refused: nothing was kept either.
  }
};

/**
 * Ends the session and reloads the app on the login page, so no state of the old session
 * survives; the login page then says 'Logged out'. After a single sign-on session it offers the
 * provider's sign-out too.
 */
export const logout = async (): Promise<void> => {
  try {
    const result = await api.post<LogoutResult>('/logout');
    try {
      window.sessionStorage.setItem(LOGGED_OUT_KEY, '1');
      if (result?.endSessionUrl) window.sessionStorage.setItem(PROVIDER_SIGN_OUT_KEY, result.endSessionUrl);
    } catch {
      // Storage refused (private mode): the login page cannot say so, and offers no provider sign-out.
    }
    clearCsrfToken();
    window.location.assign(appUrl(paths.auth.href()));
  } catch (error) {
    notifyFailure('Logout failed')(error);
  }
};

/** Asks the server who is logged in again, keeping the current answer on screen meanwhile. */
export const refreshUser = (): void => {
  sessionRequest = undefined;
  loadSession();
};

/** Stores the user a login or profile change answered with, without asking the server again. */
export const useSetUser = () => (user: User | null) => {
  sessionRequest = Promise.resolve();
  setSession({ user, error: undefined, retrying: false });
  return Promise.resolve(user);
};

/**
 * The app page the route guard sent someone to log in from, as a path inside the app, to return
 * to after login. Only an app path is taken: one that starts with a single '/', so a crafted
 * state can never lead to another site, and never the login page itself.
 */
export const returnPathFrom = (state: unknown): string | undefined => {
  const from = (state as { from?: { pathname?: unknown; search?: unknown; hash?: unknown } } | null)?.from;
  const pathname = from?.pathname;
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || /^\/[/\\]/.test(pathname)) return undefined;
  if (/[\\\s]/.test(pathname) || pathname === paths.auth.href() || pathname.startsWith(`${paths.auth.href()}/`))
    return undefined;
  const search = typeof from?.search === 'string' && from.search.startsWith('?') ? from.search : '';
  const hash = typeof from?.hash === 'string' && from.hash.startsWith('#') ? from.hash : '';
  return `${pathname}${search}${hash}`;
};

/** Where to go after logging in: back to the page that sent the person to login, else the hub. */
export const afterLoginPath = (state: unknown): string => returnPathFrom(state) ?? paths.hub.dashboard.href();

/** The session could not be read (not a 401): say so and offer a retry, not the login page. */
const SessionUnavailable = ({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) => (
  <Center minHeight="50vh" px="4">
    <InlineAlert status="error" title="Component Hub could not check your session" maxWidth="md">
      <span>The server did not answer as expected. Your work is safe; please try again.</span>
      <Button size="sm" colorPalette="red" variant="outline" mt="3" display="flex" onClick={onRetry} loading={retrying}>
        Try again
      </Button>
    </InlineAlert>
  </Center>
);

interface GuardProps {
  /** The role a route needs; without it any logged-in user passes. */
  role?: Role;
  children?: ReactNode;
}

/**
 * The route guard: a spinner while the session loads, the login page for nobody, 'Access Denied'
 * for a user without the role, else the route.
 */
export const RequireAuth = ({ role, children }: GuardProps) => {
  const { user, error, isLoading, isRetrying, retry } = useUser();
  const location = useLocation();
  if (isLoading) return <PageSpinner />;
  // Only a 401 (null) means nobody is logged in; a failed read is not a reason to log anyone out.
  if (user === undefined && error) return <SessionUnavailable onRetry={retry} retrying={isRetrying} />;
  // After login the person comes back here.
  if (!user) return <Navigate to={paths.auth.href()} state={{ from: location }} replace />;
  if (!hasRole(user, role)) return <AccessDenied />;
  // An administrator the deployment requires a second factor of sets one up before anything else.
  const security = paths.hub.settings.href('security');
  if (user.secondFactorSetupRequired && location.pathname !== paths.hub.settings.path) {
    return <Navigate to={security} replace />;
  }
  return children ?? <Outlet />;
};

/** Links to the login page that work whoever is signed in: confirming a new email address. */
const LINKS_FOR_ANYONE = ['confirmEmail'];

/**
 * The login page's guard: someone already logged in goes on, to the page that sent them to login
 * or else to the hub, unless they followed a link that works signed in too.
 */
export const RedirectIfLoggedIn = ({ children }: { children?: ReactNode }) => {
  const { user, isLoading } = useUser();
  const location = useLocation();
  if (isLoading) return <PageSpinner />;
  const search = new URLSearchParams(location.search);
  if (user && !LINKS_FOR_ANYONE.some((name) => search.has(name))) {
    return <Navigate to={afterLoginPath(location.state)} replace />;
  }
  return children ?? <Outlet />;
};
