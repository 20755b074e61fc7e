/**
 * Firefox ESR driven over WebDriver BiDi by puppeteer-core, with a fresh profile removed after the file,
 * and a few ways to find what a user sees (a label, a link or button's name) that do not depend on
 * the accessibility tree, which BiDi exposes unevenly.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';
import { afterAll } from 'vitest';
import type { UserDriver } from './circle-journey';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

export async function openFirefox(): Promise<Browser> {
  const profile = await mkdtemp(join(tmpdir(), 'village-firefox-'));
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    userDataDir: profile,
    defaultViewport: { width: 390, height: 844 },
    // Dates and times are shown as a French phone in Paris would show them.
    env: { ...process.env, TZ: 'Europe/Paris' } as Record<string, string>,
    // navigator.languages as a French browser sends them (the interface stays in English: no French language pack).
    extraPrefsFirefox: { 'intl.accept_languages': 'fr-FR, fr' },
  });
  afterAll(async () => {
    await browser.close();
    await rm(profile, { recursive: true, force: true });
  });
  return browser;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Waits for the control a label names (its <label> text or aria-label), and answers it. */
export async function byLabel(page: Page, label: string, timeout = 15_000): Promise<ElementHandle<Element>> {
  const handle = await page.waitForFunction(
    (text: string) => {
      const clean = (s: string | null) =>
        (s ?? '')
          .replace(/\s+/g, ' ')
          .replace(/\s*\*$/, '')
          .trim();
      const byAria = [...document.querySelectorAll('[aria-label]')].find((e) => clean(e.getAttribute('aria-label')) === text);
      if (byAria) return byAria;
      const label = [...document.querySelectorAll('label')].find((l) => clean(l.textContent) === text);
      return label?.control ?? null;
    },
    { timeout },
    label,
  );
  return handle as ElementHandle<Element>;
}

/** Waits for a link or button whose visible name matches, and answers it. */
export async function byName(
  page: Page,
  role: 'link' | 'button',
  name: string | RegExp,
  timeout = 15_000,
): Promise<ElementHandle<Element>> {
  const source = typeof name === 'string' ? `^${escape(name)}$` : name.source;
  const handle = await page.waitForFunction(
    (selector: string, pattern: string) => {
      const re = new RegExp(pattern);
      return (
        [...document.querySelectorAll(selector)].find((e) => {
          const text = (e.getAttribute('aria-label') ?? e.textContent ?? '').replace(/\s+/g, ' ').trim();
          return re.test(text);
        }) ?? null
      );
    },
    { timeout },
    role === 'link' ? 'a[href]' : 'button, [role="button"]',
    source,
  );
  return handle as ElementHandle<Element>;
}

/** Waits until some text is on the page (in `within`, a CSS selector, if given). */
export async function waitForText(page: Page, text: string | RegExp, options: { timeout?: number; within?: string } = {}) {
  const source = typeof text === 'string' ? escape(text) : text.source;
  await page.waitForFunction(
    (pattern: string, within: string) =>
      [...document.querySelectorAll(within)].some((e) => new RegExp(pattern).test((e as HTMLElement).innerText ?? '')),
    { timeout: options.timeout ?? 15_000 },
    source,
    options.within ?? 'body',
  );
}

/**
 * Fills a control as a user would: text is typed key by key. A date or time field is set as Firefox's
 * picker sets it (its segments follow the profile's locale, so typed digits are not portable): the value
 * through the element's own setter, then `input` and `change`, which is what the page listens to.
 */
export async function fill(page: Page, label: string, value: string) {
  const control = await byLabel(page, label);
  const kind = await control.evaluate((e) => (e as HTMLInputElement).type);
  if (kind === 'date' || kind === 'time' || kind === 'datetime-local') {
    await control.evaluate((e, v) => {
      // React tracks the value an element's own property was given: the prototype's setter is the picker's.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(e, v);
      e.dispatchEvent(new Event('input', { bubbles: true }));
      e.dispatchEvent(new Event('change', { bubbles: true }));
    }, value);
    return;
  }
  await control.click({ count: 3 });
  await control.evaluate((e) => (e as HTMLInputElement).select?.());
  await page.keyboard.press('Backspace');
  await control.type(value);
}

/** The status line of writes waiting for the network, or '' when there is none. */
export const pendingText = (page: Page) =>
  page.evaluate(
    () =>
      [...document.querySelectorAll('[role="status"]')].map((e) => (e as HTMLElement).innerText.trim()).find((t) => /en attente/.test(t)) ??
      '',
  );

/**
 * Navigates to a URL as typed in the address bar. Not tried again when Firefox aborts it (NS_BINDING_ABORTED):
 * that came from the page reloading itself over the navigation, which the app no longer does (src/pwa/lazy-chunk.ts).
 */
export async function open(page: Page, url: string) {
  await loadsSettled(page);
  await page.goto(url);
}

/**
 * Waits (up to 5 s) until the page has fetched nothing new for 300 ms, as a person reading it would. Firefox
 * logs every load a navigation cuts short, a chunk the app was fetching in the background included, as
 * « Failed to load ‘…’. A ServiceWorker intercepted the request and encountered an unexpected error. », in
 * the log where the journeys look for the app's own errors (CI saw it for two of the outbox kinds' chunks,
 * loaded at start, when the next address was opened at once). The app does not report these: an import the
 * navigation cuts is handled in src/pwa/lazy-chunk.ts.
 */
async function loadsSettled(page: Page) {
  if (!page.url().startsWith('http')) return;
  await page
    .waitForFunction(
      () =>
        new Promise<boolean>((resolve) => {
          // Past its default 250 entries the buffer would stop counting.
          performance.setResourceTimingBufferSize(10_000);
          let seen = performance.getEntriesByType('resource').length;
          const check = () => {
            const now = performance.getEntriesByType('resource').length;
            if (now === seen) return resolve(true);
            seen = now;
            setTimeout(check, 300);
          };
          setTimeout(check, 300);
        }),
      { timeout: 5_000 },
    )
    // A page still fetching after that is left anyway: the journey's own waits say whether it showed what it should.
    .catch(() => undefined);
}

/** The page as the journeys shared between engines drive it (outage-return.ts, circle-journey.ts). */
export function userDriver(page: Page): UserDriver {
  const found = (expression: string, what: string) =>
    page.waitForFunction(expression, { timeout: 15_000 }).then(
      (handle) => handle as ElementHandle<Element>,
      (error: unknown) => Promise.reject(new Error(`${what} not found: ${String(error)}`)),
    );
  return {
    goto: (url) => open(page, url),
    run: async (expression) => (await page.evaluate(expression)) as never,
    click: async (expression, what) => (await found(expression, what)).click(),
    type: async (expression, text, what) => {
      const field = await found(expression, what);
      await field.click();
      await field.type(text);
    },
  };
}
