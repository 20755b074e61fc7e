import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from './mailer';
import { createWorld } from '../test/world';

// A real SMTP server on loopback, playing the mail provider.
const received: { to: string[]; raw: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    let raw = '';
    stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
      callback();
    });
  },
});
const port = await new Promise<number>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve((smtp.server.address() as { port: number }).port)));
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

const world = await createWorld({ mail: createSmtpMailer(`smtp://127.0.0.1:${port}`), publicUrl: 'https://village.example' });

/** RFC 2047 encoded words (=?UTF-8?Q?…?=), as nodemailer folds a French subject. */
const decodeWords = (header: string) =>
  header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, q: string) => quotedPrintable(q.replace(/_/g, ' ')));

const quotedPrintable = (text: string) =>
  Buffer.from(
    text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

describe('mail through SMTP_URL', () => {
  it('sends the reset link through the SMTP server, in French', async () => {
    const user = await world.user('Amel');
    const res = await world.request('POST', '/v1/auth/reset-password', { json: { email: user.email } });
    expect(res.status).toBe(204);
    expect(await world.deliverMail()).toBe(1);
    expect(received).toHaveLength(1);
    expect(received[0].to).toEqual([user.email]);
    const raw = received[0].raw;
    const blank = raw.search(/\r?\n\r?\n/);
    const head = raw.slice(0, blank);
    const body = raw.slice(blank);
    const subject = head.replace(/\r?\n[ \t]+/g, ' ').match(/^Subject: (.*)$/m)![1];
    expect(decodeWords(subject)).toBe('Réinitialisation de votre mot de passe');
    const text = quotedPrintable(body);
    expect(text).toContain('Vous avez demandé à réinitialiser le mot de passe de votre compte Village.');
    expect(text).toMatch(/https:\/\/village\.example\/auth\/reset-password\/[A-Za-z0-9_-]{20,}/);
  });
});
