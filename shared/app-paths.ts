/**
 * The one table of the app's pages: the SPA's router matches `path` (relative to the /app
 * base), and `href` builds a link, in the SPA and in what the functions write (notices, emails).
 * Nothing else spells a page's address.
 */
export const APP_BASE = '/app';

export const paths = {
  root: { path: '/', href: () => '/' },
  auth: { path: '/auth', href: () => '/auth' },
  health: { path: '/health', href: () => '/health' },
  landing: { path: '/landing', href: () => '/landing' },
  hub: {
    dashboard: { path: '/component-hub', href: () => '/component-hub' },
    components: {
      path: '/component-hub/components',
      /** With a search: the list showing its results (`{ lifecycle: 'obsolete' }`). */
      href: (search?: Record<string, string>) =>
        `/component-hub/components${search ? `?${new URLSearchParams(search).toString()}` : ''}`,
    },
    component: {
      path: '/component-hub/components/:id',
      href: (id: number | string) => `/component-hub/components/${id}`,
    },
    addComponent: {
      path: '/component-hub/add-component',
      /** With a draft's id: that draft, reopened. */
      href: (draftId?: string) =>
        `/component-hub/add-component${draftId ? `?draft=${encodeURIComponent(draftId)}` : ''}`,
    },
    settings: {
      path: '/component-hub/settings',
      href: (anchor?: SettingsAnchor) => `/component-hub/settings${anchor ? `#${anchor}` : ''}`,
    },
    admin: {
      path: '/component-hub/admin',
      href: (anchor?: AdminAnchor) => `/component-hub/admin${anchor ? `#${anchor}` : ''}`,
    },
    approvalQueue: {
      path: '/component-hub/approval-queue',
      /** With a batch: the pending requests a "Refresh lifecycle and data" batch filed, alone. */
      href: (batch?: string) => `/component-hub/approval-queue${batch ? `?batch=${encodeURIComponent(batch)}` : ''}`,
    },
    importExcel: { path: '/component-hub/import-excel', href: () => '/component-hub/import-excel' },
    /** The catalogue's change log, for everyone. */
    changes: { path: '/component-hub/changes', href: () => '/component-hub/changes' },
    /** The API's reference, read from its OpenAPI description. */
    apiReference: { path: '/component-hub/api', href: () => '/component-hub/api' },
  },
  /** Older links (/components, /components/{id}); they lead to the hub's pages. */
  legacy: {
    components: { path: '/components' },
    component: { path: '/components/:id' },
  },
} as const;

export type SettingsAnchor = 'users' | 'notifications' | 'security';
/** The admin dashboard's tabs after the first, by their anchors. */
export type AdminAnchor = 'images' | 'data' | 'classes' | 'users';

/** An absolute URL of an app page, for full page loads (logout, self-deletion). */
export const appUrl = (href: string): string => `${APP_BASE}${href}`;

/** The address of an app page on the site whose origin is `siteUrl` (APP_URL): links in emails. */
export const siteLink = (siteUrl: string, href: string): string => `${siteUrl.replace(/\/+$/, '')}${appUrl(href)}`;
