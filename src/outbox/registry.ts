import type { MutationKind } from './mutation-kind';

/**
 * The kinds of queued writes, by name: a stored entry names its kind, and the replay, the rebase after a
 * pull and a retry look it up here. The list itself is assembled above the features (src/app/
 * mutation-kinds.ts), which the page and the service worker hand to `provideMutationKinds` at start; the
 * outbox never imports a feature. It is loaded lazily so that the first screen does not carry every kind.
 */
export interface MutationRegistry {
  get(name: string): MutationKind;
  /** The kind, or undefined for a name this version does not know (an entry queued by another version). */
  find(name: string): MutationKind | undefined;
}

let loader: (() => Promise<readonly MutationKind[]>) | null = null;
let loaded: Promise<MutationRegistry> | null = null;
let ready: MutationRegistry | null = null;

export function provideMutationKinds(load: () => Promise<readonly MutationKind[]>) {
  loader = load;
  loaded = null;
  ready = null;
}

export const registryOf = (kinds: readonly MutationKind[]): MutationRegistry => {
  const byName = new Map(kinds.map((kind) => [kind.name, kind]));
  return {
    get(name) {
      const kind = byName.get(name);
      if (!kind) throw new Error(`Unknown mutation kind: ${name}`);
      return kind;
    },
    find: (name) => byName.get(name),
  };
};

/** The registry. Await it before opening a transaction: IndexedDB commits a transaction that awaits anything else. */
export function mutationKinds(): Promise<MutationRegistry> {
  if (!loader) return Promise.reject(new Error('No mutation kinds were provided (provideMutationKinds)'));
  if (!loaded) {
    const loading = loader().then(registryOf);
    loaded = loading;
    // A failed load (a chunk lost to the network) is tried again at the next call rather than kept.
    loading.then(
      (registry) => {
        if (loaded === loading) ready = registry;
      },
      () => {
        if (loaded === loading) loaded = null;
      },
    );
  }
  return loaded;
}

/**
 * The registry if it is already loaded, for what must answer at once (a screen's render). The page loads it
 * as soon as a signed-in user's queue is looked at (page-replayer.ts), so before any entry can be listed.
 */
export const loadedMutationKinds = (): MutationRegistry | null => ready;
