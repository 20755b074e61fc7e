import type { MutationKind } from './mutation-kind';

/**
 * The kinds of queued writes, by name: a stored entry names its kind, and the replay, the rebase after a
 * pull and a retry look it up here. The list itself is assembled above the features (src/app/
 * mutation-kinds.ts), which the page and the service worker hand to `provideMutationKinds` at start; the
 * outbox never imports a feature. It is loaded lazily so that the first screen does not carry every kind.
 */
export interface MutationRegistry {
  get(name: string): MutationKind;
}

let loader: (() => Promise<readonly MutationKind[]>) | null = null;
let loaded: Promise<MutationRegistry> | null = null;

export function provideMutationKinds(load: () => Promise<readonly MutationKind[]>) {
  loader = load;
  loaded = null;
}

export const registryOf = (kinds: readonly MutationKind[]): MutationRegistry => {
  const byName = new Map(kinds.map((kind) => [kind.name, kind]));
  return {
    get(name) {
      const kind = byName.get(name);
      if (!kind) throw new Error(`Unknown mutation kind: ${name}`);
      return kind;
    },
  };
};

/** The registry. Await it before opening a transaction: IndexedDB commits a transaction that awaits anything else. */
export function mutationKinds(): Promise<MutationRegistry> {
  if (!loader) return Promise.reject(new Error('No mutation kinds were provided (provideMutationKinds)'));
  loaded ??= loader().then(registryOf);
  return loaded;
}
