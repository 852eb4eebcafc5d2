/**
 * The route manifest: every API endpoint, once. The CDK API stack, the local API Gateway
 * and the authorization tests all read this list; nothing else declares a route.
 * `handler` is the module under functions/src/handlers that exports `handler`.
 */
/**
 * Who may call a route: anyone, any signed-in person, a librarian (reviewing, importing, image
 * batches, classes and merges; an administrator passes too), or an administrator only (people,
 * their tokens and settings).
 */
export type Access = 'public' | 'user' | 'librarian' | 'admin';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What a route's function uses beyond the table's catalogue items, so the CDK grants only those.
 * The identity items are kept from every function whose route does not name them: `credentials`
 * (password hashes, `PASSWORD#`), `email-tokens` (reset, invitation and address-confirmation
 * tokens, `RESET#`, `INVITE#` and `EMAILCONFIRM#`), `sessions` (starting or ending a session, and
 * the pending sign-ins that wait for a second factor, `SIGNIN#`; every function may still look a
 * session up, slide its expiry and mark it re-authenticated, which is how a request is signed
 * in), `sso-state` (single sign-ons in flight, `SSOSTATE#`, with their PKCE verifiers, and the
 * provider sessions behind hub sessions, `SSOSID#`) and `second-factor` (authenticator-app
 * secrets, recovery code hashes, passkeys and their challenges, `FACTOR#`).
 */
export const needs = [
  'mail',
  'bucket-read',
  'bucket-write',
  'bucket-delete',
  // Listing the caller's own uploads (what they have waiting counts against their storage).
  'bucket-list',
  'distributor-credentials',
  'batches',
  'import-jobs',
  'oidc-client-secret',
  'credentials',
  'email-tokens',
  'sessions',
  'sso-state',
  'second-factor',
  // Making, listing, revoking and disabling access tokens (`APITOKEN#`); every route may read one.
  'access-tokens',
  // Asking the search function, the one holder of the index, what needs the index (Lambda Invoke).
  'search-holder',
] as const;
export type Need = (typeof needs)[number];

/**
 * What a write counts against in its caller's per-user limits, each with a per-minute and a
 * per-day allowance (configuration: WRITE_LIMIT_<KIND>). A mutating route that names none counts
 * as 'other'; public routes (login, forgot-password ...) have throttles of their own.
 */
export const writeLimitKinds = [
  'comments',
  'requests',
  'uploads',
  'views',
  'notifications',
  'account',
  'distributor-searches',
  'admin',
  'drafts',
  'other',
] as const;
export type WriteLimitKind = (typeof writeLimitKinds)[number];

/** The route whose function holds the search index; the others ask it (need 'search-holder'). */
export const SEARCH_HOLDER_HANDLER = 'components/list-components';

/**
 * A route function's memory and timeout: the house default unless its entry says otherwise.
 * 256 MB suits a handful of DynamoDB calls and some JSON (bundles of about 0.5-0.7 MB load in
 * about 100 ms of CPU, `npm run bench -- lambda`). Lambda hands out CPU in proportion to memory,
 * a whole vCPU at 1769 MB.
 */
export const DEFAULT_MEMORY_MB = 256;
export const DEFAULT_TIMEOUT_SECONDS = 10;
/** The sizes a route picks from, in MB. */
export type FunctionMemoryMb = 256 | 512 | 1024 | 1769;
/**
 * Password hashing: scrypt at N=2^17, r=8 takes 128 MiB a hash (`maxmem` is raised above that)
 * and is CPU-bound; at 1024 MB a hash takes well under a second.
 */
const PASSWORD_HASHING_MB = 1024;
/**
 * Reading the catalogue summary (a few columns of the index: class, manufacturer, type, series,
 * lifecycle, whether a data sheet is kept): about 2 MB at 100,000 parts and under 200 MB at a
 * million with a pass over every part's class.
 */
const CATALOGUE_SUMMARY_MB = 512;
/** One whole vCPU. */
const ONE_VCPU_MB = 1769;
/** API Gateway answers 504 after 30 s: a route that works long stops just before. */
const LONGEST_API_SECONDS = 29;

export interface RouteDefinition {
  readonly method: HttpMethod;
  /** API Gateway path, with `{param}` placeholders. */
  readonly path: string;
  readonly handler: string;
  readonly access: Access;
  readonly needs?: readonly Need[];
  readonly writeLimit?: WriteLimitKind;
  /**
   * `provider`: the identity provider calls the route server to server (a form-encoded body, no
   * cookies, no CSRF token); the request must prove itself (a signed logout token). Browsers
   * call every other route.
   */
  readonly caller?: 'provider';
  /** Memory beyond {@link DEFAULT_MEMORY_MB}, with the reason beside it. */
  readonly memoryMb?: FunctionMemoryMb;
  /** Seconds beyond {@link DEFAULT_TIMEOUT_SECONDS}, with the reason beside it; at most 29. */
  readonly timeoutSeconds?: number;
}

export const routes = [
  { method: 'GET', path: '/api/csrf-token', handler: 'auth/get-csrf-token', access: 'public' },
  {
    method: 'POST',
    path: '/api/login',
    handler: 'auth/login',
    access: 'public',
    needs: ['credentials', 'sessions'],
    memoryMb: PASSWORD_HASHING_MB,
  },
  { method: 'POST', path: '/api/logout', handler: 'auth/logout', access: 'public', needs: ['sessions'] },
  {
    method: 'POST',
    path: '/api/forgot-password',
    handler: 'auth/forgot-password',
    access: 'public',
    needs: ['mail', 'email-tokens'],
  },
  {
    method: 'POST',
    path: '/api/reset-password',
    handler: 'auth/reset-password',
    access: 'public',
    needs: ['email-tokens', 'credentials'],
    memoryMb: PASSWORD_HASHING_MB,
  },
  { method: 'GET', path: '/api/user', handler: 'auth/get-user', access: 'user' },
  {
    method: 'PATCH',
    path: '/api/user',
    handler: 'auth/update-user',
    access: 'user',
    needs: ['credentials', 'mail', 'email-tokens'],
    writeLimit: 'account',
  },
  {
    method: 'POST',
    path: '/api/user/email/confirm',
    handler: 'auth/confirm-email',
    access: 'public',
    needs: ['email-tokens'],
  },
  {
    method: 'DELETE',
    path: '/api/user',
    handler: 'auth/delete-user',
    access: 'user',
    needs: ['credentials', 'sessions'],
    writeLimit: 'account',
  },
  {
    method: 'POST',
    path: '/api/change-password',
    handler: 'auth/change-password',
    access: 'user',
    needs: ['credentials'],
    writeLimit: 'account',
    memoryMb: PASSWORD_HASHING_MB,
  },
  // The caller's own sessions (Settings → Security): listed, one ended, or all but the current one.
  { method: 'GET', path: '/api/sessions', handler: 'auth/list-sessions', access: 'user', needs: ['sessions'] },
  {
    method: 'DELETE',
    path: '/api/sessions/{id}',
    handler: 'auth/end-session',
    access: 'user',
    needs: ['sessions'],
    writeLimit: 'account',
  },
  {
    method: 'POST',
    path: '/api/sessions/end-others',
    handler: 'auth/end-other-sessions',
    access: 'user',
    needs: ['sessions'],
    writeLimit: 'account',
  },
  {
    method: 'POST',
    path: '/api/invites/accept',
    handler: 'auth/accept-invite',
    access: 'public',
    needs: ['email-tokens', 'credentials', 'sessions'],
    memoryMb: PASSWORD_HASHING_MB,
  },
  // The second step of a password sign-in for an account with a second factor (the pending sign-in cookie).
  {
    method: 'POST',
    path: '/api/login/second-factor',
    handler: 'auth/finish-second-factor',
    access: 'public',
    needs: ['sessions', 'second-factor', 'mail'],
  },
  // The caller's own second factor (Settings → Security). Each set-up is two calls to one route:
  // without the answer it hands out the secret or passkey challenge, with it it checks and saves.
  // Every change is emailed to the account ('mail'), as a spent recovery code is.
  {
    method: 'GET',
    path: '/api/second-factor',
    handler: 'second-factor/get-second-factor',
    access: 'user',
    needs: ['second-factor'],
  },
  {
    method: 'POST',
    path: '/api/second-factor/totp',
    handler: 'second-factor/set-up-totp',
    access: 'user',
    needs: ['second-factor', 'mail'],
    writeLimit: 'account',
  },
  {
    method: 'POST',
    path: '/api/second-factor/passkeys',
    handler: 'second-factor/add-passkey',
    access: 'user',
    needs: ['second-factor', 'mail'],
    writeLimit: 'account',
  },
  {
    method: 'POST',
    path: '/api/second-factor/recovery-codes',
    handler: 'second-factor/regenerate-recovery-codes',
    access: 'user',
    needs: ['second-factor', 'credentials', 'mail'],
    writeLimit: 'account',
    memoryMb: PASSWORD_HASHING_MB,
  },
  // `totp` (the authenticator app and its recovery codes) or a passkey's id.
  {
    method: 'DELETE',
    path: '/api/second-factor/{factor}',
    handler: 'second-factor/remove-second-factor',
    access: 'user',
    needs: ['second-factor', 'credentials', 'mail'],
    writeLimit: 'account',
    memoryMb: PASSWORD_HASHING_MB,
  },
  // Whether an invitation link still works, before its form is filled in (throttled per client).
  {
    method: 'POST',
    path: '/api/invites/check',
    handler: 'auth/check-invite',
    access: 'public',
    needs: ['email-tokens'],
  },
  // Single sign-on (OpenID Connect): what the login page offers, then out to the provider and back.
  { method: 'GET', path: '/api/sso/options', handler: 'sso/get-sign-in-options', access: 'public' },
  { method: 'GET', path: '/api/sso/start', handler: 'sso/start-sign-in', access: 'public', needs: ['sso-state'] },
  // A signed-in person signs in at the provider afresh (before an account made by SSO gets a password).
  {
    method: 'GET',
    path: '/api/sso/reauthenticate',
    handler: 'sso/start-reauthentication',
    access: 'user',
    needs: ['sso-state'],
  },
  {
    method: 'GET',
    path: '/api/sso/callback',
    handler: 'sso/finish-sign-in',
    access: 'public',
    needs: ['oidc-client-secret', 'sessions', 'mail', 'sso-state'],
  },
  // The provider says a person signed out there (OpenID Connect back-channel logout).
  {
    method: 'POST',
    path: '/api/sso/backchannel-logout',
    handler: 'sso/end-provider-sessions',
    access: 'public',
    caller: 'provider',
    needs: ['sessions', 'sso-state'],
  },
  { method: 'GET', path: '/api/users', handler: 'users/list-users', access: 'admin' },
  {
    method: 'POST',
    path: '/api/users',
    handler: 'users/create-user',
    access: 'admin',
    needs: ['credentials'],
    writeLimit: 'admin',
    memoryMb: PASSWORD_HASHING_MB,
  },
  {
    method: 'DELETE',
    path: '/api/users/{id}',
    handler: 'users/delete-user',
    access: 'admin',
    needs: ['credentials'],
    writeLimit: 'admin',
  },
  {
    method: 'PATCH',
    path: '/api/users/{id}/role',
    handler: 'users/update-user-role',
    access: 'admin',
    writeLimit: 'admin',
  },
  // A user's hub groups (their groups are these and those single sign-on names): classes name
  // groups whose reviewers their requests go to first.
  {
    method: 'PATCH',
    path: '/api/users/{id}/groups',
    handler: 'users/set-user-groups',
    access: 'admin',
    writeLimit: 'admin',
  },
  {
    method: 'DELETE',
    path: '/api/users/{id}/sessions',
    handler: 'users/end-user-sessions',
    access: 'admin',
    needs: ['sessions'],
    writeLimit: 'admin',
  },
  {
    method: 'PATCH',
    path: '/api/users/{id}/password',
    handler: 'users/set-user-password',
    access: 'admin',
    needs: ['credentials'],
    writeLimit: 'admin',
    memoryMb: PASSWORD_HASHING_MB,
  },
  {
    method: 'DELETE',
    path: '/api/users/{id}/second-factor',
    handler: 'users/reset-second-factor',
    access: 'admin',
    // Ending the user's sessions is a move of their session version on the user item.
    needs: ['second-factor', 'mail'],
    writeLimit: 'admin',
  },
  {
    method: 'POST',
    path: '/api/invites',
    handler: 'users/invite-user',
    access: 'admin',
    needs: ['mail', 'email-tokens'],
    writeLimit: 'admin',
  },
  {
    method: 'GET',
    path: '/api/components',
    handler: 'components/list-components',
    access: 'user',
    // Reads the search snapshot at a cold start (the snapshot job writes it), and writes the
    // exports the export route asks it for.
    needs: ['bucket-read', 'bucket-write'],
    // The list answers every keystroke from the search index: a whole vCPU at least; the API
    // stack sizes it from the declared catalogue size (infra/search-sizing.ts).
    memoryMb: ONE_VCPU_MB,
    timeoutSeconds: LONGEST_API_SECONDS,
  },
  {
    method: 'GET',
    path: '/api/components/classes',
    handler: 'components/list-component-classes',
    access: 'user',
    needs: ['bucket-read'],
    memoryMb: CATALOGUE_SUMMARY_MB,
  },
  {
    method: 'GET',
    path: '/api/components/options',
    handler: 'components/list-component-options',
    access: 'user',
    needs: ['bucket-read'],
    memoryMb: CATALOGUE_SUMMARY_MB,
  },
  // Parts and pending new-part requests that may be the part being typed: read from the search index.
  {
    method: 'GET',
    path: '/api/components/duplicates',
    handler: 'components/list-duplicate-candidates',
    access: 'user',
    // The part-number neighbours: asked of the search function.
    needs: ['search-holder'],
  },
  // Every part a search matches, as a file in the bucket: the search function writes it as it reads the index.
  {
    method: 'GET',
    path: '/api/components/export',
    handler: 'components/export-components',
    access: 'user',
    needs: ['search-holder'],
    timeoutSeconds: LONGEST_API_SECONDS,
  },
  { method: 'GET', path: '/api/components/{id}', handler: 'components/get-component', access: 'user' },
  {
    method: 'GET',
    path: '/api/components/{id}/files/{field}',
    handler: 'components/get-component-file',
    access: 'user',
    needs: ['bucket-read'],
  },
  {
    method: 'GET',
    path: '/api/stats',
    handler: 'stats/get-stats',
    access: 'user',
    needs: ['bucket-read'],
    memoryMb: CATALOGUE_SUMMARY_MB,
  },
  {
    method: 'POST',
    path: '/api/components',
    handler: 'components/create-component',
    access: 'user',
    // Claims the form's uploads into requests/<id>/ (copy, sniff, delete the uploads).
    needs: ['bucket-read', 'bucket-write', 'bucket-delete', 'bucket-list'],
    writeLimit: 'requests',
  },
  {
    method: 'PATCH',
    path: '/api/components/{id}',
    handler: 'components/propose-edit',
    access: 'user',
    writeLimit: 'requests',
  },
  {
    method: 'POST',
    path: '/api/components/{id}/delete-request',
    handler: 'components/request-deletion',
    access: 'user',
    writeLimit: 'requests',
  },
  { method: 'GET', path: '/api/components/{id}/versions', handler: 'components/list-versions', access: 'user' },
  // Two parts that are one: the part of the path goes into `intoId`, with all it holds.
  {
    method: 'POST',
    path: '/api/components/{id}/merge',
    handler: 'components/merge-component',
    access: 'librarian',
    // Closing the merged part's other requests tells their submitters and drops their files.
    needs: ['bucket-delete', 'mail'],
    writeLimit: 'admin',
    // A part with a long history moves in many transactions.
    timeoutSeconds: LONGEST_API_SECONDS,
  },
  {
    method: 'POST',
    path: '/api/components/{id}/view',
    handler: 'components/record-view',
    access: 'user',
    writeLimit: 'views',
  },
  { method: 'GET', path: '/api/recent-components', handler: 'components/list-recent-components', access: 'user' },
  {
    method: 'GET',
    path: '/api/components/{id}/related',
    handler: 'components/list-related-components',
    access: 'user',
    needs: ['bucket-read'],
    // Ranked from the catalogue summary's series, type and class columns.
    memoryMb: CATALOGUE_SUMMARY_MB,
  },
  { method: 'GET', path: '/api/tokens', handler: 'tokens/list-tokens', access: 'user', needs: ['access-tokens'] },
  {
    method: 'POST',
    path: '/api/tokens',
    handler: 'tokens/create-token',
    access: 'user',
    needs: ['access-tokens'],
    writeLimit: 'account',
  },
  {
    method: 'DELETE',
    path: '/api/tokens/{id}',
    handler: 'tokens/revoke-token',
    access: 'user',
    needs: ['access-tokens'],
    writeLimit: 'account',
  },
  {
    method: 'GET',
    path: '/api/admin/tokens',
    handler: 'tokens/list-all-tokens',
    access: 'admin',
    needs: ['access-tokens'],
  },
  {
    method: 'PATCH',
    path: '/api/admin/tokens/{id}',
    handler: 'tokens/disable-token',
    access: 'admin',
    needs: ['access-tokens'],
    writeLimit: 'admin',
  },
  { method: 'GET', path: '/api/components/{id}/links', handler: 'components/list-links', access: 'user' },
  {
    method: 'POST',
    path: '/api/components/{id}/links',
    handler: 'components/propose-link',
    access: 'user',
    writeLimit: 'requests',
  },
  {
    method: 'DELETE',
    path: '/api/components/{id}/links/{linkId}',
    handler: 'components/propose-unlink',
    access: 'user',
    writeLimit: 'requests',
  },
  { method: 'GET', path: '/api/components/{id}/comments', handler: 'components/list-comments', access: 'user' },
  {
    method: 'POST',
    path: '/api/components/{id}/comments',
    handler: 'components/add-comment',
    access: 'user',
    writeLimit: 'comments',
  },
  {
    method: 'POST',
    path: '/api/uploads',
    handler: 'files/create-upload',
    access: 'user',
    needs: ['bucket-write', 'bucket-list'],
    writeLimit: 'uploads',
  },
  { method: 'GET', path: '/api/components/{id}/attachments', handler: 'files/list-attachments', access: 'user' },
  {
    method: 'POST',
    path: '/api/components/{id}/attachments',
    handler: 'files/add-attachment',
    access: 'user',
    needs: ['bucket-read', 'bucket-write', 'bucket-delete'],
    writeLimit: 'uploads',
  },
  {
    method: 'DELETE',
    path: '/api/components/{id}/attachments/{attachmentId}',
    handler: 'files/delete-attachment',
    access: 'user',
    needs: ['bucket-delete'],
  },
  {
    method: 'GET',
    path: '/api/attachments/{id}/download',
    handler: 'files/download-attachment',
    access: 'user',
    needs: ['bucket-read'],
  },
  {
    method: 'GET',
    path: '/api/approval-requests',
    handler: 'approvals/list-approval-requests',
    access: 'user',
    // A new-part request is listed with the parts it may duplicate: asked of the search function.
    needs: ['search-holder'],
  },
  {
    method: 'PATCH',
    path: '/api/approval-requests/{id}',
    handler: 'approvals/review-approval-request',
    access: 'librarian',
    needs: ['bucket-delete', 'mail', 'bucket-read'],
    writeLimit: 'admin',
    // Approving a class rename or merge finds the parts of the old classes in the catalogue summary.
    memoryMb: CATALOGUE_SUMMARY_MB,
  },
  {
    method: 'POST',
    path: '/api/approval-requests/bulk-review',
    handler: 'approvals/bulk-review-approval-requests',
    access: 'librarian',
    needs: ['bucket-delete', 'mail', 'bucket-read'],
    writeLimit: 'admin',
    // Approving a class rename or merge finds the parts of the old classes in the catalogue summary.
    memoryMb: CATALOGUE_SUMMARY_MB,
    // Up to 50 reviews one after another; the service starts no new one after 20 s.
    timeoutSeconds: LONGEST_API_SECONDS,
  },
  {
    method: 'POST',
    path: '/api/approval-requests/{id}/withdraw',
    handler: 'approvals/withdraw-approval-request',
    access: 'user',
    needs: ['bucket-delete'],
    writeLimit: 'requests',
  },
  {
    method: 'POST',
    path: '/api/components/{id}/versions/{versionNumber}/revert',
    handler: 'components/revert-component',
    access: 'user',
    writeLimit: 'requests',
  },
  // Drafts of the Add New Component form, each person's own.
  { method: 'GET', path: '/api/drafts', handler: 'drafts/list-drafts', access: 'user' },
  { method: 'POST', path: '/api/drafts', handler: 'drafts/create-draft', access: 'user', writeLimit: 'drafts' },
  { method: 'GET', path: '/api/drafts/{id}', handler: 'drafts/get-draft', access: 'user' },
  { method: 'PUT', path: '/api/drafts/{id}', handler: 'drafts/update-draft', access: 'user', writeLimit: 'drafts' },
  { method: 'DELETE', path: '/api/drafts/{id}', handler: 'drafts/delete-draft', access: 'user', writeLimit: 'drafts' },
  { method: 'GET', path: '/api/notifications', handler: 'notifications/list-notifications', access: 'user' },
  {
    method: 'GET',
    path: '/api/notification-settings',
    handler: 'notifications/get-notification-settings',
    access: 'user',
  },
  {
    method: 'PATCH',
    path: '/api/notification-settings',
    handler: 'notifications/update-notification-settings',
    access: 'user',
    writeLimit: 'notifications',
  },
  {
    method: 'POST',
    path: '/api/notifications/read',
    handler: 'notifications/mark-all-notifications-read',
    access: 'user',
    writeLimit: 'notifications',
  },
  {
    method: 'PATCH',
    path: '/api/notifications/{id}',
    handler: 'notifications/mark-notification-read',
    access: 'user',
    writeLimit: 'notifications',
  },
  {
    method: 'DELETE',
    path: '/api/notifications/{id}',
    handler: 'notifications/delete-notification',
    access: 'user',
    writeLimit: 'notifications',
  },
  // Excel import: the upload becomes an import (its workbook kept under imports/), previewed and committed by the import state machine ('import-jobs').
  {
    method: 'POST',
    path: '/api/import-excel',
    handler: 'import/import-excel',
    access: 'librarian',
    writeLimit: 'admin',
    needs: ['bucket-read', 'bucket-write', 'bucket-delete', 'import-jobs'],
    // Parses up to 20 MB of workbook (peak about 500 MB with the index for the duplicate check at
    // 100k parts), CPU-bound; 10,000 rows take about 5 s (`npm run bench -- import`), the 50,000-row
    // limit several times that.
    memoryMb: ONE_VCPU_MB,
    timeoutSeconds: LONGEST_API_SECONDS,
  },
  { method: 'GET', path: '/api/imports', handler: 'import/list-imports', access: 'librarian' },
  {
    method: 'GET',
    path: '/api/imports/{id}',
    handler: 'import/get-import',
    access: 'librarian',
    needs: ['bucket-read', 'import-jobs'],
  },
  {
    method: 'PATCH',
    path: '/api/imports/{id}',
    handler: 'import/change-import',
    access: 'librarian',
    writeLimit: 'admin',
    needs: ['bucket-read', 'import-jobs'],
  },
  {
    method: 'POST',
    path: '/api/imports/{id}/commit',
    handler: 'import/commit-import',
    access: 'librarian',
    writeLimit: 'admin',
    needs: ['import-jobs'],
  },
  // Distributor search: calls Digi-Key or Mouser (outside AWS, no grant needed), copies the files into the bucket.
  {
    method: 'POST',
    path: '/api/components/{id}/search-digikey',
    handler: 'distributors/search-digikey',
    access: 'user',
    needs: ['bucket-write', 'bucket-delete', 'distributor-credentials'],
    writeLimit: 'distributor-searches',
    // A distributor search may retry and download files for up to DISTRIBUTOR_DEADLINE_MS (25 s).
    timeoutSeconds: LONGEST_API_SECONDS,
  },
  {
    method: 'POST',
    path: '/api/components/{id}/search-mouser',
    handler: 'distributors/search-mouser',
    access: 'user',
    needs: ['bucket-write', 'bucket-delete', 'distributor-credentials'],
    writeLimit: 'distributor-searches',
    // A distributor search may retry and download files for up to DISTRIBUTOR_DEADLINE_MS (25 s).
    timeoutSeconds: LONGEST_API_SECONDS,
  },
  // Filling a part from a distributor's answer: read it (a person's search, kept an hour), file the
  // ticked fields as one edit request; administrators mark fields no fill may take.
  {
    method: 'POST',
    path: '/api/components/{id}/distributor-data',
    handler: 'distributors/read-distributor-data',
    access: 'user',
    needs: ['distributor-credentials'],
    writeLimit: 'distributor-searches',
    timeoutSeconds: LONGEST_API_SECONDS,
  },
  {
    method: 'POST',
    path: '/api/components/{id}/distributor-fill',
    handler: 'distributors/fill-from-distributor',
    access: 'user',
    writeLimit: 'requests',
  },
  {
    method: 'GET',
    path: '/api/components/{id}/protected-fields',
    handler: 'distributors/get-protected-fields',
    access: 'user',
  },
  {
    method: 'PUT',
    path: '/api/components/{id}/protected-fields',
    handler: 'distributors/set-protected-fields',
    access: 'librarian',
    writeLimit: 'admin',
  },
  {
    method: 'GET',
    path: '/api/admin/class-protected-fields',
    handler: 'distributors/get-class-protected-fields',
    access: 'librarian',
  },
  {
    method: 'PUT',
    path: '/api/admin/class-protected-fields',
    handler: 'distributors/set-class-protected-fields',
    access: 'librarian',
    writeLimit: 'admin',
  },
  {
    method: 'POST',
    path: '/api/distributor-lookup',
    handler: 'distributors/look-up-distributor-part',
    access: 'user',
    needs: ['distributor-credentials'],
    writeLimit: 'distributor-searches',
    timeoutSeconds: LONGEST_API_SECONDS,
  },
  // Image management (admin dashboard). Stats and batch starts read the catalogue summary (its S3 file); 'batches' starts the state machine.
  {
    method: 'GET',
    path: '/api/admin/image-stats',
    handler: 'images/get-image-stats',
    access: 'librarian',
    needs: ['bucket-read'],
    // Which parts have images, of which class: read from the catalogue summary.
    memoryMb: CATALOGUE_SUMMARY_MB,
  },
  {
    method: 'GET',
    path: '/api/admin/unread-values',
    handler: 'components/list-unread-values',
    access: 'librarian',
    // Every part's current and wire texts: read by the search function.
    needs: ['search-holder'],
  },
  // The class list administrators keep: read with each class's parts (from the catalogue summary); a
  // change of it is an approval request, checked against the catalogue's classes when filed.
  {
    method: 'GET',
    path: '/api/admin/classes',
    handler: 'classes/list-classes',
    access: 'librarian',
    needs: ['bucket-read'],
    memoryMb: CATALOGUE_SUMMARY_MB,
  },
  {
    method: 'POST',
    path: '/api/admin/classes',
    handler: 'classes/file-class-change',
    access: 'librarian',
    needs: ['bucket-read'],
    writeLimit: 'admin',
    memoryMb: CATALOGUE_SUMMARY_MB,
  },
  // The reviewer groups each class names: its requests go to their reviewers first.
  {
    method: 'GET',
    path: '/api/admin/classes/reviewers',
    handler: 'classes/list-class-reviewers',
    access: 'librarian',
  },
  {
    method: 'PUT',
    path: '/api/admin/classes/reviewers',
    handler: 'classes/set-class-reviewers',
    access: 'librarian',
    writeLimit: 'admin',
  },
  { method: 'GET', path: '/api/admin/recent-images', handler: 'images/list-recent-images', access: 'librarian' },
  { method: 'GET', path: '/api/admin/image-batch', handler: 'images/get-image-batch', access: 'librarian' },
  // "Refresh lifecycle and data": a batch like the image batches (the same slot and state machine)
  // over a class or a selection, filing one change request per part whose distributor data differs.
  {
    method: 'POST',
    path: '/api/admin/data-batch',
    handler: 'distributors/start-data-batch',
    access: 'librarian',
    // The parts of a class: asked of the search function.
    needs: ['batches', 'search-holder'],
    writeLimit: 'admin',
  },
  {
    method: 'GET',
    path: '/api/admin/data-batch/{id}/parts',
    handler: 'distributors/get-data-batch-report',
    access: 'librarian',
  },
  {
    method: 'POST',
    path: '/api/admin/process-images',
    handler: 'images/start-digikey-batch',
    access: 'librarian',
    needs: ['bucket-read', 'batches'],
    writeLimit: 'admin',
    // Which parts have images, of which class: read from the catalogue summary.
    memoryMb: CATALOGUE_SUMMARY_MB,
  },
  {
    method: 'POST',
    path: '/api/admin/mouser/batch-retrieve-images',
    handler: 'images/start-mouser-batch',
    access: 'librarian',
    needs: ['bucket-read', 'batches'],
    writeLimit: 'admin',
    // Which parts have images, of which class: read from the catalogue summary.
    memoryMb: CATALOGUE_SUMMARY_MB,
  },
  {
    method: 'POST',
    path: '/api/admin/unified/batch-retrieve-images',
    handler: 'images/start-unified-batch',
    access: 'librarian',
    needs: ['bucket-read', 'batches'],
    writeLimit: 'admin',
    // Which parts have images, of which class: read from the catalogue summary.
    memoryMb: CATALOGUE_SUMMARY_MB,
  },
  // The catalogue's change log, for everyone: what changed, who proposed and who approved it.
  { method: 'GET', path: '/api/changes', handler: 'changes/list-changes', access: 'user' },
  // Watching a part or a class: its watchers are told when a change to it is requested or approved.
  { method: 'GET', path: '/api/watches', handler: 'watches/list-watches', access: 'user' },
  { method: 'PUT', path: '/api/watches', handler: 'watches/start-watching', access: 'user' },
  { method: 'DELETE', path: '/api/watches', handler: 'watches/stop-watching', access: 'user' },
  // The API description (OpenAPI), built ahead from this manifest and the handlers' schemas.
  { method: 'GET', path: '/api/openapi.json', handler: 'api/get-api-description', access: 'user' },
] as const satisfies readonly RouteDefinition[];

export type RouteKey = `${HttpMethod} ${string}`;

/** API Gateway's route key, `"POST /api/login"`. */
export const routeKey = (route: Pick<RouteDefinition, 'method' | 'path'>): RouteKey => `${route.method} ${route.path}`;

const byKey = new Map<string, RouteDefinition>(routes.map((route) => [routeKey(route), route]));

export const findRoute = (key: string): RouteDefinition | undefined => byKey.get(key);

export const isMutating = (method: HttpMethod): boolean => method !== 'GET';

/** The memory a route's function gets, in MB. */
export const functionMemoryMb = (route: RouteDefinition): number => route.memoryMb ?? DEFAULT_MEMORY_MB;

/** How long a route's function may run, in seconds. */
export const functionTimeoutSeconds = (route: RouteDefinition): number =>
  route.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS;

/** The per-user write limit a route counts against; undefined for reads and public routes. */
export const writeLimitOf = (route: RouteDefinition): WriteLimitKind | undefined =>
  isMutating(route.method) && route.access !== 'public' ? (route.writeLimit ?? 'other') : undefined;
