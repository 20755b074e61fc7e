/**
 * Just enough MIME to read the `.eml` files the server writes without SMTP_URL (README.md, "Settings"): the
 * headers (RFC 2047 words decoded), the text parts and the attachments, quoted-printable or base64. Used by
 * the probes, which read mails as a person would, never through the server's code.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface MailPart {
  contentType: string;
  filename: string | null;
  body: string;
}
export interface ReadMail {
  file: string;
  to: string;
  subject: string;
  /** The text/plain parts, decoded. */
  text: string;
  /** The parts that are not text/plain nor text/html: attachments such as `creneau.ics`. */
  attachments: MailPart[];
}

/** "=?UTF-8?Q?Confirm=C3=A9?=" and "=?UTF-8?B?...?=" words, the whitespace between two words dropped. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')).toString('utf8'),
    );
}

function decodeQuotedPrintable(input: string): Buffer {
  const soft = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i]!, 'utf8'));
  }
  return Buffer.from(bytes);
}

/** Headers as lower-case names to raw values (folded lines joined), and the body after the blank line. */
function split(raw: string): { headers: Map<string, string>; body: string } {
  const cut = raw.search(/\r?\n\r?\n/);
  const head = cut < 0 ? raw : raw.slice(0, cut);
  const body = cut < 0 ? '' : raw.slice(cut).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

const param = (header: string, name: string) =>
  new RegExp(`${name}\\*?=(?:"([^"]*)"|([^;\\s]+))`, 'i')
    .exec(header)
    ?.slice(1)
    .find((x) => x !== undefined) ?? null;

/** Every leaf part of a message, its body decoded. */
function leaves(raw: string): MailPart[] {
  const { headers, body } = split(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = param(type, 'boundary');
  if (/^multipart\//i.test(type) && boundary) {
    const sections = body.split(`--${boundary}`).slice(1);
    return sections.filter((s) => !s.startsWith('--')).flatMap((s) => leaves(s.replace(/^\r?\n/, '')));
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const bytes =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : Buffer.from(body, 'utf8');
  const disposition = headers.get('content-disposition') ?? '';
  const filename = param(disposition, 'filename') ?? param(type, 'name');
  return [
    { contentType: type.split(';')[0]!.trim().toLowerCase(), filename: filename && decodeWords(filename), body: bytes.toString('utf8') },
  ];
}

export function parseMail(file: string, raw: string): ReadMail {
  const { headers } = split(raw);
  const parts = leaves(raw);
  const isBody = (p: MailPart) => !p.filename && (p.contentType === 'text/plain' || p.contentType === 'text/html');
  return {
    file,
    to: decodeWords(headers.get('to') ?? ''),
    subject: decodeWords(headers.get('subject') ?? ''),
    text: parts
      .filter((p) => p.contentType === 'text/plain' && !p.filename)
      .map((p) => p.body)
      .join('\n'),
    attachments: parts.filter((p) => !isBody(p)),
  };
}

/** Every mail of the directory, oldest first (the file names start with the time they were written). */
export async function readMails(dir: string): Promise<ReadMail[]> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
  return Promise.all(names.map(async (n) => parseMail(n, await readFile(join(dir, n), 'utf8'))));
}
