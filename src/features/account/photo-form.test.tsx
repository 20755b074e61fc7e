// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '../../state/toasts';
import { PhotoForm } from './photo-form';
import { aUser } from '../../testing/factories';

const user = aUser({ id: 'u1' });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const choose = (file: File) => fireEvent.change(screen.getByLabelText('Choisir une photo'), { target: { files: [file] } });

describe('the photo form', () => {
  it('refuses a file that is not a picture, in French, at the field', () => {
    render(<PhotoForm user={user} />);
    choose(new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    const input = screen.getByLabelText('Choisir une photo');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe(
      'La photo doit être une image JPEG, PNG ou WebP',
    );
  });

  it('shows the chosen picture before sending it, then sends it as the multipart field "photo"', async () => {
    const sent: FormData[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      sent.push(init.body as FormData);
      return new Response(JSON.stringify({ data: { ...user, photo: { original_url: '/uploads/p.webp' } } }), { status: 200 });
    });
    const { container } = render(<PhotoForm user={user} />);
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'moi.png', { type: 'image/png' });
    choose(file);
    expect(container.querySelector('.photo-preview img')?.getAttribute('src')).toMatch(/^blob:/);
    expect(screen.getByText('Aperçu de la nouvelle photo, pas encore enregistrée.')).toBeTruthy();
    expect(sent).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer la photo' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect((sent[0].get('photo') as File).name).toBe('moi.png');
    await waitFor(() => expect(toastStore.get().at(-1)?.text).toBe('Vos modifications ont bien été enregistrées.'));
    expect(container.querySelector('.photo-preview img')).toBeNull();
  });
});
