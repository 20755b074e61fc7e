/**
 * Issue 18, item 8: a screen on the smallest phone (320 CSS px wide, WCAG 1.4.10 reflow) and on a phone with
 * the root font size doubled (390 px, WCAG 1.4.4 resize text). At both: the page never scrolls sideways, no
 * text is cut by a box that hides its overflow, and every tap target is at least 44 × 44 px (WCAG 2.5.5),
 * with the WCAG 2.5.8 exceptions named below, which must still be at least 24 × 24 px unless inline.
 * Screenshots /tmp/reflow-<name>-320.png and /tmp/bigtext-<name>-390.png, to be opened and looked at, when SCREENSHOTS=1 (look-at.ts).
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshotToLookAt } from './look-at';

export const SMALL_PHONE = { width: 320, height: 640 } as const;
/** The phone of the browser tests (screens.ts' PHONE), where each check leaves the page. */
export const BIG_TEXT_PHONE = { width: 390, height: 844 } as const;

/**
 * Targets allowed under 44 × 44 px (but never under 24 × 24), by selector, with why. WCAG 2.5.8 lets a
 * target be smaller when its 24 px circle touches no other target, or when its size is the browser's own.
 */
export const SMALL_TARGET_EXCEPTIONS: readonly { selector: string; reason: string }[] = [
  {
    selector: 'input.switch',
    reason:
      'a switch of the notification settings, 52 × 32 as the phones draw theirs, alone at the end of a 48 px row whose label also turns it',
  },
  {
    selector: '.month-day-open',
    reason:
      'the planning month: seven days to a row leave 41 px a day on a 320 px screen; each day is a 24 px target at least, ' +
      'its neighbours 41 px apart (2.5.8 spacing), and the same days are full-width targets in the week view',
  },
];

/** What is wrong with the page as it is now, one readable line per element (empty: nothing). */
export async function reflowProblems(page: Page): Promise<string[]> {
  return page.evaluate((exceptions) => {
    const problems: string[] = [];
    const width = window.innerWidth;
    const describe = (el: Element) => {
      const r = el.getBoundingClientRect();
      const name = (el.getAttribute('aria-label') ?? el.getAttribute('title') ?? el.textContent ?? (el as HTMLInputElement).value ?? '')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 50);
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      return `<${el.tagName.toLowerCase()}${cls}> "${name}" ${Math.round(r.width)}×${Math.round(r.height)} at x=${Math.round(r.left)}`;
    };
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    };
    // The visually hidden pattern (1 × 1 px, clipped): read by screen readers, never meant to be seen.
    const tiny = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width <= 1 && r.height <= 1;
    };
    // Inside a region that scrolls sideways on its own (a wide table or grid, which 1.4.10 allows).
    const inScroller = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX;
        if (o === 'auto' || o === 'scroll') return true;
      }
      return false;
    };

    // (a) No sideways scroll: the page is no wider than the screen; name what sticks out.
    const pageWidth = document.documentElement.scrollWidth;
    if (pageWidth > width) problems.push(`the page scrolls sideways: ${pageWidth} px wide on a ${width} px screen`);
    // Nor does anything go past the screen's right edge where nobody can scroll to it (a fixed bar, a clipped
    // box). Wholly left of the screen is how a skip link waits for the keyboard: not a cut.
    for (const el of document.body.querySelectorAll('*')) {
      if (!visible(el) || inScroller(el) || tiny(el)) continue;
      const r = el.getBoundingClientRect();
      const parent = el.parentElement?.getBoundingClientRect();
      if (r.right > width + 1 && !(parent && parent.right > width + 1))
        problems.push(`  sticks out to ${Math.round(r.right)} px: ${describe(el)}`);
      if (r.left < -1 && r.right > 0 && !(parent && parent.left < -1))
        problems.push(`  cut by the left edge at ${Math.round(r.left)} px: ${describe(el)}`);
    }

    // (b) No text cut: a box that hides its overflow, or ellipses it, holds all its text.
    for (const el of document.querySelectorAll('body *')) {
      if (!visible(el) || !el.textContent?.trim()) continue;
      if (tiny(el) || el.matches('input, textarea, select')) continue;
      const style = getComputedStyle(el);
      const hidesX = ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
      const hidesY = ['hidden', 'clip'].includes(style.overflowY);
      const cutX = hidesX && el.scrollWidth > el.clientWidth + 1;
      const cutY = hidesY && el.scrollHeight > el.clientHeight + 1;
      if (cutX || cutY)
        problems.push(
          `text cut (${cutX ? `${el.scrollWidth} px of text in ${el.clientWidth}` : `${el.scrollHeight} px of text in ${el.clientHeight} tall`}): ${describe(el)}`,
        );
    }

    // (c) Tap targets: 44 × 44 at least; the exceptions 24 × 24; an inline link inside a sentence is exempt.
    const targets = document.querySelectorAll(
      'a[href], button, input:not([type=hidden]), select, textarea, [role=button], summary, label:has(input[type=checkbox]), label:has(input[type=radio])',
    );
    for (const el of targets) {
      if (!visible(el) || el.closest('[inert], [aria-hidden=true]')) continue;
      let r = el.getBoundingClientRect();
      if (r.right <= 0) continue; // off-screen until focused (the skip link)
      // A "stretched" link: its ::after, absolutely placed over its card (inset: 0), is what answers the tap.
      const after = getComputedStyle(el, '::after');
      const card = (el as HTMLElement).offsetParent;
      if (after.content !== 'none' && after.position === 'absolute' && after.inset === '0px' && card) r = card.getBoundingClientRect();
      // A box or a dot inside its label: the label is the target.
      if (el.matches('label input[type=checkbox], label input[type=radio]')) continue;
      // A file input is hidden behind its label, which is the target.
      if (el.matches('input[type=file]') && getComputedStyle(el).opacity === '0') continue;
      if (el.matches('a') && getComputedStyle(el).display === 'inline') {
        const sentence = el.parentElement?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
        const own = el.textContent?.replace(/\s+/g, ' ').trim() ?? '';
        if (sentence.length > own.length) continue; // WCAG 2.5.8 "inline": its size is set by the line of text
      }
      if (r.width >= 43.5 && r.height >= 43.5) continue;
      const exception = exceptions.find((x) => el.matches(x.selector));
      if (exception && r.width >= 23.5 && r.height >= 23.5) continue;
      problems.push(`tap target under ${exception ? '24 × 24' : '44 × 44'}: ${describe(el)}`);
    }
    return problems;
  }, SMALL_TARGET_EXCEPTIONS);
}

/**
 * The page at rest: transitions and animations that end have ended (a drawer sliding in), then two frames, so
 * that the layout and the ResizeObservers (the tab bar's height) have caught up with a change.
 */
const settle = (page: Page) =>
  page.evaluate(async () => {
    const ending = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });

/** The problems at 320 px and at 390 px with the root font doubled, each line naming the screen; back to the phone. */
export async function smallAndLargeTextProblems(page: Page, name: string): Promise<string[]> {
  const problems: string[] = [];
  try {
    await page.setViewportSize(SMALL_PHONE);
    await settle(page);
    await screenshotToLookAt(page, { path: `/tmp/reflow-${name}-320.png`, fullPage: true });
    problems.push(...(await reflowProblems(page)).map((p) => `${name} at 320 px: ${p}`));

    await page.setViewportSize(BIG_TEXT_PHONE);
    await page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
    await settle(page);
    await screenshotToLookAt(page, { path: `/tmp/bigtext-${name}-390.png`, fullPage: true });
    problems.push(...(await reflowProblems(page)).map((p) => `${name} at 390 px, text doubled: ${p}`));
  } finally {
    await page.evaluate(() => (document.documentElement.style.fontSize = ''));
    await page.setViewportSize(BIG_TEXT_PHONE);
    await settle(page);
  }
  return problems;
}

/** Fails naming each element when the screen breaks at 320 px or with its text doubled. */
export async function checkSmallAndLargeText(page: Page, name: string) {
  expect(await smallAndLargeTextProblems(page, name), `${name} on a small phone and with large text`).toEqual([]);
}
