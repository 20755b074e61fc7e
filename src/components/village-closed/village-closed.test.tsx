// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VillageClosedBanner } from './village-closed-banner';
import { CloseVillageDialog } from './close-village-dialog';
import { DeleteVillageDialog, TYPE_NAME_TEXT } from './delete-village-dialog';
import { canStillReopen, CLOSE_OFFLINE_TEXT } from '../../domain/villages/close-village';
import { asRead } from '../../testing/as-read';

afterEach(cleanup);

describe('the banner of a closed village', () => {
  it('says since when, in French in the village’s zone, with the last word', () => {
    render(<VillageClosedBanner closedAt="2026-11-28T13:35:00.000Z" message="Merci à tous" timeZone="Europe/Paris" />);
    const banner = screen.getByRole('status', { name: 'Village clôturé' });
    expect(banner.textContent).toContain('Ce village est clôturé depuis le samedi 28\u00a0novembre 2026 à 14\u00a0h\u00a035.');
    expect(screen.getByText('Merci à tous').tagName).toBe('BLOCKQUOTE');
  });

  it('shows no quote without a last word', () => {
    const { container } = render(<VillageClosedBanner closedAt="2026-11-28T13:35:00.000Z" message={null} timeZone="Europe/Paris" />);
    expect(container.querySelector('blockquote')).toBeNull();
  });
});

describe('the dialog before closing', () => {
  it('explains what happens and closes with the last word typed', async () => {
    const onConfirm = vi.fn(async (_message: string) => null);
    render(<CloseVillageDialog open onConfirm={onConfirm} onClose={() => {}} />);
    expect(screen.getByText(/chaque membre reçoit un dernier e-mail/)).toBeTruthy();
    expect(screen.getByText(/peut être rouvert pendant 30/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Un dernier mot (facultatif)'), { target: { value: 'Merci pour tout' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Clôturer le village', hidden: true }).at(-1)!);
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith('Merci pour tout'));
  });

  it('shows why it could not close (offline) and stays open', async () => {
    render(<CloseVillageDialog open onConfirm={async () => CLOSE_OFFLINE_TEXT} onClose={() => {}} />);
    fireEvent.click(screen.getAllByRole('button', { name: 'Clôturer le village', hidden: true }).at(-1)!);
    expect((await screen.findByRole('alert', { hidden: true })).textContent).toBe(CLOSE_OFFLINE_TEXT);
    expect(screen.getByText(asRead(CLOSE_OFFLINE_TEXT))).toBeTruthy();
  });
});

describe('reopening', () => {
  it('is offered for 30 days after the closing, not after, and not for an open village', () => {
    const closedAt = '2026-11-01T10:00:00.000Z';
    const day = 24 * 3600_000;
    expect(canStillReopen({ closed_at: closedAt }, Date.parse(closedAt) + 29 * day)).toBe(true);
    expect(canStillReopen({ closed_at: closedAt }, Date.parse(closedAt) + 31 * day)).toBe(false);
    expect(canStillReopen({ closed_at: null })).toBe(false);
  });
});

describe('the dialog before deleting for good', () => {
  it('deletes only once the village’s name is typed', async () => {
    const onConfirm = vi.fn(async () => null);
    render(<DeleteVillageDialog open villageName="Le village de Jeanne" onConfirm={onConfirm} onClose={() => {}} />);
    const confirm = () => fireEvent.click(screen.getByRole('button', { name: 'Supprimer définitivement', hidden: true }));
    confirm();
    expect((await screen.findByRole('alert', { hidden: true })).textContent).toBe(TYPE_NAME_TEXT);
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(/Nom du village/), { target: { value: 'Le village de Jeanne' } });
    confirm();
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
  });
});
