import { afterAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from './mailer';
import { createWorld } from '../test/world';
import { parseMail } from '../test/parse-mail';
import { startSmtpServer } from '../test/smtp-server';

// A real SMTP server on loopback, playing the mail provider.
const smtp = await startSmtpServer();
afterAll(() => smtp.stop());

const world = await createWorld({ mail: createSmtpMailer(smtp.url), publicUrl: 'https://village.example' });

describe('mail through SMTP_URL', () => {
  it('sends the reset link through the SMTP server, in French', async () => {
    const user = await world.user('Amel');
    const res = await world.request('POST', '/v1/auth/reset-password', { json: { email: user.email } });
    expect(res.status).toBe(204);
    expect(await world.deliverMail()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].to).toEqual([user.email]);
    const mail = parseMail(smtp.received[0].raw);
    expect(mail.headers.get('subject')).toBe('Réinitialisation de votre mot de passe');
    expect(mail.text).toContain('Vous avez demandé à réinitialiser le mot de passe de votre compte Village.');
    expect(mail.text).toMatch(/https:\/\/village\.example\/auth\/reset-password\/[A-Za-z0-9_-]{20,}/);
  });
});
