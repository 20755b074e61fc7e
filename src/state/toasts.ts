import { createStore } from './external-store';

/** The spec's success texts. */
export const TOAST_TEXT = {
  deleted: 'Suppression effectuée avec succès.',
  updated: 'Vos modifications ont bien été enregistrées.',
} as const;

export interface Toast {
  id: number;
  kind: 'success' | 'error';
  text: string;
}

const store = createStore<Toast[]>([]);
let nextId = 1;

export const toastStore = {
  get: store.get,
  subscribe: store.subscribe,
  dismiss(id: number) {
    store.set(store.get().filter((t) => t.id !== id));
  },
};

function push(kind: Toast['kind'], text: string) {
  const toast = { id: nextId++, kind, text };
  store.set([...store.get(), toast]);
  return toast.id;
}

/** Success toasts carry the spec's texts; an error toast shows the text it is given. */
export const toast = {
  success: (text: string) => push('success', text),
  error: (text: string) => push('error', text),
};

export const useToasts = store.use;
