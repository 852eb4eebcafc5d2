import { logger } from '#lib/logger';
import { sendApprovalDigests } from '#services/request-emails';

/**
 * Scheduled every few minutes: each administrator who wants it gets one digest of the requests
 * filed since their last one, at most one per APPROVAL_DIGEST_INTERVAL_MINUTES.
 */
export const handler = async (): Promise<{ sent: number }> => {
  const sent = await sendApprovalDigests();
  logger.info('approval digests', { sent });
  return { sent };
};
