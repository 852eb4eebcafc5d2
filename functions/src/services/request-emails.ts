import { isReviewer } from '#shared/schemas/auth';
import { messages } from '#shared/messages';
import { config } from '#lib/config';
import { logger } from '#lib/logger';
import { claimDigest, getDigestState, releaseDigest } from '#repositories/approval-digests';
import { listRequests, type StoredRequest } from '#repositories/approval-requests';
import { getNotificationSettings, getNotificationSettingsOf } from '#repositories/notification-settings';
import { getUser, listUsers } from '#repositories/users';
import { composeEmail, sendEmail, type Email } from './mail';
import { requestSubject, requestTypeWithArticle, requestTypeWords } from './request-texts';
import { paths, siteLink } from '#shared/app-paths';
import { isInAnyGroup } from './user-groups';

/*
 * Emails about approval requests, sent through SES like the reset and invitation emails:
 * administrators get a digest of new requests (at most one per interval each); a submitter gets
 * the decision on their request, with the review notes. Each kind can be switched off per user
 * in Settings → Notifications.
 */

/** Lines a digest lists before it says how many more there are. */
export const DIGEST_MAX_LINES = 25;

const appLink = (href: string) => siteLink(config().APP_URL, href);
const queueLink = () => appLink(paths.hub.approvalQueue.href());

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';

/** One line of a digest: 'alice submitted an edit request for 3RT2015-1BB41. (3 Mar 2026, 10:00 UTC)'. */
const digestLine = (request: StoredRequest) =>
  `${messages.requestSubmittedNotice(request.username, requestTypeWithArticle[request.requestType], requestSubject(request))} (${dateTime(request.createdAt)})`;

/**
 * The digest of `requests` (oldest first); those `isAssigned` says are assigned to the reader (a
 * class naming a group of theirs) come first, each line marked so.
 */
export const digestEmail = (
  to: string,
  requests: readonly StoredRequest[],
  isAssigned: (request: StoredRequest) => boolean = () => false,
): Email => {
  const assigned = requests.filter(isAssigned);
  const ordered = [...assigned, ...requests.filter((request) => !assigned.includes(request))];
  const shown = ordered.slice(0, DIGEST_MAX_LINES);
  const more = requests.length - shown.length;
  const subject =
    requests.length === 1
      ? '1 new request is waiting for review'
      : `${requests.length} new requests are waiting for review`;
  const intro = 'These approval requests arrived since the last email and are waiting for review:';
  const moreLine = more > 0 ? `…and ${more} more.` : '';
  return composeEmail({
    to,
    subject,
    blocks: [
      intro,
      {
        list: shown.map((request) =>
          assigned.includes(request) ? `Assigned to you: ${digestLine(request)}` : digestLine(request),
        ),
      },
      ...(moreLine ? [moreLine] : []),
    ],
    action: { label: 'Open the approval queue', url: queueLink() },
  });
};

/**
 * Sends each administrator who wants it one digest of the requests filed since their last one
 * (not their own), unless their last digest went less than the interval ago. Safe to run
 * anywhere at any time: each send first claims the administrator's digest state with a
 * condition on what it read, so two runs never both send, and a failed send gives the claim
 * back. Returns how many digests went out.
 */
export const sendApprovalDigests = async (now = new Date()): Promise<number> => {
  // Everyone who reviews: librarians and administrators.
  const admins = (await listUsers()).filter((user) => isReviewer(user.role));
  if (admins.length === 0) return 0;
  const [pending, settings] = await Promise.all([
    listRequests('pending', { max: 5_000 }),
    getNotificationSettingsOf(admins.map((admin) => admin.id)),
  ]);
  if (pending.length === 0) return 0;
  const notAfter = new Date(now.getTime() - config().APPROVAL_DIGEST_INTERVAL_MINUTES * 60_000).toISOString();
  let sent = 0;
  for (const admin of admins) {
    if (settings.get(admin.id)?.emailRequestDigest === false) continue;
    const state = await getDigestState(admin.id);
    if (state.lastSentAt !== undefined && state.lastSentAt > notAfter) continue;
    const fresh = pending
      .filter(
        (request) => request.userId !== admin.id && (!state.coveredUntil || request.createdAt > state.coveredUntil),
      )
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    if (fresh.length === 0) continue;
    const claim = { sentAt: now.toISOString(), coveredUntil: fresh.at(-1)!.createdAt };
    if (!(await claimDigest(admin.id, state, claim, notAfter))) continue;
    try {
      await sendEmail(digestEmail(admin.email, fresh, (request) => isInAnyGroup(admin, request.assignedGroups ?? [])));
      sent += 1;
    } catch (error) {
      logger.warn('approval digest not sent', { userId: admin.id, error: error as Error });
      await releaseDigest(admin.id, claim.sentAt, state);
    }
  }
  return sent;
};

export interface DecisionEmail {
  request: StoredRequest;
  decision: 'approved' | 'rejected' | 'closed';
  reviewNotes: string | null;
  /** Where the part is now (an approved new component's page), else the request's part. */
  linkTo: string | null;
  /** For a request closed because its part was deleted (or merged into another). */
  deletedReference?: string;
  /** For a request closed because its part was merged: the reference of the part it went into. */
  mergedIntoReference?: string;
}

/** What a decision email's link opens: the part, or for a class change the class list. */
const linkLabel = (request: StoredRequest) =>
  request.requestType === 'class' ? 'Open the class list' : 'Open the part';

export const decisionEmail = (
  to: string,
  { request, decision, reviewNotes, linkTo, deletedReference, mergedIntoReference }: DecisionEmail,
): Email => {
  const words = requestTypeWords[request.requestType];
  const subject = requestSubject(request);
  const title = `Your ${words} request for ${subject} was ${decision}`;
  const sentence =
    decision !== 'closed'
      ? messages.requestDecisionNotice(words, subject, decision, null)
      : mergedIntoReference
        ? messages.requestClosedMergedNotice(words, subject, deletedReference ?? subject, mergedIntoReference)
        : messages.requestClosedNotice(words, subject, deletedReference ?? subject);
  const notesLine = reviewNotes ? `Review notes: ${reviewNotes}` : 'No review notes were given.';
  return composeEmail({
    to,
    subject: title,
    blocks: [sentence, notesLine],
    action: {
      label: linkTo ? linkLabel(request) : 'Open Component Hub',
      url: appLink(linkTo ?? paths.hub.dashboard.href()),
    },
  });
};

/**
 * Tells the submitter by email that their request was decided, unless they switched that off or
 * decided it themselves (an administrator approving their own request knows already).
 * Best effort: the decision stands whether or not the email goes.
 */
export const emailDecision = async (decided: DecisionEmail): Promise<void> => {
  if (decided.request.reviewedByUserId === decided.request.userId) return;
  try {
    const [submitter, settings] = await Promise.all([
      getUser(decided.request.userId),
      getNotificationSettings(decided.request.userId),
    ]);
    if (!submitter || !settings.emailRequestDecision) return;
    await sendEmail(decisionEmail(submitter.email, decided));
  } catch (error) {
    logger.warn('decision email not sent', { requestId: decided.request.id, error: error as Error });
  }
};
