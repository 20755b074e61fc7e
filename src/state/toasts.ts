import { useSyncExternalStore } from 'react';

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

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const toastStore = {
  get: () => toasts,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  dismiss(id: number) {
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  },
};

function push(kind: Toast['kind'], text: string) {
  const toast = { id: nextId++, kind, text };
  toasts = [...toasts, toast];
  emit();
  return toast.id;
}

/** Success toasts carry the spec's texts; an error toast shows the text it is given. */
export const toast = {
  success: (text: string) => push('success', text),
  error: (text: string) => push('error', text),
};

export const useToasts = () => useSyncExternalStore(toastStore.subscribe, toastStore.get, toastStore.get);
