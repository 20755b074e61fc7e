import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { createMemoryStore } from '../files/store';
import { createWorld } from '../test/world';

const logged: string[] = [];
const files = createMemoryStore();
// A disk that fails: the photo cannot be stored, an error nobody planned for.
files.put = async () => {
  throw new Error('EIO: disque en panne at /secret/path/uploads');
};
const world = await createWorld({ files, logger: pino({ level: 'error' }, { write: (line: string) => logged.push(line) }) });

describe('unexpected errors', () => {
  it('answer 500 in French, with no stack and no detail, and are logged', async () => {
    const sharp = (await import('sharp')).default;
    const user = await world.user('Ana');
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'p.png');
    const res = await world.request('POST', `/v1/users/${user.id}/photo`, { token: user.token, body: form });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: 'Une erreur inattendue est survenue. Veuillez réessayer.', http_code: 500 });
    expect(logged.join('\n')).toContain('disque en panne');
  });

  it('answer unknown routes with a French 404 in the same shape', async () => {
    const res = await world.request('GET', '/v1/nulle-part');
    expect(res).toMatchObject({ status: 404, body: { message: "Cette adresse n'existe pas.", http_code: 404 } });
  });
});
