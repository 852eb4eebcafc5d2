import { logger } from '#lib/logger';
import type { User } from '#repositories/users';
import { noticeEmail, sendEmail } from '../../mail';

/** What changed about the account's second factor, in the words of the email. */
export type FactorChange =
  | 'authenticator app turned on'
  | 'authenticator app turned off'
  | 'new recovery codes made'
  | 'passkey added'
  | 'passkey removed'
  | 'recovery code used to sign in'
  | 'second factor reset by an administrator';

/**
 * Tells the account's owner by email that its second factor changed (or a recovery code was
 * spent), so a change someone else made with a stolen session or password is noticed. Best
 * effort: the change stands when the email cannot be sent, and the failure is logged.
 */
export const sendFactorNotice = async (
  user: Pick<User, 'email'>,
  change: FactorChange,
  detail: string,
  now = new Date(),
): Promise<void> => {
  await sendEmail(
    noticeEmail(user.email, `Component Hub: ${change}`, [
      `${detail} (${now.toISOString()} UTC).`,
      'You can see your second factor in Settings → Security.',
      'If this was not you, change your password and tell your Component Hub administrator at once.',
    ]),
  ).catch((error: unknown) => logger.error('second-factor notice not sent', { change, error: error as Error }));
};
