/** Reads a raw mail as a test needs it: unfolded headers, and the decoded text and HTML parts. */
export interface ParsedMail {
  headers: Map<string, string>;
  text?: string;
  html?: string;
  /** The files beside the message (a slot's `.ics`), decoded, in order. */
  attachments: Array<{ filename?: string; contentType: string; content: string }>;
}

type Part = { headers: Map<string, string>; body: string };

const quotedPrintable = (text: string) =>
  Buffer.from(
    text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** RFC 2047 encoded words (=?UTF-8?Q?…?= or ?B?), as nodemailer writes a French subject or name. */
export const decodeWords = (header: string) =>
  header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?(.*?)\?=/gi, (_, how: string, word: string) =>
      how.toUpperCase() === 'B' ? Buffer.from(word, 'base64').toString('utf8') : quotedPrintable(word.replace(/_/g, ' ')),
    );

function split(raw: string) {
  const blank = raw.search(/\r?\n\r?\n/);
  const head = blank < 0 ? raw : raw.slice(0, blank);
  const body = blank < 0 ? '' : raw.slice(blank).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return { headers, body };
}

function decodeBody(headers: Map<string, string>, body: string) {
  const encoding = (headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'quoted-printable') return quotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** The leaf parts of a message, nested multiparts (a mail with attachments: mixed around alternative) opened. */
function leaves(part: Part): Part[] {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = type.match(/boundary="?([^";]+)"?/)?.[1];
  if (!type.startsWith('multipart/') || !boundary) return [part];
  const parts: Part[] = [];
  for (const chunk of part.body.split(`--${boundary}`).slice(1)) {
    if (chunk.startsWith('--')) break;
    parts.push(...leaves(split(chunk.replace(/^\r?\n/, ''))));
  }
  return parts;
}

const isAttachment = (part: Part) => /^attachment/i.test(part.headers.get('content-disposition') ?? '');

export function parseMail(raw: string): ParsedMail {
  const message = split(raw);
  const parts = leaves(message);
  const find = (mime: string) => {
    const part = parts.find((p) => !isAttachment(p) && (p.headers.get('content-type') ?? 'text/plain').startsWith(mime));
    return part && decodeBody(part.headers, part.body).replace(/\r\n/g, '\n');
  };
  const attachments = parts.filter(isAttachment).map((p) => ({
    filename: (p.headers.get('content-disposition') ?? '').match(/filename="?([^";]+)"?/)?.[1],
    contentType: p.headers.get('content-type') ?? '',
    content: decodeBody(p.headers, p.body),
  }));
  return { headers: message.headers, text: find('text/plain'), html: find('text/html'), attachments };
}
