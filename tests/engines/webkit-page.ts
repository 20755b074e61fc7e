/**
 * Reading and using the app's screens in WebKit over classic WebDriver, which has no accessibility
 * locators: elements are found in the page by their visible text or their label, then clicked and typed
 * into through WebDriver, as a user would.
 */
import type { ElementRef, Session } from '../support/webdriver';
import type { UserDriver } from './circle-journey';

/**
 * Polls `expression` (a JS expression) in the page until it is truthy; answers its value. The default wait is
 * generous: a cold start goes through the bootstrap page's three calls on a shared 2-core machine.
 */
export async function waitInPage<T>(session: Session, expression: string, what: string, timeout = 45_000): Promise<T> {
  const deadline = Date.now() + timeout;
  let last: unknown;
  for (;;) {
    try {
      last = await session.execute<T>(`return (${expression});`);
      if (last) return last as T;
    } catch (error) {
      // A navigation in progress makes the script fail: try again.
      last = error;
    }
    if (Date.now() > deadline) {
      const seen = await session
        .execute<string>('return location.href + "\\n" + (document.body ? document.body.innerText : "")')
        .catch(() => '?');
      await session.screenshot('/tmp/webkit-timeout.png').catch(() => undefined);
      throw new Error(`timed out waiting for ${what} (last: ${String(last)}); the page (/tmp/webkit-timeout.png):\n${seen.slice(0, 1500)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

export const waitForText = (session: Session, text: string, timeout?: number) =>
  // Spaces as read: the app's French typography puts non-breaking ones inside times and before « : ».
  waitInPage(
    session,
    `document.body && document.body.innerText.replace(/\\s+/g, ' ').includes(${JSON.stringify(text)})`,
    `"${text}"`,
    timeout,
  );

/** The first visible link or button whose text is `text` (or starts with it). */
export async function control(session: Session, tag: 'a' | 'button', text: string, timeout?: number): Promise<ElementRef> {
  return waitInPage<ElementRef>(
    session,
    `Array.from(document.querySelectorAll(${JSON.stringify(tag)})).find((e) => e.offsetParent !== null && e.textContent.trim().startsWith(${JSON.stringify(text)}))`,
    `${tag} "${text}"`,
    timeout,
  );
}

/** The visible, enabled form control labelled `text` exactly (the label's own words, before any hint). */
export async function field(session: Session, text: string, timeout?: number): Promise<ElementRef> {
  return waitInPage<ElementRef>(
    session,
    `Array.from(document.querySelectorAll('label')).map((l) => [l, (l.firstChild && l.firstChild.textContent || '').trim(), l.textContent.trim()])
       .filter(([l, own, all]) => (own === ${JSON.stringify(text)} || all === ${JSON.stringify(text)}) && l.control && l.control.offsetParent !== null && !l.control.disabled)
       .map(([l]) => l.control)[0]`,
    `field "${text}"`,
    timeout,
  );
}

export async function clickControl(session: Session, tag: 'a' | 'button', text: string) {
  await session.click(await control(session, tag, text));
}

export async function typeInto(session: Session, label: string, text: string) {
  const el = await field(session, label);
  await session.clear(el);
  await session.sendKeys(el, text);
}

/** The text of the outbox's status line ("2 modifications en attente"), or '' when there is none. */
export const pendingText = (session: Session) =>
  session.execute<string>(
    `const s = Array.from(document.querySelectorAll('[role="status"]')).find((e) => /en attente/.test(e.textContent)); return s ? s.textContent.trim() : '';`,
  );

/** The session as the journeys shared between engines drive it (outage-return.ts, circle-journey.ts). */
export function userDriver(session: Session): UserDriver {
  const found = (expression: string, what: string) => waitInPage<ElementRef>(session, expression, what, 15_000);
  return {
    goto: async (url) => void (await session.navigate(url)),
    // Classic WebDriver answers a script's value once its callback is called: a promise is awaited in the page.
    run: async (expression) => {
      const answer = await session.executeAsync<{ value?: unknown; error?: string }>(
        `const done = arguments[arguments.length - 1];
         Promise.resolve().then(() => (${expression})).then((value) => done({ value }), (e) => done({ error: String(e) }));`,
      );
      if (answer.error) throw new Error(answer.error);
      return answer.value as never;
    },
    click: async (expression, what) => void (await session.click(await found(expression, what))),
    type: async (expression, text, what) => void (await session.sendKeys(await found(expression, what), text)),
  };
}
