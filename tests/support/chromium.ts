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
