import { SendEmailCommand } from '@aws-sdk/client-ses';
import { ses } from '#lib/clients';
import { config } from '#lib/config';

export interface Email {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export const sendEmail = async (email: Email): Promise<void> => {
  await ses().send(
    new SendEmailCommand({
      Source: config().MAIL_FROM,
      Destination: { ToAddresses: [email.to] },
      Message: {
        Subject: { Data: email.subject, Charset: 'UTF-8' },
        Body: { Text: { Data: email.text, Charset: 'UTF-8' }, Html: { Data: email.html, Charset: 'UTF-8' } },
      },
    }),
  );
};

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A short email with one call to action, in text and HTML. */
export const linkEmail = (
  to: string,
  subject: string,
  intro: string,
  action: string,
  url: string,
  outro: string,
): Email => ({
  to,
  subject,
  text: `${intro}\n\n${action}: ${url}\n\n${outro}\n`,
  html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p><p>${escapeHtml(outro)}</p>`,
});

/** A short email that only tells something, in text and HTML. */
export const noticeEmail = (to: string, subject: string, paragraphs: readonly string[]): Email => ({
  to,
  subject,
  text: `${paragraphs.join('\n\n')}\n`,
  html: paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join(''),
});
