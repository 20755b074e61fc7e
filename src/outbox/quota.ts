import Dexie from 'dexie';

/** The device's storage is full: the write was not kept, and the user must be told. */
export class QuotaExceeded extends Error {
  constructor() {
    super("L'espace de stockage de cet appareil est plein : cette modification n'a pas pu être enregistrée. Libérez de la place puis réessayez.");
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
