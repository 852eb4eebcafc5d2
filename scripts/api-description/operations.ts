/**
 * What the API description says about a route beyond what the route manifest and the handler's
 * own schemas already tell: a readable summary where the handler's name does not give one, and
 * what a route answers when it succeeds (its status when not 200, the shared schema of its body
 * where one exists). A route with no entry answers 200 with JSON, summarised from its handler's
 * name. Request schemas are never repeated here: the handler declares them once.
 */
import * as z from 'zod';
import { exportAnswerSchema } from '#shared/schemas/exports';
import type { ZodType } from 'zod';
import type { RouteKey } from '#shared/routes';
import { publicUserSchema } from '#shared/schemas/auth';
import {
  catalogueStatsSchema,
  componentOptionsSchema,
  componentSchema,
  FACETS_HEADER,
  SUGGESTIONS_HEADER,
  CORRECTION_HEADER,
  TOTAL_COUNT_HEADER,
  unreadValueSchema,
} from '#shared/schemas/component';
import { componentLinkSchema } from '#shared/schemas/links';
import { sessionSummarySchema } from '#shared/schemas/sessions';
import { logoutResultSchema, signInOptionsSchema } from '#shared/schemas/sso';
import { adminUserSchema } from '#shared/schemas/users';

/** A success answer: what it means, its JSON body's schema where one is declared, its headers. */
export interface SuccessAnswer {
  readonly description: string;
  readonly schema?: ZodType;
  /** Response headers by name, each with what it carries. */
  readonly headers?: Readonly<Record<string, string>>;
  /** No body: 204, and the redirects (their target is in `Location`). */
  readonly noBody?: true;
}

export interface OperationNotes {
  readonly summary?: string;
  readonly description?: string;
  /** The success answers by status; without them, 200 with JSON. */
  readonly answers?: Readonly<Partial<Record<200 | 201 | 202 | 204 | 301 | 302 | 303, SuccessAnswer>>>;
  /** A public route with a per-client (or per-account) throttle of its own: 429 past it. */
  readonly throttled?: true;
  /** The route makes its write once per `Idempotency-Key`, so a client may send it again after a timeout. */
  readonly idempotencyKey?: true;
}

/** The plain confirmations many writes answer with. */
const messageAnswer = z.object({ message: z.string() });
const csrfTokenAnswer = z.object({ token: z.string() });

const message = (description: string): SuccessAnswer => ({ description, schema: messageAnswer });
const created = (description: string, schema?: ZodType): Readonly<Partial<Record<201, SuccessAnswer>>> => ({
  201: { description, ...(schema && { schema }) },
});
const redirect = (description: string): SuccessAnswer => ({
  description,
  noBody: true,
  headers: { Location: 'Where to go next.' },
});
const noContent: SuccessAnswer = { description: 'Done; no body.', noBody: true };
/** A change filed for review: the approval request it made. */
const filedRequest = created('The change request, filed for review.');

export const operationNotes: Readonly<Partial<Record<RouteKey, OperationNotes>>> = {
  'GET /api/csrf-token': {
    summary: 'Get a CSRF token',
    description:
      'A browser sends it in the `x-csrf-token` header with every write. Bound to the session, or before ' +
      'sign-in to the pre-session cookie this call sets. Scripts with an access token do not need one.',
    answers: { 200: { description: 'The token.', schema: csrfTokenAnswer } },
  },
  'POST /api/login': {
    summary: 'Sign in with email and password',
    throttled: true,
    answers: {
      200: {
        description:
          'Signed in (the user, with the session cookie), or, for an account with a second factor, which ' +
          'factors it may give next (with the pending sign-in cookie).',
      },
    },
  },
  'POST /api/logout': {
    summary: 'Sign out',
    answers: { 200: { description: 'Signed out.', schema: logoutResultSchema } },
  },
  'POST /api/forgot-password': {
    summary: 'Ask for a password reset link',
    throttled: true,
    answers: { 200: message('The same answer whether or not the account exists.') },
  },
  'POST /api/reset-password': { summary: 'Set a new password with a reset link', answers: { 200: message('Done.') } },
  'GET /api/user': {
    summary: 'Get the signed-in user',
    answers: { 200: { description: 'The caller.', schema: publicUserSchema } },
  },
  'PATCH /api/user': {
    summary: 'Change one’s own profile',
    answers: { 200: { description: 'The caller as changed.', schema: publicUserSchema } },
  },
  'POST /api/user/email/confirm': { summary: 'Confirm a new email address', answers: { 200: message('Confirmed.') } },
  'DELETE /api/user': { summary: 'Delete one’s own account', answers: { 204: noContent } },
  'POST /api/change-password': { summary: 'Change one’s own password', answers: { 200: message('Changed.') } },
  'GET /api/sessions': {
    summary: 'List one’s own sessions',
    answers: {
      200: { description: 'The live sessions, the current one first.', schema: z.array(sessionSummarySchema) },
    },
  },
  'DELETE /api/sessions/{id}': { summary: 'End one of one’s own sessions', answers: { 200: message('Ended.') } },
  'POST /api/sessions/end-others': { summary: 'End one’s other sessions', answers: { 200: message('Ended.') } },
  'POST /api/invites/accept': {
    summary: 'Accept an invitation',
    answers: { 200: { description: 'Signed in as the new account.', schema: publicUserSchema } },
  },
  'POST /api/login/second-factor': {
    summary: 'Finish a sign-in with a second factor',
    throttled: true,
    answers: { 200: { description: 'Signed in (the user, with the session cookie), or the next step.' } },
  },
  'GET /api/second-factor': { summary: 'Get one’s own second factors' },
  'POST /api/second-factor/totp': { summary: 'Set up an authenticator app' },
  'POST /api/second-factor/passkeys': {
    summary: 'Add a passkey',
    answers: {
      200: { description: 'Without the authenticator’s answer: the options to create the passkey with.' },
      201: { description: 'With it: the passkey, saved.' },
    },
  },
  'POST /api/second-factor/recovery-codes': { summary: 'Make new recovery codes' },
  'DELETE /api/second-factor/{factor}': { summary: 'Remove a second factor', answers: { 204: noContent } },
  'POST /api/invites/check': { summary: 'Check an invitation link', throttled: true },
  'GET /api/sso/options': {
    summary: 'How one may sign in',
    answers: {
      200: { description: 'Single sign-on and password sign-in as configured.', schema: signInOptionsSchema },
    },
  },
  'GET /api/sso/start': {
    summary: 'Start a single sign-on',
    answers: { 302: redirect('To the identity provider.') },
  },
  'GET /api/sso/reauthenticate': {
    summary: 'Sign in at the identity provider afresh',
    answers: { 302: redirect('To the identity provider.') },
  },
  'GET /api/sso/callback': {
    summary: 'Return from the identity provider',
    answers: { 302: redirect('Into the app, signed in, or to the sign-in page with the reason.') },
  },
  'POST /api/sso/backchannel-logout': {
    summary: 'End sessions the identity provider ended',
    description: 'Called by the identity provider, server to server, with a signed logout token.',
    answers: { 200: { description: 'Done.' } },
  },
  'GET /api/users': {
    summary: 'List users',
    answers: { 200: { description: 'Every user.', schema: z.array(adminUserSchema) } },
  },
  'POST /api/users': { summary: 'Create a user', answers: created('The new user.', adminUserSchema) },
  'DELETE /api/users/{id}': { summary: 'Delete a user', answers: { 200: message('Deleted.') } },
  'PATCH /api/users/{id}/role': {
    summary: 'Change a user’s role',
    answers: { 200: { description: 'The user as changed.', schema: adminUserSchema } },
  },
  'DELETE /api/users/{id}/sessions': { summary: 'End a user’s sessions', answers: { 200: message('Ended.') } },
  'PATCH /api/users/{id}/password': { summary: 'Set a user’s password', answers: { 200: message('Set.') } },
  'DELETE /api/users/{id}/second-factor': {
    summary: 'Reset a user’s second factor',
    answers: { 200: message('Reset.') },
  },
  'POST /api/invites': {
    summary: 'Invite a user',
    answers: created('The invitation, sent.', z.object({ message: z.string(), user: adminUserSchema })),
  },
  'GET /api/components': {
    summary: 'Search components',
    description:
      'One page of matches, most relevant first. `query` searches every field; the other parameters filter ' +
      'one field each, numbers by value or by range (`…Min`, `…Max`).',
    answers: {
      200: {
        description: 'The page of components.',
        schema: z.array(componentSchema),
        headers: {
          [TOTAL_COUNT_HEADER]: 'How many components match, over every page.',
          [FACETS_HEADER]: 'With `facets=true`: counts per class, manufacturer and type, as URI-encoded JSON.',
          [SUGGESTIONS_HEADER]: 'When nothing matched: searches that would find something, as URI-encoded JSON.',
          [CORRECTION_HEADER]:
            'When the search as typed found nothing and one correction was clearly right, the page answers that ' +
            'correction: its `field`, `text` and the `original` text, as JSON. `asTyped=true` answers the text as typed.',
        },
      },
    },
  },
  'GET /api/components/classes': {
    summary: 'List component classes',
    answers: { 200: { description: 'The classes in use, sorted.', schema: z.array(z.string()) } },
  },
  'GET /api/components/options': {
    summary: 'List manufacturers, classes, types and languages',
    answers: { 200: { description: 'The catalogue’s choices.', schema: componentOptionsSchema } },
  },
  'GET /api/components/{id}': {
    summary: 'Get a component',
    answers: {
      200: {
        description: 'The component: every field, absent values null, other-language values as `<field>_<code>`.',
        schema: componentSchema,
      },
      301: {
        description: 'The part was merged into another: `Location` and `movedTo` name the part kept.',
        schema: z.object({ message: z.string(), movedTo: z.number().int() }),
        headers: { Location: 'The address of the part kept.' },
      },
    },
  },
  'GET /api/components/{id}/files/{field}': {
    summary: 'Download a component’s file (datasheet, scheme, 3D part)',
    answers: { 302: redirect('To a short-lived download address of the file.') },
  },
  'GET /api/components/duplicates': { summary: 'Find parts and new-part requests like one being typed' },
  'GET /api/components/export': {
    summary: 'Export every part a search matches (xlsx, csv or json)',
    description:
      'Takes the search’s own parameters (no paging: every match), `format`, `since` (only parts changed at or ' +
      'after it) and `day` (the file name’s date). The file carries every field and a column per kind of link, ' +
      'naming the other parts by reference and maker; the import reads the workbook back.',
    answers: {
      200: { description: 'Asked with `Accept: application/json`: where the file is.', schema: exportAnswerSchema },
      303: redirect('To a short-lived download address of the file (`curl -L` saves it).'),
    },
  },
  'POST /api/components/{id}/merge': { summary: 'Merge a part into another' },
  'GET /api/stats': {
    summary: 'Get catalogue counts',
    answers: { 200: { description: 'The dashboard’s counts.', schema: catalogueStatsSchema } },
  },
  'POST /api/components': { summary: 'Propose a new component', answers: filedRequest, idempotencyKey: true },
  'PATCH /api/components/{id}': { summary: 'Propose an edit', answers: filedRequest },
  'POST /api/components/{id}/delete-request': { summary: 'Propose a deletion', answers: filedRequest },
  'GET /api/components/{id}/versions': { summary: 'List a component’s versions' },
  'POST /api/components/{id}/view': { summary: 'Record a view of a component' },
  'GET /api/recent-components': { summary: 'List one’s recently viewed components' },
  'GET /api/components/{id}/related': {
    summary: 'List related components',
    answers: { 200: { description: 'A few components like it, best first.', schema: z.array(componentSchema) } },
  },
  'GET /api/components/{id}/links': {
    summary: 'List a component’s links',
    answers: { 200: { description: 'Its links, read from this end.', schema: z.array(componentLinkSchema) } },
  },
  'POST /api/components/{id}/links': { summary: 'Propose a link', answers: filedRequest },
  'DELETE /api/components/{id}/links/{linkId}': { summary: 'Propose removing a link', answers: filedRequest },
  'GET /api/components/{id}/comments': { summary: 'List a component’s comments' },
  'POST /api/components/{id}/comments': { summary: 'Comment on a component', answers: created('The comment.') },
  'POST /api/uploads': {
    summary: 'Start an upload',
    description: 'Answers a presigned POST: send the file straight to storage with it, then name its key.',
  },
  'GET /api/components/{id}/attachments': { summary: 'List a component’s attachments' },
  'POST /api/components/{id}/attachments': {
    summary: 'Propose an attachment',
    answers: created('The attachment, filed for review.'),
    idempotencyKey: true,
  },
  'DELETE /api/components/{id}/attachments/{attachmentId}': { summary: 'Delete an attachment' },
  'GET /api/attachments/{id}/download': {
    summary: 'Download an attachment',
    answers: { 302: redirect('To a short-lived download address of the file.') },
  },
  'GET /api/approval-requests': { summary: 'List change requests' },
  'PATCH /api/approval-requests/{id}': { summary: 'Review a change request', idempotencyKey: true },
  'POST /api/approval-requests/bulk-review': { summary: 'Review several change requests' },
  'POST /api/approval-requests/{id}/withdraw': { summary: 'Withdraw one’s own change request' },
  'POST /api/components/{id}/versions/{versionNumber}/revert': {
    summary: 'Propose going back to a version',
    answers: filedRequest,
  },
  'GET /api/drafts': { summary: 'List one’s drafts' },
  'POST /api/drafts': { summary: 'Save a new draft', answers: created('The draft.') },
  'GET /api/drafts/{id}': { summary: 'Get a draft' },
  'PUT /api/drafts/{id}': { summary: 'Save a draft' },
  'DELETE /api/drafts/{id}': { summary: 'Delete a draft', answers: { 204: noContent } },
  'GET /api/notifications': { summary: 'List one’s notifications' },
  'GET /api/notification-settings': { summary: 'Get one’s notification settings' },
  'PATCH /api/notification-settings': { summary: 'Change one’s notification settings' },
  'POST /api/notifications/read': { summary: 'Mark every notification read' },
  'PATCH /api/notifications/{id}': { summary: 'Mark a notification read', answers: { 204: noContent } },
  'DELETE /api/notifications/{id}': { summary: 'Delete a notification', answers: { 204: noContent } },
  'POST /api/import-excel': {
    summary: 'Import a workbook',
    answers: {
      200: { description: 'The import, previewed (and committed) in time.' },
      202: { description: 'Still working: the import’s id, to follow with `GET /api/imports/{id}`.' },
    },
  },
  'GET /api/imports': { summary: 'List recent imports' },
  'GET /api/imports/{id}': { summary: 'Get an import’s preview or progress' },
  'PATCH /api/imports/{id}': {
    summary: 'Change an import’s column choices',
    answers: {
      200: { description: 'The preview, redone in time.' },
      202: { description: 'Still previewing: follow with `GET /api/imports/{id}`.' },
    },
  },
  'POST /api/imports/{id}/commit': {
    summary: 'Commit an import',
    answers: { 202: { description: 'Committing: follow with `GET /api/imports/{id}`.' } },
  },
  'POST /api/components/{id}/search-digikey': { summary: 'Find images and datasheets at Digi-Key' },
  'POST /api/components/{id}/search-mouser': { summary: 'Find images and datasheets at Mouser' },
  'POST /api/components/{id}/distributor-data': {
    summary: 'Read a part from Digi-Key or Mouser beside the catalogue’s values',
    description:
      'The matched product with its confidence, per field the catalogue’s value beside the distributor’s ' +
      '(in the catalogue’s units), the parameters no field takes, and the stock and price breaks as read. ' +
      'Counts as one of the caller’s distributor searches; the answer is kept an hour for filing.',
  },
  'POST /api/components/{id}/distributor-fill': {
    summary: 'File the ticked fields of a distributor’s answer as one edit',
    answers: filedRequest,
  },
  'GET /api/components/{id}/protected-fields': { summary: 'List the fields no distributor fill may take' },
  'PUT /api/components/{id}/protected-fields': { summary: 'Set the part’s protected fields' },
  'PUT /api/admin/class-protected-fields': { summary: 'Set a class’s protected fields' },
  'POST /api/distributor-lookup': { summary: 'Read a distributor’s product by part number, for the Add form' },
  'POST /api/admin/data-batch': { summary: 'Start a "Refresh lifecycle and data" batch' },
  'GET /api/admin/data-batch/{id}/parts': { summary: 'Report what a data batch did per part' },
  'GET /api/admin/image-stats': { summary: 'Get image coverage' },
  'GET /api/admin/unread-values': {
    summary: 'List values no number could be read from',
    answers: { 200: { description: 'Most common first.', schema: z.array(unreadValueSchema) } },
  },
  'GET /api/admin/recent-images': { summary: 'List recently found images' },
  'GET /api/admin/image-batch': { summary: 'Get the image batch in progress' },
  'POST /api/admin/process-images': { summary: 'Start a Digi-Key image batch' },
  'POST /api/admin/mouser/batch-retrieve-images': { summary: 'Start a Mouser image batch' },
  'POST /api/admin/unified/batch-retrieve-images': { summary: 'Start an image batch at both distributors' },
  'GET /api/admin/classes': { summary: 'List the kept component classes' },
  'POST /api/admin/classes': {
    summary: 'Propose adding, renaming or merging classes',
    answers: filedRequest,
  },
  'GET /api/tokens': { summary: 'List one’s own access tokens' },
  'POST /api/tokens': {
    summary: 'Make an access token',
    answers: created('The token, with its secret `token`: shown this once, stored only hashed.'),
  },
  'DELETE /api/tokens/{id}': { summary: 'Revoke one’s own access token', answers: { 204: noContent } },
  'GET /api/admin/tokens': { summary: 'List everyone’s access tokens' },
  'PATCH /api/admin/tokens/{id}': { summary: 'Disable or enable an access token' },
  'GET /api/openapi.json': {
    summary: 'Get this API description',
    answers: { 200: { description: 'This document (OpenAPI 3.1).' } },
  },
};

/** The operations' tags, one per area (the handler's folder), in the order a reader meets them. */
export const areaTags: Readonly<Record<string, { name: string; description: string }>> = {
  components: { name: 'Components', description: 'Search, read and propose changes to parts.' },
  files: { name: 'Files', description: 'Uploads, attachments and downloads.' },
  approvals: { name: 'Approvals', description: 'Change requests and their review.' },
  drafts: { name: 'Drafts', description: 'Unfinished Add Component forms, each person’s own.' },
  stats: { name: 'Statistics', description: 'Catalogue counts.' },
  notifications: { name: 'Notifications', description: 'In-app notifications and their settings.' },
  import: { name: 'Import', description: 'Excel imports: preview, adjust, commit.' },
  distributors: { name: 'Distributors', description: 'Images and datasheets from Digi-Key and Mouser.' },
  images: { name: 'Images', description: 'Image coverage and batches.' },
  users: { name: 'Users', description: 'User administration.' },
  auth: { name: 'Account', description: 'Sign-in, profile, password and sessions.' },
  'second-factor': { name: 'Second factor', description: 'Authenticator apps, recovery codes and passkeys.' },
  sso: { name: 'Single sign-on', description: 'Sign-in through the company’s identity provider.' },
  classes: { name: 'Classes', description: 'The list of component classes, changed through review.' },
  tokens: { name: 'Access tokens', description: 'Personal and service tokens for scripts and add-ins.' },
  api: { name: 'API description', description: 'This document.' },
};
