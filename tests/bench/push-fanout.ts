/**
 * `npm run bench:push`: the CPU time the server spends sending the pushes of one chat message in a village of
 * 500 members, each with one device. The app and the push dispatcher run in this process on embedded PGlite
 * (or BENCH_DATABASE_URL); the devices' push services (three origins, as devices spread over FCM, Mozilla and
 * Apple) run in a child process that answers 201, so that their work is not counted: over HTTPS as real ones
 * (the bench runs itself again with their certificate in NODE_EXTRA_CA_CERTS, read by Node only at its start),
 * offering HTTP/2 as real ones do, then HTTPS services speaking HTTP/1.1 only, then over plain HTTP. For each,
 * a first message opens the connections, then each message is timed from the dispatcher's run to its end with
 * process.cpuUsage (user + system): reading the job, composing, encrypting each push for its device, signing,
 * posting. Target: ≤ 0.3 s. The setup's garbage is collected before the first message (settleGarbage).
 */
import { spawnSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { loadavg } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { createApp } from '../../server/app';
import { systemClock, type Deps } from '../../server/deps';
import { openPglite, openPostgres } from '../../server/db/open';
import { createMemoryStore } from '../../server/files/store';
import { createMemoryMailer } from '../../server/mail/mailer';
import { createPushDispatcher } from '../../server/push/dispatcher';
import { vapidKeys } from '../../server/push/vapid-keys';
import { DATABASE_LABEL, inBatches, PG_URL, seedAccounts } from './bench-server';
import { certificatePath, makeCertificate, startPushServices } from './push-services';

/**
 * The setup's garbage (a thousand API calls through app.request, each a Request whose signal undici unregisters
 * when it is collected) would otherwise be collected inside the timed fan-outs: some 10 to 20 % of what they
 * counted. It is collected once the village is made, and the finalizers it queues are let run, so that the
 * messages count what fan-outs allocate (collected before each message instead, every figure rose by some
 * 0.05 s: the young generation then starts small again and each fan-out paid more scavenges).
 */
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
const settleGarbage = async () => {
  collectGarbage();
  await new Promise((resolve) => setTimeout(resolve, 20));
};

const MEMBERS = 500;
const ORIGINS = 3;
const RUNS = 3;
const TARGET_CPU_S = 0.3;

// The first run makes the push services' certificate and runs the bench again trusting it.
if (!process.env.NODE_EXTRA_CA_CERTS?.includes('bench-push-')) {
  const certificateDir = makeCertificate();
  if (certificateDir) {
    const env = { ...process.env, NODE_EXTRA_CA_CERTS: certificatePath(certificateDir) };
    const run = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit', env });
    rmSync(certificateDir, { recursive: true, force: true });
    process.exit(run.status ?? 1);
  }
  console.log('bench:push: no openssl to make a certificate, so no HTTPS push services (real ones are HTTPS)');
}
const certificateDir = process.env.NODE_EXTRA_CA_CERTS ? dirname(process.env.NODE_EXTRA_CA_CERTS) : null;

const database = PG_URL ? await openPostgres(PG_URL) : await openPglite();
const services = await startPushServices(ORIGINS, certificateDir);
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
      endpoint: `${services.http[i % ORIGINS]}/push/${i}`,
      keys: { p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') },
      expirationTime: null,
    }),
  );

  let origins = services.http;
  /** Moves every device to the push services of `to` (the same index of origin). */
  const moveDevices = async (to: string[]) => {
    for (let i = 0; i < ORIGINS; i++)
      await database.db.execute(sql`update push_subscriptions set endpoint = replace(endpoint, ${origins[i]}, ${to[i]})`);
    origins = to;
  };
  const series = [
    { scheme: 'https (HTTP/2 offered)', origins: services.https },
    { scheme: 'https (HTTP/1.1 only)', origins: services.https1 },
    { scheme: 'http', origins: services.http },
  ].filter((s) => s.origins.length);
  await settleGarbage();
  console.log(`bench:push (${DATABASE_LABEL}): one chat message to ${MEMBERS} members, one device each on ${ORIGINS} push services`);
  for (const { scheme, origins: to } of series) {
    await moveDevices(to);
    // A new dispatcher: its first message opens the connections (and, on HTTPS, makes the TLS handshakes).
    const dispatcher = createPushDispatcher({
      db: database.db,
      clock: systemClock,
      logger: deps.logger,
      keys: vapidKeys(database.db),
      subject: 'mailto:equipe@exemple.fr',
      allowHttpPushEndpoints: true,
    });
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
        console.log(`  ${scheme}, first message (connections opened): ${sent} pushes sent, CPU ${cpuS.toFixed(3)} s (load ${load})`);
        continue;
      }
      const verdict = cpuS <= TARGET_CPU_S ? 'met' : 'NOT met';
      console.log(
        `  ${scheme}, message ${run}: ${sent} pushes sent, CPU ${cpuS.toFixed(3)} s (user ${(used.user / 1e6).toFixed(3)}, system ${(used.system / 1e6).toFixed(3)}), wall ${Math.round(wallMs)} ms, target ${TARGET_CPU_S} s ${verdict} (load ${load})`,
      );
    }
  }
} finally {
  services.stop();
  await database.close();
}
