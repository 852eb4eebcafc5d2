import { fetchSentEmails } from '../local/ses.ts';
import type { Stack } from './stack.ts';

interface EmailedLinkQuery {
  to: string;
  /** Only emails sent from this time on. */
  since: Date;
  /** The query parameter of the /app/auth link that carries the token: `token` (reset) or `invite`. */
  param: 'token' | 'invite';
}

/**
 * The token of the newest /app/auth link emailed to `to`, read from the SES server's store the
 * way a person reads their inbox; waits a few seconds for the email to arrive.
 */
export const emailedToken = async (stack: Stack, { to, since, param }: EmailedLinkQuery): Promise<string> => {
  const pattern = new RegExp(`https?://[^\\s"'<>]+/app/auth\\?${param}=[^\\s"'<>]+`);
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const email = (await fetchSentEmails(stack.sesEndpoint, { to, since })).at(-1);
    const link = pattern.exec(`${email?.body.text ?? ''} ${email?.body.html ?? ''}`)?.[0];
    if (link) return new URL(link.replace(/&amp;/g, '&')).searchParams.get(param) ?? '';
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no email with a /app/auth?${param}= link reached ${to}`);
};
