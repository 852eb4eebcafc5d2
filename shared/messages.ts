import { signInMessages } from './sign-in-messages';

/** 'a, b or c'. */
const oneOf = (items: readonly string[]): string =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;

/** User-facing texts of the screens, their toasts and the API, kept once. */
export const messages = {
  ...signInMessages,
  emailInvalid: 'Please enter a valid email address',
  emailInvalidProfile: 'Invalid email address',
  passwordRequired: 'Password is required',
  currentPasswordRequired: 'Current password is required',
  passwordMinLength: 'Password must be at least 8 characters',
  passwordMinLengthAdmin: 'Password must be at least 8 characters long',
  passwordsDontMatch: "Passwords don't match",
  resetTokenRequired: 'Reset token is required',
  usernameMinLength: 'Username must be at least 3 characters',
  usernameCharacters:
    'Username may contain only letters, digits, spaces, dots, hyphens and underscores, and must begin and end with a letter or digit',
  roleRequired: 'Please select a role',
  cannotDeleteOwnAccount: 'Cannot delete your own account',

  invalidCredentials: 'Invalid email or password',
  notLoggedIn: 'Not logged in',
  forbidden: 'Forbidden',
  csrfInvalid: 'Invalid or missing CSRF token',
  notFound: 'Not Found',
  invalidRequest: 'Invalid request',
  requestTooLarge: (megabytes: number) => `The request is too large: at most ${megabytes} MB can be sent here.`,
  internalError: 'Internal Server Error',
  serviceUnavailable: 'Component Hub cannot reach one of its services right now. Please try again in a moment.',
  invitationNotSent:
    'The invitation email could not be sent right now, so no invitation was made. Please try again in a few minutes.',
  emailTaken: 'An account with this email already exists',
  currentPasswordWrong: 'Current password is incorrect',
  resetTokenInvalid: 'This reset link is invalid or has expired. Please request a new one.',
  passwordChanged: 'Password changed',
  emailChangePending: (email: string) =>
    `We sent a confirmation link to ${email}. Your email changes once you follow it; until then you keep your current address.`,
  emailConfirmed: (email: string) => `Your email address is now ${email}.`,
  emailConfirmationInvalid:
    'This confirmation link is invalid, was replaced by a newer one, or has expired. Ask for the change again in Settings.',
  emailConfirmationRequired: 'A confirmation token is required',
  confirmWithProviderFirst: (label: string) =>
    `Your account signs in through ${label} and has no password yet. Confirm it is you with ${label} first, then set the password within 5 minutes.`,
  ssoAccountsUsePasswords: (label: string) =>
    `Your account signs in through ${label}; this Component Hub does not give such accounts a password.`,
  lastAdminSelfDelete:
    'You are the last administrator and cannot delete your account. Make another user an administrator first.',
  userNotFound: 'User not found',
  cannotChangeOwnRole: 'You cannot change your own role',
  lastAdminDelete: 'The last administrator cannot be deleted. Make another user an administrator first.',
  lastAdminDemote: 'The last administrator cannot be demoted. Make another user an administrator first.',
  roleChangedMeanwhile: 'The user was changed by someone else. Reload and try again.',
  inviteActiveUser: 'A user with this email already has an active account',
  usernameTaken: 'This username is already taken',
  currentPasswordToChangeEmail: 'Enter your current password to change your email address',
  currentPasswordToDeleteAccount: 'Enter your current password to delete your account',
  setOwnPasswordHere:
    'To change your own password, use Change Password in your settings: it asks for your current password.',
  foreignOrigin: 'This request came from another site and was refused',
  textControlCharacters: (label: string) =>
    `${label} contains invisible control characters (text direction overrides or null characters). Remove them and try again.`,
  invitationSent: 'Invitation sent',
  userCreated: 'User created',
  roleUpdated: 'Role updated',
  userDeleted: 'User deleted',
  passwordUpdated: 'Password updated',
  passwordCommon:
    'This password is one of the most commonly used passwords, so it is among the first to be guessed. Choose a less common one.',
  passwordContext: "Password must not contain your username, your name, your email address or 'Component Hub'.",
  sessionNotFound: 'This session has already ended or is not one of yours',
  sessionIsCurrent: 'This is the session you are using now. To end it, log out.',
  sessionEnded: 'Session ended',
  otherSessionsEnded: 'Every other session was signed out',
  userSessionsEnded: 'Every session of this user was signed out',
  endOwnSessionsHere: 'To sign out your own sessions, use Security in your settings.',
  enterValue: 'Please enter a value',
  editUnchanged: 'The new value is the same as the current one.',
  unknownField: (field: string) => `Unknown field: ${field}`,
  noChanges: 'Change at least one field',
  requestNotFound: 'Approval request not found',
  requestAlreadyReviewed: 'This request has already been reviewed',
  watchTargetInvalid: 'Send either a componentId or a componentClass to watch',
  watchLimit: (max: number) => `You can watch at most ${max} parts and classes; stop watching some first`,
  ownRequestReview: 'You filed this request: another reviewer must approve or reject it',
  ownRequestOverrideOnly:
    'You filed this request: another reviewer must approve or reject it, or an administrator may override with a written reason',
  overrideReasonRequired: 'Write why you are reviewing your own request',
  overrideNotNeeded: 'An override reason is only for reviewing your own request',
  idempotencyKeyReused:
    'This Idempotency-Key was already used for a different request. Send a new key for a new request.',
  requestComponentGone: 'The component of this request no longer exists',
  requestConflict: (fields: string[]) =>
    `The component changed since this edit was proposed: ${fields.join(', ')}. Reject it, or ask for a new edit.`,
  requestRetry: 'The component changed while this request was being approved. Please try again.',
  notificationNotFound: 'Notification not found',
  draftNotFound: 'This draft was not found. It may have been submitted or deleted.',
  draftChanged:
    'This draft was saved again in another window since you opened it. Reopen it to see that version, then save your changes again.',
  draftLimitReached: (max: number) =>
    `You already have ${max} drafts, the most one person can keep. Submit or delete one, then save again.`,
  draftTooLarge: (kilobytes: number) =>
    `This draft is too large to save (at most ${kilobytes} KB of text). Shorten the longest fields and save again.`,
  draftFieldUnknown: 'A draft holds only the fields of the Add New Component form',
  tooManyWrites: (what: string, limit: number, period: 'minute' | 'day', wait: string) =>
    `You can ${what.replace('{n}', String(limit))} a ${period}. Please try again in ${wait}.`,
  pendingStorageFull: (usedMegabytes: number, quotaMegabytes: number) =>
    `Your files waiting for review already take ${usedMegabytes} MB of the ${quotaMegabytes} MB you may have waiting. Delete some of them, or wait until an administrator has reviewed them, before uploading more.`,
  uploadWrongKind: 'This upload was made for another kind of file. Upload the file again.',
  tooManyAttempts: (minutes: number) =>
    `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,

  // Second factor (authenticator app codes, recovery codes, passkeys).
  secondFactorCodeRequired: 'Enter the 6-digit code from your authenticator app',
  secondFactorCodeWrong: 'This code is not right, or it was already used. Wait for the next code and try again.',
  recoveryCodeRequired: 'Enter one of your recovery codes',
  recoveryCodeWrong: 'This recovery code is not right, or it was already used.',
  secondFactorSignInExpired: 'Your sign-in took too long or was already completed. Sign in with your password again.',
  passkeyNotVerified: 'The passkey could not be verified. Try again, or use another way to sign in.',
  passkeyNameRequired: 'Give the passkey a name, such as the device it is on',
  passkeyNotFound: 'Passkey not found',
  passkeyLimit: (max: number) => `You can register at most ${max} passkeys. Remove one first.`,
  passkeyRegistrationExpired: 'The passkey registration took too long. Start again.',
  totpEnrolmentExpired: 'The setup took too long or was already finished. Start again.',
  totpAlreadyOn: 'An authenticator app is already set up for this account',
  totpNotOn: 'No authenticator app is set up for this account',
  secondFactorSsoAccount:
    'Your account signs in through single sign-on: its second factor is the one your company sign-in asks for.',
  currentPasswordToRemoveSecondFactor: 'Enter your current password to remove a second factor',
  currentPasswordForRecoveryCodes: 'Enter your current password to make new recovery codes',
  secondFactorRequiredForAdmins:
    'Administrators must set up a second factor (an authenticator app or a passkey) in Settings → Security before they can use administration.',
  secondFactorReset: 'Second factor reset: the user was signed out everywhere and told by email',
  secondFactorNotSet: 'This user has no second factor to reset',
  resetOwnSecondFactor: 'To change your own second factor, use Settings → Security: it asks for your current password.',

  // Components and search (the component form; the API's own answers).
  referenceRequired: 'Reference is required',
  classRequired: 'Class is required',
  componentNotFound: 'Component not found',
  componentFileNotFound: 'This component has no such file',
  fileFieldInvalid: (label: string) =>
    `${label} must be a web address (http or https) or a file uploaded with this form`,
  componentIdInvalid: 'The component id must be a whole number',
  numberInvalid: (label: string) => `${label} must be a number`,
  wholeNumberInvalid: (label: string) => `${label} must be a whole number`,
  numberTooSmall: (label: string, min: number) => `${label} must be ${min} or more`,
  numberTooPrecise: (label: string, decimals: number) =>
    `${label} can have at most ${decimals} decimal place${decimals === 1 ? '' : 's'}`,
  textInvalid: (label: string) => `${label} must be text`,
  textTooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  /** A value from a fixed list, typed as something else: 'Lifecycle must be Active, …, Obsolete or Unknown'. */
  choiceInvalid: (label: string, choices: readonly string[]) => `${label} must be ${oneOf(choices)}`,
  searchLimitInvalid: (max: number) => `limit must be a whole number from 0 to ${max}`,
  searchOffsetInvalid: 'offset must be a whole number, 0 or more',
  searchTextTooLong: (max: number) => `Search text must be at most ${max} characters`,
  searchRangeInvalid: (label: string) => `${label}: the "from" value must not be above the "to" value`,
  searchSortInvalid: 'sort must be one of relevance, reference, manufacturer, class or type',
  searchOrderInvalid: 'order must be asc or desc',
  exportFormatInvalid: 'format must be xlsx, csv or json',
  exportSinceInvalid:
    'since must be a date (2026-01-31), a date and time (2026-01-31T08:00:00Z) or last (since your last export)',
  exportDayInvalid: 'day must be a date written 2026-01-31',
  /** `lifecycle=sold-out`: the filter names the value refused and the ones it takes. */
  searchChoiceInvalid: (param: string, value: string, codes: readonly string[]) =>
    `${param} cannot be '${value}': it takes ${oneOf(codes)} (several separated by commas)`,
  searchUnavailable: 'Search is temporarily unavailable. Please try again in a moment.',

  // Files: uploads and attachments (upload rules, toasts; the API's own answers).
  noFileSelected: 'Please select a file to upload',
  fileEmpty: 'The selected file is empty',
  fileTooLarge: (megabytes: number) => `The file size must be less than ${megabytes}MB`,
  attachmentTypeInvalid:
    'Only PDF, JPEG, PNG, GIF, STEP, IGES, DWG, DXF, ZIP (SOLIDWORKS Electrical .tewzip too) and EPLAN .edz files are supported',
  pdfFileOnly: 'Only PDF files are supported',
  imageFileOnly: 'Only image files are supported',
  excelFileRequired: 'Please select an Excel file to upload',
  excelTypeInvalid: 'Please upload an Excel file (.xlsx or .xls)',
  excelTooLarge: 'Excel file is too large. Maximum size is 20MB.',
  fileSourceMissing: 'Send the file as an uploadKey from POST /api/uploads or as base64 fileData, not both',
  fileDataInvalid: 'fileData must be base64-encoded',
  inlineFileTooLarge: (megabytes: number) => `Files over ${megabytes}MB must be uploaded through POST /api/uploads`,
  uploadKeyInvalid: 'This upload key is not valid. Upload the file again.',
  uploadNotYours: 'This upload belongs to another user',
  uploadMissing: 'The uploaded file was not found; the upload may have expired. Please upload the file again.',
  attachmentNotFound: 'Attachment not found',
  attachmentFileMissing: (fileName: string) =>
    `The file ${fileName} is missing from storage and cannot be downloaded. Ask an administrator to remove the attachment, or upload the file again.`,
  attachmentDeleteApproved: 'Only an administrator can delete an approved attachment',
  attachmentDeleteOthers: 'You can only delete your own pending attachments',
  attachmentChangedMeanwhile: 'The attachment was reviewed meanwhile. Reload and try again.',
  attachmentDeleted: 'The attachment has been deleted.',
  attachmentDeletedNote: 'Attachment deleted',

  // Excel import (the screen, its toasts; the API's own answers).
  noFileSelectedTitle: 'No file selected',
  invalidFileTypeTitle: 'Invalid file type',
  importSucceededTitle: 'Import Successful',
  importFailedTitle: 'Import Failed',
  importUploadFailedTitle: 'Upload failed',
  importFailed: 'Failed to import Excel data',
  importAdded: (count: number) => `${count} components added`,
  importNotWorkbook: (found: string) => `This file is not an Excel workbook (.xlsx or .xls): it is ${found}.`,
  importUnreadable: (detail: string) => `The workbook could not be read: ${detail}`,
  importNoSheet: (found: string) => `No sheet has a Reference and a Class column. Found: ${found}.`,
  importUnpackedTooLarge: (megabytes: number) =>
    `The workbook unpacks to more than ${megabytes} MB, more than the import reads. Remove unused sheets or split the file.`,
  importTooManyRows: (sheet: string, max: number) =>
    `The sheet '${sheet}' has more than ${max.toLocaleString('en-US')} rows. Split it into files of at most ${max.toLocaleString('en-US')} rows.`,
  importTooManyColumns: (sheet: string, max: number) =>
    `The sheet '${sheet}' has more than ${max} columns; the import reads at most ${max}.`,
  importDuplicateInCatalogue: 'duplicate: a component with this reference and manufacturer is already in the catalogue',
  importDuplicateInFile: (row: number) => `duplicate: the same reference and manufacturer as row ${row}`,
  importFileNotKept: (label: string) =>
    `${label} was not kept: only a web address (http:// or https://) can be imported into it`,
  // Previews and commits (the import as a job).
  importUploadSucceededTitle: 'Upload successful',
  importSummary: (counts: { created: number; updated: number; unchanged: number; skipped: number }) =>
    [
      `${counts.created} components added`,
      ...(counts.updated ? [`${counts.updated} updated`] : []),
      ...(counts.unchanged ? [`${counts.unchanged} unchanged`] : []),
      ...(counts.skipped ? [`${counts.skipped} skipped`] : []),
    ].join(', '),
  importInBackground: (rows: number) =>
    `The import of ${rows.toLocaleString('en-US')} rows goes on in the background; follow it on the Import Excel page.`,
  /** Added to an import's summary: the links its link columns made. */
  importLinksMade: (count: number) => `, ${count} ${count === 1 ? 'link' : 'links'} made`,
  importLinkNotFound: (part: string) => `no part ${part} is in the catalogue or this file: the link is not made`,
  importLinkAmbiguous: (part: string, count: number) =>
    `${count} parts are ${part}: give the manufacturer in brackets after the reference; the link is not made`,
  importLinkToItself: (part: string) => `a part cannot be linked to itself (${part}): the link is not made`,
  importAmbiguousManufacturer: (count: number) =>
    `the manufacturer is blank and ${count} components have this reference: give the manufacturer`,
  importAmbiguousInFile: (rows: readonly number[]) =>
    `the manufacturer is blank and rows ${rows.join(', ')} have this reference with different manufacturers: give the manufacturer`,
  importConflictChanged:
    'the component was changed since the preview; preview the file again to see its current values',
  importConflictDeleted: 'the component was deleted since the preview',
  importConflictAdded: 'a component with this reference and manufacturer was added since the preview',
  importExcluded: 'left out by the administrator',
  importNotFound: 'Import not found',
  importCommitRunning: 'Another import is being written to the catalogue. Wait for it to finish, then commit this one.',
  importNotCommittable: (state: string) => `This import cannot be committed: it is ${state}.`,
  importAlreadyCommitting: 'This import is being written already.',
  importMappingLocked: 'The columns can only be changed before the import is committed.',
  importMappingTwice: (label: string) => `${label} is taken from two columns; choose one`,
  importMappingRequired: 'Reference and Class must each come from a column',
  importMappingUnknownColumn: (column: string) => `The sheet has no column ${column}`,
  importJobsNotSetUp: 'Imports are not set up here (no state machine is configured).',
  importStopped: (written: number, total: number, lastRow: number | null) =>
    `The import stopped after ${written.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} rows` +
    (lastRow === null ? '; no row was written.' : ` (every row up to row ${lastRow} is done).`) +
    ' Commit it again to finish the rest.',
  importPreviewFailed: 'The preview stopped because of an unexpected error. Upload the file again.',

  // Comments.
  commentRequired: 'Please enter a comment before submitting.',
  commentTooLong: (max: number) => `A comment must be at most ${max.toLocaleString('en-US')} characters`,
  commentAuthorTooLong: (max: number) => `The name must be at most ${max} characters`,

  // Distributor search (its toasts; the API's own answers).
  distributorNoResults: (reference: string) => `No results found for ${reference}`,
  distributorFilesUnavailable: (provider: string, partNumber: string) =>
    `${provider} lists ${partNumber}, but neither its image nor its datasheet could be downloaded.`,
  distributorNotConfigured: (provider: string) =>
    `${provider} search is not set up. Ask an administrator to add the ${provider} API credentials.`,
  distributorUnavailable: (provider: string) =>
    `${provider} is not answering right now. Please try again in a few minutes.`,
  distributorThrottled: (provider: string, seconds: number) =>
    `${provider} is receiving too many searches right now. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  distributorBudgetSpent: (provider: string, limit: number) =>
    `Today's ${provider} allowance of ${limit} requests is used up. Searches resume after midnight UTC.`,
  distributorMalformed: (provider: string) =>
    `${provider} sent an answer that could not be read. Please try again later.`,
  distributorRefused: (provider: string) =>
    `${provider} refused the configured API credentials. Ask an administrator to check them.`,
  /** `resumesAt` is when the distributor's own daily limit resets (HH:MM UTC). */
  distributorDailyLimit: (provider: string, resumesAt: string) =>
    `${provider} has reached its daily request limit for Component Hub. ${provider} searches resume at ${resumesAt} UTC.`,
  distributorSearchShareSpent: (provider: string, limit: number, reserve: number) =>
    `Today's ${provider} requests for part searches (${limit}) are used up; the remaining ${reserve} are kept for administrators' image batches. Searches resume after midnight UTC.`,
  distributorCannotSearch: (provider: string, reference: string) =>
    `${provider} cannot search for this reference: it refuses the characters in ${reference}, even written without accents.`,
  searchAllowanceMinute: (limit: number, seconds: number) =>
    `You have made ${limit} distributor searches in the last minute, the most one person may. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  searchAllowanceDay: (limit: number) =>
    `You have used today's ${limit} distributor searches, the most one person may make in a day. Searches resume after midnight UTC.`,

  // Filling a part from a distributor's answer.
  distributorFillExpired: (provider: string) =>
    `The ${provider} answer shown is no longer held. Read it again before taking fields from it.`,
  distributorFillProtected: (label: string) =>
    `${label} is protected for this part and cannot be taken from a distributor.`,
  distributorFillNotOffered: (label: string, provider: string) => `The ${provider} answer has no value for ${label}.`,
  distributorFillSame: (label: string) => `${label} already holds this value.`,
  distributorFillUnknownField: (field: string) => `${field} is not a field of a component.`,
  distributorLookupNotFound: (provider: string, partNumber: string) => `${provider} has no product ${partNumber}.`,
  dataBatchNotFound: 'No "Refresh lifecycle and data" batch has this id.',

  // Image batches (the Image Management tab and its toasts).
  imageBatchRunning: 'An image batch is already running. Wait for it to finish before starting another.',
  imageBatchesNotSetUp: 'Image batches are not set up here (no state machine is configured).',
  /** `reason` is the distributor's own message (a spent day budget, missing or refused credentials). */
  imageBatchStopped: (reason: string, left: number) =>
    `Stopped early: ${reason} ${left} part${left === 1 ? ' was' : 's were'} not searched.`,
  /** Smart Search: one distributor stopped (`reason` in its words) and the other took over. */
  imageBatchFellBack: (stopped: string, reason: string, other: string) =>
    `${stopped} stopped: ${reason} ${other} was asked for every remaining part.`,
  imageBatchFailed: 'The batch stopped because of an unexpected error.',
  digikeyProcessingFailed: 'Failed to start Digi-Key image processing',
  mouserProcessingFailed: 'Failed to process Mouser images',
  unifiedProcessingFailed: 'Failed to process unified images',

  /** Each kind of approval request as the queue and the dashboard name it. */
  requestTypeLabels: {
    new: 'New Component',
    edit: 'Component Edit',
    attachment: 'New Attachment',
    delete: 'Component Deletion',
    link: 'Part Link',
    class: 'Class Change',
  },
  // Approvals and notifications people can rely on: texts name the part by its reference.
  /** 'alice submitted an edit request for 3RT2015-1BB41.' */
  requestSubmittedNotice: (who: string, request: string, subject: string) =>
    `${who} submitted ${request} request for ${subject}.`,
  requestDecisionNotice: (request: string, subject: string, decision: string, notes: string | null) =>
    `Your ${request} request for ${subject} was ${decision}${notes ? `: ${notes}` : '.'}`,
  requestClosedNotice: (request: string, subject: string, reference: string) =>
    `Your ${request} request for ${subject} was closed because ${reference} was deleted.`,
  requestClosedComponentDeleted: (reference: string) => `Closed automatically: ${reference} was deleted.`,
  requestWithdrawnNote: 'Withdrawn by the submitter',
  requestWithdrawOthers: 'You can only withdraw your own requests',
  requestNotPending: 'Only a pending request can be withdrawn; this one has already been reviewed',
  tokenNameRequired: 'Give the token a name',
  tokenScopesInvalid: 'Choose what the token may do: read, propose or admin',
  tokenExpiryInvalid: (days: number) => `Give an expiry date within the next ${days} days (YYYY-MM-DD)`,
  tokenKindInvalid: 'A token is personal or a service token',
  tokenAdminOnly:
    'Only administrators may create service tokens, and only librarians and administrators tokens with the admin scope',
  tokenLimit: (max: number) => `You hold ${max} tokens already: revoke one you no longer use first`,
  tokenNotFound: 'Token not found',
  tokenInvalid: 'The access token is not valid: it is unknown, expired, revoked or disabled',
  tokenScopeTooNarrow: "The access token's scopes do not allow this request",
  linkNotFound: 'Link not found',
  linkKindInvalid:
    'Choose how the parts are linked: mates-with, uses-contact, contact-for, uses-tool, tool-for, accessory, accessory-of, alternative, replaced-by or replaces',
  linkTargetInvalid: 'Choose the part to link to',
  linkRoleInvalid: 'A tool role (crimp, insertion or extraction) belongs only to a tool link',
  linkToItself: 'A part cannot be linked to itself',
  linkTargetMissing: 'The part to link to does not exist',
  linkExists: (sentence: string) => `These parts are already linked: ${sentence}`,
  linkAlreadyPending: (sentence: string) => `This link is already waiting for review: ${sentence}`,
  deletionAlreadyPending: (reference: string) =>
    `A deletion request for ${reference} is already waiting for review. Wait for the administrators to decide on it.`,
  bulkNotAttempted: 'Not reviewed: Component Hub could not reach one of its services. Select it and try again.',
  bulkOutcomeUnknown:
    'Perhaps not reviewed: Component Hub lost contact with one of its services during this one. Select it and try again (a review that went through is not repeated).',
  bulkOutOfTime: 'Not reviewed: the batch ran out of time. Select it and try again.',
  bulkDuplicate: 'Listed twice: reviewed once',
  versionNumberInvalid: 'The version number must be a whole number',
  versionNotFound: 'Version not found',
  revertNothing: (version: number) =>
    `The part already has the values of version ${version}: there is nothing to revert.`,
  attachmentRemovedVersion: (fileName: string) => `Attachment removed: ${fileName}`,
  notificationSettingsEmpty: 'Change at least one setting',
  /** '1 part', '1,350 parts'. */
  partCount: (count: number) => (count === 1 ? '1 part' : `${count.toLocaleString('en-US')} parts`),
  // Classes: the one list administrators keep (Admin Dashboard → Classes), changed through review.
  classNameRequired: 'Enter a class name',
  classNameTooLong: (max: number) => `A class name must be at most ${max} characters`,
  classRenameSame: 'The new name is the same as the old one',
  classMergeTooFew: 'Choose at least two different classes to merge',
  classMergeTooMany: (max: number) => `At most ${max} classes can be merged at once`,
  classUnknown: (name: string) => `There is no class '${name}': no part has it and it is not on the list`,
  classAlreadyListed: (name: string) => `'${name}' is already on the class list`,
  classIsVariant: (name: string, existing: string) =>
    `'${name}' is a variant of the class '${existing}'. Rename or merge '${existing}' instead of adding a second spelling.`,
  classRenameTaken: (name: string) => `'${name}' is already a class: merge the two classes instead of renaming`,
  classMergeIntoOther: (name: string) =>
    `'${name}' is already a class: choose it among the classes to merge, or give the merged class a new name`,
  classChangeAdd: (name: string) => `Add the class '${name}'`,
  classChangeRename: (from: string, to: string) => `Rename the class '${from}' to '${to}'`,
  classChangeMerge: (classes: readonly string[], into: string) =>
    `Merge the classes ${classes.map((name) => `'${name}'`).join(', ')} into '${into}'`,
  /** The same inside a sentence: 'alice submitted a class change request for renaming the class …'. */
  classChangeAdding: (name: string) => `adding the class '${name}'`,
  classChangeRenaming: (from: string, to: string) => `renaming the class '${from}' to '${to}'`,
  classChangeMerging: (classes: readonly string[], into: string) =>
    `merging the classes ${classes.map((name) => `'${name}'`).join(', ')} into '${into}'`,
  /** A part's version entry when a rename or merge moves it to another class. */
  classRenamedVersion: (from: string, to: string) => `Class renamed from ${from} to ${to}`,
  classChangeBusy: (change: string) =>
    `Another class change is being applied (${change}). Wait until it is finished; if it stopped, approve that request again to finish it.`,
  classChangeStale: (reason: string) =>
    `The class list changed since this request was filed: ${reason.replace(/\.?$/, '.')} Reject it.`,
  classChangeUnfinished: (moved: number, left: number) =>
    `${moved.toLocaleString('en-US')} parts have their new class so far and ${left.toLocaleString('en-US')} still wait. Approve the request again to finish it.`,
  classChangeStarted:
    'This class change is partly applied: some parts already have their new class. Approve it again to finish it; it can no longer be rejected or withdrawn.',
  // Duplicates: parts and pending new-part requests that look like one being proposed, and merging two parts.
  possibleDuplicatesTitle: 'Possible duplicates',
  possibleDuplicatesHint:
    'These look like the part you are adding. Check them before you submit; you can still submit if yours is another part.',
  duplicateExact: 'Same part',
  duplicateClose: 'Similar',
  duplicatePendingRequest: (requestId: string) => `waiting for review (request ${requestId})`,
  possibleDuplicateOf: 'Possible duplicate of',
  possibleDuplicateApproveHint:
    'Approving adds a second part with the same identity. Open them and make sure this one is another part.',
  approveDuplicateConfirm: 'I checked: this new part is not one of these',
  approveDuplicateRequired: 'Tick this box to approve: the new part may already be in the catalogue or the queue.',
  approveDuplicatesSelected: (count: number) =>
    `${count} of the selected new parts may be duplicates (each card names what of).`,
  mergeIdInvalid: 'intoId must be the id of the part to merge into',
  mergeIntoItself: 'A part cannot be merged into itself',
  mergeTargetNotFound: 'The part to merge into was not found',
  mergedElsewhere: (reference: string) => `This part was already merged into ${reference}`,
  mergeRetry: 'One of the parts changed while they were being merged. Please try again.',
  componentMoved: (reference: string) => `This part was merged into ${reference}`,
  mergeVersion: (reference: string, id: number) => `Merged ${reference} (#${id}) into this part`,
  versionOfMergedPart: (reference: string) => `History of ${reference}, merged into this part`,
  requestClosedComponentMerged: (reference: string, into: string) =>
    `Closed automatically: ${reference} was merged into ${into}. Propose the change on ${into} if it still applies.`,
  requestClosedMergedNotice: (request: string, subject: string, reference: string, into: string) =>
    `Your ${request} request for ${subject} was closed because ${reference} was merged into ${into}.`,
  // Single sign-on (the sign-in page's own texts are in ./sign-in-messages.ts).
  passwordLoginAdminsOnly: (label: string) =>
    `Password sign-in is for administrators only. Please use 'Sign in with ${label}'.`,
} as const;
