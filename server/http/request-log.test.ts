import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createWorld } from '../test/world';
import { sharedSecret } from '../events/shared-secret';
import { UNSUBSCRIBE_SECRET, unsubscribeToken } from '../mail/unsubscribe-token';
import { redactSecretPath } from '../calendar/redact-path';

const lines: string[] = [];
const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
const world = await createWorld({ logger });

/** The request lines logged while `act` ran. */
async function logged(act: () => Promise<unknown>) {
  const before = lines.length;
  await act();
  return lines
    .slice(before)
    .map((line) => JSON.parse(line) as { msg: string; path?: string; status?: number })
    .filter((line) => line.msg === 'request');
}

describe('the request log', () => {
  it('logs a one-click unsubscribe without its token', async () => {
    const user = await world.user('Rémi');
    const token = unsubscribeToken(await sharedSecret(world.db, UNSUBSCRIBE_SECRET)(), user.id, 'chat');
    const [line, ...rest] = await logged(async () => {
      const res = await world.request('POST', `/v1/mail/unsubscribe/${token}`);
      expect(res.status).toBe(200);
    });
    expect(rest).toEqual([]);
    expect(line).toMatchObject({ path: '/v1/mail/unsubscribe/…', status: 200 });
    expect(lines.join('\n')).not.toContain(token);
  });

  it("logs the app's pages of mailed links, and calls that match no route, without their secret", async () => {
    const secret = 'Zm9vYmFyLXNlY3JldC10b2tlbi0xMjM0NTY3ODkw';
    const paths = [
      `/mail/unsubscribe/${secret}`,
      `/auth/verify-email/${secret}`,
      `/auth/reset-password/${secret}`,
      `/auth/link/${secret}?redirect=%2Faccount`,
      `/v1/calendar/${secret}.ics`,
      `/v1/mail/unsubscribe/${secret}/de-trop`,
      `//v1/mail/unsubscribe/${secret}`,
      `/V1/Mail/Unsubscribe/${secret}`,
    ];
    const found = await logged(() => Promise.all(paths.map((path) => world.request('GET', path))));
    expect(found).toHaveLength(paths.length);
    expect(found.map((line) => line.path).join('\n')).not.toContain(secret);
    expect(found.map((line) => line.path)).toContain('/auth/verify-email/…');
    expect(lines.join('\n')).not.toContain(secret);
  });

  it('keeps the paths that hold no secret as they are', () => {
    for (const path of [
      '/v1/users/me/calendar',
      '/v1/mail/unsubscribe',
      '/auth/reset-password',
      '/auth/link',
      '/auth/login',
      '/v1/villages/0190f3a2-7b1c-7d4e-8f00-0000000000aa/calendar',
    ]) {
      expect(redactSecretPath(path)).toBe(path);
    }
  });
});
