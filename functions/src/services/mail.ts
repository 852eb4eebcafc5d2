import { SendEmailCommand } from '@aws-sdk/client-ses';
import { ses } from '#lib/clients';
import { config } from '#lib/config';
import { LinkifyIt } from 'linkify-it';

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

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A paragraph of an email, or a bulleted list. */
export type EmailBlock = string | { list: readonly string[] };

const linkFinder = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: false, fuzzyIP: true });

/**
 * Breaks every web address in a text so that no mail client shows it as a link: `evil[.]com`,
 * `https[://]…`. Emails carry people's own words (usernames, notes, part references); a link in
 * them could pass for one of ours. The product's own call to action is added afterwards, intact.
 */
export const neutraliseLinks = (text: string): string => {
  const found = linkFinder.match(text);
  if (!found) return text;
  let out = '';
  let from = 0;
  for (const link of found) {
    out += text.slice(from, link.index) + link.raw.replace('://', '[://]').replaceAll('.', '[.]');
    from = link.lastIndex;
  }
  return out + text.slice(from);
};

/**
 * An email of paragraphs (and lists) with at most one call to action before the closing
 * paragraphs, in text and HTML. Every paragraph has its web addresses neutralised.
 */
export const composeEmail = (email: {
  to: string;
  subject: string;
  blocks: readonly EmailBlock[];
  action?: { label: string; url: string };
  closing?: readonly string[];
}): Email => {
  const safe = (block: EmailBlock): EmailBlock =>
    typeof block === 'string' ? neutraliseLinks(block) : { list: block.list.map(neutraliseLinks) };
  const blocks = email.blocks.map(safe);
  const closing = (email.closing ?? []).map(neutraliseLinks);
  const asText = (block: EmailBlock) =>
    typeof block === 'string' ? block : block.list.map((line) => `- ${line}`).join('\n');
  const asHtml = (block: EmailBlock) =>
    typeof block === 'string'
      ? `<p>${escapeHtml(block)}</p>`
      : `<ul>${block.list.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`;
  const { action } = email;
  return {
    to: email.to,
    subject: email.subject,
    text: `${[...blocks.map(asText), ...(action ? [`${action.label}: ${action.url}`] : []), ...closing].join('\n\n')}\n`,
    html: [
      ...blocks.map(asHtml),
      ...(action ? [`<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>`] : []),
      ...closing.map(asHtml),
    ].join(''),
  };
};

/** A short email with one call to action, in text and HTML. */
export const linkEmail = (
  to: string,
  subject: string,
  intro: string,
  action: string,
  url: string,
  outro: string,
): Email => composeEmail({ to, subject, blocks: [intro], action: { label: action, url }, closing: [outro] });

/** A short email that only tells something, in text and HTML. */
export const noticeEmail = (to: string, subject: string, paragraphs: readonly string[]): Email =>
  composeEmail({ to, subject, blocks: paragraphs });
