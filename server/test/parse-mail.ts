/** Reads a raw mail as a test needs it: unfolded headers, and the decoded text and HTML parts. */
export interface ParsedMail {
  headers: Map<string, string>;
  text?: string;
  html?: string;
}

const quotedPrintable = (text: string) =>
  Buffer.from(text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');

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

export function parseMail(raw: string): ParsedMail {
  const { headers, body } = split(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const parts = [] as Array<{ headers: Map<string, string>; body: string }>;
  const boundary = type.match(/boundary="?([^";]+)"?/)?.[1];
  if (boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      parts.push(split(chunk.replace(/^\r?\n/, '')));
    }
  } else parts.push({ headers, body });
  const find = (mime: string) => {
    const part = parts.find((p) => (p.headers.get('content-type') ?? 'text/plain').startsWith(mime));
    return part && decodeBody(part.headers, part.body).replace(/\r\n/g, '\n');
  };
  return { headers, text: find('text/plain'), html: find('text/html') };
}
