import { describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port';
import { entryPoint, errorLines, post, waitUntilUp } from './entry-point-process';

// `npm start`'s own command on a data directory of its own.
const { dataDir: newDataDir, npmStart } = entryPoint();

describe('npm start', () => {
  it("serves with `npm start`'s own command: the server's build, run by plain Node", async () => {
    const dataDir = await newDataDir('village-npm-start-');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // An empty DIST_DIR: the API alone, so this test never rebuilds the repository's dist/ for the app.
    const env = { PORT: String(port), DATA_DIR: dataDir, DIST_DIR: dataDir };
    const server = await npmStart(env);
    await waitUntilUp(base, server);
    expect(server.output()).toContain('Village écoute sur');
    const register = await post(`${base}/v1/auth/register`, {
      email: 'lea@exemple.fr',
      password: 'motdepasse3',
      first_name: 'Léa',
      last_name: 'Morel',
    });
    expect(register.status).toBe(201);
    expect((await post(`${base}/v1/auth/login`, { email: 'lea@exemple.fr', password: 'motdepasse3' })).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('stopped cleanly');
    expect(errorLines(server.output())).toEqual([]);
    // A start of the server's build and two passwords hashed at the production cost: 17 s at a load of 8.5 on 2 cores.
  }, 120_000);
});
