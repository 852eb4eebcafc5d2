import { useSyncExternalStore, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { PublicUser, Role } from '#shared/schemas/auth';
import type { LogoutResult } from '#shared/schemas/sso';
import { appUrl, paths } from '../config/paths';
import { AccessDenied } from '../components/ui/access-denied';
import { PageSpinner } from '../components/ui/page-spinner';
import { notify } from '../components/ui/toaster';
import { api, clearCsrfToken, errorMessage } from './api-client';

export type User = PublicUser;

interface Session {
  user: User | null | undefined;
  error: unknown;
}

/**
 * Who is logged in, asked once per page load and kept here rather than in the query cache: the
 * login page needs to know, and it should not load the cache's library for that one answer.
 */
let session: Session = { user: undefined, error: undefined };
let sessionRequest: Promise<void> | undefined;
const listeners = new Set<() => void>();

const setSession = (next: Session) => {
  session = next;
  for (const listener of listeners) listener();
};

const loadSession = () => {
  sessionRequest ??= api.getOrNull<User>('/user').then(
    (user) => setSession({ user, error: undefined }),
    (error: unknown) => {
      // The next page that asks tries again.
      sessionRequest = undefined;
      setSession({ user: undefined, error });
    },
  );
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  loadSession();
  return () => listeners.delete(listener);
};

/** Forgets the session, so the next reader asks the server again (tests start each from nobody). */
export const resetSession = (): void => {
  sessionRequest = undefined;
  session = { user: undefined, error: undefined };
};

/** The logged-in user: undefined while loading, null when nobody is logged in. */
export const useUser = () => {
  const { user, error } = useSyncExternalStore(subscribe, () => session);
  return { user, error, isLoading: user === undefined && !error };
};

/** The name to greet someone by: their name, else the part of the email before '@', else 'User'. */
export const displayName = (user: Pick<User, 'name' | 'email'> | null | undefined): string =>
  user?.name?.trim() || user?.email?.split('@')[0] || 'User';

/** Admin passes every role check (spec §2, §6). */
export const hasRole = (user: Pick<User, 'role'>, role: Role | undefined): boolean =>
  !role || user.role === 'admin' || user.role === role;

/** Where the provider's sign-out address waits across the reload to the login page. */
const PROVIDER_SIGN_OUT_KEY = 'component-hub.provider-sign-out';

/** The provider's sign-out address a single sign-on logout left for the login page, once. */
export const takeProviderSignOut = (): string | undefined => {
  try {
    const url = window.sessionStorage.getItem(PROVIDER_SIGN_OUT_KEY) ?? undefined;
    window.sessionStorage.removeItem(PROVIDER_SIGN_OUT_KEY);
    return url && /^https?:\/\//.test(url) ? url : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Ends the session and reloads the app on the login page, so no state of the old session
 * survives. After a single sign-on session the login page offers the provider's sign-out too.
 */
export const logout = async (): Promise<void> => {
  try {
    const result = await api.post<LogoutResult>('/logout');
    if (result?.endSessionUrl) {
      try {
        window.sessionStorage.setItem(PROVIDER_SIGN_OUT_KEY, result.endSessionUrl);
      } catch {
        // Storage refused (private mode): the provider's sign-out is simply not offered.
      }
    }
    clearCsrfToken();
    notify({ type: 'success', title: 'Logged out', description: 'Redirecting to login.' });
    window.location.assign(appUrl(paths.auth.href()));
  } catch (error) {
    notify({ type: 'error', title: 'Logout failed', description: errorMessage(error, 'Logout failed') });
  }
};

/** Stores the user a login or profile change answered with, without asking the server again. */
export const useSetUser = () => (user: User | null) => {
  sessionRequest = Promise.resolve();
  setSession({ user, error: undefined });
  return Promise.resolve(user);
};

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
  const { user, isLoading } = useUser();
  const location = useLocation();
  if (isLoading) return <PageSpinner />;
  // The login page may send the person back here (single sign-on's return path).
  if (!user) return <Navigate to={paths.auth.href()} state={{ from: location }} replace />;
  if (!hasRole(user, role)) return <AccessDenied />;
  return children ?? <Outlet />;
};

/** The login page's guard: someone already logged in goes to the hub. */
export const RedirectIfLoggedIn = ({ children }: { children?: ReactNode }) => {
  const { user, isLoading } = useUser();
  if (isLoading) return <PageSpinner />;
  if (user) return <Navigate to={paths.hub.dashboard.href()} replace />;
  return children ?? <Outlet />;
};
