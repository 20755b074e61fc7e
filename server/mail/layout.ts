import { frenchSpaces } from '../../src/contract/french-time';
import type { MailAttachment } from './mailer';

/** What a template says; the layout turns it into the text part and the HTML part, saying the same. */
export interface MailContent {
  /** "Bonjour Anne," */
  greeting: string;
  paragraphs: string[];
  /**
   * Blocks of a digest, after the paragraphs: one per village or per part of a summary, each with a heading,
   * its lines and its own link (a mail about several villages links to each).
   */
  sections?: MailSection[];
  /** The one thing the mail asks for: a button in HTML, the bare link in text (so any client can follow it). */
  action?: { intro: string; label: string; url: string };
  /** What follows the action: what to do when it was not you, for instance. */
  closing?: string[];
  /** Small print under the signature: why this mail came, how to stop the next ones. */
  footer?: string[];
  /** Links of the small print (unsubscribe, settings): an anchor in HTML, "label : url" in text. */
  footerLinks?: Array<{ label: string; url: string }>;
}

export interface MailSection {
  heading: string;
  lines: string[];
  link?: { label: string; url: string };
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** Set by the template when it attaches a file (an event), or answers another address (`Reply-To`). */
  attachments?: MailAttachment[];
  replyTo?: string;
}

const BRAND = 'Village';
const SIGNATURE = "L'équipe Village";
// The app's theme colour; white on it passes WCAG AA for the button's bold text.
const ACCENT = '#2f6f5e';
const FONT = 'font-family:Arial,Helvetica,sans-serif;';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Words of the HTML part, with French non-breaking spaces: a client's narrow column never starts a line with « : ». */
const words = (s: string) => escapeHtml(frenchSpaces(s));

const paragraph = (s: string, style = 'margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2933;') =>
  `<p style="${FONT}${style}">${words(s)}</p>`;

function textPart(content: MailContent) {
  const blocks = [content.greeting, ...content.paragraphs];
  for (const section of content.sections ?? []) {
    const lines = [section.heading, ...section.lines.map((line) => `- ${line}`)];
    if (section.link) lines.push(`${section.link.label}\u00a0: ${section.link.url}`);
    blocks.push(lines.join('\n'));
  }
  if (content.action) blocks.push(content.action.intro, content.action.url);
  blocks.push(...(content.closing ?? []), SIGNATURE);
  const small = [...(content.footer ?? []), ...(content.footerLinks ?? []).map((link) => `${link.label}\u00a0: ${link.url}`)];
  if (small.length) blocks.push(`--\n${small.join('\n')}`);
  // French typography as in the HTML part: a reader's narrow window never starts a line with « : ».
  return frenchSpaces(`${blocks.join('\n\n')}\n`);
}

function actionHtml(action: NonNullable<MailContent['action']>) {
  const url = escapeHtml(action.url);
  return [
    paragraph(action.intro),
    `<p style="margin:0 0 16px;"><a href="${url}" style="${FONT}display:inline-block;background:${ACCENT};color:#ffffff;font-size:16px;font-weight:bold;text-decoration:none;padding:12px 20px;border-radius:6px;">${escapeHtml(action.label)}</a></p>`,
    // The link in full too: some clients strip buttons, and a reader may want to see where it leads.
    `<p style="${FONT}margin:0 0 16px;font-size:14px;line-height:1.5;color:#52606d;word-break:break-all;">${escapeHtml('Ou copiez ce lien dans votre navigateur\u00a0:')}<br><a href="${url}" style="color:${ACCENT};">${url}</a></p>`,
  ].join('\n');
}

function sectionHtml(section: MailSection) {
  const items = section.lines.map((line) => `<li style="margin:0 0 4px;">${words(line)}</li>`).join('');
  return [
    `<h2 style="${FONT}margin:24px 0 8px;font-size:18px;line-height:1.4;color:#1f2933;">${words(section.heading)}</h2>`,
    items ? `<ul style="${FONT}margin:0 0 12px;padding-left:20px;font-size:16px;line-height:1.5;color:#1f2933;">${items}</ul>` : '',
    section.link
      ? `<p style="${FONT}margin:0 0 16px;font-size:16px;line-height:1.5;"><a href="${escapeHtml(section.link.url)}" style="color:${ACCENT};font-weight:bold;">${escapeHtml(section.link.label)}</a></p>`
      : '',
  ].join('\n');
}

function htmlPart(subject: string, content: MailContent) {
  const body = [
    paragraph(content.greeting),
    ...content.paragraphs.map((p) => paragraph(p)),
    ...(content.sections ?? []).map(sectionHtml),
    content.action ? actionHtml(content.action) : '',
    ...(content.closing ?? []).map((p) => paragraph(p)),
    paragraph(SIGNATURE),
  ].join('\n');
  const smallStyle = 'margin:0 0 8px;font-size:13px;line-height:1.5;color:#52606d;';
  const footer = [
    ...(content.footer ?? []).map((p) => paragraph(p, smallStyle)),
    ...(content.footerLinks ?? []).map(
      (link) =>
        `<p style="${FONT}${smallStyle}"><a href="${escapeHtml(link.url)}" style="color:${ACCENT};">${escapeHtml(link.label)}</a></p>`,
    ),
  ].join('\n');
  // Tables and inline styles: what every mail client, old Outlook included, lays out the same. No remote
  // image: the mail reads fully with images blocked, and spam filters do not hold it against us.
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f4f5f7;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;">
<tr><td style="padding:20px 24px;border-bottom:4px solid ${ACCENT};">
<p style="${FONT}margin:0;font-size:22px;font-weight:bold;color:${ACCENT};">${BRAND}</p>
</td></tr>
<tr><td style="padding:24px;">
${body}
</td></tr>
${footer ? `<tr><td style="padding:16px 24px;border-top:1px solid #e4e7eb;">\n${footer}\n</td></tr>\n` : ''}</table>
</td></tr>
</table>
</body>
</html>
`;
}

/** The one layout of every mail: the brand, the message, one action, the signature, the small print. */
export function layout(subject: string, content: MailContent): RenderedMail {
  return { subject, text: textPart(content), html: htmlPart(subject, content) };
}
