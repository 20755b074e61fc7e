// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/database';
import { toastStore } from '../../state/toasts';
import { buildVillage, ID, type Member } from '../../testing/nina-village';
import { ManagePage } from './manage-page';
import { renderScreen } from '../../testing/render-screen';
import { provideAppMutationKinds } from '../../testing/mutation-kinds';

await provideAppMutationKinds();

vi.mock('../../outbox/page-replayer', () => ({ requestReplay: vi.fn(async () => 'sync-registered') }));
vi.mock('../../analytics/analytics', () => ({ track: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

const managePath = `/dashboard/villages/${ID.village}/manage`;

async function showManage(as: Member) {
  await buildVillage(as);
  await db.villages.update(ID.village, { phone: '0612345678', start_date: '2027-02-03', end_date: '2027-02-28' });
  const rendered = await renderScreen(() => <ManagePage villageId={ID.village} />);
  await screen.findByLabelText('Choisir une photo');
  return rendered;
}

const choose = (file: File) => fireEvent.change(screen.getByLabelText('Choisir une photo'), { target: { files: [file] } });
const photoError = () => {
  const input = screen.getByLabelText('Choisir une photo');
  return input.getAttribute('aria-invalid') === 'true'
    ? document.getElementById(input.getAttribute('aria-describedby')!)?.textContent
    : undefined;
};
const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'maison.png', { type: 'image/png' });

describe('the manage page', () => {
  it('leads to each setting with its current value, and offers to invite', async () => {
    await showManage('claire');
    const links = screen.getAllByRole('link').filter((link) => link.classList.contains('manage-link'));
    expect(links.map((link) => [link.getAttribute('href')?.replace(managePath, ''), link.textContent])).toEqual([
      ['/infos', 'PrésentationLe village de Nina, pour Nina Martin'],
      ['/home-infos', 'Infos pratiques du domicileNon renseignées'],
      ['/period', 'PériodeDu 3 au 28\u00a0février 2027'],
      ['/phone', 'Téléphone de contact06 12 34 56 78'],
      ['/alerts', 'Créneaux urgentsDans les 3 jours'],
      ['/members', 'Membres4 membres'],
    ]);
    const invite = screen.getByRole('region', { name: 'Inviter des proches' });
    expect(within(invite).getByText('ABC123')).toBeTruthy();
  });

  it('is for managers only: a helper is told why', async () => {
    await buildVillage('hugo');
    await renderScreen(() => <ManagePage villageId={ID.village} />);
    expect(
      await screen.findByText(
        'Seules les personnes qui organisent le village (qui l’a créé, la personne aidée, les co-organisateur·rices) peuvent gérer le village.',
      ),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Choisir une photo')).toBeNull();
  });
});

describe('the village photo', () => {
  it('refuses a file that is not a picture, or too big, before any upload', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await showManage('nina');
    choose(new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect(photoError()).toBe('La photo doit être une image JPEG, PNG ou WebP');
    choose(new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'grande.jpg', { type: 'image/jpeg' }));
    expect(photoError()).toBe('La photo ne doit pas dépasser 10 Mo');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer la photo' }));
    expect(photoError()).toBe('Choisissez d’abord une photo.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says plainly that it cannot be sent offline, and keeps the chosen file', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const { view } = await showManage('nina');
    choose(png());
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer la photo' }));
    await waitFor(() =>
      expect(photoError()).toBe(
        'Pas de connexion\u00a0: la photo ne peut pas être envoyée pour le moment. Réessayez quand le réseau sera revenu.',
      ),
    );
    expect(screen.getByText('maison.png')).toBeTruthy();
    expect(view.container.querySelector('.photo-preview img')?.getAttribute('src')).toMatch(/^blob:/);
    expect(await db.outbox.count()).toBe(0);
  });

  it('is sent with the updater’s id, and the answer is kept on this device', async () => {
    const sent: FormData[] = [];
    const stored = await (async () => {
      await buildVillage('nina');
      return (await db.villages.get(ID.village))!;
    })();
    const { villagers: _villagers, ...fields } = stored;
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      sent.push(init.body as FormData);
      return new Response(JSON.stringify({ data: { ...fields, photo: { original_url: '/uploads/maison.webp' } } }), { status: 200 });
    });
    const { view } = await renderScreen(() => <ManagePage villageId={ID.village} />);
    await screen.findByLabelText('Choisir une photo');
    choose(png());
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer la photo' }));
    await waitFor(() => expect(toastStore.get().at(-1)?.text).toBe('Vos modifications ont bien été enregistrées.'));
    expect((sent[0].get('photo') as File).name).toBe('maison.png');
    expect(sent[0].get('updater_id')).toBe(ID.nina);
    const village = await db.villages.get(ID.village);
    expect(village?.photo).toEqual({ original_url: '/uploads/maison.webp' });
    expect(village?.villagers).toHaveLength(4);
    await waitFor(() => expect(view.container.querySelector('.photo-preview img')?.getAttribute('src')).toBe('/uploads/maison.webp'));
  });
});
