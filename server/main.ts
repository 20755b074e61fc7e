import { serve } from '@hono/node-server';
import { answerClientErrors } from './http/client-error';
import { mkdirSync } from 'node:fs';
import { setMaxListeners } from 'node:events';
import { join } from 'node:path';
import pino from 'pino';
import { readConfig } from './config';
import { openPglite, openPostgres, prepare } from './db/client';
import { createApp } from './app';
import { systemClock } from './deps';
import { createFileMailer, createSmtpMailer } from './mail/mailer';
import { createDatabaseStore } from './files/database-store';
import { importDiskPhotos } from './files/import-disk-photos';
import { createS3Store } from './files/s3-store';
import { servePwa } from './static/pwa';
import { ensureAppBuilt } from './static/ensure-built';
import { startPushDispatch } from './push/start';
import { startMailDispatch } from './mail/start';
import { startSweeps } from './http/sweeps';

let config;
try {
  config = readConfig(process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const logger = pino({ level: config.logLevel });
if (!config.databaseUrl) mkdirSync(join(config.dataDir, 'pglite'), { recursive: true });
const database = config.databaseUrl
  ? await openPostgres(config.databaseUrl)
  : await openPglite({ dataDir: join(config.dataDir, 'pglite') });
await prepare(database);
const files = config.s3Url ? createS3Store(config.s3Url) : createDatabaseStore(database.db);
// Photos used to live on each instance's disk; they now live where every instance reads them.
await importDiskPhotos(join(config.dataDir, 'uploads'), files, logger);

// Event streams never end by themselves: stopping aborts them, so shutdown does not wait for its forced close.
const endStreams = new AbortController();
// Every open event stream listens for the end: hundreds of them are expected, not a leak.
setMaxListeners(0, endStreams.signal);
const mailer = config.smtpUrl ? createSmtpMailer(config.smtpUrl) : createFileMailer(join(config.dataDir, 'mail'));
const app = createApp({
  shutdown: endStreams.signal,
  db: database.db,
  mail: mailer,
  files,
  clock: systemClock,
  publicUrl: config.publicUrl,
  logger,
  listen: database.listen,
  allowHttpPushEndpoints: config.pushAllowHttp,
});
// The background work of this instance: each one's run in flight ends before the database closes.
const pushDispatch = startPushDispatch({ db: database.db, clock: systemClock, logger, subject: config.pushContact, listen: database.listen, signal: endStreams.signal });
const sweeps = startSweeps({ db: database.db, clock: systemClock, logger, signal: endStreams.signal });
const mailDispatch = startMailDispatch({
  db: database.db,
  mailer,
  clock: systemClock,
  logger,
  publicUrl: config.publicUrl,
  from: config.mailFrom,
  listen: database.listen,
  signal: endStreams.signal,
});
const root = join(import.meta.dirname, '..');
// DIST_DIR serves a build made elsewhere (a test that rebuilds the app must not rewrite the dist/ other
// runs are serving); whoever sets it builds it, so the rebuild-when-stale check is only for dist/.
if (config.distDir) servePwa(app, config.distDir);
else {
  await ensureAppBuilt(root, logger);
  servePwa(app, join(root, 'dist'));
}

// Requests being handled, including those whose client went away: the database closes only after them.
let inFlight = 0;
let drained: (() => void) | null = null;
const settled = () => {
  inFlight -= 1;
  if (inFlight === 0) drained?.();
};
// Not an async function: an answer ready at once goes back as it is, and @hono/node-server writes it
// without waiting a turn of the microtask queue.
const fetch: typeof app.fetch = (...args) => {
  inFlight += 1;
  let answer: ReturnType<typeof app.fetch>;
  try {
    answer = app.fetch(...args);
  } catch (error) {
    settled();
    throw error;
  }
  if (answer instanceof Promise) return answer.finally(settled);
  settled();
  return answer;
};

const server = serve({ fetch, port: config.port }, (info) => {
  logger.info(
    { port: info.port, database: database.kind, url: config.publicUrl },
    `Village écoute sur http://localhost:${info.port}`,
  );
});
answerClientErrors(server);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  endStreams.abort();
  logger.info({ signal }, 'shutting down: finishing requests in flight');
  // Stop accepting; requests in flight finish; idle keep-alive sockets are closed so close() can end.
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  if ('closeIdleConnections' in server) server.closeIdleConnections();
  const force = setTimeout(() => {
    logger.warn('requests still running after 10 s: closing their connections');
    if ('closeAllConnections' in server) server.closeAllConnections();
  }, 10_000);
  await closed;
  clearTimeout(force);
  if (inFlight > 0) await new Promise<void>((resolve) => (drained = resolve));
  // Their timers stopped with the abort above; a batch of pushes or mails already running ends first, or
  // it would meet a closed pool ("Cannot use a pool after calling end on the pool").
  await Promise.all([pushDispatch.settled(), mailDispatch.settled(), sweeps.settled()]);
  await database.close();
  logger.info('stopped cleanly');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
