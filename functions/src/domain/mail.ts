// The portal's emails (Trigger Email format): a heading, a few paragraphs and one link, in HTML and
// text, every value escaped, each with the school's footer. Pure.
import { SCHOOL_NAME } from '../../../contract/constants';
import { escapeHtml } from '../../../contract/markdown';

export interface MailMessage {
  subject: string;
  text: string;
  html: string;
}

export function simpleMail(heading: string, paragraphs: string[], link: { href: string; label: string }, footer: string): MailMessage {
  const foot = `${SCHOOL_NAME} · ${footer}`;
  const e = escapeHtml;
  return {
    subject: `${heading} — ${SCHOOL_NAME}`,
    // A blank line between paragraphs, as in the HTML part (a mail program joins lines that touch).
    text: [paragraphs.join('\n\n'), '', `${link.label}: ${link.href}`, '', foot].join('\n'),
    html: [
      `<h1>${e(heading)}</h1>`,
      ...paragraphs.map((l) => `<p>${e(l)}</p>`),
      `<p><a href="${e(link.href)}">${e(link.label)}</a></p>`,
      `<hr><p style="color:#555;font-size:12px">${e(foot)}</p>`,
    ].join('\n'),
  };
}
