/**
 * `npm run bench:push`: the CPU time the server spends sending the pushes of one chat message in a village of
 * 500 members, each with one device. The app and the push dispatcher run in this process on embedded PGlite
 * (or BENCH_DATABASE_URL); the devices' push services (three origins, as devices spread over FCM, Mozilla and
 * Apple) run in a child process that answers 201, so that their work is not counted. After one message to
 * warm up, each message is timed from the dispatcher's run to its end with process.cpuUsage (user + system):
 * reading the job, composing, encrypting each push for its device, signing, posting. Target: ≤ 0.3 s.
 */
import { spawn } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { once } from 'node:events';
import pino from 'pino';
import { createApp } from '../../server/app';
import { systemClock, type Deps } from '../../server/deps';
import { openPglite, openPostgres } from '../../server/db/open';
import { createMemoryStore } from '../../server/files/store';
import { createMemoryMailer } from '../../server/mail/mailer';
import { createPushDispatcher } from '../../server/push/dispatcher';
import { vapidKeys } from '../../server/push/vapid-keys';
import { DATABASE_LABEL, inBatches, PG_URL, seedAccounts } from './bench-server';

const MEMBERS = 500;
const ORIGINS = 3;
const RUNS = 3;
const TARGET_CPU_S = 0.3;

/** The push services: one child process listening on ORIGINS ports; answers their origins. */
async function startPushServices() {
  const script = `
    const http = require('node:http');
    const ports = [];
    for (let i = 0; i < ${ORIGINS}; i++)
      http.createServer((req, res) => { req.resume(); req.on('end', () => { res.statusCode = 201; res.end(); }); })
        .listen(0, '127.0.0.1', function () { ports.push(this.address().port); if (ports.length === ${ORIGINS}) console.log(ports.join(',')); });`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = (await once(child.stdout, 'data')) as [Buffer];
  const origins = line
    .toString()
    .trim()
    .split(',')
    .map((port) => `http://127.0.0.1:${port}`);
  return { origins, stop: () => child.kill() };
}

const database = PG_URL ? await openPostgres(PG_URL) : await openPglite();
const services = await startPushServices();
try {
  const tokens = await seedAccounts(database, MEMBERS, `push-${randomBytes(3).toString('hex')}`);
  const deps: Deps = {
    db: database.db,
    mail: createMemoryMailer(),
    files: createMemoryStore(),
    clock: systemClock,
    publicUrl: 'http://localhost:3333',
    logger: pino({ level: 'silent' }),
    allowHttpPushEndpoints: true,
  };
  const app = createApp(deps);
  const call = async (method: string, path: string, token: string, json?: unknown) => {
    const res = await app.request(path, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(json ? { 'Content-Type': 'application/json' } : {}) },
      body: json ? JSON.stringify(json) : undefined,
    });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? null : res.json();
  };

  const created = await call('POST', '/v1/villages', tokens[0], { creation_mode: 2, first_name: 'Jeanne', name: 'Banc' });
  const villageId: string = created.data.id;
  const authorId: string = created.data.villagers[0].id;
  await call('PUT', `/v1/villages/${villageId}/fc`, tokens[0], { creator_id: authorId });
  await call('PUT', `/v1/villages/${villageId}/vo`, tokens[0], { villager_id: authorId });
  await inBatches(tokens.slice(1), 20, (token) => call('PUT', '/v1/villages/join/helper', token, { share_code: created.data.share_code }));
  await inBatches(tokens, 20, (token, i) =>
    call('POST', '/v1/users/me/push_subscriptions', token, {
      endpoint: `${services.origins[i % ORIGINS]}/push/${i}`,
      keys: { p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') },
      expirationTime: null,
    }),
  );

  const dispatcher = createPushDispatcher({
    db: database.db,
    clock: systemClock,
    logger: deps.logger,
    keys: vapidKeys(database.db),
    subject: 'mailto:equipe@exemple.fr',
    allowHttpPushEndpoints: true,
  });
  console.log(`bench:push (${DATABASE_LABEL}): one chat message to ${MEMBERS} members, one device each on ${ORIGINS} push services`);
  for (let run = 0; run <= RUNS; run++) {
    await call('POST', `/v1/villages/${villageId}/messages`, tokens[0], { villager_id: authorId, body: `Message ${run}` });
    const cpu = process.cpuUsage();
    const started = performance.now();
    const sent = await dispatcher.runDue();
    const wallMs = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const cpuS = (used.user + used.system) / 1e6;
    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
    if (run === 0) {
      console.log(`  warm-up: ${sent} pushes sent, CPU ${cpuS.toFixed(3)} s (load ${load})`);
      continue;
    }
    const verdict = cpuS <= TARGET_CPU_S ? 'met' : 'NOT met';
    console.log(
      `  message ${run}: ${sent} pushes sent, CPU ${cpuS.toFixed(3)} s (user ${(used.user / 1e6).toFixed(3)}, system ${(used.system / 1e6).toFixed(3)}), wall ${Math.round(wallMs)} ms, target ${TARGET_CPU_S} s ${verdict} (load ${load})`,
    );
  }
} finally {
  services.stop();
  await database.close();
}
