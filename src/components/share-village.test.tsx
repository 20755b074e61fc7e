// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { track } from '../analytics/analytics';
import { toastStore } from '../state/toasts';
import { CODE_PENDING_TEXT, LINK_COPIED_TEXT, ShareVillage } from './share-village';

vi.mock('../analytics/analytics', () => ({ track: vi.fn() }));

const LINK = `${location.origin}/join/village?c=ABCD2345&rli=jv`;
const writeText = vi.fn(async (_text: string) => {});

beforeEach(() => {
  for (const t of toastStore.get()) toastStore.dismiss(t.id);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
  Object.defineProperty(navigator, 'canShare', { value: undefined, configurable: true });
});

const toastTexts = () => toastStore.get().map((t) => `${t.kind}: ${t.text}`);

describe('sharing a village', () => {
  it('shows the code and the join link of the spec', () => {
    render(<ShareVillage villageId="v1" shareCode="ABCD2345" />);
    expect(screen.getByText('ABCD2345')).toBeTruthy();
    expect(screen.getByText(LINK)).toBeTruthy();
  });

  it('copies the link, says so and counts a copy', async () => {
    render(<ShareVillage villageId="v1" shareCode="ABCD2345" />);
    fireEvent.click(screen.getByRole('button', { name: 'Copier le lien' }));
    await waitFor(() => expect(toastTexts()).toEqual([`success: ${LINK_COPIED_TEXT}`]));
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(track).toHaveBeenCalledWith('copy_code');
  });

  it('hands the link to the share sheet where there is one, and counts a share', async () => {
    const share = vi.fn(async (_data: ShareData) => {});
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    render(<ShareVillage villageId="v1" shareCode="ABCD2345" />);
    fireEvent.click(screen.getByRole('button', { name: 'Partager' }));
    await waitFor(() => expect(track).toHaveBeenCalledWith('share_code'));
    expect(share).toHaveBeenCalledWith(
      expect.objectContaining({ url: LINK, title: expect.any(String), text: expect.stringContaining('ABCD2345') }),
    );
    expect(writeText).not.toHaveBeenCalled();
    expect(track).not.toHaveBeenCalledWith('copy_code');
  });

  it('says nothing when the share sheet is closed without sharing', async () => {
    const share = vi.fn(async () => {
      throw new DOMException('closed', 'AbortError');
    });
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    render(<ShareVillage villageId="v1" shareCode="ABCD2345" />);
    fireEvent.click(screen.getByRole('button', { name: 'Partager' }));
    await waitFor(() => expect(share).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 0));
    expect(track).not.toHaveBeenCalled();
    expect(toastTexts()).toEqual([]);
  });

  it('copies instead where the browser cannot share', async () => {
    render(<ShareVillage villageId="v1" shareCode="ABCD2345" />);
    fireEvent.click(screen.getByRole('button', { name: 'Partager' }));
    await waitFor(() => expect(toastTexts()).toEqual([`success: ${LINK_COPIED_TEXT}`]));
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(track).toHaveBeenCalledWith('copy_code');
    expect(track).not.toHaveBeenCalledWith('share_code');
  });

  it('says when the copy failed, and counts nothing', async () => {
    writeText.mockRejectedValueOnce(new Error('denied'));
    render(<ShareVillage villageId="v1" shareCode="ABCD2345" />);
    fireEvent.click(screen.getByRole('button', { name: 'Copier le lien' }));
    await waitFor(() => expect(toastTexts()[0]).toMatch(/^error: Impossible de copier le lien/));
    expect(track).not.toHaveBeenCalled();
  });

  it('explains that a village not yet sent has no code', () => {
    render(<ShareVillage villageId="v1" shareCode="" />);
    expect(screen.getByText(CODE_PENDING_TEXT)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Copier le lien' })).toBeNull();
  });
});
