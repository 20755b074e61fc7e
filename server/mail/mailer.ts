import type { Transporter } from 'nodemailer';
import { mkdir, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { DEFAULT_MAIL_FROM } from './mail-from';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The same message as HTML, sent beside the text part. */
  html?: string;
  /** Without it, the MAIL_FROM default. */
  from?: string;
  /** `<id@host>`: set by the queue, so that a mail sent again after a lost answer is recognisably the same one. */
  messageId?: string;
  date?: Date;
  headers?: Record<string, string>;
  /** Files beside the message: a slot's event as `.ics`, for instance. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: string;
  /** `text/calendar; charset=utf-8; method=PUBLISH` for an event. */
  contentType: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

const withDefaults = (mail: Mail) => ({ ...mail, from: mail.from ?? DEFAULT_MAIL_FROM });

/**
 * nodemailer (some 440 KB once bundled) is loaded with the first mail, not at the server's start, which
 * `npm run bench:start` times: most starts send none in their first seconds.
 */
function lazyTransport(options: Parameters<typeof import('nodemailer').createTransport>[0]): () => Promise<Transporter> {
  let transport: Promise<Transporter> | undefined;
  return () => (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(options)));
}

/** Without an SMTP server each mail becomes an .eml file, readable by any mail client and by tests. */
export function createFileMailer(dir: string): Mailer {
  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await (await transport()).sendMail(withDefaults(mail));
      await mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
      await writeFile(join(dir, name), info.message as Buffer);
    },
  };
}

// A mail server that does not answer is a failure to retry later, not a dispatcher stuck for minutes.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function createSmtpMailer(url: string): Mailer {
  const transport = lazyTransport({ url, ...SMTP_TIMEOUTS });
  return {
    async send(mail) {
      await (await transport()).sendMail(withDefaults(mail));
    },
  };
}

/** Keeps mails in memory, for tests. */
export function createMemoryMailer(): Mailer & { sent: Mail[] } {
  const sent: Mail[] = [];
  return {
    sent,
    async send(mail) {
      sent.push(mail);
    },
  };
}
