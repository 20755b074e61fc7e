import pino from 'pino';
import { afterAll } from 'vitest';
import type { Deps } from '../deps';
import { createMailDispatcher, type MailDispatcherDeps } from '../mail/dispatcher';
import { createSmtpMailer } from '../mail/mailer';
import { startSmtpServer } from './smtp-server';
import { createWorld } from './world';

/** Where the mails of an SMTP world link to: an https address, as a real deployment's. */
export const MAIL_PUBLIC_URL = 'https://village.example';

/**
 * A test file's world whose mails go through a real SMTP server of the test (closed after the file):
 * `sender.runDue()` sends what is due on the world's clock; `dispatcher()` makes another, as a second
 * instance would.
 */
export async function createSmtpWorld(overrides: Partial<Deps> = {}, sending: Pick<MailDispatcherDeps, 'from' | 'templates'> = {}) {
  const smtp = await startSmtpServer();
  afterAll(() => smtp.stop());
  const world = await createWorld({ publicUrl: MAIL_PUBLIC_URL, ...overrides });
  const dispatcher = () =>
    createMailDispatcher({
      db: world.db,
      mailer: createSmtpMailer(smtp.url),
      clock: world.clock,
      logger: pino({ level: 'silent' }),
      publicUrl: MAIL_PUBLIC_URL,
      ...sending,
    });
  return { smtp, world, dispatcher, sender: dispatcher() };
}
