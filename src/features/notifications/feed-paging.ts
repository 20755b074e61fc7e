/**
 * The spec: more can be fetched while the page to fetch is at most the total of pages. `loaded` pages are
 * shown; `pages` is the total the server last answered. Null when the feed is complete.
 */
export function nextPage(loaded: number, pages: number | undefined): number | null {
  const next = loaded + 1;
  return pages !== undefined && next <= pages ? next : null;
}

/** The pages' items in order, each action once: a page fetched after new actions arrived repeats some. */
export function flattenPages<T extends { id: string }>(pages: readonly (readonly T[] | undefined)[]): T[] {
  const seen = new Set<string>();
  const items: T[] = [];
  for (const page of pages) {
    for (const item of page ?? []) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}
