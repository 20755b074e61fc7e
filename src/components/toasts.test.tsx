// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Toasts, TOAST_DISPLAY_MS } from './toasts';
import { toast, toastStore, TOAST_TEXT } from '../state/toasts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  for (const t of toastStore.get()) toastStore.dismiss(t.id);
});

describe('the toasts', () => {
  it('announce the spec’s texts politely and hide after a few seconds', () => {
    vi.useFakeTimers();
    render(<Toasts />);
    const region = screen.getByRole('status', { name: 'Messages' });
    expect(region.getAttribute('aria-live')).toBe('polite');
    act(() => void toast.success(TOAST_TEXT.deleted));
    expect(region.textContent).toContain('Suppression effectuée avec succès.');
    act(() => vi.advanceTimersByTime(TOAST_DISPLAY_MS - 1));
    expect(region.textContent).toContain('Suppression effectuée avec succès.');
    act(() => vi.advanceTimersByTime(1));
    expect(region.textContent).toBe('');
  });

  it('can be dismissed at once', () => {
    render(<Toasts />);
    act(() => {
      toast.success(TOAST_TEXT.updated);
      toast.error('Le serveur ne répond pas.');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Fermer le message\u00a0: Vos modifications ont bien été enregistrées.' }));
    expect(screen.queryByText('Vos modifications ont bien été enregistrées.')).toBeNull();
    expect(screen.getByText('Le serveur ne répond pas.')).toBeTruthy();
  });
});
