import { useEffect } from 'react';

/**
 * The spec (section 2): "the brand name, the brand name followed by "votre", then "village", then
 * "village d'entraide"". The spec never names the brand; the product calls itself "Village" (manifest
 * short_name, package name), so the brand name is "Village" and the second text is "Village votre".
 * Read in a row the four texts spell out the product's tagline, one step every 1.5 s.
 */
export const TITLE_TEXTS = ['Village', 'Village votre', 'village', "village d'entraide"] as const;
export const TITLE_ROTATION_MS = 1_500;

/** Rotates `document.title` through the spec's four texts while the app is mounted. */
export function useRotatingTitle() {
  useEffect(() => {
    let index = 0;
    document.title = TITLE_TEXTS[index];
    const timer = setInterval(() => {
      index = (index + 1) % TITLE_TEXTS.length;
      document.title = TITLE_TEXTS[index];
    }, TITLE_ROTATION_MS);
    return () => clearInterval(timer);
  }, []);
}
