/** What a need tells whoever takes one of its slots, as the calendars print it. */
export interface PracticalDetails {
  description: string | null;
  access: string | null;
  people: number | null;
  diet: string | null;
}

/** "Accès : code 1234B", one line each, in French; nothing when the need says nothing. */
export function detailLines(need: PracticalDetails): string[] {
  const lines: string[] = [];
  if (need.description) lines.push(need.description);
  if (need.access) lines.push(`Accès\u00a0: ${need.access}`);
  if (need.people != null) lines.push(`Nombre de personnes\u00a0: ${need.people}`);
  if (need.diet) lines.push(`Régime et allergies\u00a0: ${need.diet}`);
  return lines;
}

/**
 * An event's DESCRIPTION: the helper's note first (what the others read first in the app), then the
 * need's details, so that they are on the phone of whoever goes, offline too.
 */
export function eventDescription(first: string | null, need: PracticalDetails): string | null {
  const details = detailLines(need).join('\n');
  const parts = [first, details].filter((part): part is string => !!part);
  return parts.length ? parts.join('\n\n') : null;
}
