/**
 * The villages a write's transaction touched, so that the write can drop their cached memberships once it
 * has committed. Kept by transaction: an AsyncLocalStorage did it before, and once it has run Node calls
 * async hooks on every promise of every later request (`/v1/health` went from 36k to 25k req/s after the
 * server's first write).
 */
const byTransaction = new WeakMap<object, Set<string>>();

/** Starts collecting what `tx` touches; the set fills as the transaction runs. */
export function collectTouched(tx: object): Set<string> {
  const touched = new Set<string>();
  byTransaction.set(tx, touched);
  return touched;
}

/** Called by what changes a village in `tx` (a transaction not collected by a write: nothing to drop). */
export const markTouched = (tx: object, villageId: string) => byTransaction.get(tx)?.add(villageId);
