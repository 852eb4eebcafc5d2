import type { ComponentType } from 'react';
import { Navigate, createBrowserRouter, useParams, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/ui/page-spinner';
import { APP_BASE, paths } from '#shared/app-paths';
import { RedirectIfLoggedIn, RequireAuth } from '../lib/auth';
import AuthRoute from '../features/auth/routes/auth';
import { RouteFocus } from './route-focus';
import { RouteError } from './routes/route-error';

/**
 * Each page's code is its own chunk, loaded when its route is first visited; the sign-in page, where
 * most visits start, comes with the app itself, so its form shows without one more round trip.
 */
const page = (load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  // Every page past the sign-in page draws with the whole theme (public ones too: health, 404).
  lazy: async () => {
    const [module] = await Promise.all([load(), import('../components/ui/app-recipes')]);
    return { Component: module.default };
  },
});

const LegacyComponentRedirect = () => {
  const { id = '' } = useParams();
  return <Navigate to={paths.hub.component.href(id)} replace />;
};

/** The route tree, with the guard on everything but /auth, /health and 404. */
export const routes: RouteObject[] = [
  {
    element: <RouteFocus />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { path: paths.root.path, element: <Navigate to={paths.hub.dashboard.href()} replace /> },
      {
        path: paths.auth.path,
        element: <RedirectIfLoggedIn />,
        children: [{ index: true, Component: AuthRoute }],
      },
      { path: paths.health.path, ...page(() => import('./routes/health')) },
      {
        ...page(() => import('./query-provider')),
        children: [
          {
            element: <RequireAuth />,
            children: [
              { path: paths.landing.path, ...page(() => import('../features/landing/routes/landing')) },
              {
                path: paths.hub.dashboard.path,
                ...page(() => import('./layout/app-shell')),
                children: [
                  { index: true, ...page(() => import('../features/dashboard/routes/dashboard')) },
                  {
                    path: paths.hub.components.path,
                    ...page(() => import('../features/components/routes/component-list')),
                  },
                  {
                    path: paths.hub.component.path,
                    ...page(() => import('./routes/component-detail')),
                  },
                  {
                    path: paths.hub.addComponent.path,
                    ...page(() => import('../features/components/routes/add-component')),
                  },
                  { path: paths.hub.settings.path, ...page(() => import('./routes/settings')) },
                  { path: paths.hub.changes.path, ...page(() => import('../features/changes/routes/change-log')) },
                  {
                    path: paths.hub.apiReference.path,
                    ...page(() => import('../features/api-reference/routes/api-reference')),
                  },
                  {
                    element: <RequireAuth role="librarian" />,
                    children: [
                      { path: paths.hub.admin.path, ...page(() => import('./routes/admin-dashboard')) },
                      {
                        path: paths.hub.approvalQueue.path,
                        ...page(() => import('../features/approvals/routes/approval-queue')),
                      },
                      {
                        path: paths.hub.importExcel.path,
                        ...page(() => import('../features/import-excel/routes/import-excel')),
                      },
                    ],
                  },
                  // An unknown hub address keeps the sidebar and top bar around its 404.
                  {
                    path: '*',
                    lazy: async () => ({ Component: (await import('./routes/not-found')).HubNotFoundRoute }),
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: paths.legacy.components.path, element: <Navigate to={paths.hub.components.href()} replace /> },
      { path: paths.legacy.component.path, element: <LegacyComponentRedirect /> },
      { path: '*', ...page(() => import('./routes/not-found')) },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes, { basename: APP_BASE });
