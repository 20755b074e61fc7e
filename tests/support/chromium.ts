import type { BrowserContext, Worker } from 'playwright-core';

/**
 * Debian's Chromium as the browser tests and the browser benchmarks launch it (playwright-core): the flags of
 * these machines, and a phone's context in French at Paris time. No test runner here: the benches import it too.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** `chromium.launchPersistentContext` options: persistent, so service workers and storage behave as installed. */
export const phoneContext = {
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: CHROMIUM_ARGS,
  viewport: { width: 390, height: 844 },
  locale: 'fr-FR',
  timezoneId: 'Europe/Paris',
};

/** What Chromium says when a page or worker breaks the answer's policy, or when it cannot read the policy itself. */
const POLICY_MESSAGE = /Content Security Policy|Content-Security-Policy|Permissions-Policy/;

/**
 * Every Content-Security-Policy violation in the context's pages and service workers, as Chromium reports it,
 * so that a test can fail on any. A page's violations reach its console (CDP's `Log.entryAdded`, which
 * playwright-core passes on as console messages). A service worker's do not: playwright-core passes on only
 * its `console.*` calls, so each worker, when it starts, is given a listener of its own
 * `securitypolicyviolation` events that writes them there. A violation in the worker script's first run, before
 * that listener, is not seen here (a worker that cannot run its own script fails the PWA tests anyway).
 * Answers a function that hands over the violations noted so far and forgets them.
 */
export function watchContentSecurityPolicy(context: BrowserContext): () => string[] {
  let found: string[] = [];
  context.on('console', (message) => {
    if (!POLICY_MESSAGE.test(message.text())) return;
    found.push(`${message.worker()?.url() ?? message.page()?.url() ?? '?'}: ${message.text()}`);
  });
  const reportFromWorker = (worker: Worker) =>
    worker
      .evaluate(() =>
        self.addEventListener('securitypolicyviolation', (e) =>
          console.error(
            `Content Security Policy violation in the worker: ${e.effectiveDirective} refused ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`,
          ),
        ),
      )
      // A worker stopped before it could be reached has nothing more to report.
      .catch(() => undefined);
  context.on('serviceworker', reportFromWorker);
  for (const worker of context.serviceWorkers()) void reportFromWorker(worker);
  return () => {
    const taken = found;
    found = [];
    return taken;
  };
}
