// The one layout of the portal's emails (Trigger Email format): the body in HTML and text, then a
// link, then the school's footer saying why the reader gets it. Every value is escaped by the
// template that puts it in; the text part never holds HTML. Pure.
import { SCHOOL_NAME } from '../../../contract/constants';
import { escapeHtml } from '../../../contract/markdown';

export interface MailMessage {
  subject: string;
  text: string;
  html: string;
}

export interface MailBody {
  /** HTML blocks, each escaped by whoever made it. */
  html: string[];
  /** The same in text: lines, joined by newlines. */
  text: string[];
}

export interface MailLink {
  href: string;
  label: string;
}

/** The family's My Enrollments page, where enrollments are paid, changed and offers claimed. */
export const myEnrollments = (portal: string): MailLink => ({ href: `${portal}/account/enrollments`, label: 'My Enrollments' });

/** My Enrollments asked to open an enrollment's payment page at once (after signing in): `?pay=<enrollment>`. */
export const paymentPage = (portal: string, enrollmentId: string, label: string): MailLink => ({ href: `${portal}/account/enrollments?pay=${encodeURIComponent(enrollmentId)}`, label });

/** `footer`: why the reader gets this email ("You receive this email because …"). */
export function layout(subject: string, body: MailBody, footer: string, link?: MailLink): MailMessage {
  const foot = `${SCHOOL_NAME} · ${footer}`;
  const e = escapeHtml;
  return {
    subject,
    text: [...body.text, ...(link ? ['', `${link.label}: ${link.href}`] : []), '', foot].join('\n'),
    html: [...body.html, ...(link ? [`<p><a href="${e(link.href)}">${e(link.label)}</a></p>`] : []), `<hr><p style="color:#555;font-size:12px">${e(foot)}</p>`].join('\n'),
  };
}

/** A heading and a few paragraphs of plain text, with one link. */
export function simpleMail(heading: string, paragraphs: string[], link: MailLink, footer: string): MailMessage {
  const e = escapeHtml;
  return layout(
    `${heading} — ${SCHOOL_NAME}`,
    // A blank line between paragraphs, as in the HTML part (a mail program joins lines that touch).
    { html: [`<h1>${e(heading)}</h1>`, ...paragraphs.map((l) => `<p>${e(l)}</p>`)], text: [paragraphs.join('\n\n')] },
    footer,
    link,
  );
}
