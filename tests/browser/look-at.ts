/**
 * The screenshots the browser tests leave in /tmp, for a person to open and look at what a screen shows: written
 * only when asked, `SCREENSHOTS=1 npm test` (or one file: `SCREENSHOTS=1 npx vitest run tests/browser/…`). Nobody
 * looks at them in CI, where the 300-odd full-page shots of a run cost about 0.1 s of CPU each; no test reads one.
 */
export async function screenshotToLookAt(
  target: { screenshot(options: { path: string; fullPage?: boolean }): Promise<unknown> },
  options: { path: string; fullPage?: boolean },
): Promise<void> {
  if (process.env.SCREENSHOTS === '1') await target.screenshot(options);
}
