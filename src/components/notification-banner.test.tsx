// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { NotificationBanner } from './notification-banner';
import { NOTIFICATION_DISPLAY_MS, notificationStore, notify } from '../state/notification-banner';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the notification banner', () => {
  it('shows one notification at a time, each for 3 seconds, then the next, then nothing', () => {
    vi.useFakeTimers();
    render(<NotificationBanner />);
    const region = screen.getByRole('status', { name: 'Notification' });
    expect(region.textContent).toBe('');
    act(() => {
      notify('Marie a proposé son aide');
      notify('Un nouveau besoin a été ajouté');
    });
    expect(NOTIFICATION_DISPLAY_MS).toBe(3_000);
    expect(region.textContent).toBe('Marie a proposé son aide');
    act(() => vi.advanceTimersByTime(2_999));
    expect(region.textContent).toBe('Marie a proposé son aide');
    act(() => vi.advanceTimersByTime(1));
    expect(region.textContent).toBe('Un nouveau besoin a été ajouté');
    act(() => vi.advanceTimersByTime(3_000));
    expect(region.textContent).toBe('');
    expect(notificationStore.current()).toBeNull();
  });
});
