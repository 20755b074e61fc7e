import type { OutboxEntry } from '../db/database';
import { loadedMutationKinds } from './registry';

const SOME_CHANGE = 'Modification';

/**
 * What a queued write was, in French, for the list of changes that could not be sent: each kind says it of
 * its own payload (`describe`), so the outbox knows no feature. Read from the registry already loaded (the
 * drain that refused the entry loaded it), so a screen can call it while rendering.
 */
export function describeEntry(entry: OutboxEntry): string {
  const kind = loadedMutationKinds()?.find(entry.kind);
  if (!kind?.describe) return SOME_CHANGE;
  try {
    return kind.describe(entry.payload);
  } catch {
    // A payload of an older shape: the list still shows the entry, with its server message.
    return SOME_CHANGE;
  }
}

/** "1 modification en attente", "2 modifications en attente". */
export const pendingText = (count: number) => `${count} modification${count > 1 ? 's' : ''} en attente`;
export const failedText = (count: number) =>
  count > 1 ? `${count} modifications n'ont pas pu être envoyées` : "1 modification n'a pas pu être envoyée";
