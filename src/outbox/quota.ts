import Dexie from 'dexie';

/** The device's storage is full: the write was not kept, and the user must be told. */
export class QuotaExceeded extends Error {
  constructor() {
    super(
      "L'espace de stockage de cet appareil est plein\u00a0: cette modification n'a pas pu être enregistrée. Libérez de la place puis réessayez.",
    );
    this.name = 'QuotaExceeded';
  }
}

export function isQuotaError(error: unknown): boolean {
  if (error instanceof QuotaExceeded) return true;
  const names = [Dexie.errnames.QuotaExceeded, 'QuotaExceededError'];
  let current: unknown = error;
  // Dexie wraps the browser's error (AbortError with an inner QuotaExceededError).
  for (let depth = 0; current && depth < 4; depth++) {
    const { name, inner } = current as { name?: string; inner?: unknown };
    if (name && names.includes(name)) return true;
    current = inner;
  }
  return false;
}

type Listener = (full: boolean) => void;
const listeners = new Set<Listener>();
let full = false;

/** The disk was found full (a write failed) or has room again (a later write went through). */
export function reportStorageFull(value: boolean) {
  if (full === value) return;
  full = value;
  listeners.forEach((l) => l(full));
}
export const storageFull = {
  get: () => full,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};
