/**
 * `npm start`'s server (built once by server/build/start.mjs, see there). Its order is for a fast start: the
 * embedded database's start (PGlite: its WebAssembly and the data directory, about half the start) is begun
 * first, and the rest of the server is imported while it runs, the PWA's build checked too; nothing waits for
 * the database until it is needed.
 */
import { mkdirSync } from 'node:fs';
import { setMaxListeners } from 'node:events';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pino from 'pino';
import { checkDataDir, readConfig } from './config';
import { TEST_PASSWORD_COST } from './auth/passwords';
import { pgliteOptions } from './db/pglite-options';
import { FRESH_PGLITE_DIR, isFreshPgliteDir, makeFreshPglite, makeFreshPgliteApart } from './db/fresh-pglite';

let config;
try {
  config = readConfig(process.env);
  checkDataDir(config);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const logger = pino({ level: config.logLevel });
// The child of makeFreshPgliteApart: makes the data directory, and exits (see fresh-pglite.ts).
const freshDir = process.env[FRESH_PGLITE_DIR];
if (freshDir) {
  await makeFreshPglite(freshDir);
  process.exit(0);
}
/*
 * Held until the server listens. Whenever Node's event loop has nothing of its own left to wait for (awaiting
 * PGlite's start, a dynamic import), Node waits for every task V8 runs in the background, and PGlite's
 * WebAssembly is being optimized there: the first query after PGlite's start waited 120–190 ms for that
 * (`npm run bench:start`). With a timer pending the loop goes on, and the optimizing ends on its own time.
 */
const startingUp = setInterval(() => undefined, 60_000);
const pgliteDir = join(config.dataDir, 'pglite');
if (!config.databaseUrl) mkdirSync(pgliteDir, { recursive: true });
const pgliteStarted = config.databaseUrl
  ? undefined
  : isFreshPgliteDir(pgliteDir)
    ? makeFreshPgliteApart(pgliteDir, process.argv[1]).then(() => PGlite.create(pgliteDir, pgliteOptions()))
    : PGlite.create(pgliteDir, pgliteOptions());
// Not awaited yet: a failure is thrown where it is awaited, not reported as an unhandled rejection meanwhile.
pgliteStarted?.catch(() => undefined);

const root = join(import.meta.dirname, '..');
// The rest of the server, imported while PGlite starts: dynamic imports, which the build turns into chunks of
// their own, compiled only now rather than before the first line of this file runs.
const [
  { serveApp },
  { answerClientErrors },
  { openPglite, openPostgres, prepare },
  { createApp },
  { systemClock },
  { createFileMailer, createSmtpMailer },
  { createDatabaseStore },
  { importDiskPhotos },
  { createS3Store },
  { servePwa },
  { ensureAppBuilt },
  { startPushDispatch },
  { startMailDispatch },
  { startSweeps },
  { startBackups },
] = await Promise.all([
  import('./http/serve-node'),
  import('./http/client-error'),
  import('./db/open'),
  import('./app'),
  import('./deps'),
  import('./mail/mailer'),
  import('./files/database-store'),
  import('./files/import-disk-photos'),
  import('./files/s3-store'),
  import('./static/pwa'),
  import('./static/ensure-built'),
  import('./push/start'),
  import('./mail/start'),
  import('./http/sweeps'),
  import('./backup/start'),
]);
// DIST_DIR serves a build made elsewhere (a test that rebuilds the app must not rewrite the dist/ other
// runs are serving); whoever sets it builds it, so the rebuild-when-stale check is only for dist/. Checked
// while the database starts.
const appBuilt = config.distDir ? Promise.resolve() : ensureAppBuilt(root, logger);
appBuilt.catch(() => undefined);

const database = pgliteStarted ? await openPglite({ started: pgliteStarted }) : await openPostgres(config.databaseUrl!);
await prepare(database);
const files = config.s3Url ? createS3Store(config.s3Url) : createDatabaseStore(database.db);
// Photos used to live on each instance's disk; they now live where every instance reads them.
await importDiskPhotos(join(config.dataDir, 'uploads'), files, logger);

// The LISTENs begun at start: a stop that comes at once waits for them before closing the database, which
// they would otherwise meet closing ("PGlite is closing").
const listening: Promise<unknown>[] = [];
const listen: typeof database.listen = (handlers, onHealth) => {
  const begun = database.listen(handlers, onHealth);
  listening.push(begun.catch(() => undefined));
  return begun;
};

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
  listen,
  allowHttpPushEndpoints: config.pushAllowHttp,
  operator: config.operator,
  passwordCost: config.fastPasswords ? TEST_PASSWORD_COST : undefined,
});
if (config.fastPasswords)
  logger.warn('TEST_FAST_PASSWORDS=1\u00a0: mots de passe hachés au coût des tests, à ne jamais utiliser en production');
// The background work of this instance: each one's run in flight ends before the database closes.
const pushDispatch = startPushDispatch({
  db: database.db,
  clock: systemClock,
  logger,
  subject: config.pushContact,
  listen,
  signal: endStreams.signal,
  allowHttpPushEndpoints: config.pushAllowHttp,
});
const sweeps = startSweeps({ db: database.db, clock: systemClock, logger, signal: endStreams.signal });
const mailDispatch = startMailDispatch({
  db: database.db,
  mailer,
  clock: systemClock,
  logger,
  publicUrl: config.publicUrl,
  from: config.mailFrom,
  listen,
  signal: endStreams.signal,
});
const backups = await startBackups({ database, dataDir: config.dataDir, clock: systemClock, logger, signal: endStreams.signal });
await appBuilt;
servePwa(app, config.distDir ?? join(root, 'dist'));

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

const security = { publicUrl: config.publicUrl, analyticsOrigin: config.analyticsOrigin, apiOrigin: config.apiOrigin };
const server = serveApp({ fetch, port: config.port, security }, (info) => {
  logger.info(
    // ready_ms: since the process began, what `npm run bench:start` measures from outside.
    { port: info.port, database: database.kind, url: config.publicUrl, ready_ms: Math.round(performance.now()) },
    `Village écoute sur http://localhost:${info.port}`,
  );
  clearInterval(startingUp);
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
  await Promise.all([pushDispatch.settled(), mailDispatch.settled(), sweeps.settled(), backups.settled(), ...listening]);
  await database.close();
  logger.info('stopped cleanly');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
